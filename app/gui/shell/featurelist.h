// The features a document tab offers as side panels, registered in the order of their docks and menu items.
#pragma once

namespace idx::gui {

/// Registers every feature's panel in PanelRegistry::instance() (once per process; later calls do nothing).
void registerFeatures();

} // namespace idx::gui
