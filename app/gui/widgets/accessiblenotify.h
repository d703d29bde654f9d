// Telling screen readers that what a custom-drawn widget shows has changed (its accessible interface,
// shell/accessibility.h, has the words): they ask for the new value when told.
#pragma once

#include <QAccessible>

namespace idx::gui {

inline void announceValueChange(QObject* widget)
{
    if (!QAccessible::isActive()) // no assistive technology listens: nothing to build
        return;
    QAccessibleValueChangeEvent event(widget, QVariant());
    QAccessible::updateAccessibility(&event);
}

} // namespace idx::gui
