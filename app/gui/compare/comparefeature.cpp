// The comparison's registration: its dock, its menu action, its controller and its panel.
#include "comparefeature.h"

#include "comparecontroller.h"
#include "comparepanel.h"
#include "tabpanels.h"

namespace idx::gui {

PanelSpec compareFeature()
{
    PanelSpec s;
    s.id = QStringLiteral("compare");
    s.dockName = QStringLiteral("compareDock");
    s.title = [] { return ComparePanel::tr("Compare"); };
    s.area = Qt::BottomDockWidgetArea;
    s.behind = QStringLiteral("map");
    s.growsTo = 45; // a comparison wants room
    s.action =
        PanelAction{QStringLiteral("view.compareWith"), [] { return ComparePanel::tr("&Compare With…"); },
                    QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), true,
                    [](QWidget* panel) { static_cast<ComparePanel*>(panel)->chooseFile(); }};
    s.setController<CompareController>([](TabPanels& tab) { return new CompareController(tab.document()); });
    s.setPanel<ComparePanel>([](TabPanels& tab) {
        return new ComparePanel(tab.controller<CompareController>(), tab.viewState());
    });
    return s;
}

} // namespace idx::gui
