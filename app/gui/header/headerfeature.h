// The header as a panel of a document tab (PanelRegistry): the first dock of the right column, offered beside
// the error page too (what a file says about itself matters most when it cannot be opened).
#pragma once

#include "panelregistry.h"

namespace idx::gui {

[[nodiscard]] PanelSpec headerFeature();

} // namespace idx::gui
