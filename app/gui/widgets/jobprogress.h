// JobProgress: the one progress row of the GUI, "Loading t10k-images: 3 MB of 8 MB [=====   ] Cancel", bound
// to a Job: shown while the job runs, hidden otherwise. Used in the status bar (loads, saves, exports) and in
// the statistics panel.
#pragma once

#include "job.h"

#include <QPointer>
#include <QWidget>

#include <functional>

class QLabel;
class QProgressBar;
class QToolButton;

namespace idx::gui {

class JobProgress : public QWidget {
    Q_OBJECT
public:
    explicit JobProgress(QWidget* parent = nullptr);

    enum class Lifetime {
        Follow,        // stays, hidden, when the job ends (a job that runs again, or setJob() later)
        DeleteWhenDone // deletes itself once the job has delivered its outcome or is gone (one-off jobs)
    };
    /// Follows `job` (or nothing): its text, its progress, and Cancel calling its cancel().
    void setJob(JobBase* job, Lifetime lifetime = Lifetime::Follow);
    [[nodiscard]] JobBase* job() const { return m_job; }
    /// No Cancel button (work that must not be stopped half-way from here).
    void setCancellable(bool cancellable);
    void setCancelToolTip(const QString& text);
    /// What Cancel does instead of the job's cancel() (a controller with its own rules for a cancel).
    void setCancelHandler(std::function<void()> handler) { m_onCancel = std::move(handler); }

private:
    void refresh();

    QPointer<JobBase> m_job;
    Lifetime m_lifetime = Lifetime::Follow;
    std::function<void()> m_onCancel;
    bool m_cancellable = true;
    QLabel* m_label;
    QProgressBar* m_bar;
    QToolButton* m_cancel;
};

} // namespace idx::gui
