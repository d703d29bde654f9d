// The slice rules: default image axes, record membership, the pixel → element inverse of extractSlice, and
// the colour channel axis.
#include "slicespec.h"

namespace idx {

SliceSpec SliceSpec::forRecord(const Header& h, quint64 record)
{
    SliceSpec s;
    const int n = h.ndim();
    s.fixed.assign(size_t(n), 0);
    if (n >= 1)
        s.fixed[0] = record;
    s.rowAxis = n >= 3 ? n - 2 : -1;
    s.colAxis = n >= 2 ? n - 1 : -1;
    return s;
}

std::pair<int, int> SliceSpec::imageAxes(const Header& h) const
{
    if (rowAxis >= 0 || colAxis >= 0)
        return {rowAxis, colAxis};
    const int n = h.ndim();
    if (n >= 3)
        return {n - 2, n - 1};
    if (n == 2)
        return {-1, 1};
    return {-1, -1};
}

bool SliceSpec::inOneRecord(const Header& h, int channelAxis) const
{
    const auto [row, col] = imageAxes(h);
    return h.ndim() >= 1 && row != 0 && col != 0 && channelAxis != 0;
}

std::optional<std::vector<quint64>> SliceSpec::elementIndex(const Header& h, quint64 x, quint64 y) const
{
    const int n = h.ndim();
    const auto [row, col] = imageAxes(h);
    if (row >= n || col >= n || (row >= 0 && row == col))
        return std::nullopt;
    const quint64 rows = row >= 0 ? h.dims[size_t(row)] : 1;
    const quint64 cols = col >= 0 ? h.dims[size_t(col)] : 1;
    const quint64 width = transpose ? rows : cols;
    const quint64 height = transpose ? cols : rows;
    if (x >= width || y >= height)
        return std::nullopt;
    // extractSlice transposes first, then flips the output coordinates: undo in the reverse order.
    const quint64 x0 = flipHorizontal ? width - 1 - x : x;
    const quint64 y0 = flipVertical ? height - 1 - y : y;
    std::vector<quint64> index = fixed;
    index.resize(size_t(n), 0);
    if (row >= 0)
        index[size_t(row)] = transpose ? x0 : y0;
    if (col >= 0)
        index[size_t(col)] = transpose ? y0 : x0;
    return index;
}

SliceSpec SliceSpec::besideChannels(const Header& h, int channelAxis) const
{
    const auto [row, col] = imageAxes(h);
    if (channelAxis < 2 || (row != channelAxis && col != channelAxis))
        return *this;
    SliceSpec s = *this;
    s.rowAxis = channelAxis - 2;
    s.colAxis = channelAxis - 1;
    return s;
}

int rgbChannelAxis(std::span<const quint64> dims)
{
    const int n = int(dims.size());
    return n >= 3 && (dims.back() == 3 || dims.back() == 4) ? n - 1 : -1;
}

SliceSpec SliceSpec::completed(const Header& h, quint64 record) const
{
    const int n = h.ndim();
    SliceSpec spec = *this;
    spec.fixed.resize(size_t(n), 0);
    if (n >= 1)
        spec.fixed[0] = record;
    const bool axesValid =
        spec.rowAxis < n && spec.colAxis < n && (spec.rowAxis < 0 || spec.rowAxis != spec.colAxis);
    if (!axesValid || (spec.rowAxis < 0 && spec.colAxis < 0)) {
        const SliceSpec def = forRecord(h, record);
        spec.rowAxis = def.rowAxis;
        spec.colAxis = def.colAxis;
    }
    return spec;
}

} // namespace idx
