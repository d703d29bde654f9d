// The whole tensor's range and window through computeStats without its histogram (one pass for every type).
#include "tensorwindow.h"

#include "stats.h"

namespace idx {

std::optional<FiniteRange> finiteRange(const TensorPieces& t, quint64 firstRecord, quint64 endRecord,
                                       const Control& control)
{
    StatsOptions so;
    so.firstRecord = firstRecord;
    so.endRecord = endRecord;
    so.bins = 1;
    so.spread = false; // only min and max are wanted
    const auto stats = computeStats(t, so, control);
    if (!stats)
        return std::nullopt;
    return FiniteRange{stats->finite() == 0, stats->min, stats->max};
}

std::optional<Window> tensorWindow(const TensorPieces& t, Colormap colormap, quint64 firstRecord,
                                   quint64 endRecord, const Control& control)
{
    if (t.dtype() == DType::UInt8 && colormap != Colormap::Diverging)
        return defaultWindow(t.dtype(), 0, 255, colormap);
    const auto range = finiteRange(t, firstRecord, endRecord, control);
    if (!range)
        return std::nullopt;
    return defaultWindow(t.dtype(), range->min, range->max, colormap);
}

std::optional<Window> tensorWindow(const TensorView& view, Colormap colormap, quint64 firstRecord,
                                   quint64 endRecord, const Control& control)
{
    return tensorWindow(TensorPieces(view), colormap, firstRecord, endRecord, control);
}

} // namespace idx
