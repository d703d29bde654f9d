// A virtual table over numeric data: 1-D tensors as one column, 2-D as records × columns (labels, QMNIST's
// [N, 8] int32 tables, feature vectors), and for 3-D and more the current 2-D slice. Cells are decoded on
// demand from the tensor view, so millions of rows cost nothing until they are scrolled to. The columns of a
// recognised label table are headed by their names (QMNIST's "NIST writer ID"), their numbers in the tooltip.
#pragma once

#include "tensorpieces.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace idx::gui {

class Document;
class ViewState;

class TableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Mode { Vector, Matrix, Slice };
    enum Role { ValueRole = Qt::UserRole + 1 }; // the value as a double

    TableModel(Document* doc, ViewState* state, QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role = Qt::DisplayRole) const override;
    [[nodiscard]] Qt::ItemFlags flags(const QModelIndex& index) const override;
    /// Edits the element (an undoable command on the document); a value out of the dtype's range or not a
    /// number is refused with editFailed().
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    [[nodiscard]] Mode mode() const { return m_mode; }
    /// True when the columns are named (a known label table's): the horizontal header shows the names.
    [[nodiscard]] bool hasColumnNames() const { return !m_columnNames.isEmpty(); }
    /// True when rows are records (1-D and 2-D data), so a row selection is a record selection.
    [[nodiscard]] bool rowsAreRecords() const { return m_mode != Mode::Slice; }
    /// The value shown at (row, column), nullopt when not available (yet).
    [[nodiscard]] std::optional<double> value(int row, int column) const;
    /// The value as the table shows it: integers exactly, floats with their type's precision, nan/inf/-inf.
    [[nodiscard]] static QString format(double v, idx::DType type);

signals:
    /// An edit was refused: the reason, for the status bar.
    void editFailed(const QString& message);

private:
    /// (record, element) of a cell.
    [[nodiscard]] std::optional<std::pair<quint64, quint64>> elementAt(int row, int column) const;
    void onViewChanged();
    void onSliceChanged();
    void reset();
    void updateColumnNames(); // from the document's dataset, once it is recognised
    [[nodiscard]] quint64 availableRows() const;

    Document* m_doc;
    ViewState* m_state;
    idx::TensorPieces m_view;     // read in place: an edited tensor is never copied for the table
    const void* m_file = nullptr; // a reload replaces the file object: every cell may differ
    idx::SliceSpec m_spec;        // Slice mode: the effective slice
    Mode m_mode = Mode::Vector;
    int m_rows = 0;
    int m_cols = 0;
    QStringList m_columnNames; // Matrix mode: one per column when the document is a known label table
};

} // namespace idx::gui
