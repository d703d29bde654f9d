// StatsController: one job per scope and one for the label statistics, keyed by what they are computed from
// (file, edits, byte order, shape, bytes available): a request for what is already shown or computing is
// dropped, anything else supersedes the running job.
#include "statscontroller.h"

#include "document.h"
#include "reshape.h"
#include "viewstate.h"

#include <QLocale>

namespace idx::gui {

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

} // namespace

StatsController::StatsController(Document* doc, ViewState* state, QObject* parent)
    : QObject(parent), m_doc(doc), m_state(state)
{
    m_pool.setMaxThreadCount(3); // tensor, record/selection and label statistics side by side
    for (int s = 0; s < ScopeCount; ++s) {
        m_jobs[size_t(s)].setThreadPool(&m_pool);
        connect(&m_jobs[size_t(s)], &JobBase::finished, this, [this, s] { jobDone(Scope(s)); });
    }
    m_labelJob.setThreadPool(&m_pool);
    connect(&m_labelJob, &JobBase::finished, this, &StatsController::labelStatsDone);

    // While a compressed file decodes, partial figures refresh at most once a second: restarting on every
    // chunk would never finish and would compete with the decoder for the two cores.
    m_loadThrottle.setSingleShot(true);
    m_loadThrottle.setInterval(1000);
    connect(&m_loadThrottle, &QTimer::timeout, this, [this] {
        startTensor();
        startSelection(); // selected records may have arrived
    });
    connect(m_doc, &Document::viewChanged, this, &StatsController::onViewChanged);
    connect(m_doc, &Document::loadFinished, this, [this] {
        startTensor();
        startLabelStats();
    });
    connect(m_doc, &Document::labelsChanged, this, [this] {
        emit classesChanged();
        startLabelStats();
    });
    connect(m_state, &ViewState::currentRecordChanged, this, &StatsController::startRecord);
    connect(m_state, &ViewState::selectionChanged, this, [this] {
        m_key[Selection].clear(); // another selection, whatever its records
        startSelection();
    });
    connect(m_state, &ViewState::reshapeChanged, this, [this] {
        startLabelStats(); // the mean images take the new record shape
    });

    startTensor();
    startRecord();
    startSelection();
    startLabelStats();
}

StatsController::~StatsController()
{
    m_loadThrottle.stop();
    // Cancel them all at once; each job then waits for its workers as it goes.
    for (StatsJob& job : m_jobs)
        job.discard();
    m_labelJob.discard();
}

bool StatsController::hasRunningWork() const
{
    return std::any_of(m_jobs.begin(), m_jobs.end(),
                       [](const StatsJob& job) { return job.hasRunningWork(); }) ||
           m_labelJob.hasRunningWork();
}

bool StatsController::isLabelled() const
{
    return m_doc->hasLabels();
}

const idx::ClassNames& StatsController::classNames() const
{
    return m_doc->classNames();
}

QMap<qint64, quint64> StatsController::classCounts() const
{
    QMap<qint64, quint64> counts;
    for (qint64 c : m_doc->labelClasses())
        ++counts[c];
    return counts;
}

void StatsController::cancelTensorStats()
{
    if (!m_computing[Tensor])
        return;
    m_jobs[Tensor].discard(); // its result is dropped; teardown still waits for it
    m_computing[Tensor] = false;
    m_tensorCancelled = true;
    m_notes[Tensor] = tr("cancelled: figures out of date");
    emit computingChanged(Tensor);
}

void StatsController::computeTensorStats()
{
    m_key[Tensor].clear(); // whatever was computed before, compute again
    startTensor();
}

void StatsController::startJob(Scope scope,
                               std::function<std::optional<idx::Stats>(const idx::Control&)> work)
{
    // The old figures stay readable but marked out of date, with a note: never silently.
    m_computing[size_t(scope)] = true;
    m_notes[size_t(scope)] = tr("computing…");
    if (scope == Tensor)
        m_tensorCancelled = m_tensorFailed = false;
    emit computingChanged(scope);
    m_jobs[size_t(scope)].start([work = std::move(work), hook = m_workerHook](JobContext& context) {
        if (hook)
            hook();
        return work(context.control());
    });
}

