// The table tab: TableModel in a QTableView with fixed row heights (millions of rows scroll smoothly), a
// shape line, and for flat records of 784 or 3072 values the choice to view them as images
// (ViewState::reshape).
#pragma once

#include <QWidget>

class QTableView;
class QComboBox;
class QLabel;

namespace idx::gui {

class Document;
class ViewState;
class TableModel;

class TableView : public QWidget {
    Q_OBJECT
public:
    TableView(Document* doc, ViewState* state, QWidget* parent = nullptr);

    [[nodiscard]] TableModel* model() const { return m_model; }
    [[nodiscard]] QTableView* tableView() const { return m_table; }
    /// The "view records as" choice; hidden unless the records are flat 784 or 3072 values.
    [[nodiscard]] QComboBox* reshapeCombo() const { return m_reshape; }

private:
    void updateInfo();
    void updateColumnWidth();
    void rebuildReshapeChoices();
    void onCurrentChanged(const QModelIndex& current);
    void onSelectionChanged();
    void followCurrentRecord(quint64 record);
    void followSelection();

    Document* m_doc;
    ViewState* m_state;
    TableModel* m_model;
    QTableView* m_table;
    QLabel* m_info;
    QLabel* m_reshapeLabel;
    QComboBox* m_reshape;
    bool m_applyingSelection = false; // while mirroring ViewState's selection, don't push it back
};

} // namespace idx::gui
