// The registry of the process: a list in the order of registration.
#include "panelregistry.h"

namespace idx::gui {

PanelRegistry& PanelRegistry::instance()
{
    static PanelRegistry registry;
    return registry;
}

bool PanelRegistry::add(PanelSpec spec)
{
    if (spec.id.isEmpty() || find(spec.id))
        return false;
    m_panels.push_back(std::move(spec));
    return true;
}

const PanelSpec* PanelRegistry::find(const QString& id) const
{
    for (const PanelSpec& s : m_panels)
        if (s.id == id)
            return &s;
    return nullptr;
}

} // namespace idx::gui