void StatsController::deliver(Scope scope, const std::optional<idx::Stats>& stats, const QString& note)
{
    m_shown[size_t(scope)] = stats;
    m_notes[size_t(scope)] = note;
    m_computing[size_t(scope)] = false;
    emit figuresShown(scope);
}

void StatsController::jobDone(Scope scope)
{
    StatsJob& job = m_jobs[size_t(scope)];
    if (job.status() == JobBase::Status::Failed) {
        // Not "computing…" for ever: no figures, and why. Compute (whole tensor), another record or another
        // selection asks again.
        if (scope == Tensor)
            m_tensorFailed = true;
        deliver(scope, std::nullopt, tr("failed: %1").arg(job.errorString()));
        return;
    }
    if (job.status() != JobBase::Status::Succeeded || !job.result() || !*job.result())
        return; // cancelled inside computeStats: a newer run is on its way
    deliver(scope, **job.result(), m_pendingNote[size_t(scope)]);
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

void StatsController::startTensor()
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

void StatsController::startRecord()
{
    const idx::TensorPieces view = reshapedPieces(*m_doc, *m_state);
    const quint64 record = m_state->currentRecord();
    const bool available = record < view.availableRecords();
    const QString key = sourceKey(*m_doc, view) + QStringLiteral("/%1/%2").arg(record).arg(available);
    if (key == m_key[Record])
        return;
    m_key[Record] = key;
    if (!available) {
        m_jobs[Record].discard();
        deliver(Record, std::nullopt, tr("record %1 not loaded yet").arg(record));
        return;
    }
    m_pendingNote[Record] = tr("record %1").arg(record);
    idx::StatsOptions options;
    options.firstRecord = record;
    options.endRecord = record + 1;
    startJob(Record, [view, options](const idx::Control& c) { return idx::computeStats(view, options, c); });
}

void StatsController::startSelection()
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
        m_jobs[Selection].discard();
        deliver(Selection, std::nullopt, tr("nothing selected"));
        return;
    }
    m_pendingNote[Selection] =
        records.count() == 1 ? tr("1 record") : tr("%1 records").arg(QLocale().toString(records.count()));
    startJob(Selection,
             [view, records](const idx::Control& c) { return idx::computeStats(view, records, {}, c); });
}

void StatsController::setMeans(Means means)
{
    m_means = means;
    emit meansChanged();
}

void StatsController::startLabelStats()
{
    const bool labelled = m_doc->hasLabels();
    if (!labelled || (m_doc->isLoading() && !reshapedPieces(*m_doc, *m_state).isComplete())) {
        // Mean images over a half-decoded file would change under the user's eyes; wait for the whole of it.
        // What is shown or still computed describes other data or labels (reloaded, detached): drop it.
        m_labelJob.discard(); // also a finished run whose result is still on its way
        m_labelKey.clear();
        m_classStats.clear();
        setMeans(labelled ? Means::AfterLoading : Means::Unlabelled);
        return;
    }
    const idx::TensorPieces view = reshapedPieces(*m_doc, *m_state);
    const QString key = viewKey(*m_doc, view) + QStringLiteral("/labels/%1/%2")
                                                    .arg(quintptr(m_doc->labelsFile().get()))
                                                    .arg(m_doc->labelClasses().size());
    if (key == m_labelKey)
        return;
    m_labelKey = key;
    m_labelDims.assign(view.header().dims.begin() + (view.header().ndim() > 0 ? 1 : 0),
                       view.header().dims.end());
    const std::vector<qint64> labels = m_doc->labelClasses();
    setMeans(Means::Computing);
    m_labelJob.start([view, labels, hook = m_workerHook](JobContext& context) {
        if (hook)
            hook();
        return idx::computeLabelStats(view, labels, {}, context.control());
    });
}

void StatsController::labelStatsDone()
{
    if (m_labelJob.status() == JobBase::Status::Failed) {
        m_labelKey.clear(); // asked again with the next change of data or labels
        m_classStats.clear();
        m_meansError = m_labelJob.errorString();
        setMeans(Means::Failed);
        return;
    }
    if (m_labelJob.status() != JobBase::Status::Succeeded || !m_labelJob.result() || !*m_labelJob.result())
        return;
    m_classStats = (*m_labelJob.result())->classes;
    setMeans(Means::Ready);
}

void StatsController::onViewChanged()
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

} // namespace idx::gui
