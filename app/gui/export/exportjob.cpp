// ExportJob: the work reports progress and polls cancel through the core's Control; the Job runs it and
// delivers the outcome on the GUI thread.
#include "exportjob.h"

namespace idx::gui {

ExportJob::ExportJob(QString title, Work work, QObject* parent) : QObject(parent), m_work(std::move(work))
{
    m_job.setProgressText(title);
    connect(&m_job, &JobBase::progressChanged, this, &ExportJob::progressChanged);
    connect(&m_job, &JobBase::finished, this, &ExportJob::onFinished);
}

void ExportJob::start()
{
    if (m_job.status() != JobBase::Status::Idle)
        return; // one run per job
    m_job.start([work = m_work](JobContext& context) { return work(context.control()); });
}

void ExportJob::onFinished()
{
    m_finished = true;
    if (m_job.result()) {
        m_outcome = *m_job.result();
    } else {
        m_outcome = {};
        m_outcome.error =
            m_job.errorString().isEmpty() ? tr("The job ended without a result.") : m_job.errorString();
    }
    emit finished(m_outcome);
}

} // namespace idx::gui
