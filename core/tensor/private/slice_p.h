// Internal: 2-D slice extraction for any tensor with TensorView's element accessors (header(), strides(),
// availableElements(), value()): a TensorView, or TensorPieces for slices across records.
#pragma once

#include "slicespec.h"

namespace idx::detail {

template <typename Tensor> std::optional<Slice> extractSliceOf(const Tensor& t, const SliceSpec& spec)
{
    const Header& h = t.header();
    const int n = h.ndim();
    // Callers wanting a 1-D tensor's whole vector set colAxis = 0.
    const auto [rowAxis, colAxis] = spec.imageAxes(h);
    if (rowAxis >= n || colAxis >= n || (rowAxis >= 0 && rowAxis == colAxis))
        return std::nullopt;
    const auto strides = t.strides();
    quint64 base = 0;
    for (int a = 0; a < n; ++a) {
        if (a == rowAxis || a == colAxis)
            continue;
        const quint64 fixed = size_t(a) < spec.fixed.size() ? spec.fixed[size_t(a)] : 0;
        if (fixed >= h.dims[size_t(a)])
            return std::nullopt;
        base += fixed * strides[size_t(a)];
    }
    const quint64 rows = rowAxis >= 0 ? h.dims[size_t(rowAxis)] : 1;
    const quint64 cols = colAxis >= 0 ? h.dims[size_t(colAxis)] : 1;
    const quint64 rowStride = rowAxis >= 0 ? strides[size_t(rowAxis)] : 0;
    const quint64 colStride = colAxis >= 0 ? strides[size_t(colAxis)] : 0;
    if (rows > 1u << 20 || cols > 1u << 20 || rows * cols > (1ull << 28))
        return std::nullopt; // not an image a person can look at; callers page through such data instead
    if (rows * cols > 0) {
        const quint64 last = base + (rows - 1) * rowStride + (cols - 1) * colStride;
        if (last >= t.availableElements())
            return std::nullopt;
    }
    Slice s;
    const bool tr = spec.transpose;
    s.width = int(tr ? rows : cols);
    s.height = int(tr ? cols : rows);
    s.values.resize(size_t(rows * cols));
    for (quint64 r = 0; r < rows; ++r) {
        for (quint64 c = 0; c < cols; ++c) {
            quint64 x = tr ? r : c;
            quint64 y = tr ? c : r;
            if (spec.flipHorizontal)
                x = quint64(s.width) - 1 - x;
            if (spec.flipVertical)
                y = quint64(s.height) - 1 - y;
            s.values[size_t(y * quint64(s.width) + x)] = t.value(base + r * rowStride + c * colStride);
        }
    }
    return s;
}

} // namespace idx::detail
