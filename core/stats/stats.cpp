// Value statistics: the entry points, the work plan (element ranges in chunks of about 1 MiB, each within
// one piece) and the choice of passes. 8- and 16-bit types take one counting pass (statscounting.cpp), wider
// types two (statstwopass.cpp); both run in parallel over the plan's chunks.
#include "stats_p.h"

#include <algorithm>
#include <cmath>

namespace idx {
namespace detail {
namespace {

constexpr quint64 kChunkBytes = 1u << 20; // ~1 ms of work: fine-grained enough for balance and cancel

} // namespace

quint64 WorkPlan::chunkElements(int elementSize)
{
    return std::max<quint64>(1, kChunkBytes / quint64(std::max(1, elementSize)));
}

void WorkPlan::add(quint32 piece, quint64 begin, quint64 end)
{
    while (begin < end) {
        if (m_itemStart.empty() || m_lastItemElements >= m_chunk) {
            m_itemStart.push_back(m_ranges.size());
            m_lastItemElements = 0;
        }
        const quint64 take = std::min(end - begin, m_chunk - m_lastItemElements);
        if (m_ranges.size() > m_itemStart.back() && m_ranges.back().piece == piece &&
            m_ranges.back().end == begin)
            m_ranges.back().end += take; // adjacent records of one class merge into one run
        else
            m_ranges.push_back({piece, begin, begin + take});
        m_lastItemElements += take;
        m_elements += take;
        begin += take;
    }
}

void WorkPlan::addRecords(const TensorPieces& t, quint64 first, quint64 end)
{
    const quint64 per = t.header().recordElements();
    const auto& starts = t.pieceStarts();
    for (size_t k = first < end ? t.pieceOf(first) : starts.size(); k < starts.size() && starts[k] < end;
         ++k) {
        const quint64 count = t.pieces()[k].availableRecords();
        const quint64 a = std::max(first, starts[k]);
        const quint64 b = std::min(end, starts[k] + count);
        if (a < b)
            add(quint32(k), (a - starts[k]) * per, (b - starts[k]) * per);
    }
}

std::span<const ElemRange> WorkPlan::item(size_t i) const
{
    const size_t b = m_itemStart[i];
    const size_t e = i + 1 < m_itemStart.size() ? m_itemStart[i + 1] : m_ranges.size();
    return {m_ranges.data() + b, e - b};
}

int statsPasses(DType t, quint64 elements, bool spread)
{
    if (!spread)
        return 1;
    // 16-bit counting zeroes and sums 65536 counters per thread: worth it for large inputs only (label
    // statistics over many small classes would otherwise spend their time clearing counters).
    constexpr quint64 kMinCountingInt16 = 1u << 18;
    if (elementSize(t) == 1 || (t == DType::Int16 && elements >= kMinCountingInt16))
        return 1;
    return 2;
}

int clampBins(int bins)
{
    return std::clamp(bins, 1, 1 << 24);
}

std::vector<double> histogramEdges(double lo, double hi, int bins)
{
    bins = clampBins(bins);
    if (!(lo < hi)) { // one distinct value: centre it in a unit-wide range, as numpy does
        const double d = std::max(0.5, std::abs(lo) * 0x1p-40);
        lo -= d;
        hi += d;
    }
    std::vector<double> e(size_t(bins) + 1);
    const double width = hi - lo;
    const double halfWidth = hi * 0.5 - lo * 0.5;
    for (int i = 0; i <= bins; ++i) {
        const double t = double(i) / bins;
        // Halves only when the width overflows: halving loses the low bits of subnormal ranges.
        e[size_t(i)] = std::isfinite(width) ? lo + width * t : 2 * (lo * 0.5 + halfWidth * t);
    }
    e.front() = lo;
    e.back() = hi;
    return e;
}

std::optional<Stats> statsOver(const TensorPieces& t, const WorkPlan& plan, int bins, bool spread,
                               Progress& progress)
{
    bins = clampBins(bins);
    if (statsPasses(t.dtype(), plan.elements(), true) == 1) {
        auto s = countingStats(t, plan, bins, progress);
        if (s && !spread) { // free for counting types, but callers get the same result for every type
            s->std = 0;
            s->histogram = {};
        }
        return s;
    }
    return twoPassStats(t, plan, bins, spread, progress);
}

} // namespace detail

std::optional<Stats> computeStats(const TensorView& t, const StatsOptions& options, const Control& control)
{
    return computeStats(TensorPieces(t), options, control);
}

std::optional<Stats> computeStats(const TensorPieces& t, const StatsOptions& options, const Control& control)
{
    const quint64 end = std::min(options.endRecord, t.availableRecords());
    const quint64 first = std::min(options.firstRecord, end);
    detail::WorkPlan plan(t.header().elementSize());
    plan.addRecords(t, first, end);
    detail::Progress progress(control, qint64(plan.elements()) *
                                           detail::statsPasses(t.dtype(), plan.elements(), options.spread));
    return detail::statsOver(t, plan, options.bins, options.spread, progress);
}

std::optional<Stats> computeStats(const TensorPieces& t, const RecordSet& records,
                                  const StatsOptions& options, const Control& control)
{
    detail::WorkPlan plan(t.header().elementSize());
    for (const RecordRun& r : records.runs()) {
        if (r.first >= t.availableRecords())
            break;
        plan.addRecords(t, r.first, std::min(r.end, t.availableRecords()));
    }
    detail::Progress progress(control, qint64(plan.elements()) *
                                           detail::statsPasses(t.dtype(), plan.elements(), options.spread));
    return detail::statsOver(t, plan, options.bins, options.spread, progress);
}

} // namespace idx
