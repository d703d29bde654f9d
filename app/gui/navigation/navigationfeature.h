// Navigation as a panel of a document tab (PanelRegistry): behind the header, scrolling (one row per axis),
// brought to the front for tensors beyond images; its controller steps through the records.
#pragma once

#include "panelregistry.h"

namespace idx::gui {

[[nodiscard]] PanelSpec navigationFeature();

} // namespace idx::gui
