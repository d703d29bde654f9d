// Rendering 2-D slices to 8-bit gray or RGB pixel buffers: window, inversion and colormap lookup tables.
// renderRecord reads the record's bytes directly (no doubles in between): it is the export/thumbnail hot
// path.
#include "render.h"

#include "colormaps_p.h"
#include "elementdecode.h"

#include <cmath>
#include <cstring>

namespace idx {
namespace {

// Value -> lookup-table index through a window: round((v - low) / (high - low) * 255), clamped, then
// inverted. Halves keep high - low finite for windows spanning ±DBL_MAX. A degenerate window (low == high)
// thresholds: values above it are 255, the rest 0, so a constant image shows the colormap's first colour, as
// matplotlib does.
class Mapper {
public:
    Mapper(Window w, bool invert)
        : m_low(w.low), m_degenerate(w.low == w.high), m_scale(255.0 / (w.high * 0.5 - w.low * 0.5)),
          m_invert(invert)
    {}
    [[nodiscard]] uchar index(double v) const
    {
        const double f = m_degenerate ? (v > m_low ? 255.0 : 0.0) : (v * 0.5 - m_low * 0.5) * m_scale + 0.5;
        const int i = !(f > 0) ? 0 : (f >= 255 ? 255 : int(f)); // !(f > 0) also catches a NaN window
        return uchar(m_invert ? 255 - i : i);
    }
    [[nodiscard]] bool isIdentity() const
    {
        return !m_invert && !m_degenerate && m_low == 0 && m_scale == 2.0;
    }

private:
    double m_low;
    bool m_degenerate;
    double m_scale;
    bool m_invert;
};

// Turns per-pixel indexes into the output: gray indexes as they are, or RGB through the colormap, with the
// non-finite colour at the listed pixels.
PixelBuffer finish(int width, int height, std::vector<uchar>&& index, const std::vector<size_t>& nonFinite,
                   const RenderOptions& o)
{
    PixelBuffer out;
    out.width = width;
    out.height = height;
    if (o.colormap == Colormap::Gray && nonFinite.empty()) {
        out.pixels = std::move(index);
        return out;
    }
    const auto& lut = colormapTable(o.colormap);
    out.channels = 3;
    out.pixels.resize(index.size() * 3);
    uchar* p = out.pixels.data();
    for (uchar i : index) {
        const Rgb c = lut[i];
        *p++ = c.r;
        *p++ = c.g;
        *p++ = c.b;
    }
    for (size_t k : nonFinite) {
        out.pixels[3 * k] = o.nonFinite.r;
        out.pixels[3 * k + 1] = o.nonFinite.g;
        out.pixels[3 * k + 2] = o.nonFinite.b;
    }
    return out;
}

const std::array<Rgb, 256>& grayTable()
{
    static const std::array<Rgb, 256> table = [] {
        std::array<Rgb, 256> t;
        for (int i = 0; i < 256; ++i)
            t[size_t(i)] = Rgb{uchar(i), uchar(i), uchar(i)};
        return t;
    }();
    return table;
}

// Byte-sized types: one 256-entry table from stored byte to index, then a single lookup per pixel.
PixelBuffer renderBytes(const uchar* p, int width, int height, DType t, const RenderOptions& o)
{
    const Mapper m(o.window, o.invert);
    const size_t n = size_t(width) * size_t(height);
    std::vector<uchar> index(n);
    if (t == DType::UInt8 && m.isIdentity()) {
        std::memcpy(index.data(), p, n); // the common case: u8 shown as stored
    } else {
        uchar table[256];
        for (int b = 0; b < 256; ++b)
            table[b] = m.index(t == DType::UInt8 ? double(b) : double(qint8(uchar(b))));
        for (size_t i = 0; i < n; ++i)
            index[i] = table[p[i]];
    }
    return finish(width, height, std::move(index), {}, o);
}

template <typename D> PixelBuffer renderTyped(const uchar* p, int width, int height, const RenderOptions& o)
{
    using T = typename D::Type;
    const Mapper m(o.window, o.invert);
    const size_t n = size_t(width) * size_t(height);
    std::vector<uchar> index(n);
    std::vector<size_t> nonFinite;
    for (size_t i = 0; i < n; ++i) {
        const T v = D::get(p + i * sizeof(T));
        if constexpr (!std::is_integral_v<T>) {
            if (!std::isfinite(v)) {
                nonFinite.push_back(i);
                index[i] = 0;
                continue;
            }
        }
        index[i] = m.index(double(v));
    }
    return finish(width, height, std::move(index), nonFinite, o);
}

} // namespace

QString colormapName(Colormap c)
{
    switch (c) {
    case Colormap::Gray:
        return QStringLiteral("gray");
    case Colormap::Viridis:
        return QStringLiteral("viridis");
    case Colormap::Magma:
        return QStringLiteral("magma");
    case Colormap::Diverging:
        return QStringLiteral("diverging");
    }
    return {};
}

std::optional<Colormap> colormapFromName(QStringView name)
{
    for (Colormap c : allColormaps())
        if (name.compare(colormapName(c), Qt::CaseInsensitive) == 0)
            return c;
    return std::nullopt;
}

QList<Colormap> allColormaps()
{
    return {Colormap::Gray, Colormap::Viridis, Colormap::Magma, Colormap::Diverging};
}

const std::array<Rgb, 256>& colormapTable(Colormap c)
{
    switch (c) {
    case Colormap::Gray:
        break;
    case Colormap::Viridis:
        return detail::kViridis;
    case Colormap::Magma:
        return detail::kMagma;
    case Colormap::Diverging:
        return detail::kDiverging;
    }
    return grayTable();
}

Window defaultWindow(DType t, double min, double max, Colormap c)
{
    if (!std::isfinite(min) || !std::isfinite(max) || min > max)
        return t == DType::UInt8 ? Window{0, 255} : Window{0, 1};
    if (c == Colormap::Diverging) {
        const double m = std::max(std::abs(min), std::abs(max));
        return m > 0 ? Window{-m, m} : Window{-1, 1}; // all zeros: keep 0 on the white centre
    }
    if (t == DType::UInt8)
        return {0, 255};
    return {min, max};
}

PixelBuffer renderSlice(const Slice& slice, const RenderOptions& options)
{
    if (slice.width < 0 || slice.height < 0 ||
        slice.values.size() != size_t(slice.width) * size_t(slice.height))
        return {};
    const Mapper m(options.window, options.invert);
    std::vector<uchar> index(slice.values.size());
    std::vector<size_t> nonFinite;
    for (size_t i = 0; i < slice.values.size(); ++i) {
        const double v = slice.values[i];
        if (std::isfinite(v)) {
            index[i] = m.index(v);
        } else {
            nonFinite.push_back(i);
            index[i] = 0;
        }
    }
    return finish(slice.width, slice.height, std::move(index), nonFinite, options);
}

std::optional<PixelBuffer> renderRecord(const TensorView& t, quint64 record, const RenderOptions& options)
{
    const Header& h = t.header();
    if (record >= t.availableRecords())
        return std::nullopt;
    const int n = h.ndim();
    // The record's last two axes; a 1-D record (of a 2-D tensor) is one row; a scalar record is 1×1. Further
    // leading axes of the record stay at index 0: the record's first plane, contiguous at its start.
    const quint64 rows = n >= 3 ? h.dims[size_t(n) - 2] : 1;
    const quint64 cols = n >= 2 ? h.dims[size_t(n) - 1] : 1;
    if (rows > (1u << 20) || cols > (1u << 20) || rows * cols > (1ull << 28))
        return std::nullopt; // the same limit extractSlice applies: not an image a person can look at
    const uchar* p = n == 0 ? t.data() : t.recordData(record);
    const int width = int(cols);
    const int height = int(rows);
    if (rows * cols == 0) {
        PixelBuffer empty;
        empty.width = width;
        empty.height = height;
        return empty;
    }
    // A zero-sized axis between the record axis and the image axes (dims [n, 0, 28, 28]) leaves records
    // without elements while rows * cols is not 0: there is nothing to read (found by fuzz_render).
    if (h.recordElements() == 0)
        return PixelBuffer{};
    if (h.elementSize() == 1)
        return renderBytes(p, width, height, h.dtype, options);
    return detail::withDecoder(h.dtype, t.byteOrder(), [&](auto dec) {
        return renderTyped<decltype(dec)>(p, width, height, options);
    });
}

std::optional<PixelBuffer> renderRgbSlice(const TensorView& t, const SliceSpec& spec, int channelAxis,
                                          const RenderOptions& options)
{
    const Header& h = t.header();
    const int n = h.ndim();
    if (channelAxis < 0 || channelAxis >= n ||
        (h.dims[size_t(channelAxis)] != 3 && h.dims[size_t(channelAxis)] != 4))
        return std::nullopt;
    SliceSpec s = spec;
    if (s.rowAxis < 0 && s.colAxis < 0) { // default image axes: the last two that are not the channels
        for (int a = n - 1; a >= 0; --a) {
            if (a == channelAxis)
                continue;
            if (s.colAxis < 0)
                s.colAxis = a;
            else if (s.rowAxis < 0)
                s.rowAxis = a;
        }
    }
    if (s.rowAxis == channelAxis || s.colAxis == channelAxis || s.colAxis < 0)
        return std::nullopt;
    s.fixed.resize(std::max(s.fixed.size(), size_t(n)), 0);
    std::optional<Slice> planes[3];
    for (int c = 0; c < 3; ++c) { // alpha (a fourth entry) is ignored
        s.fixed[size_t(channelAxis)] = quint64(c);
        planes[c] = extractSlice(t, s);
        if (!planes[c])
            return std::nullopt;
    }
    const Mapper m(options.window, options.invert);
    PixelBuffer out;
    out.width = planes[0]->width;
    out.height = planes[0]->height;
    out.channels = 3;
    const size_t count = planes[0]->values.size();
    out.pixels.resize(count * 3);
    for (size_t i = 0; i < count; ++i) {
        const double r = planes[0]->values[i], g = planes[1]->values[i], b = planes[2]->values[i];
        uchar* px = out.pixels.data() + 3 * i;
        if (std::isfinite(r) && std::isfinite(g) && std::isfinite(b)) {
            px[0] = m.index(r);
            px[1] = m.index(g);
            px[2] = m.index(b);
        } else {
            px[0] = options.nonFinite.r;
            px[1] = options.nonFinite.g;
            px[2] = options.nonFinite.b;
        }
    }
    return out;
}

} // namespace idx
