// Job: the one way the GUI runs work in the background. A callable runs in QtConcurrent with a QPromise
// (progress in per-mille; cancel through a flag the core's Control polls), its outcome is delivered on the
// GUI thread through a QFutureWatcher, and destroying a job cancels its runs and waits for them. A job can
// run again: a new run supersedes the one before it (cancelled, its outcome dropped). Progress text and
// fraction are signals a progress widget binds to.
#pragma once

#include "progress.h"

#include <QFutureWatcher>
#include <QList>
#include <QObject>
#include <QPromise>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

class QThreadPool;

namespace idx::gui {

namespace jobdetail {
/// What one run shares between the GUI thread and its worker. The worker writes `failed`, `error` and the
/// result before its future finishes; the GUI thread reads them only after the watcher reported that end.
struct Run {
    virtual ~Run() = default;
    std::atomic<bool> cancel{false};
    /// Cancel was asked for before the worker returned (set by the worker as it returns). A cancel that comes
    /// after that, before the outcome is delivered, leaves the finished outcome whole: not Cancelled.
    std::atomic<bool> cancelledInTime{false};
    /// The work asked whether it was cancelled and heard yes (it stops early; set on the worker thread).
    std::atomic<bool> sawCancel{false};
    bool failed = false;
    QString error;
};
template <typename T> struct TypedRun : Run {
    std::optional<T> result;
};
} // namespace jobdetail

/// What a job's callable is handed on the worker thread.
class JobContext {
public:
    JobContext(const JobContext&) = delete;
    JobContext& operator=(const JobContext&) = delete;
    /// True once the job was cancelled, discarded, superseded or destroyed: return soon.
    [[nodiscard]] bool isCancelled() const;
    /// Progress as `done` of `total` (ignored unless total > 0); thread safe, and it never goes back.
    void setProgress(qint64 done, qint64 total) const;
    /// Ends the run as failed with this user-facing message (what the callable returns is still delivered).
    void fail(const QString& message) const;
    /// Cancel check and progress in the core's terms, for its synchronous functions.
    [[nodiscard]] const idx::Control& control() const { return m_control; }

private:
    friend class JobBase;
    JobContext(QPromise<void>& promise, jobdetail::Run& run);
    QPromise<void>& m_promise;
    jobdetail::Run& m_run;
    idx::Control m_control;
};

/// The type-free part of Job<T>: runs, status, progress and their signals.
class JobBase : public QObject {
    Q_OBJECT
public:
    enum class Status {
        Idle,      // never started
        Running,   // started; its outcome is not delivered yet
        Succeeded, // delivered
        Cancelled, // delivered after cancel() came while it ran, or discarded (then nothing is delivered)
        Failed     // delivered; the callable threw or called fail(): errorString() says why
    };
    Q_ENUM(Status)

    explicit JobBase(QObject* parent = nullptr);
    ~JobBase() override; // cancels every run and waits for their workers; emits nothing

    /// Called on the worker thread as each run's worker returns: the job that ran it, whether its work heard
    /// a cancel (the job was cancelled, superseded or destroyed) and the progress it had reached (0..1000; a
    /// run that stopped early ends short of 1000). For tests that check that closing or quitting stops the
    /// work instead of waiting for it. Set it before any job runs; a replaced observer is kept (never freed),
    /// since a worker may still be calling it.
    using RunObserver = std::function<void(const JobBase* job, bool heardCancel, int permille)>;
    static void setRunObserver(RunObserver observer);

    /// The pool the next runs use (default: the global one).
    void setThreadPool(QThreadPool* pool) { m_pool = pool; }
    [[nodiscard]] Status status() const { return m_status; }
    /// Started and its outcome not delivered yet (on the GUI thread's clock).
    [[nodiscard]] bool isActive() const { return m_status == Status::Running; }
    /// The latest run's worker has not returned yet (its outcome may still be on its way when false).
    [[nodiscard]] bool isRunning() const { return m_watcher.isRunning(); }
    /// Some worker of this job, superseded and discarded runs included, has not returned yet. Once false
    /// (and queued events are delivered), no outcome of an earlier run can arrive any more.
    [[nodiscard]] bool hasRunningWork() const;
    /// Progress of the active run in 0..1000.
    [[nodiscard]] int progress() const { return m_progress; }
    [[nodiscard]] const QString& progressText() const { return m_text; }
    /// Why the last delivered run failed (empty when it did not).
    [[nodiscard]] const QString& errorString() const { return m_error; }
    /// What the job is doing, in words ("Saving t10k-images…"); kept across runs.
    void setProgressText(const QString& text);
    /// Progress known on the GUI thread (a job that polls what its worker did).
    void setProgress(qint64 done, qint64 total);

public slots:
    /// Asks the active run to stop; its outcome still arrives, with status Cancelled when its worker had not
    /// returned yet (a run whose worker had finished is delivered as it ended).
    void cancel();
    /// Cancels the active run and drops its outcome: the job is inactive at once and finished() is not
    /// emitted for that run (its worker still counts in hasRunningWork() until it returns).
    void discard();
    /// Blocks until every worker of this job has returned (the active run's outcome still comes through
    /// the event loop).
    void waitForFinished();

signals:
    /// A run started (true), or its outcome was delivered or it was discarded (false).
    void activeChanged(bool active);
    void progressChanged(int permille);
    void progressTextChanged(const QString& text);
    /// The active run's outcome is delivered: status() and, for Job<T>, result() tell it.
    void finished();

protected:
    /// Starts `body` on a worker for `run` (superseding an active run).
    void launch(std::shared_ptr<jobdetail::Run> run, std::function<void(JobContext&)> body);
    /// The run whose outcome was delivered last; null while a run is active or after a discard.
    [[nodiscard]] const jobdetail::Run* deliveredRun() const { return m_delivered ? m_run.get() : nullptr; }

private:
    struct Retired {
        QFuture<void> future;
        std::shared_ptr<jobdetail::Run> run;
    };
    void onFinished();

    QFutureWatcher<void> m_watcher;
    std::shared_ptr<jobdetail::Run> m_run; // the latest run
    QList<Retired> m_retired;              // superseded and discarded runs whose workers may still run
    QThreadPool* m_pool = nullptr;
    Status m_status = Status::Idle;
    bool m_delivered = false;
    int m_progress = 0;
    QString m_text;
    QString m_error;
};

/// A job whose callable returns a T: `T work(JobContext&)`.
template <typename T> class Job : public JobBase {
public:
    using JobBase::JobBase;

    /// Runs `work` on a worker thread; an active run is superseded (cancelled, its outcome dropped).
    template <typename F> void start(F work)
    {
        auto run = std::make_shared<jobdetail::TypedRun<T>>();
        launch(run, [out = run.get(), work = std::move(work)](JobContext& context) mutable {
            out->result.emplace(work(context));
        });
    }

    /// What the delivered run returned; empty before the first delivery, while a run is active, after a
    /// discard, and when the callable threw.
    [[nodiscard]] const std::optional<T>& result() const
    {
        static const std::optional<T> none;
        const auto* run = static_cast<const jobdetail::TypedRun<T>*>(deliveredRun());
        return run ? run->result : none;
    }
};

} // namespace idx::gui
