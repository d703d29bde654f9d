// StatsPanel: background jobs per scope, their restart rules, and the figures' display.
#include "statspanel.h"

#include "classchart.h"
#include "document.h"
#include "histogramwidget.h"
#include "meanimages.h"
#include "reshape.h"
#include "viewstate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cstring>

namespace {

// Which data: the file (reloading makes a new one), its edits (the generation changes with every edit: edited
// data is other data), the byte order and the shape it is read with.
QString sourceKey(const Document& doc, const idx::TensorPieces& view)
{
    return QStringLiteral("%1/%2/%3/%4")
        .arg(quintptr(doc.file().get()))
        .arg(doc.generation())
        .arg(int(view.byteOrder()))
        .arg(view.header().shapeString());
}

// Which data and how much of it.
QString viewKey(const Document& doc, const idx::TensorPieces& view)
{
    return sourceKey(doc, view) + QStringLiteral("/%1").arg(view.availableBytes());
}

template <typename T> void pruneFinished(QList<QFuture<T>>& futures)
{
    futures.removeIf([](const QFuture<T>& f) { return f.isFinished(); });
}

// Runs `work` with progress in 0..1000 and cancellation through the promise.
template <typename T>
QFuture<T> runWithPromise(QThreadPool* pool, std::function<std::optional<T>(const idx::Control&)> work)
{
    return QtConcurrent::run(pool, [work = std::move(work)](QPromise<T>& promise) {
        promise.setProgressRange(0, 1000);
        idx::Control control;
        control.cancel = [&promise] { return promise.isCanceled(); };
        control.progress = [&promise](qint64 done, qint64 total) {
            if (total > 0)
                promise.setProgressValue(int(std::min<qint64>(1000, done * 1000 / total)));
        };
        if (auto result = work(control))
            promise.addResult(std::move(*result));
    });
}

} // namespace

StatsPanel::StatsPanel(Document* doc, ViewState* state, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_state(state)
{
    m_pool.setMaxThreadCount(3); // tensor, record/selection and label statistics side by side
    buildUi();
    for (int s = 0; s < ScopeCount; ++s)
        connect(&m_jobs[size_t(s)].watcher, &QFutureWatcher<idx::Stats>::finished, this,
                [this, s] { jobDone(Scope(s)); });
    connect(&m_jobs[Tensor].watcher, &QFutureWatcher<idx::Stats>::progressValueChanged, m_progress,
            &QProgressBar::setValue);
    connect(&m_labelJob, &QFutureWatcher<idx::LabelStats>::finished, this, &StatsPanel::labelStatsDone);

    // While a compressed file decodes, partial figures refresh at most once a second: restarting on every
    // chunk would never finish and would compete with the decoder for the two cores.
    m_loadThrottle.setSingleShot(true);
    m_loadThrottle.setInterval(1000);
    connect(&m_loadThrottle, &QTimer::timeout, this, [this] {
        startTensor();
        startSelection(); // selected records may have arrived
    });
    connect(m_doc, &Document::viewChanged, this, &StatsPanel::onViewChanged);
    connect(m_doc, &Document::loadFinished, this, [this] {
        startTensor();
        startLabelStats();
    });
    connect(m_doc, &Document::labelsChanged, this, [this] {
        updateClassCounts();
        startLabelStats();
    });
    connect(m_state, &ViewState::currentRecordChanged, this, &StatsPanel::startRecord);
    connect(m_state, &ViewState::selectionChanged, this, [this] {
        m_key[Selection].clear(); // another selection, whatever its records
        startSelection();
    });
    connect(m_state, &ViewState::reshapeChanged, this, [this] {
        startLabelStats(); // the mean images take the new record shape
    });

    updateClassCounts();
    startTensor();
    startRecord();
    startSelection();
    startLabelStats();
}

StatsPanel::~StatsPanel()
{
    m_loadThrottle.stop();
    for (Job& job : m_jobs) {
        job.watcher.cancel();
        for (auto& f : job.retired)
            f.cancel();
    }
    m_labelJob.cancel();
    for (auto& f : m_labelRetired)
        f.cancel();
    for (Job& job : m_jobs) {
        job.watcher.waitForFinished();
        for (auto& f : job.retired)
            f.waitForFinished();
    }
    m_labelJob.waitForFinished();
    for (auto& f : m_labelRetired)
        f.waitForFinished();
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

    m_progress = new QProgressBar(content);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(fontMetrics().height() / 2 + 4);
    m_progress->setToolTip(tr("Computing the whole-tensor statistics"));
    m_cancel = new QPushButton(tr("Cancel"), content);
    m_cancel->setVisible(false);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_computing[Tensor])
            cancelTensorStats();
        else
            computeTensorStats();
    });

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
    progressRow->addWidget(m_cancel);
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

bool StatsPanel::isComputing(Scope scope) const
{
    return m_computing[size_t(scope)];
}

