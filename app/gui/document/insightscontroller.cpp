// The insights of a document: when to audit, when only the suspects need finding again, the other split, and the
// reviewed marks (QSettings, by the images' content digest).
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

InsightsController::InsightsController(Document* doc, QObject* parent) : QObject(parent), m_doc(doc)
{
    m_options.cacheDir = idx::defaultAuditCacheDir();
    m_pool.setMaxThreadCount(1); // the audit starts its own threads; its job only waits for them
    m_job.setThreadPool(&m_pool);
    m_suspectsJob.setThreadPool(&m_pool);
    m_job.setProgressText(tr("Finding duplicates, label suspects and outliers…"));
    connect(&m_job, &JobBase::finished, this, &InsightsController::onAudited);
    connect(&m_suspectsJob, &JobBase::finished, this, &InsightsController::onSuspects);
    m_restart.setSingleShot(true);
    m_restart.setInterval(1000);
    connect(&m_restart, &QTimer::timeout, this, [this] { begin(false); });
    connect(m_doc, &Document::loadFinished, this, [this] { begin(false); });
    connect(m_doc, &Document::reloaded, this, [this] {
        m_job.discard();
        m_result.reset();
        setState(State::Waiting);
    });
    connect(m_doc, &Document::labelsChanged, this, &InsightsController::findSuspects);
    connect(m_doc, &Document::edited, this, [this](Document::Part part) {
        if (part == Document::Part::Main)
            m_restart.start();
    });
    if (m_doc->isLoaded())
        begin(false);
}

InsightsController::~InsightsController() = default;

void InsightsController::setState(State state, const QString& message)
{
    if (state == m_state && message == m_message)
        return;
    m_state = state;
    m_message = message;
    emit stateChanged();
}

void InsightsController::start()
{
    begin(true);
}

void InsightsController::begin(bool asked)
{
    m_restart.stop();
    if (!m_doc->isLoaded() || !m_doc->headerValid() || !m_doc->isSafeToRead()) {
        setState(State::Waiting);
        return;
    }
    const idx::Header header = m_doc->header();
    if (header.ndim() < 2) {
        setState(State::Unavailable, tr("Insights compare records of several values (images); this file holds "
                                        "one value per record."));
        return;
    }
    if (header.recordCount() < 2) {
        setState(State::Unavailable, tr("Insights need at least two records."));
        return;
    }
    if (!asked && header.recordCount() > kMaxAutomaticRecords) {
        setState(State::Cancelled, tr("%1 records: comparing each with every other takes a while. Find Again "
                                      "starts it.")
                                       .arg(QLocale().toString(header.recordCount())));
        return;
    }
    // The view of an edited file is a copy made once per edit: the audit needs every record in one place.
    idx::AuditFile first{m_doc->view(), m_doc->labelClasses()};
    if (first.labels.size() != first.images.recordCount())
        first.labels.clear(); // labels still loading: the suspects follow when they arrive
    const QString other = m_otherPath;
    const idx::AuditOptions options = m_options;
    m_job.start([first = std::move(first), other, options](JobContext& context) {
        Outcome o;
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
        o.result = idx::audit(first, other.isEmpty() ? nullptr : &second, options, context.control(), &o.problem);
        return o;
    });
    setState(State::Computing);
}

void InsightsController::cancel()
{
    m_job.cancel();
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
        const QString file = outcome->problem.file == 1 ? QDir::toNativeSeparators(m_otherPath) : m_doc->displayName();
        setState(State::Failed, tr("%1: %2").arg(file, outcome->problem.reason));
        return;
    }
    m_result = outcome->result;
    m_other = outcome->other;
    m_otherLabelsFile = outcome->otherLabels;
    m_otherView = outcome->otherView;
    m_otherLabels = outcome->otherClasses;
    loadReviewed();
    setState(State::Ready);
    emit findingsChanged();
    // Labels that arrived or changed while the audit ran.
    if (m_result->first.rows == qint64(m_doc->labelClasses().size()) &&
        m_result->labelSuspects != idx::labelSuspects(*m_result, m_doc->labelClasses(), m_otherLabels,
                                                      m_options.suspectShare))
        findSuspects();
}

void InsightsController::findSuspects()
{
    if (!m_result) {
        if (m_state == State::Waiting && m_doc->isLoaded())
            begin(false);
        return;
    }
    std::shared_ptr<const idx::AuditResult> graphs = std::make_shared<idx::AuditResult>(*m_result);
    m_suspectsJob.start([graphs, labels = m_doc->labelClasses(), other = m_otherLabels,
                         share = m_options.suspectShare](JobContext&) {
        return idx::labelSuspects(*graphs, labels, other, share);
    });
}

void InsightsController::onSuspects()
{
    if (!m_result || m_suspectsJob.status() != JobBase::Status::Succeeded || !m_suspectsJob.result())
        return;
    m_result->labelSuspects = *m_suspectsJob.result();
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
    begin(false);
}

QString InsightsController::keyOf(const idx::RecordRef& r)
{
    return QStringLiteral("%1:%2").arg(r.file).arg(r.record);
}

void InsightsController::loadReviewed()
{
    m_reviewed.clear();
    if (!m_result || m_result->firstDigest.isEmpty())
        return;
    const QStringList keys = QSettings().value(reviewedKey(m_result->firstDigest)).toStringList();
    m_reviewed = QSet<QString>(keys.begin(), keys.end());
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
    if (m_result && !m_result->firstDigest.isEmpty()) {
        QStringList keys(m_reviewed.begin(), m_reviewed.end());
        keys.sort();
        QSettings settings;
        if (keys.isEmpty())
            settings.remove(reviewedKey(m_result->firstDigest));
        else
            settings.setValue(reviewedKey(m_result->firstDigest), keys);
    }
    emit reviewedChanged();
}

QString InsightsController::acceptSuggestion(const idx::LabelSuspect& suspect)
{
    if (suspect.record.file != 0)
        return tr("Record %1 is in %2: open that file to change its label.")
            .arg(suspect.record.record)
            .arg(QFileInfo(m_otherPath).fileName());
    return Editing::setLabels(m_doc, idx::RecordSet::span(quint64(suspect.record.record), quint64(suspect.record.record) + 1), double(suspect.suggested));
}

} // namespace idx::gui
