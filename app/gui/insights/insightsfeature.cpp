// The insights' registration: their dock, their controller (with the other split) and their panel.
#include "insightsfeature.h"

#include "companion.h"
#include "document.h"
#include "insightscontroller.h"
#include "insightspanel.h"
#include "settings.h"
#include "tabpanels.h"

namespace idx::gui {

PanelSpec insightsFeature()
{
    PanelSpec s;
    s.id = QStringLiteral("insights");
    s.dockName = QStringLiteral("insightsDock");
    s.title = [] { return InsightsPanel::tr("Insights"); };
    s.area = Qt::BottomDockWidgetArea;
    // Room for two findings at least (a dock at the bottom otherwise starts one row high).
    s.minimumHeight = Settings::kInsightsDockHeight;
    s.setController<InsightsController>([](TabPanels& tab) {
        Document* doc = tab.document();
        auto* insights = new InsightsController(doc);
        if (const auto other = idx::findOtherSplit(doc->path()); other && doc->header().ndim() >= 2)
            insights->setOtherSplit(*other);
        return insights;
    });
    s.setPanel<InsightsPanel>([](TabPanels& tab) {
        auto* panel = new InsightsPanel(tab.controller<InsightsController>(), tab.viewState());
        QObject::connect(panel, &InsightsPanel::message, &tab, &TabPanels::message);
        return panel;
    });
    return s;
}

} // namespace idx::gui
