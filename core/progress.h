// Progress reporting and cancellation for synchronous core functions; threads are the caller's business.
#pragma once

#include <QtGlobal>

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

} // namespace idx
