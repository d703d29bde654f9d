// StatsPanel: the widgets, filled from the controller's state whenever it announces a change.
#include "statspanel.h"

#include "classchart.h"
#include "histogramwidget.h"
#include "jobprogress.h"
#include "meanimages.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>

#include <algorithm>

namespace idx::gui {

StatsPanel::StatsPanel(StatsController* stats, ViewState* state, QWidget* parent)
    : QWidget(parent), m_stats(stats), m_state(state)
{
    buildUi();
    connect(m_stats, &StatsController::computingChanged, this, &StatsPanel::showScope);
    connect(m_stats, &StatsController::figuresShown, this, [this](Scope scope) {
        showScope(scope);
        emit figuresShown(scope);
    });
    connect(m_stats, &StatsController::statsReady, this, &StatsPanel::statsReady);
    connect(m_stats, &StatsController::classesChanged, this, &StatsPanel::showClasses);
    connect(m_stats, &StatsController::meansChanged, this, &StatsPanel::showMeans);
    // The controller started its work as it was made, maybe long before the panel: show where it is.
    for (int s = 0; s < ScopeCount; ++s)
        showScope(Scope(s));
    showClasses();
    showMeans();
}

void StatsPanel::buildUi()
{
    auto* content = new QWidget;
    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(12);
    grid->setVerticalSpacing(2);
    const QString heads[ScopeCount] = {tr("Tensor"), tr("Record"), tr("Selection")};
    for (int s = 0; s < ScopeCount; ++s) {
        auto* head = new QLabel(heads[s], content);
        QFont bold = head->font();
        bold.setBold(true);
        head->setFont(bold);
        grid->addWidget(head, 0, s + 1, Qt::AlignRight);
        m_notes[size_t(s)] = new QLabel(content);
        m_notes[size_t(s)]->setForegroundRole(QPalette::PlaceholderText);
        m_notes[size_t(s)]->setWordWrap(true);
        m_notes[size_t(s)]->setAlignment(Qt::AlignRight | Qt::AlignTop);
        grid->addWidget(m_notes[size_t(s)], 1, s + 1);
    }
    const QString names[FigureCount] = {tr("Count"), tr("Min"), tr("Max"),  tr("Mean"), tr("Std"),
                                        tr("Zeros"), tr("NaN"), tr("+Inf"), tr("−Inf")};
    for (int f = 0; f < FigureCount; ++f) {
        grid->addWidget(new QLabel(names[f], content), f + 2, 0);
        for (int s = 0; s < ScopeCount; ++s) {
            auto* value = new QLabel(QStringLiteral("—"), content);
            value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
            value->setTextInteractionFlags(Qt::TextSelectableByMouse);
            m_values[size_t(f)][size_t(s)] = value;
            grid->addWidget(value, f + 2, s + 1);
        }
    }
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(2, 1);
    grid->setColumnStretch(3, 1);

    m_progress = new JobProgress(content);
    m_progress->setToolTip(tr("Computing the whole-tensor statistics"));
    m_progress->setCancelToolTip(tr("Stop computing; the figures stay marked out of date"));
    m_progress->setCancelHandler([this] { cancelTensorStats(); });
    m_progress->setJob(m_stats->tensorJob());
    m_compute = new QPushButton(tr("Compute"), content);
    m_compute->setVisible(false);
    connect(m_compute, &QPushButton::clicked, this, &StatsPanel::computeTensorStats);

    m_histScope = new QComboBox(content);
    m_histScope->addItems({heads[0], heads[1], heads[2]});
    m_log = new QCheckBox(tr("Log scale"), content);
    m_histogram = new HistogramWidget(m_state, content);
    auto* histBar = new QHBoxLayout;
    histBar->addWidget(new QLabel(tr("Histogram of"), content));
    histBar->addWidget(m_histScope);
    histBar->addStretch(1);
    histBar->addWidget(m_log);
    connect(m_histScope, &QComboBox::currentIndexChanged, this, &StatsPanel::updateHistogram);
    connect(m_log, &QCheckBox::toggled, m_histogram, &HistogramWidget::setLogScale);

    m_classTitle = new QLabel(tr("Classes (click to filter the gallery)"), content);
    m_classChart = new ClassChart(m_state, content);
    m_meansTitle = new QLabel(tr("Mean image per class"), content);
    m_means = new MeanImages(m_state, content);

    auto* layout = new QVBoxLayout(content);
    layout->addLayout(grid);
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_compute);
    layout->addLayout(progressRow);
    layout->addLayout(histBar);
    layout->addWidget(m_histogram);
    layout->addWidget(m_classTitle);
    layout->addWidget(m_classChart);
    layout->addWidget(m_meansTitle);
    layout->addWidget(m_means);
    layout->addStretch(1);

    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
}

