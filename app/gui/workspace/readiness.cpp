// Readiness: three conditions, announced once all hold.
#include "readiness.h"

namespace idx::gui {

Readiness::Readiness(std::function<bool()> panelsReady, QObject* parent)
    : QObject(parent), m_panelsReady(std::move(panelsReady))
{}

void Readiness::check()
{
    if (m_ready || !m_painted || !m_loaded || !m_panelsReady())
        return;
    m_ready = true;
    emit ready();
}

} // namespace idx::gui
