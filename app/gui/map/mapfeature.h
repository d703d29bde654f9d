// The dataset map as a panel of a document tab (PanelRegistry): behind the insights, growing the bottom when
// it comes up, with View ▸ Dataset Map; its controller lays out what the insights loaded too.
#pragma once

#include "panelregistry.h"

namespace idx::gui {

[[nodiscard]] PanelSpec mapFeature();

} // namespace idx::gui
