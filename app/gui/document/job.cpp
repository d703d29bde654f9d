// Job: launching, superseding, cancelling and delivering runs. Each run has its own cancel flag (not
// QFuture::cancel(), which would drop the result of a cancelled export that the user must still see), and the
// watcher follows only the latest run: setFuture() drops the queued events of the one it replaces.
#include "job.h"

#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <exception>

namespace idx::gui {

JobContext::JobContext(QPromise<void>& promise, jobdetail::Run& run) : m_promise(promise), m_run(run)
{
    m_control.cancel = [this] { return isCancelled(); };
    m_control.progress = [this](qint64 done, qint64 total) { setProgress(done, total); };
}

bool JobContext::isCancelled() const
{
    const bool cancelled = m_run.cancel.load(std::memory_order_relaxed) || m_promise.isCanceled();
    if (cancelled)
        m_run.sawCancel.store(true, std::memory_order_relaxed);
    return cancelled;
}

void JobContext::setProgress(qint64 done, qint64 total) const
{
    // QFutureInterface ignores values below the current one and throttles the rest: parallel reports are
    // fine.
    if (total > 0)
        m_promise.setProgressValue(int(std::clamp<qint64>(done * 1000 / total, 0, 1000)));
}

void JobContext::fail(const QString& message) const
{
    m_run.failed = true;
    m_run.error = message;
}

JobBase::JobBase(QObject* parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, &JobBase::onFinished);
    connect(&m_watcher, &QFutureWatcher<void>::progressValueChanged, this, [this](int value) {
        if (!isActive() || value == m_progress)
            return;
        m_progress = value;
        emit progressChanged(value);
    });
}

JobBase::~JobBase()
{
    m_watcher.disconnect(this);
    if (m_run)
        m_run->cancel = true;
    for (const Retired& r : std::as_const(m_retired))
        r.run->cancel = true;
    waitForFinished();
}

bool JobBase::hasRunningWork() const
{
    return !m_watcher.future().isFinished() ||
           std::any_of(m_retired.begin(), m_retired.end(),
                       [](const Retired& r) { return !r.future.isFinished(); });
}

void JobBase::setProgressText(const QString& text)
{
    if (text == m_text)
        return;
    m_text = text;
    emit progressTextChanged(text);
}

void JobBase::setProgress(qint64 done, qint64 total)
{
    const int value = total > 0 ? int(std::clamp<qint64>(done * 1000 / total, 0, 1000)) : 0;
    if (value == m_progress)
        return;
    m_progress = value;
    emit progressChanged(value);
}

void JobBase::cancel()
{
    if (isActive())
        m_run->cancel = true;
}

void JobBase::discard()
{
    if (!isActive())
        return;
    m_run->cancel = true;
    m_retired.append({m_watcher.future(), m_run}); // the destructor still waits for it
    m_status = Status::Cancelled;
    emit activeChanged(false);
}

namespace {
std::atomic<const JobBase::RunObserver*> s_runObserver{nullptr};
} // namespace

void JobBase::setRunObserver(RunObserver observer)
{
    // Never freed: a worker that loaded the old one may still be calling it.
    s_runObserver.store(observer ? new RunObserver(std::move(observer)) : nullptr);
}

void JobBase::waitForFinished()
{
    m_watcher.waitForFinished();
    for (Retired& r : m_retired)
        r.future.waitForFinished();
    m_retired.clear();
}

void JobBase::launch(std::shared_ptr<jobdetail::Run> run, std::function<void(JobContext&)> body)
{
    const bool wasActive = isActive();
    if (wasActive) {
        m_run->cancel = true;
        m_retired.append({m_watcher.future(), m_run});
    }
    m_retired.removeIf([](const Retired& r) { return r.future.isFinished(); });
    m_run = run;
    m_delivered = false;
    m_error.clear();
    m_status = Status::Running;
    QThreadPool* pool = m_pool ? m_pool : QThreadPool::globalInstance();
    m_watcher.setFuture(QtConcurrent::run(pool, [this, run, body = std::move(body)](QPromise<void>& promise) {
        promise.setProgressRange(0, 1000);
        JobContext context(promise, *run);
        try {
            body(context);
        } catch (const std::exception& e) {
            context.fail(tr("Stopped by an unexpected error: %1").arg(QString::fromLocal8Bit(e.what())));
        } catch (...) {
            context.fail(tr("Stopped by an unexpected error."));
        }
        run->cancelledInTime = run->cancel.load() || promise.isCanceled();
        if (const RunObserver* observe = s_runObserver.load())
            (*observe)(this, run->sawCancel.load(), promise.future().progressValue()); // `this`: an identity
    }));
    if (m_progress != 0) {
        m_progress = 0;
        emit progressChanged(0);
    }
    if (!wasActive)
        emit activeChanged(true);
}

void JobBase::onFinished()
{
    if (!isActive())
        return; // a discarded run: its end is no news
    m_delivered = true;
    m_error = m_run->error;
    m_status = m_run->cancelledInTime ? Status::Cancelled
               : m_run->failed        ? Status::Failed
                                      : Status::Succeeded;
    emit activeChanged(false);
    emit finished();
}

} // namespace idx::gui
