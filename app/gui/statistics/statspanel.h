// The statistics dock: the view of a StatsController. Figures for the whole tensor, the current record and
// the current selection, with a note under each heading ("computing…", "partial: …", "cancelled: …") and the
// whole-tensor progress row; the histogram with the window band; for labelled data the class distribution
// and the per-class mean images. What is computed and when a result is stale is the controller's business.
#pragma once

#include "statscontroller.h"

#include <QWidget>

#include <array>
#include <optional>

class QLabel;
class QPushButton;
class QComboBox;
class QCheckBox;

namespace idx::gui {

class ViewState;
class HistogramWidget;
class ClassChart;
class MeanImages;
class JobProgress;

class StatsPanel : public QWidget {
    Q_OBJECT
public:
    using Scope = StatsController::Scope;
    static constexpr Scope Tensor = StatsController::Tensor;
    static constexpr Scope Record = StatsController::Record;
    static constexpr Scope Selection = StatsController::Selection;
    static constexpr int ScopeCount = StatsController::ScopeCount;
    enum Figure { Count, Min, Max, Mean, Std, Zeros, NaN, PosInf, NegInf };
    static constexpr int FigureCount = 9;

    /// The view of `stats` (not owned: it outlives the panel).
    StatsPanel(StatsController* stats, ViewState* state, QWidget* parent = nullptr);

    [[nodiscard]] StatsController* controller() const { return m_stats; }
    /// True once the whole-tensor figures of the complete (or finally loaded) data are shown.
    [[nodiscard]] bool isReady() const { return m_stats->isReady(); }
    [[nodiscard]] bool isComputing(Scope scope) const { return m_stats->isComputing(scope); }
    /// The figures on screen for a scope (nullopt when none), and their text.
    [[nodiscard]] const std::optional<idx::Stats>& shownStats(Scope scope) const
    {
        return m_stats->stats(scope);
    }
    [[nodiscard]] QString shownText(Scope scope, Figure figure) const;
    /// The note under a scope's heading ("computing…", "partial: …", empty when current and complete).
    [[nodiscard]] QString noteText(Scope scope) const;
    [[nodiscard]] static QString formatFigure(const idx::Stats& stats, Figure figure);
    [[nodiscard]] bool labelStatsShown() const
    {
        return m_stats->meansState() == StatsController::Means::Ready;
    }
    /// See StatsController::hasRunningWork().
    [[nodiscard]] bool hasRunningWork() const { return m_stats->hasRunningWork(); }

    [[nodiscard]] HistogramWidget* histogram() const { return m_histogram; }
    [[nodiscard]] ClassChart* classChart() const { return m_classChart; }
    [[nodiscard]] MeanImages* meanImages() const { return m_means; }

public slots:
    /// Stops the whole-tensor computation (the figures stay marked out of date; Compute starts it again).
    void cancelTensorStats() { m_stats->cancelTensorStats(); }
    /// Starts the whole-tensor computation again (after a cancel).
    void computeTensorStats() { m_stats->computeTensorStats(); }

signals:
    /// The whole-tensor figures of the complete data are on screen (the screenshot mode waits for this).
    void statsReady();
    /// Any scope's figures were (re)shown; for tests and status bars.
    void figuresShown(StatsPanel::Scope scope);
    void labelStatsReady();

private:
    void buildUi();
    void showScope(Scope scope);
    void showClasses();
    void showMeans();
    void updateHistogram();

    StatsController* m_stats;
    ViewState* m_state;
    std::array<std::array<QLabel*, ScopeCount>, FigureCount> m_values{};
    std::array<QLabel*, ScopeCount> m_notes{};
    JobProgress* m_progress = nullptr;
    QPushButton* m_compute = nullptr; // after a cancel
    QComboBox* m_histScope = nullptr;
    QCheckBox* m_log = nullptr;
    HistogramWidget* m_histogram = nullptr;
    QLabel* m_classTitle = nullptr;
    ClassChart* m_classChart = nullptr;
    QLabel* m_meansTitle = nullptr;
    MeanImages* m_means = nullptr;
};

} // namespace idx::gui
