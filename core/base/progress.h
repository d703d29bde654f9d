// Progress reporting and cancellation for synchronous core functions; threads are the caller's business.
#pragma once

#include <QtGlobal>

#include <algorithm>
#include <functional>

namespace idx {

/// Called with (done, total) in the function's own units; may be called from worker threads the function
/// starts.
using ProgressFn = std::function<void(qint64 done, qint64 total)>;
/// Returns true when the caller wants the work abandoned. Polled often; must be cheap and thread safe.
using CancelFn = std::function<bool()>;

struct Control {
    ProgressFn progress;
    CancelFn cancel;
    [[nodiscard]] bool cancelled() const { return cancel && cancel(); }
    void report(qint64 done, qint64 total) const
    {
        if (progress)
            progress(done, total);
    }
};

/// A stage of a longer run: its own progress (done of total) reported as [from, to) of the parent's, in
/// permille; the parent's cancel. Holds copies of the parent's functions, so stages of stages are safe.
[[nodiscard]] inline Control stageOf(const Control& parent, qint64 from, qint64 to)
{
    Control c;
    c.cancel = parent.cancel;
    if (parent.progress)
        c.progress = [progress = parent.progress, from, to](qint64 done, qint64 total) {
            progress(from + (to - from) * std::clamp<qint64>(done, 0, total) / std::max<qint64>(total, 1),
                     1000);
        };
    return c;
}

} // namespace idx
