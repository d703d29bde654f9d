// The header's registration: its dock and its panel, whose Attach Labels… is the window's action.
#include "headerfeature.h"

#include "headerpanel.h"
#include "settings.h"
#include "tabpanels.h"

namespace idx::gui {

PanelSpec headerFeature()
{
    PanelSpec s;
    s.id = QStringLiteral("header");
    s.dockName = QStringLiteral("headerDock");
    s.title = [] { return HeaderPanel::tr("Header"); };
    s.area = Qt::RightDockWidgetArea;
    s.size = {Settings::kSideDockWidth, Settings::kHeaderDockHeight};
    s.withoutContent = true;
    s.setPanel<HeaderPanel>([](TabPanels& tab) {
        auto* panel = new HeaderPanel(tab.document());
        QObject::connect(panel, &HeaderPanel::attachLabelsRequested, &tab,
                         [&tab] { emit tab.actionRequested(QStringLiteral("file.attachLabels")); });
        return panel;
    });
    return s;
}

} // namespace idx::gui
