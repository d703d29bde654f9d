// Internal: the generated colormap tables (core/render/colormaps.cpp, made by tests/tools/gen_colormaps.py).
#pragma once

#include "rgb.h"

#include <array>

namespace idx::detail {

extern const std::array<Rgb, 256> kViridis;
extern const std::array<Rgb, 256> kMagma;
extern const std::array<Rgb, 256> kDiverging;

} // namespace idx::detail
