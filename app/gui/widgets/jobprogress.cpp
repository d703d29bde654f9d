// JobProgress: a label (hidden when the job has no text), a bar in per-mille (so 64-bit sizes fit its int
// range) and an auto-raised Cancel button; every state comes from the job's signals.
#include "jobprogress.h"

#include "job.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace idx::gui {

JobProgress::JobProgress(QWidget* parent) : QWidget(parent)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(this);
    m_bar = new QProgressBar(this);
    m_bar->setRange(0, 1000);
    m_bar->setMaximumWidth(180);
    m_bar->setMaximumHeight(m_label->sizeHint().height());
    m_bar->setTextVisible(false);
    m_cancel = new QToolButton(this);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setAutoRaise(true);
    row->addWidget(m_label);
    row->addWidget(m_bar);
    row->addWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        if (m_onCancel)
            m_onCancel();
        else if (m_job)
            m_job->cancel();
    });
    hide();
}

void JobProgress::setJob(JobBase* job, Lifetime lifetime)
{
    if (m_job)
        disconnect(m_job, nullptr, this, nullptr);
    m_job = job;
    m_lifetime = lifetime;
    if (job) {
        connect(job, &JobBase::progressChanged, m_bar, &QProgressBar::setValue);
        connect(job, &JobBase::progressTextChanged, this, &JobProgress::refresh);
        connect(job, &JobBase::activeChanged, this, &JobProgress::refresh);
        connect(job, &QObject::destroyed, this, &JobProgress::refresh);
    }
    refresh();
}

void JobProgress::setCancellable(bool cancellable)
{
    m_cancellable = cancellable;
    refresh();
}

void JobProgress::setCancelToolTip(const QString& text)
{
    m_cancel->setToolTip(text);
}

void JobProgress::refresh()
{
    // QPointer is already null while the job's destroyed() is emitted.
    const bool active = m_job && m_job->isActive();
    const bool done = !m_job || (!active && m_job->status() != JobBase::Status::Idle);
    if (done && m_lifetime == Lifetime::DeleteWhenDone) {
        hide();
        deleteLater();
        return;
    }
    if (m_job) {
        m_label->setText(m_job->progressText());
        m_bar->setValue(m_job->progress());
    }
    m_label->setVisible(!m_label->text().isEmpty());
    m_cancel->setVisible(m_cancellable);
    setVisible(active);
}

} // namespace idx::gui
