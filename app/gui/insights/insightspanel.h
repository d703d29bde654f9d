// InsightsPanel: the insights of the current document in a dock: a tab each for suspected labels, duplicates,
// outliers, (with the other split attached) leakage and class overlap (OverlapView: a class × class table
// and the chosen cell's records); each row the record beside its nearest neighbours or its duplicates with
// their labels. Keys: A accepts the suggested label (an undoable edit; on the Overlap tab, of a record also
// suspected), R marks the record reviewed (remembered), F keeps the gallery to the tab's records (the chosen
// cell's on the Overlap tab; again: all records), Enter shows the record.
#pragma once

#include <QWidget>

class QAction;
class QLabel;
class QListView;
class QPushButton;
class QTabWidget;

namespace idx::gui {

class InsightsController;
class InsightsModel;
class JobProgress;
class OverlapView;
class ViewState;

class InsightsPanel : public QWidget {
    Q_OBJECT
public:
    InsightsPanel(InsightsController* insights, ViewState* state, QWidget* parent = nullptr);

    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    /// The tabs, in order; the Overlap tab's list and model are those of the chosen cell's records.
    enum Tab { SuspectsTab, DuplicatesTab, OutliersTab, LeakageTab, OverlapTab, TabCount };
    /// The list and model of a tab (0 suspects, 1 duplicates, 2 outliers, 3 leakage, 4 overlap).
    [[nodiscard]] QListView* list(int tab) const { return m_lists[tab]; }
    [[nodiscard]] InsightsModel* model(int tab) const { return m_models[tab]; }
    [[nodiscard]] OverlapView* overlap() const { return m_overlap; }
    [[nodiscard]] QString statusText() const;

    /// The actions on the current row of the current tab (also on their keys).
    void acceptSuggestion();
    void toggleReviewed();
    void toggleGalleryFilter();
    void showCurrent();

signals:
    /// A message for the status bar (an edit refused, a record of the other file).
    void message(const QString& text);

private:
    void updateStatus();
    void updateTabs();
    void updateHint();
    void chooseOtherSplit();
    void onFindingsChanged();
    [[nodiscard]] bool isOurFilter() const;
    [[nodiscard]] int currentRow() const;

    InsightsController* m_insights;
    ViewState* m_state;
    QLabel* m_status;
    JobProgress* m_progress;
    QPushButton* m_again;
    QPushButton* m_other;
    QTabWidget* m_tabs;
    QLabel* m_hint;
    OverlapView* m_overlap = nullptr;
    QListView* m_lists[TabCount]{};
    InsightsModel* m_models[TabCount]{};
    int m_keptRow[TabCount]{-1, -1, -1, -1,
                            -1}; // the current row across a model reset (an accepted suggestion)
};

} // namespace idx::gui
