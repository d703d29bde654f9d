// A tab's panels: made on demand from their specs, deleted panels first, then controllers, last made first.
#include "tabpanels.h"

namespace idx::gui {

TabPanels::TabPanels(const PanelRegistry& registry, Document* doc, ViewState* state, QObject* parent)
    : QObject(parent), m_doc(doc), m_state(state)
{
    for (const PanelSpec& spec : registry.panels())
        m_parts.push_back({&spec, false, nullptr, nullptr});
}

TabPanels::~TabPanels()
{
    blockSignals(true); // nothing is announced about a tab that goes
    for (Part& p : m_parts)
        delete p.panel.data();
    while (!m_controllers.empty())
        m_controllers.pop_back();
}

void TabPanels::makeAvailable(bool content)
{
    for (Part& p : m_parts) {
        if (p.available || !(content || p.spec->withoutContent))
            continue;
        p.available = true;
        if (!p.spec->makeController)
            continue;
        m_controllers.emplace_back(p.spec->makeController(*this));
        p.controller = m_controllers.back().get();
        if (p.spec->onReady)
            p.spec->onReady(p.controller, this, [this] { emit readyChanged(); });
    }
}

TabPanels::Part* TabPanels::find(const QString& id)
{
    for (Part& p : m_parts)
        if (p.spec->id == id)
            return &p;
    return nullptr;
}

const TabPanels::Part* TabPanels::find(const QString& id) const
{
    return const_cast<TabPanels*>(this)->find(id);
}

bool TabPanels::isAvailable(const QString& id) const
{
    const Part* p = find(id);
    return p && p->available;
}

QWidget* TabPanels::panel(const QString& id)
{
    Part* p = find(id);
    if (!p || !p->available)
        return nullptr;
    if (!p->panel && p->spec->makePanel) {
        p->panel = p->spec->makePanel(*this);
        emit panelMade(id);
    }
    return p->panel;
}

QWidget* TabPanels::madePanel(const QString& id) const
{
    const Part* p = find(id);
    return p ? p->panel.data() : nullptr;
}

QObject* TabPanels::controller(const QString& id) const
{
    const Part* p = find(id);
    return p ? p->controller : nullptr;
}

bool TabPanels::isReady() const
{
    for (const Part& p : m_parts)
        if (p.controller && p.spec->isReady && !p.spec->isReady(p.controller))
            return false;
    return true;
}

} // namespace idx::gui
