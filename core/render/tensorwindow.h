// The window of the whole tensor, one rule for the view's "whole tensor" mode, the exports and the CLI: the
// range of the finite values of the records, from the statistics engine (on all cores, cancellable).
#pragma once

#include "progress.h"
#include "render.h"
#include "tensorpieces.h"
#include "tensorview.h"

#include <optional>

namespace idx {

/// The finite values' range of some records; empty (min = max = 0) when none is finite.
struct FiniteRange {
    bool empty = true;
    double min = 0;
    double max = 0;
};

/// The range of the finite values of records [firstRecord, endRecord) of `t`, in one pass. nullopt when
/// cancelled.
[[nodiscard]] std::optional<FiniteRange> finiteRange(const TensorPieces& t, quint64 firstRecord = 0,
                                                     quint64 endRecord = ~quint64(0),
                                                     const Control& control = {});

/// The window a whole-tensor rendering gets by default: defaultWindow over finiteRange for the dtype and the
/// colormap (0..255 for uint8, not read, but with the diverging colormap). nullopt when cancelled.
[[nodiscard]] std::optional<Window> tensorWindow(const TensorPieces& t, Colormap colormap,
                                                 quint64 firstRecord = 0, quint64 endRecord = ~quint64(0),
                                                 const Control& control = {});
[[nodiscard]] std::optional<Window> tensorWindow(const TensorView& view, Colormap colormap,
                                                 quint64 firstRecord = 0, quint64 endRecord = ~quint64(0),
                                                 const Control& control = {});

} // namespace idx
