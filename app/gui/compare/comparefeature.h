// The comparison as a panel of a document tab (PanelRegistry): behind the map, growing the bottom when it
// comes up, with View ▸ Compare With… asking for the other file.
#pragma once

#include "panelregistry.h"

namespace idx::gui {

[[nodiscard]] PanelSpec compareFeature();

} // namespace idx::gui
