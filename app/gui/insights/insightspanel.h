// InsightsPanel: the insights of the current document in a dock: a tab each for suspected labels, duplicates,
// outliers and (with the other split attached) leakage; each row the record beside its nearest neighbours or
// its duplicates with their labels. Keys: A accepts the suggested label (an undoable edit), R marks the
// record reviewed (remembered), F keeps the gallery to the tab's records (again: all records), Enter shows
// the record.
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
class ViewState;

class InsightsPanel : public QWidget {
    Q_OBJECT
public:
    InsightsPanel(InsightsController* insights, ViewState* state, QWidget* parent = nullptr);

    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    /// The list and model of a tab (0 suspects, 1 duplicates, 2 outliers, 3 leakage).
    [[nodiscard]] QListView* list(int tab) const { return m_lists[tab]; }
    [[nodiscard]] InsightsModel* model(int tab) const { return m_models[tab]; }
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
    QListView* m_lists[4]{};
    InsightsModel* m_models[4]{};
    int m_keptRow[4]{-1, -1, -1, -1}; // the current row across a model reset (an accepted suggestion)
};

} // namespace idx::gui
