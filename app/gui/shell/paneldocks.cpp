// PanelDocks: the docks made and laid out from the panels' specs, and which panel each shows.
#include "paneldocks.h"

#include "actionregistry.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "panelregistry.h"
#include "tabpanels.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QScrollArea>
#include <QStackedWidget>

namespace idx::gui {

PanelDocks::PanelDocks(QMainWindow* window, DocumentManager* documents)
    : QObject(window), m_window(window), m_documents(documents)
{
    for (const PanelSpec& spec : PanelRegistry::instance().panels()) {
        auto* dock = new QDockWidget(spec.title(), window);
        dock->setObjectName(spec.dockName);
        auto* stack = new QStackedWidget(dock);
        auto* empty = new QLabel(tr("No file open"), stack);
        empty->setAlignment(Qt::AlignCenter);
        empty->setEnabled(false);
        stack->addWidget(empty);
        if (spec.scrolls) {
            auto* scroll = new QScrollArea(dock);
            scroll->setWidgetResizable(true);
            scroll->setFrameShape(QFrame::NoFrame);
            scroll->setWidget(stack);
            dock->setWidget(scroll);
        } else {
            dock->setWidget(stack);
        }
        window->addDockWidget(spec.area, dock);
        if (spec.minimumHeight > 0)
            stack->setMinimumHeight(spec.minimumHeight);
        m_docks.push_back({&spec, dock, stack, std::make_shared<bool>(false)});
    }
    layOut();
    for (const Dock& d : m_docks)
        // A panel is made when its dock first shows it. A dock behind another in a tab group is not hidden
        // (it is moved out of sight), but it is told: this signal, not isVisible(), says whether it is shown.
        connect(d.dock, &QDockWidget::visibilityChanged, this, [this, d](bool visible) {
            *d.shown = visible;
            if (visible)
                showPanel(d, m_documents->currentView());
        });
}

void PanelDocks::layOut()
{
    const auto dockOf = [this](const QString& id) -> QDockWidget* {
        for (const Dock& d : m_docks)
            if (d.spec->id == id)
                return d.dock;
        return nullptr;
    };
    // Panels behind others share their docks as tabs; the first of each group is in front.
    for (const Dock& d : m_docks)
        if (QDockWidget* front = dockOf(d.spec->behind))
            m_window->tabifyDockWidget(front, d.dock);
    QList<QDockWidget*> wide, tall;
    QList<int> widths, heights;
    for (const Dock& d : m_docks) {
        if (d.spec->behind.isEmpty() && !m_window->tabifiedDockWidgets(d.dock).isEmpty())
            d.dock->raise();
        if (d.spec->size.width() > 0) {
            wide << d.dock;
            widths << d.spec->size.width();
        }
        if (d.spec->size.height() > 0) {
            tall << d.dock;
            heights << d.spec->size.height();
        }
        if (d.spec->growsTo > 0)
            // When its tab comes up, the bottom grows to the share of the window the panel wants.
            connect(d.dock, &QDockWidget::visibilityChanged, this,
                    [this, dock = d.dock, share = d.spec->growsTo](bool visible) {
                        const int wanted = m_window->height() * share / 100;
                        if (visible && !dock->isFloating() && dock->height() < wanted)
                            m_window->resizeDocks({dock}, {wanted}, Qt::Vertical);
                    });
    }
    m_window->resizeDocks(wide, widths, Qt::Horizontal);
    m_window->resizeDocks(tall, heights, Qt::Vertical);
}

void PanelDocks::addMenuItems(ActionRegistry* actions, const QString& menu, const QString& section,
                              QList<QAction*>* documentActions)
{
    for (const Dock& d : m_docks)
        actions->add(menu, QStringLiteral("view.dock.") + d.dock->objectName(), d.dock->toggleViewAction(),
                     section);
    for (const Dock& d : m_docks) {
        const std::optional<PanelAction>& spec = d.spec->action;
        if (!spec)
            continue;
        auto* a = new QAction(spec->text(), this);
        a->setShortcut(spec->shortcut);
        connect(a, &QAction::triggered, this, [this, d] {
            const PanelAction& action = *d.spec->action;
            DocumentView* v = m_documents->currentView();
            if (action.needsDocument && (!v || !v->panels()->isAvailable(d.spec->id)))
                return;
            d.dock->show();
            d.dock->raise();
            if (QWidget* panel = action.trigger && v ? v->panels()->panel(d.spec->id) : nullptr)
                action.trigger(panel);
        });
        actions->add(menu, spec->id, a, section);
        if (spec->needsDocument)
            *documentActions << a;
    }
}

void PanelDocks::follow(DocumentView* view)
{
    // A panel made on demand (a lookup) goes into its dock at once.
    connect(view->panels(), &TabPanels::panelMade, this, [this, view](const QString& id) {
        if (view == m_documents->currentView())
            for (const Dock& d : m_docks)
                if (d.spec->id == id)
                    showPanel(d, view);
    });
}

void PanelDocks::showPanels(DocumentView* view)
{
    for (const Dock& d : m_docks)
        showPanel(d, view);
    if (view)
        for (const Dock& d : m_docks)
            if (d.spec->raiseFor && view->panels()->isAvailable(d.spec->id) &&
                d.spec->raiseFor(*view->document()))
                d.dock->raise();
}

void PanelDocks::showPanel(const Dock& d, DocumentView* view)
{
    TabPanels* panels = view ? view->panels() : nullptr;
    QWidget* panel = !panels ? nullptr : *d.shown ? panels->panel(d.spec->id) : panels->madePanel(d.spec->id);
    if (panel && d.stack->indexOf(panel) < 0)
        d.stack->addWidget(panel);
    if (auto* placeholder = qobject_cast<QLabel*>(d.stack->widget(0)))
        placeholder->setText(view ? tr("Not available for this file") : tr("No file open"));
    d.stack->setCurrentWidget(panel ? panel : d.stack->widget(0));
}

} // namespace idx::gui
