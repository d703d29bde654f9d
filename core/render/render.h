// Rendering 2-D slices to 8-bit gray or RGB pixels: windowing, inversion, colormaps as lookup tables.
#pragma once

#include "rgb.h"
#include "tensorview.h"

#include <array>
#include <optional>

namespace idx {

enum class Colormap : quint8 { Gray, Viridis, Magma, Diverging };
[[nodiscard]] QString colormapName(Colormap c); // "gray", "viridis", "magma", "diverging"
[[nodiscard]] std::optional<Colormap> colormapFromName(QStringView name);
[[nodiscard]] QList<Colormap> allColormaps();

/// 256-entry lookup table of a colormap.
[[nodiscard]] const std::array<Rgb, 256>& colormapTable(Colormap c);

struct Window {
    double low = 0;
    double high = 255;
};
/// The default window: identity 0..255 for uint8; min..max otherwise (symmetric around 0 for Diverging).
[[nodiscard]] Window defaultWindow(DType t, double min, double max, Colormap c = Colormap::Gray);

struct RenderOptions {
    Window window;
    bool invert = false;
    Colormap colormap = Colormap::Gray;
    Rgb nonFinite{255, 0, 255}; // NaN / ±Inf
};

struct PixelBuffer {
    int width = 0;
    int height = 0;
    int channels = 1;          // 1: 8-bit gray, 3: RGB
    std::vector<uchar> pixels; // row-major, tightly packed (width * channels bytes per row)
    [[nodiscard]] bool isNull() const { return width == 0 || height == 0; }
};

/// Gray when colormap is Gray and no non-finite value needs its colour; RGB otherwise.
[[nodiscard]] PixelBuffer renderSlice(const Slice& slice, const RenderOptions& options);
/// Renders record i (its last two axes) directly from the bytes: the fast path for export and thumbnails.
[[nodiscard]] std::optional<PixelBuffer> renderRecord(const TensorView& t, quint64 record,
                                                      const RenderOptions& options);
/// Treats `channelAxis` (3 or 4 entries) as RGB(A): the slice's rows/cols come from spec; alpha ignored.
[[nodiscard]] std::optional<PixelBuffer> renderRgbSlice(const TensorView& t, const SliceSpec& spec,
                                                        int channelAxis, const RenderOptions& options);

} // namespace idx
