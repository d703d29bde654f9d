// The map of a document: when to lay it out, the layouts on the way, the other split, and the exports.
#include "mapcontroller.h"

#include "document.h"
#include "insightscontroller.h"
#include "mapexport.h"
#include "mapimage.h"
#include "recordexport.h"

#include <QDir>
#include <QLocale>

namespace idx::gui {

MapController::MapController(Document* doc, InsightsController* insights, QObject* parent)
    : FeatureController(doc, &m_job, 1000,
                        parent), // edits of the images come in bursts: lay out once they settle
      m_insights(insights)
{
    m_pool.setMaxThreadCount(2); // the layout (its neighbour search starts its own threads) and an export
    m_job.setThreadPool(&m_pool);
    m_export.setThreadPool(&m_pool);
    m_job.setProgressText(tr("Laying out the map…"));
    m_export.setProgressText(tr("Exporting the map…"));
    connect(&m_job, &JobBase::finished, this, &MapController::onFinished);
    connect(&m_export, &JobBase::finished, this, &MapController::onExported);
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, &MapController::poll);
    if (m_insights)
        connect(m_insights, &InsightsController::stateChanged, this, [this] {
            // The other split arrived, went or changed: lay the map out again with what is asked for.
            if (m_wanted && (state() == State::Ready || state() == State::Computing) &&
                wantedOther() != m_otherPath)
                begin(false);
            // The neighbour search the map waited for is over (found, failed or stopped): lay out.
            else if (m_waitingForInsights && m_insights->state() != InsightsController::State::Computing)
                begin(m_waitedAsked);
        });
}

MapController::~MapController() = default;

void MapController::loaded()
{
    if (m_wanted)
        begin(false);
}

void MapController::byteOrderChanged()
{
    // Read in another byte order: other values, another map.
    if (m_points || state() == State::Computing)
        begin(false);
}

void MapController::recordsEdited()
{
    if (!m_wanted)
        return;
    drop(State::Idle, tr("The records changed: the map follows once the edits settle."));
    restartWhenSettled();
}

bool MapController::forget()
{
    m_waitingForInsights = false;
    m_sharesGraph = false;
    m_poll.stop();
    m_mailbox.reset();
    const bool had = m_points != nullptr;
    m_points.reset();
    m_final = false;
    return had;
}

bool MapController::otherSplitAvailable() const
{
    if (!m_insights || m_insights->otherSplit().isEmpty() || !document()->headerValid())
        return false;
    const idx::TensorView& v = m_insights->otherView();
    return v.header().ndim() >= 2 && v.isComplete() && v.recordCount() > 0 &&
           v.header().recordElements() == document()->header().recordElements();
}

QString MapController::wantedOther() const
{
    return m_withOther && otherSplitAvailable() ? m_insights->otherSplit() : QString();
}

void MapController::setWithOtherSplit(bool on)
{
    if (on == m_withOther)
        return;
    m_withOther = on;
    if (m_wanted)
        begin(false); // a large map still waits for Make Map
}

void MapController::ensureStarted()
{
    if (m_wanted && (state() != State::Idle || m_waitingForInsights))
        return;
    m_wanted = true;
    begin(false);
}

void MapController::start()
{
    m_wanted = true;
    begin(true);
}

