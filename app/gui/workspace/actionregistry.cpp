// ActionRegistry: ids to actions and menus, and each menu's order computed from where its items were placed,
// so the result is the same whichever controller placed its items first.
#include "actionregistry.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>

namespace idx::gui {

ActionRegistry::ActionRegistry(QObject* parent) : QObject(parent) {}

ActionRegistry::~ActionRegistry()
{
    for (const QPointer<QMenu>& menu : std::as_const(m_ownMenus))
        delete menu.data();
}

bool ActionRegistry::registerItem(const QString& id, QAction* action)
{
    if (id.isEmpty() || !action || m_items.contains(id)) {
        qWarning("ActionRegistry: the id \"%s\" is empty or taken", qPrintable(id));
        return false;
    }
    m_items.insert(id, action);
    return true;
}

bool ActionRegistry::addAction(const QString& id, QAction* action)
{
    return registerItem(id, action);
}

QMenu* ActionRegistry::addMenu(const QString& id, const QString& title)
{
    auto* menu = new QMenu(title);
    if (!registerItem(id, menu->menuAction())) {
        delete menu;
        return nullptr;
    }
    m_menus.insert(id, menu);
    m_ownMenus << menu;
    layout(id); // items placed in it before it existed
    return menu;
}

bool ActionRegistry::addSection(const QString& menuId, const QString& id)
{
    auto* separator = new QAction(this);
    separator->setSeparator(true);
    if (!registerItem(id, separator)) {
        delete separator;
        return false;
    }
    m_sections[menuId] << id;
    layout(menuId);
    return true;
}

bool ActionRegistry::placeItem(const Placement& placement)
{
    if (!m_items.contains(placement.id))
        return false;
    for (const Placement& p : std::as_const(m_placements))
        if (p.id == placement.id)
            return false;
    m_placements.append(placement);
    layout(placement.container);
    return true;
}

bool ActionRegistry::place(const QString& menuId, const QString& id, const QString& section)
{
    return placeItem({menuId, id, section, {}});
}

bool ActionRegistry::placeBefore(const QString& menuId, const QString& id, const QString& before)
{
    return !before.isEmpty() && placeItem({menuId, id, {}, before});
}

QAction* ActionRegistry::add(const QString& menuId, const QString& id, QAction* action,
                             const QString& section)
{
    if (!addAction(id, action))
        return nullptr;
    place(menuId, id, section);
    return action;
}

QAction* ActionRegistry::action(const QString& id) const
{
    return m_items.value(id);
}

QMenu* ActionRegistry::menu(const QString& id) const
{
    return m_menus.value(id);
}

void ActionRegistry::setMenuBar(QMenuBar* bar)
{
    m_bar = bar;
    layout(MenuId::Bar);
}

QWidget* ActionRegistry::containerWidget(const QString& container) const
{
    if (container == MenuId::Bar)
        return m_bar;
    return m_menus.value(container);
}

void ActionRegistry::layout(const QString& container)
{
    QWidget* widget = containerWidget(container);
    if (!widget)
        return; // placed items wait for their menu
    QStringList ids;
    const QStringList sections = m_sections.value(container);
    auto appendSection = [&](const QString& section) {
        for (const Placement& p : std::as_const(m_placements))
            if (p.container == container && p.before.isEmpty() && p.section == section)
                ids << p.id;
    };
    appendSection({});
    for (const QString& section : sections) {
        ids << section;
        appendSection(section);
    }
    // A section that does not exist (yet): at the end until it does.
    QList<const Placement*> anchored;
    for (const Placement& p : std::as_const(m_placements)) {
        if (p.container != container)
            continue;
        if (!p.before.isEmpty())
            anchored << &p;
        else if (!p.section.isEmpty() && !sections.contains(p.section))
            ids << p.id;
    }
    // Just before their anchor, in the order placed (an anchor may itself be placed before another item).
    for (bool progress = true; progress && !anchored.isEmpty();) {
        progress = false;
        for (auto it = anchored.begin(); it != anchored.end();) {
            const qsizetype at = ids.indexOf((*it)->before);
            if (at < 0) {
                ++it;
                continue;
            }
            ids.insert(at, (*it)->id);
            it = anchored.erase(it);
            progress = true;
        }
    }
    for (const Placement* p : std::as_const(anchored)) // an anchor that does not exist (yet)
        ids << p->id;

    QList<QAction*> order;
    for (const QString& id : std::as_const(ids))
        if (QAction* a = m_items.value(id))
            order << a;
    if (widget->actions() == order)
        return;
    for (QAction* a : widget->actions())
        if (order.contains(a))
            widget->removeAction(a);
    widget->addActions(order);
}

} // namespace idx::gui
