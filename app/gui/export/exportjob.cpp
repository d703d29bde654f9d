// ExportJob: the worker reports progress through its QPromise (thread safe, monotonic, throttled by Qt) and
// polls an atomic flag for cancel; the watcher delivers the outcome on the GUI thread.
#include "exportjob.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPromise>
#include <QToolButton>
#include <QtConcurrent/QtConcurrentRun>

ExportJob::ExportJob(QString title, Work work, QObject* parent)
    : QObject(parent), m_title(std::move(title)), m_work(std::move(work))
{
    connect(&m_watcher, &QFutureWatcher<JobOutcome>::progressValueChanged, this, &ExportJob::progressChanged);
    connect(&m_watcher, &QFutureWatcher<JobOutcome>::finished, this, &ExportJob::onFinished);
}

ExportJob::~ExportJob()
{
    m_cancel->store(true);
    m_watcher.disconnect(this);
    m_watcher.waitForFinished();
}

void ExportJob::start()
{
    if (m_running || m_finished)
        return;
    m_running = true;
    auto cancel = m_cancel;
    Work work = m_work;
    m_watcher.setFuture(QtConcurrent::run([cancel, work](QPromise<JobOutcome>& promise) {
        promise.setProgressRange(0, 1000);
        idx::Control control;
        control.cancel = [cancel] { return cancel->load(std::memory_order_relaxed); };
        control.progress = [&promise](qint64 done, qint64 total) {
            if (total > 0) // QFutureInterface ignores values below the current one: parallel reports are fine
                promise.setProgressValue(int(std::clamp<qint64>(done * 1000 / total, 0, 1000)));
        };
        promise.addResult(work(control));
    }));
}

void ExportJob::cancel()
{
    m_cancel->store(true);
}

void ExportJob::onFinished()
{
    m_running = false;
    m_finished = true;
    const QFuture<JobOutcome> future = m_watcher.future();
    if (future.resultCount() > 0) {
        m_outcome = future.result();
    } else {
        m_outcome = {};
        m_outcome.error = tr("The job ended without a result.");
    }
    emit finished(m_outcome);
}

JobProgress::JobProgress(ExportJob* job, QWidget* parent) : QWidget(parent), m_job(job)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(job->title(), this);
    m_bar = new QProgressBar(this);
    m_bar->setRange(0, 1000);
    m_bar->setMaximumWidth(160);
    m_bar->setMaximumHeight(m_label->sizeHint().height());
    m_bar->setTextVisible(false);
    m_cancel = new QToolButton(this);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setAutoRaise(true);
    m_cancel->setToolTip(tr("Stop; files written so far are removed"));
    row->addWidget(m_label);
    row->addWidget(m_bar);
    row->addWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, job, &ExportJob::cancel);
    connect(job, &ExportJob::progressChanged, m_bar, &QProgressBar::setValue);
    connect(job, &ExportJob::finished, this, &QObject::deleteLater);
    connect(job, &QObject::destroyed, this, &QObject::deleteLater);
}
