// Thumbnail rendering queue and cache (see thumbnailcache.h for the policy).
#include "thumbnailcache.h"

#include "pixelimage.h"

#include <algorithm>

namespace idx::gui {

namespace {

constexpr int BatchSize = 24;     // small batches: the newest request never waits long behind old ones
constexpr int MaxThumbSide = 256; // larger slices are shrunk in the worker; the gallery never shows more

QImage renderOne(const ThumbnailSource& s, quint64 record)
{
    if (record >= s.view.availableRecords())
        return {};
    std::optional<idx::PixelBuffer> buffer;
    idx::SliceSpec spec = s.spec;
    if (!spec.fixed.empty())
        spec.fixed[0] = record;
    if (s.view.header().ndim() <= 1) {
        // A record of a 1-D tensor is one value: its thumbnail is one pixel of it, not the whole vector.
        buffer = idx::renderSlice(idx::Slice{1, 1, {s.view.value(record)}}, s.options);
    } else if (s.rgbChannelAxis >= 0) {
        // Colour planes inside the record: that record alone. Across records: only an unedited tensor.
        if (s.spec.inOneRecord(s.view.header(), s.rgbChannelAxis)) {
            spec.fixed[0] = 0;
            buffer = idx::renderRgbSlice(s.view.recordView(record), spec, s.rgbChannelAxis, s.options);
        } else if (const auto whole = s.view.contiguous()) {
            buffer = idx::renderRgbSlice(*whole, spec, s.rgbChannelAxis, s.options);
        }
    } else if (s.fastPath) {
        buffer = idx::renderRecord(s.view.recordView(record), 0, s.options);
    } else if (auto slice = idx::extractSlice(s.view, spec)) {
        buffer = idx::renderSlice(*slice, s.options);
    }
    if (!buffer || buffer->isNull())
        return {};
    QImage image = idx::toQImage(std::move(*buffer));
    if (image.width() > MaxThumbSide || image.height() > MaxThumbSide)
        image = image.scaled(
            image.size().scaled(MaxThumbSide, MaxThumbSide, Qt::KeepAspectRatio).expandedTo({1, 1}),
            Qt::IgnoreAspectRatio, Qt::FastTransformation); // a 1×784 row stays a 256×1 strip
    return image;
}

} // namespace

ThumbnailCache::ThumbnailCache(QObject* parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    // ~64 MiB of pixmaps: about 20,000 28×28 thumbnails, far more than any screen shows.
    m_cache.setMaxCost(64 * 1024);
    m_job.setThreadPool(&m_pool);
    connect(&m_job, &JobBase::finished, this, &ThumbnailCache::batchDone);
}

ThumbnailCache::~ThumbnailCache() = default; // m_job cancels its run and waits for it

void ThumbnailCache::setSource(const ThumbnailSource& source)
{
    m_source = source;
    ++m_generation;
}

void ThumbnailCache::updateView(const idx::TensorPieces& view)
{
    m_source.view = view;
}

void ThumbnailCache::invalidate(quint64 record)
{
    m_editedAt.insert(record, ++m_editEpoch);
    if (Entry* e = m_cache.object(record))
        e->generation = 0;
}

QPixmap ThumbnailCache::thumbnail(quint64 record)
{
    const Entry* e = m_cache.object(record);
    if (!e || e->generation != m_generation)
        request(record);
    return e ? e->pixmap : QPixmap();
}

bool ThumbnailCache::isFresh(quint64 record) const
{
    const Entry* e = m_cache.object(record);
    return e && e->generation == m_generation;
}

void ThumbnailCache::request(quint64 record)
{
    if (m_queued.contains(record)) {
        // Asked again: it is on screen now, so move it to the front.
        auto it = std::find(m_queue.begin(), m_queue.end(), record);
        if (it != m_queue.end() && it != m_queue.begin()) {
            m_queue.erase(it);
            m_queue.push_front(record);
        }
    } else {
        m_queue.push_front(record);
        m_queued.insert(record);
        while (int(m_queue.size()) > m_maxQueue) {
            m_queued.remove(m_queue.back());
            m_queue.pop_back();
        }
    }
    schedule();
}

void ThumbnailCache::dropRequestsExcept(const QSet<quint64>& wanted)
{
    std::erase_if(m_queue, [&](quint64 r) {
        if (wanted.contains(r))
            return false;
        m_queued.remove(r);
        return true;
    });
}

void ThumbnailCache::schedule()
{
    if (m_busy || m_queue.empty())
        return;
    std::vector<quint64> records;
    while (!m_queue.empty() && int(records.size()) < BatchSize) {
        records.push_back(m_queue.front());
        m_queued.remove(m_queue.front());
        m_queue.pop_front();
    }
    m_busy = true;
    const ThumbnailSource source = m_source;
    const quint64 generation = m_generation;
    const quint64 editEpoch = m_editEpoch;
    m_job.start([this, source, generation, editEpoch, records](JobContext& context) {
        Batch batch;
        batch.generation = generation;
        batch.editEpoch = editEpoch;
        for (quint64 r : records) {
            if (context.isCancelled())
                break;
            QImage image = renderOne(source, r);
            if (image.isNull())
                continue; // not available yet: asked again when it arrives and is on screen
            ++m_renderCount;
            batch.images.emplace_back(r, std::move(image));
        }
        return batch;
    });
}

void ThumbnailCache::batchDone()
{
    m_busy = false;
    if (!m_job.result()) { // cancelled, or the renderer threw: what was asked for is asked again on screen
        schedule();
        return;
    }
    const Batch& batch = *m_job.result();
    for (const auto& [record, image] : batch.images) {
        // A batch started before a settings change is still better than nothing, but stays stale.
        const Entry* old = m_cache.object(record);
        if (old && old->generation > batch.generation)
            continue;
        // Rendered before an edit of this record: show it, but render again.
        const bool edited = m_editedAt.value(record) > batch.editEpoch;
        auto* e = new Entry{QPixmap::fromImage(image), edited ? 0 : batch.generation};
        const int cost = qMax(1, int(qint64(image.width()) * image.height() * 4 / 1024));
        m_cache.insert(record, e, cost);
        emit thumbnailReady(record);
    }
    schedule();
}

} // namespace idx::gui
