// The statistics dock: figures for the whole tensor, the current record and the current selection, computed
// in the background (restarted on change, cancelled on teardown) with progress and a visible "computing" or
// "partial" note, never stale silently; the histogram with the window band; for labelled data the class
// distribution and the per-class mean images.
#pragma once

#include "stats.h"

#include <QFutureWatcher>
#include <QThreadPool>
#include <QTimer>
#include <QWidget>

#include <array>
#include <optional>

class Document;
class ViewState;
class HistogramWidget;
class ClassChart;
class MeanImages;
class QLabel;
class QProgressBar;
class QPushButton;
class QComboBox;
class QCheckBox;

class StatsPanel : public QWidget {
    Q_OBJECT
public:
    enum Scope { Tensor, Record, Selection };
    static constexpr int ScopeCount = 3;
    enum Figure { Count, Min, Max, Mean, Std, Zeros, NaN, PosInf, NegInf };
    static constexpr int FigureCount = 9;

    StatsPanel(Document* doc, ViewState* state, QWidget* parent = nullptr);
    ~StatsPanel() override; // cancels and waits for every computation

    /// True once the whole-tensor figures of the complete (or finally loaded) data are shown.
    [[nodiscard]] bool isReady() const { return m_ready; }
    [[nodiscard]] bool isComputing(Scope scope) const;
    /// The figures on screen for a scope (nullopt when none), and their text.
    [[nodiscard]] const std::optional<idx::Stats>& shownStats(Scope scope) const
    {
        return m_shown[size_t(scope)];
    }
    [[nodiscard]] QString shownText(Scope scope, Figure figure) const;
    /// The note under a scope's heading ("computing…", "partial: …", empty when current and complete).
    [[nodiscard]] QString noteText(Scope scope) const;
    [[nodiscard]] static QString formatFigure(const idx::Stats& stats, Figure figure);
    [[nodiscard]] bool labelStatsShown() const { return m_labelStatsShown; }
    /// True while any computation runs, superseded and cancelled ones included. Once false (and queued events
    /// are delivered), no result of an earlier request can arrive any more.
    [[nodiscard]] bool hasRunningWork() const;

public slots:
    /// Stops the whole-tensor computation (the figures stay marked out of date; Compute starts it again).
    void cancelTensorStats();
    /// Starts the whole-tensor computation again (after a cancel).
    void computeTensorStats();

    [[nodiscard]] HistogramWidget* histogram() const { return m_histogram; }
    [[nodiscard]] ClassChart* classChart() const { return m_classChart; }
    [[nodiscard]] MeanImages* meanImages() const { return m_means; }
    /// Which scope the histogram shows.
    void setHistogramScope(Scope scope);

signals:
    /// The whole-tensor figures of the complete data are on screen (the screenshot mode waits for this).
    void statsReady();
    /// Any scope's figures were (re)shown; for tests and status bars.
    void figuresShown(StatsPanel::Scope scope);
    void labelStatsReady();

private:
    struct Job {
        QFutureWatcher<idx::Stats> watcher;
        QList<QFuture<idx::Stats>> retired; // cancelled runs still unwinding; waited for on teardown
    };
    void buildUi();
    void startJob(Scope scope, std::function<std::optional<idx::Stats>(const idx::Control&)> work);
    void jobDone(Scope scope);
    void showFigures(Scope scope, const std::optional<idx::Stats>& stats, const QString& note);
    void markComputing(Scope scope);
    void startTensor();
    void startRecord();
    void startSelection();
    void startLabelStats();
    void labelStatsDone();
    void updateClassCounts();
    void onViewChanged();
    void updateHistogram();

    Document* m_doc;
    ViewState* m_state;
    QThreadPool m_pool; // private: the core's parallel loops use the global pool
    std::array<Job, ScopeCount> m_jobs;
    std::array<std::optional<idx::Stats>, ScopeCount> m_shown;
    std::array<bool, ScopeCount>
        m_computing{}; // until the result is on screen, not just until the worker ends
    std::array<QString, ScopeCount> m_pendingNote; // note to show with the running job's result
    std::array<QString, ScopeCount> m_key;         // what the running/shown figures were computed from
    bool m_tensorFinal = false;
    bool m_ready = false;
    QFutureWatcher<idx::LabelStats> m_labelJob;
    QList<QFuture<idx::LabelStats>> m_labelRetired;
    QString m_labelKey;
    std::vector<quint64> m_labelDims;
    bool m_labelStatsShown = false;
    QTimer m_loadThrottle;

    std::array<std::array<QLabel*, ScopeCount>, FigureCount> m_values{};
    std::array<QLabel*, ScopeCount> m_notes{};
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr; // "Cancel" while computing, "Compute" after a cancel
    QComboBox* m_histScope = nullptr;
    QCheckBox* m_log = nullptr;
    HistogramWidget* m_histogram = nullptr;
    QLabel* m_classTitle = nullptr;
    ClassChart* m_classChart = nullptr;
    QLabel* m_meansTitle = nullptr;
    MeanImages* m_means = nullptr;
};
