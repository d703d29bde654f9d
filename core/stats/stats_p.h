// Internal: the statistics engine shared by computeStats and computeLabelStats. It runs over a work plan,
// a list of element ranges (each within one piece of a TensorPieces) grouped into work items of about one
// chunk each.
#pragma once

#include "parallel.h"
#include "stats.h"
#include "tensorpieces.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

namespace idx::detail {

struct ElemRange {
    quint32 piece = 0; // which piece of the tensor
    quint64 begin = 0; // element indexes into that piece's payload
    quint64 end = 0;
};

class WorkPlan {
public:
    /// Appends elements [begin, end) of piece `piece`, merging with the previous range when adjacent;
    /// splits into chunks.
    void add(quint32 piece, quint64 begin, quint64 end);
    /// Appends the elements of records [first, end) of `t`, piece by piece.
    void addRecords(const TensorPieces& t, quint64 first, quint64 end);
    [[nodiscard]] size_t items() const { return m_itemStart.size(); }
    [[nodiscard]] quint64 elements() const { return m_elements; }
    /// Ranges of item i.
    [[nodiscard]] std::span<const ElemRange> item(size_t i) const;
    /// Elements per chunk for an element size (a chunk is about kChunkBytes).
    static quint64 chunkElements(int elementSize);

    explicit WorkPlan(int elementSize) : m_chunk(chunkElements(elementSize)) {}

private:
    quint64 m_chunk;
    quint64 m_elements = 0;
    quint64 m_lastItemElements = 0;
    std::vector<ElemRange> m_ranges;
    std::vector<size_t> m_itemStart;
};

/// Passes over the data statsOver makes (1: counting 8/16-bit values, or no spread wanted; 2: moments, then
/// spread and histogram).
[[nodiscard]] int statsPasses(DType t, quint64 elements, bool spread);
/// Statistics over the plan's elements of `t`. nullopt when cancelled.
[[nodiscard]] std::optional<Stats> statsOver(const TensorPieces& t, const WorkPlan& plan, int bins,
                                             bool spread, Progress& progress);
/// Histogram edges as computeStats makes them: `bins` equal bins over [lo, hi] (widened when degenerate).
[[nodiscard]] std::vector<double> histogramEdges(double lo, double hi, int bins);
/// A bins option made safe.
[[nodiscard]] int clampBins(int bins);

__extension__ typedef __int128 Int128; // exact integer sums: 2^64 elements × 2^31 fit comfortably

// Bin of a finite value, consistent with the edges histogramEdges() makes (last bin closed): computed, then
// corrected by one step against the edges for rounding. A range too narrow to scale (subnormal widths)
// searches.
class Binner {
public:
    explicit Binner(const std::vector<double>& edges)
        : m_edges(edges), m_bins(int(edges.size()) - 1), m_lo(edges.front()),
          // halves keep hi - lo finite even for ±DBL_MAX
          m_scale(m_bins / (edges.back() * 0.5 - edges.front() * 0.5)), m_search(!std::isfinite(m_scale))
    {}
    int operator()(double v) const
    {
        if (m_search) {
            const auto it = std::upper_bound(m_edges.begin(), m_edges.end(), v);
            return std::clamp(int(it - m_edges.begin()) - 1, 0, m_bins - 1);
        }
        const double f = (v * 0.5 - m_lo * 0.5) * m_scale;
        int b = f >= m_bins ? m_bins - 1 : (f > 0 ? int(f) : 0);
        if (b > 0 && v < m_edges[size_t(b)])
            --b;
        else if (b < m_bins - 1 && v >= m_edges[size_t(b) + 1])
            ++b;
        return b;
    }

private:
    const std::vector<double>& m_edges;
    int m_bins;
    double m_lo;
    double m_scale;
    bool m_search;
};

// After a pass over a work item: lets a huge mapped file's pages leave the resident set.
inline void releaseItem(const TensorPieces& t, std::span<const ElemRange> ranges)
{
    const auto es = quint64(elementSize(t.dtype()));
    for (const auto& r : ranges)
        t.pieces()[r.piece].releasePages(r.begin * es, (r.end - r.begin) * es);
}

// The first byte of a range.
inline const uchar* startOf(const TensorPieces& t, const ElemRange& r, quint64 es)
{
    return t.pieces()[r.piece].data() + r.begin * es;
}

inline quint64 rangeElements(std::span<const ElemRange> ranges)
{
    quint64 n = 0;
    for (const auto& r : ranges)
        n += r.end - r.begin;
    return n;
}

/// The one pass of 8- and 16-bit types: value counts, from which everything follows. nullopt when cancelled.
[[nodiscard]] std::optional<Stats> countingStats(const TensorPieces& t, const WorkPlan& plan, int bins,
                                                 Progress& progress);
/// The two passes of wider types: moments, then the spread about the mean with the histogram (the second
/// only when `spread`). nullopt when cancelled.
[[nodiscard]] std::optional<Stats> twoPassStats(const TensorPieces& t, const WorkPlan& plan, int bins,
                                                bool spread, Progress& progress);

} // namespace idx::detail
