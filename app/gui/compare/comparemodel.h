// CompareModel: the list of differences of a comparison (CompareController::rows) as a table: what happened,
// the record in this file and in the other, and how much it differs, or for labels files both labels.
#pragma once

#include <QAbstractTableModel>

namespace idx::gui {

class CompareController;

class CompareModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { What, Record, OtherRecord, Amount, Largest, ColumnCount };

    explicit CompareModel(CompareController* compare, QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role = Qt::DisplayRole) const override;

private:
    /// One value per record on both sides (labels files): the columns show the two values.
    [[nodiscard]] bool showsValues() const;

    CompareController* m_compare;
};

} // namespace idx::gui
