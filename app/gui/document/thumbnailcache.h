// Lazy gallery thumbnails: requests are served most-recent-first by one background worker that renders
// QImages from the core (never QPixmaps off the GUI thread); finished images become QPixmaps in a bounded
// cache. Stale entries (older render settings) stay visible until their replacement arrives, so window drags
// don't flash.
#pragma once

#include "job.h"
#include "render.h"
#include "tensorpieces.h"

#include <QCache>
#include <QImage>
#include <QObject>
#include <QPixmap>
#include <QSet>
#include <QThreadPool>

#include <atomic>
#include <deque>

namespace idx::gui {

/// How to turn a record into pixels. Captured by value into each job.
struct ThumbnailSource {
    idx::TensorPieces view;  // read where the records are: an edited record from the overlay, never a copy
    idx::SliceSpec spec;     // fixed[0] is replaced by the record
    bool fastPath = true;    // default axes, no flips: idx::renderRecord straight from the bytes
    int rgbChannelAxis = -1; // >= 0: render RGB with this channel axis
    idx::RenderOptions options;
};

class ThumbnailCache : public QObject {
    Q_OBJECT
public:
    explicit ThumbnailCache(QObject* parent = nullptr);
    ~ThumbnailCache() override; // cancels and waits for the worker

    /// New render settings: every cached thumbnail becomes stale (still shown, re-rendered on request).
    void setSource(const ThumbnailSource& source);
    /// More records arrived (progressive load): same settings, nothing becomes stale.
    void updateView(const idx::TensorPieces& view);

    /// An edit changed `record`: its thumbnail is stale (still shown until the new one arrives).
    void invalidate(quint64 record);
    /// An edit changed records everywhere (moves, deletes): every thumbnail is stale.
    void invalidateAll() { ++m_generation; }

    /// The cached thumbnail (possibly stale) or a null pixmap. Requests a render when missing or stale.
    [[nodiscard]] QPixmap thumbnail(quint64 record);
    /// True when record's cached thumbnail was rendered with the current settings.
    [[nodiscard]] bool isFresh(quint64 record) const;
    /// Queues a render, most recent first; the oldest requests fall off a bounded queue.
    void request(quint64 record);
    /// Forgets queued requests for records the view no longer shows (scrolled away).
    void dropRequestsExcept(const QSet<quint64>& wanted);

    [[nodiscard]] int pendingCount() const { return int(m_queue.size()); }
    /// Records rendered by the worker since construction (tests check that far rows don't render everything).
    [[nodiscard]] quint64 renderCount() const { return m_renderCount.load(); }
    void setMaxQueue(int n) { m_maxQueue = qMax(1, n); }

signals:
    void thumbnailReady(quint64 record);

private:
    struct Entry {
        QPixmap pixmap;
        quint64 generation = 0;
    };
    struct Batch {
        quint64 generation = 0;
        quint64 editEpoch = 0;
        std::vector<std::pair<quint64, QImage>> images;
    };
    void schedule();
    void batchDone();

    QThreadPool m_pool; // private: heavy statistics on the global pool must not starve the gallery
    ThumbnailSource m_source;
    quint64 m_generation = 1;
    QCache<quint64, Entry> m_cache;
    std::deque<quint64> m_queue; // front = most recent request
    QSet<quint64> m_queued;
    int m_maxQueue = 1024;
    bool m_busy = false;
    std::atomic<quint64> m_renderCount{0};
    quint64 m_editEpoch = 0;
    QHash<quint64, quint64> m_editedAt; // record → edit epoch of its last invalidate()
    Job<Batch> m_job; // last: destroyed first, it cancels and waits for its worker, which counts renders
};

} // namespace idx::gui