QString StatsPanel::shownText(Scope scope, Figure figure) const
{
    return m_values[size_t(figure)][size_t(scope)]->text();
}

QString StatsPanel::noteText(Scope scope) const
{
    return m_notes[size_t(scope)]->text();
}

QString StatsPanel::formatFigure(const idx::Stats& s, Figure figure)
{
    const QLocale locale;
    const auto real = [&](double v) { return s.finite() ? locale.toString(v, 'g', 6) : QStringLiteral("—"); };
    switch (figure) {
    case Count:
        return locale.toString(s.count);
    case Min:
        return real(s.min);
    case Max:
        return real(s.max);
    case Mean:
        return real(s.mean);
    case Std:
        return real(s.std);
    case Zeros:
        return locale.toString(s.zeros);
    case NaN:
        return locale.toString(s.nan);
    case PosInf:
        return locale.toString(s.posinf);
    case NegInf:
        return locale.toString(s.neginf);
    }
    return {};
}

void StatsPanel::showScope(Scope scope)
{
    // Out of date (computing or cancelled): the old figures stay readable but greyed, with the note.
    const std::optional<idx::Stats>& stats = m_stats->stats(scope);
    const bool current = !m_stats->isOutOfDate(scope);
    for (int f = 0; f < FigureCount; ++f) {
        QLabel* label = m_values[size_t(f)][size_t(scope)];
        label->setText(stats ? formatFigure(*stats, Figure(f)) : QStringLiteral("—"));
        label->setEnabled(current);
    }
    m_notes[size_t(scope)]->setText(m_stats->note(scope));
    if (scope == Tensor)
        m_compute->setVisible(m_stats->isTensorCancelled() || m_stats->isTensorFailed());
    if (m_histScope->currentIndex() == scope)
        updateHistogram();
}

void StatsPanel::showClasses()
{
    m_classChart->setCounts(m_stats->classCounts());
    m_classChart->setClassNames(m_stats->classNames());
    m_means->setClassNames(m_stats->classNames());
    const bool labelled = m_stats->isLabelled();
    m_classTitle->setVisible(labelled);
    m_classChart->setVisible(labelled);
    m_meansTitle->setVisible(labelled);
    m_means->setVisible(labelled);
}

void StatsPanel::showMeans()
{
    showClasses();
    switch (m_stats->meansState()) {
    case StatsController::Means::Unlabelled:
        m_means->clear();
        m_meansTitle->setText(QString());
        break;
    case StatsController::Means::AfterLoading:
        m_means->clear();
        m_meansTitle->setText(tr("Mean image per class (after loading)"));
        break;
    case StatsController::Means::Computing: // the old images stay until the new ones arrive
        m_meansTitle->setText(tr("Mean image per class (computing…)"));
        break;
    case StatsController::Means::Ready:
        m_means->setClasses(m_stats->classStats(), m_stats->recordDims());
        m_meansTitle->setText(m_means->imageCount() ? tr("Mean image per class")
                                                    : tr("Mean image per class (none)"));
        emit labelStatsReady();
        break;
    case StatsController::Means::Failed:
        m_means->clear();
        m_meansTitle->setText(tr("Mean image per class: not computed (%1)").arg(m_stats->meansError()));
        break;
    }
}

void StatsPanel::updateHistogram()
{
    const int scope = m_histScope->currentIndex();
    const auto& stats = m_stats->stats(Scope(std::clamp(scope, 0, ScopeCount - 1)));
    if (stats)
        m_histogram->setHistogram(stats->histogram);
    else
        m_histogram->clear();
    m_histogram->setStale(scope >= 0 && m_stats->isOutOfDate(Scope(scope)));
}

} // namespace idx::gui
