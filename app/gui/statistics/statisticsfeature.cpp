// The statistics' registration: their dock, their controller and when it is ready, and their panel.
#include "statisticsfeature.h"

#include "settings.h"
#include "statscontroller.h"
#include "statspanel.h"
#include "tabpanels.h"

namespace idx::gui {

PanelSpec statisticsFeature()
{
    PanelSpec s;
    s.id = QStringLiteral("statistics");
    s.dockName = QStringLiteral("statsDock");
    s.title = [] { return StatsPanel::tr("Statistics"); };
    s.area = Qt::RightDockWidgetArea;
    s.size = {0, Settings::kStatsDockHeight};
    s.setController<StatsController>(
        [](TabPanels& tab) { return new StatsController(tab.document(), tab.viewState()); });
    s.setReadiness(&StatsController::isReady, &StatsController::statsReady);
    s.setPanel<StatsPanel>(
        [](TabPanels& tab) { return new StatsPanel(tab.controller<StatsController>(), tab.viewState()); });
    return s;
}

} // namespace idx::gui
