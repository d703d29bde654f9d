// OverlapModel: the class overlap of the insights as a class × class table (core's ClassConfusion): a row for
// each class records are labelled, a column for each class their neighbours may favour, each cell the number
// of records of its row's class whose neighbours' votes favour its column's class over their own. The
// diagonal counts nothing. It follows the controller: a label edit finds the confusion again. Widget-free:
// the panel draws the cells (a shade for the count, HeatRole) with its own palette.
#pragma once

#include "audit.h"

#include <QAbstractTableModel>

#include <vector>

namespace idx::gui {

class InsightsController;

class OverlapModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        CountRole = Qt::UserRole + 1, // qint64: the cell's records (0 on the diagonal and in empty cells)
        HeatRole,                     // double in [0, 1]: the count over the largest cell's
        DiagonalRole,                 // bool: a class against itself
    };
    /// Why the table is empty, or Ready.
    enum class Status { NoFindings, NoLabels, TooManyClasses, Ready };
    /// Classes beyond this are not laid out as a table (its cells grow with the square of them).
    static constexpr int kMaxClasses = 1000;

    explicit OverlapModel(InsightsController* insights, QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role = Qt::DisplayRole) const override;

    [[nodiscard]] Status status() const { return m_status; }
    /// The classes of the rows and of the columns (the same), ascending.
    [[nodiscard]] const std::vector<qint64>& classes() const { return m_classes; }
    /// The row (and column) of a class; -1 when it is not in the table.
    [[nodiscard]] int indexOf(qint64 label) const;
    /// The records of a cell, ascending (empty on the diagonal and in empty cells).
    [[nodiscard]] std::vector<qint64> records(int row, int column) const;
    /// The class pairs, both directions summed, by count descending (core's classOverlap).
    [[nodiscard]] const std::vector<idx::ClassOverlap>& pairs() const { return m_pairs; }
    /// The records in all cells.
    [[nodiscard]] qint64 total() const { return m_total; }
    /// "Most overlap: T-shirt/top ~ Shirt: 295 records (14.8%) · …" (the share of the two classes' records):
    /// the largest pairs (at most `count`), or why there are none.
    [[nodiscard]] QString summary(int count = 3) const;

private:
    void rebuild();
    [[nodiscard]] const idx::ClassConfusion* cell(int row, int column) const;
    [[nodiscard]] QString cellText(int row, int column) const;

    InsightsController* m_insights;
    Status m_status = Status::NoFindings;
    std::vector<qint64> m_classes;
    std::vector<idx::ClassConfusion> m_confusion; // a copy: the controller replaces its own on a label edit
    std::vector<int> m_cells;                     // rows × columns: an index into m_confusion, or -1
    std::vector<idx::ClassOverlap> m_pairs;
    qint64 m_largest = 0;
    qint64 m_total = 0;
};

} // namespace idx::gui
