// OverlapView: the Overlap tab of the insights panel: the largest overlapping class pairs in a sentence, the
// class × class table (OverlapModel, each cell shaded by its count) and, below it (beside it when the dock is
// wide), the records of the cell chosen, each beside its nearest neighbours (an InsightsModel of
// Kind::Overlap in the panel's list). Choosing a cell — a click, the arrow keys — fills the list; Enter (or a
// double click) goes into the list. Without labels, or findings, a sentence says why the table is empty.
#pragma once

#include <QWidget>

class QLabel;
class QListView;
class QModelIndex;
class QSplitter;
class QTableView;

namespace idx::gui {

class InsightsController;
class InsightsModel;
class OverlapModel;

class OverlapView : public QWidget {
    Q_OBJECT
public:
    /// `records` (of Kind::Overlap) is shown in `list`, which the view takes into its layout.
    OverlapView(InsightsController* insights, InsightsModel* records, QListView* list,
                QWidget* parent = nullptr);

    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] OverlapModel* model() const { return m_model; }
    [[nodiscard]] QListView* list() const { return m_list; }
    [[nodiscard]] QString summaryText() const;
    /// The chosen cell in words ("Shirt whose neighbours favour T-shirt/top"), for the gallery's notice;
    /// empty without one.
    [[nodiscard]] QString cellName() const;

protected:
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void choose(const QModelIndex& index);
    void onReset();
    void enterList();
    void fitTable();

    InsightsController* m_insights;
    InsightsModel* m_records;
    OverlapModel* m_model;
    QLabel* m_summary;
    QLabel* m_axes;
    QSplitter* m_splitter;
    QWidget* m_tablePane; // the table at its top: below its rows, the dock's background
    QTableView* m_table;
    QListView* m_list;
    bool m_restoring = false; // choosing the kept cell again after a reset: the list keeps its place
    bool m_userSized = false; // the splitter was dragged: its sizes are the person's
};

} // namespace idx::gui
