// ExportJob: one export or import running as a Job (progress, cancel, outcome delivered on the GUI thread),
// named by its title in the status bar's progress row. Destroying a job cancels it and waits for the worker.
#pragma once

#include "exporttasks.h"
#include "job.h"
#include "progress.h"

#include <QObject>

#include <functional>

namespace idx::gui {

class ExportJob : public QObject {
    Q_OBJECT
public:
    using Work = std::function<JobOutcome(const idx::Control&)>;
    /// `title` names the job in the status bar ("Exporting 120 PNG files"). Call start() to run it.
    ExportJob(QString title, Work work, QObject* parent = nullptr);

    void start();
    [[nodiscard]] bool isRunning() const { return m_job.isActive(); }
    [[nodiscard]] bool isFinished() const { return m_finished; }
    [[nodiscard]] const QString& title() const { return m_job.progressText(); }
    /// The result once finished() was emitted.
    [[nodiscard]] const JobOutcome& outcome() const { return m_outcome; }
    /// For a progress row.
    [[nodiscard]] JobBase* job() { return &m_job; }

public slots:
    /// The outcome still arrives (what a cancelled export removed, what remains must reach the user).
    void cancel() { m_job.cancel(); }

signals:
    /// Progress in per-mille (0..1000), at most a few times a second.
    void progressChanged(int permille);
    void finished(const JobOutcome& outcome);

private:
    void onFinished();

    Work m_work;
    Job<JobOutcome> m_job;
    JobOutcome m_outcome;
    bool m_finished = false;
};

} // namespace idx::gui
