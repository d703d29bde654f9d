// The map's registration: its dock, its menu action, its controller (beside the insights) and its panel.
#include "mapfeature.h"

#include "insightscontroller.h"
#include "mapcontroller.h"
#include "mappanel.h"
#include "tabpanels.h"

namespace idx::gui {

PanelSpec mapFeature()
{
    PanelSpec s;
    s.id = QStringLiteral("map");
    s.dockName = QStringLiteral("mapDock");
    s.title = [] { return MapPanel::tr("Map"); };
    s.area = Qt::BottomDockWidgetArea;
    s.behind = QStringLiteral("insights"); // laid out once its tab is chosen
    s.growsTo = 45;                        // a map wants room
    s.action = PanelAction{QStringLiteral("view.showMap"),
                           [] { return MapPanel::tr("Dataset &Map"); },
                           QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M),
                           false,
                           {}};
    s.setController<MapController>([](TabPanels& tab) {
        return new MapController(tab.document(), tab.controller<InsightsController>());
    });
    s.setPanel<MapPanel>([](TabPanels& tab) {
        auto* panel = new MapPanel(tab.controller<MapController>(), tab.viewState());
        QObject::connect(panel, &MapPanel::message, &tab, &TabPanels::message);
        return panel;
    });
    return s;
}

} // namespace idx::gui
