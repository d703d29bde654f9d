// Internal: the small parallel loop the computations share (std::thread only: QtConcurrent is not a core
// dependency), with throttled, serialised progress reports and cancellation polled once per work item.
#pragma once

#include "progress.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace idx::detail {

/// Accumulates work done across several passes and reports it at most ~1000 times, never concurrently
/// (callers' progress functions need not be thread safe) and never going backwards.
class Progress {
public:
    Progress(const Control& control, qint64 total) : m_control(control), m_total(std::max<qint64>(total, 0))
    {}
    void add(qint64 n)
    {
        const qint64 done = m_done.fetch_add(n, std::memory_order_relaxed) + n;
        if (!m_control.progress || m_total <= 0)
            return;
        const qint64 permille = std::min<qint64>(1000, done * 1000 / m_total);
        qint64 last = m_lastPermille.load(std::memory_order_relaxed);
        if (permille <= last || !m_lastPermille.compare_exchange_strong(last, permille))
            return;
        const std::lock_guard lock(m_mutex);
        m_reported = std::max(m_reported, std::min(done, m_total));
        m_control.report(m_reported, m_total);
    }
    [[nodiscard]] bool cancelled() const { return m_control.cancelled(); }

private:
    const Control& m_control;
    const qint64 m_total;
    std::atomic<qint64> m_done{0};
    std::atomic<qint64> m_lastPermille{-1};
    std::mutex m_mutex;
    qint64 m_reported = 0;
};

/// Threads worth starting for `work` units (elements): one for small jobs, where starting threads costs more
/// than it saves.
inline int workerCount(quint64 work, size_t items)
{
    constexpr quint64 kMinWorkPerThread = 1u << 18;
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    const quint64 byWork = std::max<quint64>(1, work / kMinWorkPerThread);
    return int(std::max<quint64>(1, std::min<quint64>({hw, byWork, quint64(items)})));
}

/// Runs body(worker, item) for every item in [0, items) on `workers` threads (the calling thread is one of
/// them); items are handed out dynamically. Polls cancel before each item; returns false when cancelled.
/// An exception thrown by a body (std::bad_alloc) stops the loop and is rethrown on the calling thread.
template <typename Body> bool parallelFor(size_t items, int workers, Progress& progress, Body&& body)
{
    std::atomic<size_t> next{0};
    std::atomic<bool> stop{false};
    std::atomic<bool> cancelled{false};
    std::exception_ptr error;
    std::mutex errorMutex;
    auto run = [&](int worker) {
        try {
            for (;;) {
                if (stop.load(std::memory_order_relaxed))
                    return;
                const size_t item = next.fetch_add(1, std::memory_order_relaxed);
                if (item >= items)
                    return;
                if (progress.cancelled()) {
                    cancelled = true;
                    stop = true;
                    return;
                }
                body(worker, item);
            }
        } catch (...) {
            const std::lock_guard lock(errorMutex);
            if (!error)
                error = std::current_exception();
            stop = true;
        }
    };
    std::vector<std::thread> threads;
    threads.reserve(size_t(std::max(0, workers - 1)));
    for (int w = 1; w < workers; ++w) {
        try {
            threads.emplace_back(run, w);
        } catch (const std::system_error&) {
            break; // no more threads to be had: the ones running (and this one) share the items
        }
    }
    run(0);
    for (auto& t : threads)
        t.join();
    if (error)
        std::rethrow_exception(error);
    return !cancelled;
}

} // namespace idx::detail
