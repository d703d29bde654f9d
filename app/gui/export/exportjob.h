// ExportJob: one export or import running on a worker thread (QtConcurrent with a QPromise for progress and
// the result), cancellable, with its own progress row for the status bar. Destroying a job cancels it and
// waits for the worker.
#pragma once

#include "exporttasks.h"
#include "progress.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>

class QLabel;
class QProgressBar;
class QToolButton;

class ExportJob : public QObject {
    Q_OBJECT
public:
    using Work = std::function<JobOutcome(const idx::Control&)>;
    /// `title` names the job in the status bar ("Exporting 120 PNG files"). Call start() to run it.
    ExportJob(QString title, Work work, QObject* parent = nullptr);
    ~ExportJob() override; // cancels and waits

    void start();
    [[nodiscard]] bool isRunning() const { return m_running; }
    [[nodiscard]] bool isFinished() const { return m_finished; }
    [[nodiscard]] const QString& title() const { return m_title; }
    /// The result once finished() was emitted.
    [[nodiscard]] const JobOutcome& outcome() const { return m_outcome; }

public slots:
    void cancel();

signals:
    /// Progress in per-mille (0..1000), at most a few times a second.
    void progressChanged(int permille);
    void finished(const JobOutcome& outcome);

private:
    void onFinished();

    QString m_title;
    Work m_work;
    // Our own flag, not QFuture::cancel(): a cancelled future drops the result, and the result of a cancelled
    // export (what it removed, what remains) must reach the user.
    std::shared_ptr<std::atomic<bool>> m_cancel = std::make_shared<std::atomic<bool>>(false);
    QFutureWatcher<JobOutcome> m_watcher;
    JobOutcome m_outcome;
    bool m_running = false;
    bool m_finished = false;
};

/// "Exporting… [====   ] Cancel" for one job; deletes itself when the job finishes.
class JobProgress : public QWidget {
    Q_OBJECT
public:
    explicit JobProgress(ExportJob* job, QWidget* parent = nullptr);

private:
    QPointer<ExportJob> m_job;
    QLabel* m_label;
    QProgressBar* m_bar;
    QToolButton* m_cancel;
};
