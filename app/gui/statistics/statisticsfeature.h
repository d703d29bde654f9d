// The statistics as a panel of a document tab (PanelRegistry): under the header in the right column; their
// controller computes from the start, and --screenshot waits for its whole-tensor figures.
#pragma once

#include "panelregistry.h"

namespace idx::gui {

[[nodiscard]] PanelSpec statisticsFeature();

} // namespace idx::gui
