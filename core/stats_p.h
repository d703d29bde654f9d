// Internal: the statistics engine shared by computeStats and computeLabelStats. It runs over a work plan,
// a list of element ranges (each within one piece of a TensorPieces) grouped into work items of about one
// chunk each.
#pragma once

#include "parallel_p.h"
#include "stats.h"
#include "tensorpieces.h"

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

} // namespace idx::detail
