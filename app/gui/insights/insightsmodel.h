// InsightsModel: one tab of the insights panel as a list: each row a finding (a suspected label, a duplicate
// group or pair, an outlier, a leak across the splits, a record of the class-overlap cell chosen) with the
// records to show side by side — the record first, then its nearest neighbours or its duplicates — their
// captions, and a sentence. Thumbnails are rendered on demand, small and cached (records of at most
// kMaxThumbnailValues values; larger ones show text only).
#pragma once

#include "audit.h"

#include <QAbstractListModel>
#include <QCache>
#include <QImage>

#include <optional>

namespace idx::gui {

class InsightsController;

class InsightsModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum class Kind { Suspects, Duplicates, Outliers, Leakage, Overlap };
    /// A cell of the class confusion: records labelled `label` whose neighbours favour `favoured`.
    struct Cell {
        qint64 label = 0, favoured = 0;
        friend bool operator==(const Cell&, const Cell&) = default;
    };
    enum Role {
        ThumbnailsRole = Qt::UserRole + 1, // QVariantList of QImage: the row's records (null where too large)
        CaptionsRole,                      // QStringList: the record's index, then the others' labels
        ReviewedRole,                      // bool: the row's record is marked reviewed
    };
    /// Records with more values than this are not drawn in the list (rendered on the GUI thread, so small).
    static constexpr quint64 kMaxThumbnailValues = 16384;
    static constexpr int kNeighboursShown = 5;

    struct Item {
        QList<idx::RecordRef> records; // the finding's record first
        QString text;
        int suspect = -1; // index into the result's labelSuspects
    };

    InsightsModel(InsightsController* insights, Kind kind, QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] const Item& item(int row) const { return m_items[size_t(row)]; }
    [[nodiscard]] Kind kind() const { return m_kind; }
    /// The records of the first file (the document's) this list names, for the gallery's filter.
    [[nodiscard]] std::vector<quint64> documentRecords() const;

    /// Kind::Overlap: the cell whose records the list holds (none: an empty list); it stays chosen, by its
    /// classes, when the findings change (a label edit), the records following.
    void setCell(const std::optional<Cell>& cell);
    [[nodiscard]] const std::optional<Cell>& cell() const { return m_cell; }

private:
    void rebuild();
    void addOverlap(const idx::AuditResult& a);
    [[nodiscard]] QString caption(const idx::RecordRef& r) const;
    [[nodiscard]] QString labelText(int file, qint64 label) const;
    [[nodiscard]] QString refText(const idx::RecordRef& r) const;
    [[nodiscard]] QImage thumbnail(const idx::RecordRef& r) const;
    [[nodiscard]] QList<idx::RecordRef> withNeighbours(const idx::RecordRef& r) const;

    InsightsController* m_insights;
    Kind m_kind;
    std::optional<Cell> m_cell;
    std::vector<Item> m_items;
    mutable QCache<QString, QImage> m_thumbs{600};
};

} // namespace idx::gui
