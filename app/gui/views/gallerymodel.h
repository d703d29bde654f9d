// The gallery's list model: one row per available record passing the label and record filters, text "index ·
// label", decoration a lazily rendered thumbnail (see ThumbnailCache). Rows grow as a compressed file
// decodes.
#pragma once

#include "document.h"
#include "recordset.h"
#include "thumbnailcache.h"

#include <QAbstractListModel>
#include <QMap>

#include <vector>

namespace idx::gui {

class Document;
class ViewState;

class GalleryModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        RecordRole = Qt::UserRole + 1, // quint64 record index
        LabelRole,                     // qint64 class, invalid without a label
        ThumbnailFreshRole,            // bool: the decoration is rendered with the current settings
    };

    GalleryModel(Document* doc, ViewState* state, QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] quint64 recordAt(int row) const;
    /// Row of `record`, -1 when filtered out or not available.
    [[nodiscard]] int rowOf(quint64 record) const;
    /// Row of the first shown record at or after `record` (the last row when none), -1 when empty.
    [[nodiscard]] int nearestRow(quint64 record) const;
    /// Adds the records of rows [top, bottom] to `out`: one run when unfiltered, nothing per row kept.
    void addRecordsOfRows(int top, int bottom, idx::RecordSet& out) const;
    /// The rows [first, second) that show records of [first, end): shown records are ascending, so they are
    /// one run of rows (empty when none is shown).
    [[nodiscard]] std::pair<int, int> rowsOf(quint64 first, quint64 end) const;
    /// Records per class over all labels (for the filter control).
    [[nodiscard]] const QMap<qint64, quint64>& classCounts() const { return m_classCounts; }
    [[nodiscard]] bool hasLabels() const;

    [[nodiscard]] ThumbnailCache* thumbnails() const { return m_cache; }

signals:
    /// The set of classes or their counts changed.
    void classesChanged();

private:
    void onViewChanged();
    void onLabelsChanged();
    void rebuild();
    void refreshSource(bool force);
    [[nodiscard]] bool passes(quint64 record) const;
    /// Records below which the filters can be decided: the labels' count under a label filter.
    [[nodiscard]] quint64 filterEnd(quint64 available) const;
    void onThumbnailReady(quint64 record);
    void onEdited(Document::Part part, const idx::Edit& edit, bool undone);

    Document* m_doc;
    ViewState* m_state;
    ThumbnailCache* m_cache;
    quint64 m_records = 0; // available records the rows account for
    bool m_filtered = false;
    std::vector<quint64> m_rows; // row → record when filtered (ascending); identity otherwise
    QMap<qint64, quint64> m_classCounts;
    // What the thumbnails were rendered from: a change of any of these makes them stale.
    const void* m_file = nullptr;
    idx::ByteOrder m_order = idx::ByteOrder::Big;
    std::vector<quint64> m_dims;
    ThumbnailSource m_source;
};

} // namespace idx::gui
