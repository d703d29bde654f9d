// StatsController: the statistics of a document as it is looked at, without widgets: figures for the whole
// tensor, the current record and the current selection, and for labelled data the class counts and the
// per-class mean images. Each is computed in a Job that restarts when what it describes changes, and the
// rules here decide when a result is out of date ("computing…", "partial", "cancelled"): never silently.
// StatsPanel shows it.
#pragma once

#include "classnames.h"
#include "job.h"
#include "stats.h"

#include <QMap>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <array>
#include <functional>
#include <optional>
#include <vector>

namespace idx::gui {

class Document;
class ViewState;

class StatsController : public QObject {
    Q_OBJECT
public:
    enum Scope { Tensor, Record, Selection };
    static constexpr int ScopeCount = 3;
    /// The per-class mean images: no labels, waiting for the whole file, being computed, there, or not
    /// computed because the computation failed (meansError() says why).
    enum class Means { Unlabelled, AfterLoading, Computing, Ready, Failed };

    StatsController(Document* doc, ViewState* state, QObject* parent = nullptr);
    ~StatsController() override; // every job cancels and waits

    /// The latest figures of a scope (nullopt when there are none), and the note that goes with them
    /// ("computing…", "partial: …", "cancelled: …", "record 7", empty when current and complete).
    [[nodiscard]] const std::optional<idx::Stats>& stats(Scope scope) const { return m_shown[size_t(scope)]; }
    [[nodiscard]] const QString& note(Scope scope) const { return m_notes[size_t(scope)]; }
    /// Computing: until the result is delivered, not just until the worker ends.
    [[nodiscard]] bool isComputing(Scope scope) const { return m_computing[size_t(scope)]; }
    /// The whole-tensor computation was cancelled: its figures are out of date until computed again.
    [[nodiscard]] bool isTensorCancelled() const { return m_tensorCancelled; }
    /// The last whole-tensor computation failed (its note says why); computeTensorStats() tries again.
    [[nodiscard]] bool isTensorFailed() const { return m_tensorFailed; }
    /// The figures of a scope do not describe what is there now (computing, or cancelled).
    [[nodiscard]] bool isOutOfDate(Scope scope) const
    {
        return isComputing(scope) || (scope == Tensor && m_tensorCancelled);
    }
    /// True once the whole-tensor figures of the complete (or finally loaded) data were delivered.
    [[nodiscard]] bool isReady() const { return m_ready; }
    /// True while any computation runs, superseded and cancelled ones included. Once false (and queued events
    /// are delivered), no result of an earlier request can arrive any more.
    [[nodiscard]] bool hasRunningWork() const;
    /// The whole-tensor job, for a progress row.
    [[nodiscard]] JobBase* tensorJob() { return &m_jobs[Tensor]; }

    [[nodiscard]] bool isLabelled() const;
    /// Records per class.
    [[nodiscard]] QMap<qint64, quint64> classCounts() const;
    /// The names of the classes (the document's; empty when none are known).
    [[nodiscard]] const idx::ClassNames& classNames() const;
    [[nodiscard]] Means meansState() const { return m_means; }
    [[nodiscard]] const QString& meansError() const { return m_meansError; }
    /// The per-class statistics once Ready, and the shape of one record they were computed with.
    [[nodiscard]] const std::vector<idx::ClassStats>& classStats() const { return m_classStats; }
    [[nodiscard]] const std::vector<quint64>& recordDims() const { return m_labelDims; }

    /// For tests: called on the worker at the start of every computation started from now on; what it throws
    /// makes that computation fail as an unexpected error would.
    void setWorkerHook(std::function<void()> hook) { m_workerHook = std::move(hook); }

public slots:
    /// Stops the whole-tensor computation (the figures stay marked out of date; computeTensorStats() starts
    /// it again).
    void cancelTensorStats();
    /// Starts the whole-tensor computation again, whatever was computed before.
    void computeTensorStats();

signals:
    /// A scope started computing or was cancelled: its figures are out of date, its note says why.
    void computingChanged(StatsController::Scope scope);
    /// New figures (or none, with a note saying why) for a scope.
    void figuresShown(StatsController::Scope scope);
    /// The whole-tensor figures of the complete data were delivered (once).
    void statsReady();
    /// The labels changed: isLabelled() and classCounts() may differ.
    void classesChanged();
    /// meansState() changed, or new per-class statistics arrived (Ready).
    void meansChanged();

private:
    using StatsJob = Job<std::optional<idx::Stats>>;
    void startJob(Scope scope, std::function<std::optional<idx::Stats>(const idx::Control&)> work);
    void jobDone(Scope scope);
    void deliver(Scope scope, const std::optional<idx::Stats>& stats, const QString& note);
    void startTensor();
    void startRecord();
    void startSelection();
    void startLabelStats();
    void labelStatsDone();
    void setMeans(Means means);
    void onViewChanged();

    Document* m_doc;
    ViewState* m_state;
    QThreadPool m_pool; // private: the core's parallel loops use the global pool
    std::array<StatsJob, ScopeCount> m_jobs;
    std::array<std::optional<idx::Stats>, ScopeCount> m_shown;
    std::array<QString, ScopeCount> m_notes;
    std::array<bool, ScopeCount> m_computing{};
    std::array<QString, ScopeCount> m_pendingNote; // note to show with the running job's result
    std::array<QString, ScopeCount> m_key;         // what the running/shown figures were computed from
    bool m_tensorCancelled = false;
    bool m_tensorFailed = false;
    bool m_tensorFinal = false;
    bool m_ready = false;
    Job<std::optional<idx::LabelStats>> m_labelJob;
    QString m_labelKey;
    std::vector<quint64> m_labelDims;
    std::vector<idx::ClassStats> m_classStats;
    Means m_means = Means::Unlabelled;
    QString m_meansError;
    std::function<void()> m_workerHook;
    QTimer m_loadThrottle;
};

} // namespace idx::gui