void MapController::begin(bool asked)
{
    stopWaiting();
    m_waitingForInsights = false;
    drop(State::Idle);
    if (!document()->headerValid() || !document()->isLoaded() || !document()->isSafeToRead())
        return; // loadFinished starts it
    const idx::Header header = document()->header();
    if (header.ndim() < 2) {
        setState(State::Unavailable, tr("The map places records of several values (images); this file holds "
                                        "one value per record."));
        return;
    }
    if (header.recordCount() < 3) {
        setState(State::Unavailable, tr("A map needs at least three records."));
        return;
    }
    m_otherPath = wantedOther();
    m_otherView = m_otherPath.isEmpty() ? idx::TensorView() : m_insights->otherView();
    m_otherLabels = m_otherPath.isEmpty() ? std::vector<qint64>() : m_insights->otherLabels();
    const quint64 total = header.recordCount() + (m_otherPath.isEmpty() ? 0 : m_otherView.recordCount());
    if (!asked && total > kMaxAutomaticRecords) {
        setState(State::Large, tr("%1 records to lay out: that takes a while. Make Map starts it.")
                                   .arg(QLocale().toString(total)));
        return;
    }
    // The insights search the same neighbours (the same PCA of the same content, more neighbours): the map
    // lays out their graph rather than searching again, and waits for a search under way.
    std::shared_ptr<const idx::AuditResult> audit;
    if (m_otherPath.isEmpty() && m_insights && m_insights->options().components == m_options.components &&
        m_insights->options().neighbours >= m_options.neighbours) {
        if (m_insights->state() == InsightsController::State::Computing) {
            m_waitingForInsights = true;
            m_waitedAsked = asked;
            setState(State::Idle, tr("Waiting for the insights' neighbour search, which the map shares…"));
            return;
        }
        // Of this content (an edit drops the findings; another byte order is other values) and these features
        // (as they were computed, whatever the insights' options are now).
        audit = m_insights->sharedResult();
        if (audit && (audit->first.rows != qint64(header.recordCount()) ||
                      m_insights->auditedOrder() != document()->dataOrder() ||
                      audit->thresholds.components != m_options.components ||
                      audit->thresholds.neighbours < m_options.neighbours))
            audit.reset();
    }
    m_sharesGraph = audit != nullptr;
    m_ownRecords = qint64(header.recordCount());
    noteByteOrder();
    auto mailbox = std::make_shared<Mailbox>();
    m_mailbox = mailbox;
    m_taken = 0;
    m_job.start([gathered = document()->gathered(), otherView = m_otherView, options = m_options, mailbox,
                 audit](JobContext& context) {
        Outcome o;
        try {
            std::vector<idx::TensorView> files{gathered->view()};
            if (otherView.header().ndim() >= 2)
                files.push_back(otherView);
            o.points = idx::computeMap(
                files, options, context.control(),
                [&mailbox](const idx::MapPoints& p, bool final) {
                    if (final)
                        return; // the outcome carries it
                    auto copy = std::make_shared<const idx::MapPoints>(p);
                    const std::lock_guard lock(mailbox->mutex);
                    mailbox->latest = std::move(copy);
                    ++mailbox->serial;
                },
                &o.problem, audit ? &audit->first : nullptr);
        } catch (const std::bad_alloc&) {
            o.points.reset();
            o.problem = {0, tr("not enough memory for the map of these records")};
        }
        return o;
    });
    m_poll.start();
    setState(State::Computing);
}

void MapController::poll()
{
    if (!m_mailbox)
        return;
    std::shared_ptr<const idx::MapPoints> latest;
    {
        const std::lock_guard lock(m_mailbox->mutex);
        if (m_mailbox->serial == m_taken)
            return;
        m_taken = m_mailbox->serial;
        latest = m_mailbox->latest;
    }
    m_points = std::move(latest);
    emit pointsChanged();
}

void MapController::onFinished()
{
    m_poll.stop();
    m_mailbox.reset();
    if (m_job.status() == JobBase::Status::Cancelled) {
        setState(State::Cancelled, tr("Stopped: Make Map lays it out again."));
        return;
    }
    const auto& outcome = m_job.result();
    if (m_job.status() == JobBase::Status::Failed || !outcome) {
        setState(State::Failed, m_job.errorString());
        return;
    }
    if (!outcome->points) {
        const QString file =
            outcome->problem.file == 1 ? QDir::toNativeSeparators(m_otherPath) : document()->displayName();
        drop(State::Failed, tr("%1: %2").arg(file, outcome->problem.reason));
        return;
    }
    m_points = std::make_shared<const idx::MapPoints>(*outcome->points);
    m_final = true;
    setState(State::Ready);
    emit pointsChanged();
    // Read in another byte order, or another split asked for, while it ran: lay it out again.
    if (document()->dataOrder() != notedByteOrder() || wantedOther() != m_otherPath)
        begin(false);
}

bool MapController::exportTo(const QString& path)
{
    if (!m_final || !m_points || m_export.isActive())
        return false;
    m_exportPath = path;
    m_export.start([path, points = m_points](JobContext&) {
        const idx::WriteResult w = idx::writeMapCoordinates(path, *points);
        return w ? QString() : w.error;
    });
    return true;
}

bool MapController::exportImage(const QString& path, QSize size, std::vector<quint16> groups,
                                QStringList legend)
{
    if (!m_final || !m_points || m_export.isActive())
        return false;
    m_exportPath = path;
    m_export.start([path, size, points = m_points, groups = std::move(groups), legend = std::move(legend),
                    title = document()->displayName()](JobContext&) {
        idx::MapScene scene;
        scene.points = points.get();
        scene.group = groups;
        scene.legend = legend;
        const QRectF world = idx::mapBounds(*points);
        if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive))
            return idx::writeMapSvg(path, scene, world, size, title);
        const QImage image = idx::renderMap(scene, world, size, 0xFFFFFFFF, size.width() >= 2048 ? 2 : 1);
        if (image.isNull())
            return tr("not enough memory for an image of %1 × %2 pixels")
                .arg(size.width())
                .arg(size.height());
        return idx::savePng(image, path);
    });
    return true;
}

void MapController::onExported()
{
    const auto& r = m_export.result();
    QString error = r ? *r : m_export.errorString();
    if (m_export.status() == JobBase::Status::Cancelled)
        error = tr("Cancelled.");
    emit exported(m_exportPath, error);
}

} // namespace idx::gui
