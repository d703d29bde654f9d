// An 8-bit RGB colour: the entries of the colormap tables and the colour of non-finite values. Its own header
// so the generated tables (colormaps_p.h) need nothing of the renderer.
#pragma once

#include <QtGlobal>

namespace idx {

struct Rgb {
    uchar r = 0, g = 0, b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

} // namespace idx
