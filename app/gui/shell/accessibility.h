// Accessibility of the widgets idxscope draws itself: the image view, the gallery grid, the histogram and the
// class chart (the dataset map installs its own: map/mapaccessible.h). Qt knows nothing of what they show, so
// each gets a QAccessibleInterface with a role, a name and a value a screen reader can say ("Histogram of
// values: 47,040,000 values from 0 to 255 …"); the gallery's visible cells are list items of their own.
#pragma once

#include <QString>

class QAccessibleInterface;
class QObject;

namespace idx::gui {

/// The factory QAccessible::installFactory takes: an interface for those widgets, null for any other object.
[[nodiscard]] QAccessibleInterface* accessibleInterface(const QString& className, QObject* object);
/// Installs the factory (once per process; later calls do nothing).
void installAccessibility();

} // namespace idx::gui
