// The insights of a document: when to audit, when only the suspects need finding again, the other split, and
// the reviewed marks (QSettings, by each file's content digest).
#include "insightscontroller.h"

#include "companion.h"
#include "document.h"
#include "editcommands.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QSettings>

namespace idx::gui {

namespace {

QString reviewedKey(const QString& digest)
{
    return QStringLiteral("insights/reviewed/") + digest;
}

} // namespace

InsightsController::InsightsController(Document* doc, QObject* parent)
    : FeatureController(doc, &m_job, 1000,
                        parent) // edits of the images come in bursts: audit once they settle
{
    m_options.cacheDir = idx::defaultAuditCacheDir();
    m_pool.setMaxThreadCount(2); // the audit (it starts its own threads) and the suspects of a labels change
    m_job.setThreadPool(&m_pool);
    m_suspectsJob.setThreadPool(&m_pool);
    m_job.setProgressText(tr("Finding duplicates, label suspects and outliers…"));
    connect(&m_job, &JobBase::finished, this, &InsightsController::onAudited);
    connect(&m_suspectsJob, &JobBase::finished, this, &InsightsController::onSuspects);
    alsoDiscard(&m_suspectsJob);
    if (document()->isLoaded())
        begin(false);
}

InsightsController::~InsightsController() = default;

bool InsightsController::forget()
{
    const bool had = m_result != nullptr;
    m_result.reset();
    m_judgedLabels.clear();
    return had;
}

void InsightsController::byteOrderChanged()
{
    // Read in another byte order: other values, other findings.
    if (m_result) {
        drop(State::Waiting);
        begin(false);
    }
}

void InsightsController::recordsEdited()
{
    // Values or records changed: the findings' indexes and distances no longer hold.
    drop(State::Waiting, tr("The records changed: the insights follow once the edits settle."));
    restartWhenSettled();
}

QString InsightsController::checkOtherSplit(quint64* records) const
{
    const auto other = idx::IdxFile::open(m_otherPath);
    if (!other || !other->headerValid())
        return other && !other->diagnostics().isEmpty() ? other->diagnostics().first().message
                                                        : tr("it is not an IDX file");
    const idx::Header& h = other->header();
    const idx::Header mine = document()->header();
    if (h.ndim() < 2 || h.recordElements() != mine.recordElements())
        return tr("its records have %1 values, this file's %2")
            .arg(h.ndim() < 2 ? 1 : h.recordElements())
            .arg(mine.recordElements());
    *records = h.recordCount();
    return {};
}

void InsightsController::start()
{
    begin(true);
}

void InsightsController::begin(bool asked)
{
    stopWaiting();
    discardWork(); // whatever ran is superseded, whether or not a new run starts
    if (!document()->isLoaded() || !document()->headerValid() || !document()->isSafeToRead()) {
        setState(State::Waiting);
        return;
    }
    const idx::Header header = document()->header();
    if (header.ndim() < 2) {
        setState(State::Unavailable,
                 tr("Insights compare records of several values (images); this file holds "
                    "one value per record."));
        return;
    }
    if (header.recordCount() < 2) {
        setState(State::Unavailable, tr("Insights need at least two records."));
        return;
    }
    quint64 otherRecords = 0;
    QString other = m_otherPath;
    m_otherRefused.clear();
    if (!other.isEmpty()) {
        if (const QString why = checkOtherSplit(&otherRecords); !why.isEmpty()) {
            m_otherRefused = tr("%1 is left out: %2.").arg(QDir::toNativeSeparators(other), why);
            other.clear();
        }
    }
    if (!asked && header.recordCount() + otherRecords > kMaxAutomaticRecords) {
        setState(State::Cancelled, tr("%1 records to compare: that takes a while. Find Again starts it.")
                                       .arg(QLocale().toString(header.recordCount() + otherRecords)));
        return;
    }
    m_auditedLabels = document()->labelClasses();
    m_auditedRecords = header.recordCount() + otherRecords;
    noteByteOrder();
    idx::AuditFile first{{}, m_auditedLabels};
    if (first.labels.size() != header.recordCount())
        first.labels.clear(); // labels still loading: the suspects follow when they arrive
    const idx::AuditOptions options = m_options;
    m_job.start([gathered = document()->gathered(), first = std::move(first), other,
                 options](JobContext& context) mutable {
        Outcome o;
        first.images = gathered->view(); // the map's too: one copy of an edited tensor serves both
        idx::AuditFile second;
        if (!other.isEmpty()) {
            o.other = idx::IdxFile::open(other);
            if (!o.other->headerValid() || !o.other->load(context.control()) || !o.other->isLoaded()) {
                o.problem = {1, o.other->diagnostics().isEmpty() ? tr("it could not be read")
                                                                 : o.other->diagnostics().first().message};
                return o;
            }
            o.otherView = o.other->view();
            second.images = o.otherView;
            if (const auto labels = idx::findCompanion(other)) {
                o.otherLabels = idx::IdxFile::open(*labels);
                if (o.otherLabels->headerValid() && o.otherLabels->load(context.control()) &&
                    idx::checkCompanion(o.otherView.header(), o.otherLabels->header()).isEmpty())
                    o.otherClasses = idx::labelClasses(o.otherLabels->view());
            }
            second.labels = o.otherClasses;
        }
        o.result =
            idx::audit(first, other.isEmpty() ? nullptr : &second, options, context.control(), &o.problem);
        o.labels = std::move(first.labels);
        return o;
    });
    setState(State::Computing, m_otherRefused);
}

void InsightsController::onAudited()
{
    if (m_job.status() == JobBase::Status::Cancelled) {
        setState(State::Cancelled, tr("Stopped: Find Again computes them."));
        return;
    }
    const auto& outcome = m_job.result();
    if (m_job.status() == JobBase::Status::Failed || !outcome) {
        setState(State::Failed, m_job.errorString());
        return;
    }
    if (!outcome->result) {
        const QString file =
            outcome->problem.file == 1 ? QDir::toNativeSeparators(m_otherPath) : document()->displayName();
        setState(State::Failed, tr("%1: %2").arg(file, outcome->problem.reason));
        return;
    }
    m_result = std::make_shared<idx::AuditResult>(std::move(*outcome->result));
    m_other = outcome->other;
    m_otherLabelsFile = outcome->otherLabels;
    m_otherView = outcome->otherView;
    m_otherLabels = outcome->otherClasses;
    m_judgedLabels = outcome->labels;
    loadReviewed();
    setState(State::Ready, m_otherRefused);
    emit findingsChanged();
    // Labels that arrived, changed or went while the audit ran.
    if (document()->labelClasses() != m_auditedLabels)
        findSuspects();
}

void InsightsController::findSuspects()
{
    if (!m_result)
        return; // the audit to come reads the labels as they are then
    m_auditedLabels = document()->labelClasses();
    std::shared_ptr<const idx::AuditResult> graphs = m_result;
    m_suspectsJob.start([graphs, labels = m_auditedLabels, other = m_otherLabels,
                         share = m_options.suspectShare](JobContext&) {
        // The class confusion is one vote per record over the same graph: cheap beside the suspects.
        return Suspects{graphs, idx::labelSuspects(*graphs, labels, other, share),
                        idx::classConfusion(graphs->first, labels), labels};
    });
}

void InsightsController::onSuspects()
{
    const auto& s = m_suspectsJob.result();
    // Found on the graphs shown now, or on findings dropped since: then they go too.
    if (!m_result || m_suspectsJob.status() != JobBase::Status::Succeeded || !s || s->graphs != m_result)
        return;
    m_result->labelSuspects = s->found;
    m_result->confusion = s->confusion;
    m_judgedLabels = s->labels.size() == size_t(m_result->first.rows) ? s->labels : std::vector<qint64>{};
    emit findingsChanged();
}

void InsightsController::setOtherSplit(const QString& imagesPath)
{
    if (imagesPath == m_otherPath)
        return;
    m_otherPath = imagesPath;
    m_other.reset();
    m_otherLabelsFile.reset();
    m_otherView = {};
    m_otherLabels.clear();
    drop(State::Waiting);
    begin(false);
}

QString InsightsController::keyOf(const idx::RecordRef& r)
{
    return QStringLiteral("%1:%2").arg(r.file).arg(r.record);
}

QString InsightsController::digestOf(int file) const
{
    if (!m_result)
        return {};
    return file == 0 ? m_result->firstDigest : file == 1 ? m_result->secondDigest : QString();
}

void InsightsController::loadReviewed()
{
    m_reviewed.clear();
    // Each file's marks are kept under its own content's digest, as record numbers. Lists written before
    // that held "file:record" under the first file's digest: their "0:" entries are that content's records,
    // their "1:" ones of whichever other split was beside it then, so those are not taken.
    for (int file = 0; file < 2; ++file) {
        const QString digest = digestOf(file);
        if (digest.isEmpty())
            continue;
        for (const QString& entry : QSettings().value(reviewedKey(digest)).toStringList()) {
            QString record = entry;
            if (entry.contains(QLatin1Char(':'))) {
                if (!entry.startsWith(QLatin1String("0:")))
                    continue;
                record = entry.mid(2);
            }
            bool ok = false;
            const qint64 r = record.toLongLong(&ok);
            if (ok && r >= 0)
                m_reviewed.insert(keyOf({file, r}));
        }
    }
    emit reviewedChanged();
}

void InsightsController::setReviewed(const idx::RecordRef& r, bool reviewed)
{
    const QString key = keyOf(r);
    if (reviewed == m_reviewed.contains(key))
        return;
    if (reviewed)
        m_reviewed.insert(key);
    else
        m_reviewed.remove(key);
    if (const QString digest = digestOf(r.file); !digest.isEmpty()) {
        // The marks of every file of this content (one file may be audited against itself).
        QStringList records;
        for (int file = 0; file < 2; ++file) {
            if (digestOf(file) != digest)
                continue;
            const QString prefix = QStringLiteral("%1:").arg(file);
            for (const QString& k : std::as_const(m_reviewed))
                if (k.startsWith(prefix) && !records.contains(k.mid(prefix.size())))
                    records << k.mid(prefix.size());
        }
        std::sort(records.begin(), records.end(),
                  [](const QString& a, const QString& b) { return a.toLongLong() < b.toLongLong(); });
        QSettings settings;
        if (records.isEmpty())
            settings.remove(reviewedKey(digest));
        else
            settings.setValue(reviewedKey(digest), records);
    }
    emit reviewedChanged();
}

QString InsightsController::acceptSuggestion(const idx::LabelSuspect& suspect)
{
    if (suspect.record.file != 0)
        return tr("Record %1 is in %2: open that file to change its label.")
            .arg(suspect.record.record)
            .arg(QFileInfo(m_otherPath).fileName());
    return Editing::setLabels(
        document(), idx::RecordSet::span(quint64(suspect.record.record), quint64(suspect.record.record) + 1),
        double(suspect.suggested));
}

} // namespace idx::gui
