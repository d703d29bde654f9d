// The insights as a panel of a document tab (PanelRegistry): at the bottom, in front of the map and the
// comparison; their controller audits once the file is loaded, against the other split found beside it.
#pragma once

#include "panelregistry.h"

namespace idx::gui {

[[nodiscard]] PanelSpec insightsFeature();

} // namespace idx::gui
