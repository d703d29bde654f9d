// The dataset map's accessible interface: Qt knows nothing of what MapView draws, so a screen reader is told
// its name, what it shows and its points ("Dataset map: 70,000 points, 12 selected; colours: …").
#pragma once

namespace idx::gui {

/// Installs the map's QAccessible factory (once per process; MapPanel calls it before it makes its map).
void installMapAccessibility();

} // namespace idx::gui
