// Stepping through the records that can be shown and pass the filters.
#include "navigationcontroller.h"

#include "document.h"
#include "viewstate.h"

#include <algorithm>

namespace idx::gui {

NavigationController::NavigationController(Document* doc, ViewState* state, QObject* parent)
    : QObject(parent), m_doc(doc), m_state(state)
{}

bool NavigationController::passesFilter(quint64 record) const
{
    return m_state->filter().passes(record, m_doc->labelClasses());
}

quint64 NavigationController::navigableRecords() const
{
    // Records that can be shown: all of them, or those decoded so far (a truncated file ends early).
    return std::max<quint64>(m_doc->availableRecords(), m_doc->header().recordCount() == 0 ? 0 : 1);
}

void NavigationController::stepRecord(qint64 delta)
{
    if (!m_doc->headerValid() || delta == 0)
        return;
    const quint64 count = navigableRecords();
    if (count == 0)
        return;
    qint64 r = qint64(std::min(m_state->currentRecord(), count - 1));
    const qint64 dir = delta > 0 ? 1 : -1;
    qint64 remaining = delta > 0 ? delta : -delta;
    qint64 last = r;
    while (remaining > 0) {
        r += dir;
        if (r < 0 || r >= qint64(count))
            break;
        if (passesFilter(quint64(r))) {
            last = r;
            --remaining;
        }
    }
    m_state->setCurrentRecord(quint64(last));
}

void NavigationController::firstRecord()
{
    m_state->setCurrentRecord(0);
    if (!passesFilter(0))
        stepRecord(1);
}

void NavigationController::lastRecord()
{
    if (!m_doc->headerValid())
        return;
    const quint64 count = navigableRecords();
    m_state->setCurrentRecord(count ? count - 1 : 0);
    if (count && !passesFilter(count - 1))
        stepRecord(-1);
}

} // namespace idx::gui
