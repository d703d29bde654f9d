// idx::PixelBuffer (core's 8-bit gray or RGB render output) to QImage, and the nearest-neighbour scaling that
// keeps every value of a tiny image visible as a crisp block.
#pragma once

#include "render.h"

#include <QImage>

namespace idx {

/// Deep copy of `buffer` into a Format_Grayscale8 (1 channel) or Format_RGB888 (3 channels) image, with
/// QImage's own 32-bit aligned scan lines. A null image for an empty buffer or an unsupported channel count.
[[nodiscard]] QImage toQImage(const PixelBuffer& buffer);

/// The same without copying the pixels when the rows are already 4-byte aligned (width * channels % 4 == 0):
/// the image shares the moved-in buffer and frees it when the last copy of the image goes. Otherwise a copy.
[[nodiscard]] QImage toQImage(PixelBuffer&& buffer);

/// Nearest-neighbour upscaling by an integer factor (1 returns the image itself); every source pixel becomes
/// a factor × factor block, values unchanged. A null image when the result would exceed 32767 pixels a side.
[[nodiscard]] QImage scaleNearest(const QImage& image, int factor);

/// Scales `image` to fit within size × size keeping the aspect ratio: by the largest integer factor with
/// nearest-neighbour when it is smaller (tiny images stay crisp), smoothly down when it is larger.
[[nodiscard]] QImage fitInto(const QImage& image, int size);

} // namespace idx