bool StatsPanel::hasRunningWork() const
{
    const auto running = [](const auto& future) { return !future.isFinished(); };
    for (const Job& job : m_jobs)
        if (job.watcher.isRunning() || std::any_of(job.retired.begin(), job.retired.end(), running))
            return true;
    return m_labelJob.isRunning() || std::any_of(m_labelRetired.begin(), m_labelRetired.end(), running);
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
    const auto real = [&](double v) { return s.finite() ? QString::number(v, 'g', 6) : QStringLiteral("—"); };
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

void StatsPanel::markComputing(Scope scope)
{
    // The old figures stay readable but greyed, with a note: out of date, never silently.
    for (int f = 0; f < FigureCount; ++f)
        m_values[size_t(f)][size_t(scope)]->setEnabled(false);
    m_notes[size_t(scope)]->setText(tr("computing…"));
    if (m_histScope->currentIndex() == scope)
        m_histogram->setStale(true);
    if (scope == Tensor) {
        m_progress->setValue(0);
        m_progress->setVisible(true);
        m_cancel->setText(tr("Cancel"));
        m_cancel->setVisible(true);
    }
}

void StatsPanel::showFigures(Scope scope, const std::optional<idx::Stats>& stats, const QString& note)
{
    m_shown[size_t(scope)] = stats;
    m_computing[size_t(scope)] = false;
    for (int f = 0; f < FigureCount; ++f) {
        QLabel* label = m_values[size_t(f)][size_t(scope)];
        label->setText(stats ? formatFigure(*stats, Figure(f)) : QStringLiteral("—"));
        label->setEnabled(true);
    }
    m_notes[size_t(scope)]->setText(note);
    if (scope == Tensor) {
        m_progress->setVisible(false);
        m_cancel->setVisible(false);
    }
    if (m_histScope->currentIndex() == scope)
        updateHistogram();
    emit figuresShown(scope);
}

void StatsPanel::cancelTensorStats()
{
    Job& job = m_jobs[Tensor];
    if (!m_computing[Tensor])
        return;
    job.watcher.cancel(); // jobDone ignores a cancelled run; teardown still waits for it
    job.retired.append(job.watcher.future());
    m_computing[Tensor] = false;
    m_notes[Tensor]->setText(tr("cancelled: figures out of date"));
    m_progress->setVisible(false);
    m_cancel->setText(tr("Compute"));
    m_cancel->setVisible(true);
}

void StatsPanel::computeTensorStats()
{
    m_key[Tensor].clear(); // whatever was computed before, compute again
    startTensor();
}

void StatsPanel::startJob(Scope scope, std::function<std::optional<idx::Stats>(const idx::Control&)> work)
{
    Job& job = m_jobs[size_t(scope)];
    if (job.watcher.isRunning()) {
        job.watcher.cancel();
        job.retired.append(job.watcher.future());
    }
    pruneFinished(job.retired);
    m_computing[size_t(scope)] = true;
    markComputing(scope);
    job.watcher.setFuture(runWithPromise<idx::Stats>(&m_pool, std::move(work)));
}

void StatsPanel::jobDone(Scope scope)
{
    Job& job = m_jobs[size_t(scope)];
    if (job.watcher.isCanceled() || job.watcher.future().resultCount() == 0)
        return; // superseded: a newer run is on its way
    showFigures(scope, job.watcher.result(), m_pendingNote[size_t(scope)]);
    if (scope != Tensor)
        return;
    if (m_tensorFinal) {
        if (!m_ready) {
            m_ready = true;
            emit statsReady();
        }
    } else if (m_doc->isLoading()) {
        m_loadThrottle.start(); // more records are coming: refresh the partial figures later
    } else {
        startTensor(); // loading ended while we computed
    }
}

void StatsPanel::startTensor()
{
    const idx::TensorPieces view = reshapedPieces(*m_doc, *m_state);
    // Final: nothing more will arrive (a mapped raw file is complete before its "load" even starts).
    const bool final = !m_doc->isLoading() || view.isComplete();
    const QString key =
        viewKey(*m_doc, view) + (final ? QStringLiteral("/final") : QStringLiteral("/partial"));
    if (key == m_key[Tensor])
        return; // these figures are already shown or being computed
    m_key[Tensor] = key;
    m_tensorFinal = final;
    m_pendingNote[Tensor] = view.isComplete() ? QString()
                                              : tr("partial: %1 of %2 records")
                                                    .arg(QLocale().toString(view.availableRecords()),
                                                         QLocale().toString(view.recordCount()));
    startJob(Tensor, [view](const idx::Control& c) { return idx::computeStats(view, {}, c); });
}

void StatsPanel::startRecord()
{
    const idx::TensorPieces view = reshapedPieces(*m_doc, *m_state);
    const quint64 record = m_state->currentRecord();
    const bool available = record < view.availableRecords();
    const QString key = sourceKey(*m_doc, view) + QStringLiteral("/%1/%2").arg(record).arg(available);
    if (key == m_key[Record])
        return;
    m_key[Record] = key;
    if (!available) {
        m_jobs[Record].watcher.cancel();
        showFigures(Record, std::nullopt, tr("record %1 not loaded yet").arg(record));
        return;
    }
    m_pendingNote[Record] = tr("record %1").arg(record);
    idx::StatsOptions options;
    options.firstRecord = record;
    options.endRecord = record + 1;
    startJob(Record, [view, options](const idx::Control& c) { return idx::computeStats(view, options, c); });
}

void StatsPanel::startSelection()
{
    const idx::TensorPieces view = reshapedPieces(*m_doc, *m_state);
    // Runs of records, read where they are: Select All over 10.9 million records is one range, and the
    // scan releases the pages it read, as the whole-tensor scan does.
    const idx::RecordSet records = m_state->selection().clampedTo(view.availableRecords());
    // The same selection over the same data: only more of its records can have arrived since.
    const QString key = sourceKey(*m_doc, view) + QStringLiteral("/%1").arg(records.count());
    if (key == m_key[Selection])
        return;
    m_key[Selection] = key;
    if (records.isEmpty()) {
        m_jobs[Selection].watcher.cancel();
        showFigures(Selection, std::nullopt, tr("nothing selected"));
        return;
    }
    m_pendingNote[Selection] =
        records.count() == 1 ? tr("1 record") : tr("%1 records").arg(QLocale().toString(records.count()));
    startJob(Selection,
             [view, records](const idx::Control& c) { return idx::computeStats(view, records, {}, c); });
}

void StatsPanel::startLabelStats()
{
    const bool labelled = m_doc->hasLabels();
    m_classTitle->setVisible(labelled);
    m_classChart->setVisible(labelled);
    m_meansTitle->setVisible(labelled);
    m_means->setVisible(labelled);
    if (!labelled || (m_doc->isLoading() && !reshapedPieces(*m_doc, *m_state).isComplete())) {
        // Mean images over a half-decoded file would change under the user's eyes; wait for the whole of it.
        // What is shown or still computed describes other data or labels (reloaded, detached): drop it.
        m_labelJob.cancel(); // also a finished run whose result is still on its way
        if (m_labelJob.isRunning())
            m_labelRetired.append(m_labelJob.future());
        m_labelKey.clear();
        m_labelStatsShown = false;
        m_means->clear();
        m_meansTitle->setText(labelled ? tr("Mean image per class (after loading)") : QString());
        return;
    }
    const idx::TensorPieces view = reshapedPieces(*m_doc, *m_state);
    const QString key = viewKey(*m_doc, view) + QStringLiteral("/labels/%1/%2")
                                                    .arg(quintptr(m_doc->labelsFile().get()))
                                                    .arg(m_doc->labelClasses().size());
    if (key == m_labelKey)
        return;
    m_labelKey = key;
    if (m_labelJob.isRunning()) {
        m_labelJob.cancel();
        m_labelRetired.append(m_labelJob.future());
    }
    pruneFinished(m_labelRetired);
    m_labelDims.assign(view.header().dims.begin() + (view.header().ndim() > 0 ? 1 : 0),
                       view.header().dims.end());
    m_meansTitle->setText(tr("Mean image per class (computing…)"));
    m_labelStatsShown = false;
    const std::vector<qint64> labels = m_doc->labelClasses();
    m_labelJob.setFuture(runWithPromise<idx::LabelStats>(&m_pool, [view, labels](const idx::Control& c) {
        return idx::computeLabelStats(view, labels, {}, c);
    }));
}

void StatsPanel::labelStatsDone()
{
    if (m_labelJob.isCanceled() || m_labelJob.future().resultCount() == 0)
        return;
    const idx::LabelStats result = m_labelJob.result();
    m_means->setClasses(result.classes, m_labelDims);
    m_meansTitle->setText(m_means->imageCount() ? tr("Mean image per class")
                                                : tr("Mean image per class (none)"));
    m_labelStatsShown = true;
    emit labelStatsReady();
}

void StatsPanel::updateClassCounts()
{
    QMap<qint64, quint64> counts;
    for (qint64 c : m_doc->labelClasses())
        ++counts[c];
    m_classChart->setCounts(counts);
}

void StatsPanel::onViewChanged()
{
    const QString source = sourceKey(*m_doc, reshapedPieces(*m_doc, *m_state));
    if (m_doc->isLoading() && m_key[Tensor].startsWith(source + u'/')) {
        // More records of the same data: the partial figures refresh at most once a second.
        if (!isComputing(Tensor) && !m_loadThrottle.isActive())
            m_loadThrottle.start();
    } else {
        // Loaded, or other data (reloaded, another byte order): whatever runs or is shown for the old data is
        // superseded at once. The keys tell whether anything changed.
        startTensor();
        startSelection();
        startLabelStats();
    }
    startRecord(); // the current record may just have arrived
}

void StatsPanel::updateHistogram()
{
    const int scope = m_histScope->currentIndex();
    const auto& stats = m_shown[size_t(std::clamp(scope, 0, ScopeCount - 1))];
    if (stats)
        m_histogram->setHistogram(stats->histogram);
    else
        m_histogram->clear();
    m_histogram->setStale(scope >= 0 && isComputing(Scope(scope)));
}

void StatsPanel::setHistogramScope(Scope scope)
{
    m_histScope->setCurrentIndex(scope);
}
