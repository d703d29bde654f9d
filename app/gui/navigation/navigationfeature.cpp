// Navigation's registration: its dock and its panel. (Its controller, the record stepping of the Go menu, is
// the tab's own: DocumentView::navigation(), there whatever panels are registered.)
#include "navigationfeature.h"

#include "document.h"
#include "navigationpanel.h"
#include "tabpanels.h"

namespace idx::gui {

PanelSpec navigationFeature()
{
    PanelSpec s;
    s.id = QStringLiteral("navigation");
    s.dockName = QStringLiteral("navigationDock");
    s.title = [] { return NavigationPanel::tr("Navigation"); };
    s.area = Qt::RightDockWidgetArea;
    s.behind = QStringLiteral("header");
    s.scrolls = true; // a tensor with hundreds of axes must scroll, not stretch the window
    // Beyond images (N × H × W) the axes are what needs choosing first.
    s.raiseFor = [](const Document& doc) { return doc.headerValid() && doc.file()->header().ndim() >= 4; };
    s.setPanel<NavigationPanel>(
        [](TabPanels& tab) { return new NavigationPanel(tab.document(), tab.viewState()); });
    return s;
}

} // namespace idx::gui
