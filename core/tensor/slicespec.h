// Which elements a 2-D picture of a tensor shows: the slice spec (image axes, fixed indexes, transposition,
// flips) and the geometric rules every reader of a slice shares, kept here once: the image axes a spec means,
// whether a slice lies inside one record, which element a pixel of the slice is, and which axis is read as
// colour channels.
#pragma once

#include "header.h"

#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace idx {

/// A 2-D slice through a tensor: two image axes, fixed indexes on every other axis.
struct SliceSpec {
    int rowAxis = -1;           // -1: default (ndim-2), the image rows
    int colAxis = -1;           // -1: default (ndim-1), the image columns
    std::vector<quint64> fixed; // one per axis (entries of rowAxis/colAxis ignored); missing entries are 0
    bool transpose = false;     // swap rows and columns in the output (EMNIST is stored transposed)
    bool flipHorizontal = false;
    bool flipVertical = false;

    /// Field by field: `fixed` {1} and {1, 0} differ, though a slice reads them alike.
    friend bool operator==(const SliceSpec&, const SliceSpec&) = default;

    /// Spec for record `record` of `h`: image axes are the last two (or the only one: a 1×N row; a scalar
    /// 1×1).
    [[nodiscard]] static SliceSpec forRecord(const Header& h, quint64 record);
    /// This spec completed for `h` and record `record`: one fixed index per axis (axis 0 = `record`) and
    /// explicit image axes (forRecord's when both are unset or they are out of range or equal). What every
    /// view of a record renders, reads values or exports with.
    [[nodiscard]] SliceSpec completed(const Header& h, quint64 record) const;
    /// The image axes {row, column} this spec means for `h`, defaults resolved: both -1 stand for the last
    /// two axes of an N-D tensor (N >= 3), for axis 1 as columns of a 2-D one (a record is one row), and for
    /// a single element below that. An axis of -1 in the result has extent 1. Not range-checked.
    [[nodiscard]] std::pair<int, int> imageAxes(const Header& h) const;
    /// True when the slice lies inside one record, the record fixed[0]: neither image axis nor `channelAxis`
    /// (colour channels, when >= 0) is the record axis, so that record alone can be read. False for a
    /// scalar (no record axis).
    [[nodiscard]] bool inOneRecord(const Header& h, int channelAxis = -1) const;
    /// The multi-index (one entry per axis of `h`) of the element extractSlice puts at pixel (x, y) of its
    /// output: its transposition and flips undone, the fixed indexes (missing ones 0) on the other axes.
    /// nullopt when (x, y) lies outside the slice or the image axes are not valid for `h`. The fixed indexes
    /// are not range-checked (TensorView::flatIndex does that).
    [[nodiscard]] std::optional<std::vector<quint64>> elementIndex(const Header& h, quint64 x,
                                                                   quint64 y) const;
    /// This spec with `channelAxis` (>= 2, see rgbChannelAxis) read as colour channels: an image axis on the
    /// channel axis cannot be one, so the image axes become the two axes before it (the rows and columns of
    /// an [N, H, W, 3] tensor). Otherwise, and for channelAxis < 2, the spec unchanged.
    [[nodiscard]] SliceSpec besideChannels(const Header& h, int channelAxis) const;
};

/// Extracted slice values, row-major, width × height, as doubles (with flips/transposition applied).
struct Slice {
    int width = 0;
    int height = 0;
    std::vector<double> values;
};

/// The axis read as RGB(A) colour channels when colour is asked for, or -1 when a tensor of shape `dims` has
/// none: the last axis of a tensor of three or more axes (records that are images of their own), when it has
/// 3 or 4 entries (RGB, or RGBA whose alpha is ignored).
[[nodiscard]] int rgbChannelAxis(std::span<const quint64> dims);
[[nodiscard]] inline int rgbChannelAxis(const Header& h)
{
    return rgbChannelAxis(h.dims);
}

} // namespace idx
