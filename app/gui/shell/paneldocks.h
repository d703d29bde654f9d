// PanelDocks: one dock of a main window per registered panel (PanelRegistry), laid out as the panels ask (the
// right column, tabs behind others at the bottom, first sizes), each showing the current tab's panel — made
// when its dock first shows it, so hidden docks cost nothing before the first paint — and the docks' items in
// the View menu with the panels' own actions. It names no feature.
#pragma once

#include <QList>
#include <QObject>

#include <memory>
#include <vector>

class QAction;
class QDockWidget;
class QMainWindow;
class QStackedWidget;

namespace idx::gui {

class ActionRegistry;
class DocumentManager;
class DocumentView;
struct PanelSpec;

class PanelDocks : public QObject {
    Q_OBJECT
public:
    /// Makes the docks of the registered panels in `window`, following `documents`' current tab.
    PanelDocks(QMainWindow* window, DocumentManager* documents);

    /// Registers each dock's toggle and each panel's action in `menu` (at the end of `section`); the actions
    /// that need a document are added to `documentActions`.
    void addMenuItems(ActionRegistry* actions, const QString& menu, const QString& section,
                      QList<QAction*>* documentActions);
    /// Shows `view`'s panels (none: the placeholders) and brings forward the docks its document asks for.
    void showPanels(DocumentView* view);
    /// Follows a new tab: its panels made later go into their docks.
    void follow(DocumentView* view);

private:
    struct Dock {
        const PanelSpec* spec;
        QDockWidget* dock;
        QStackedWidget* stack; // the panels of every tab, and a placeholder
        std::shared_ptr<bool>
            shown; // its tab in front of a shown window (a dock behind another is "visible")
    };
    void layOut();
    /// Shows `view`'s panel in `dock`: made now if the dock is visible, else only if it was made already.
    void showPanel(const Dock& dock, DocumentView* view);

    QMainWindow* m_window;
    DocumentManager* m_documents;
    std::vector<Dock> m_docks; // in the registry's order
};

} // namespace idx::gui
