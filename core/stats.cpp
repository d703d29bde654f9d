// Value statistics. 8- and 16-bit types take one counting pass: min, max, exact sums, zeros and the histogram
// all follow from the per-value counts. Wider types take two: moments, then the spread about the mean (the
// corrected two-pass algorithm, numerically sound) together with the histogram. Parallel over chunks.
#include "decode_p.h"
#include "stats_p.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>

namespace idx {
namespace detail {
namespace {

constexpr quint64 kChunkBytes = 1u << 20; // ~1 ms of work: fine-grained enough for balance and cancel
__extension__ typedef __int128 Int128;    // exact integer sums: 2^64 elements × 2^31 fit comfortably

// 8-bit value counts in four interleaved tables: consecutive equal bytes (common in images) would otherwise
// serialise on one counter through store-to-load forwarding. All-zero 16-byte blocks (image backgrounds; half
// of Fashion-MNIST) are counted in one step.
struct alignas(64) ByteCounter {
    quint32 c[4][256];
    quint64 since = 0;
    quint64 zeroBlockBytes = 0;
    quint64 total[256] = {};
    ByteCounter() { std::memset(c, 0, sizeof c); }
    void flush()
    {
        for (int i = 0; i < 256; ++i)
            total[i] += quint64(c[0][i]) + c[1][i] + c[2][i] + c[3][i];
        total[0] += zeroBlockBytes;
        std::memset(c, 0, sizeof c);
        since = 0;
        zeroBlockBytes = 0;
    }
    void count(const uchar* p, quint64 n)
    {
        if (since + n > 0xFFFFFFFFu) // keep the 32-bit counters from wrapping
            flush();
        since += n;
        quint64 i = 0;
        for (; i + 16 <= n; i += 16) {
            quint64 a, b;
            std::memcpy(&a, p + i, 8);
            std::memcpy(&b, p + i + 8, 8);
            if ((a | b) == 0) {
                zeroBlockBytes += 16;
                continue;
            }
            ++c[0][a & 255];
            ++c[1][(a >> 8) & 255];
            ++c[2][(a >> 16) & 255];
            ++c[3][(a >> 24) & 255];
            ++c[0][(a >> 32) & 255];
            ++c[1][(a >> 40) & 255];
            ++c[2][(a >> 48) & 255];
            ++c[3][a >> 56];
            ++c[0][b & 255];
            ++c[1][(b >> 8) & 255];
            ++c[2][(b >> 16) & 255];
            ++c[3][(b >> 24) & 255];
            ++c[0][(b >> 32) & 255];
            ++c[1][(b >> 40) & 255];
            ++c[2][(b >> 48) & 255];
            ++c[3][b >> 56];
        }
        for (; i < n; ++i)
            ++c[0][p[i]];
    }
};

// 16-bit value counts, indexed by value + 32768.
template <typename D> struct alignas(64) WordCounter {
    std::vector<quint32> c = std::vector<quint32>(65536, 0);
    std::vector<quint64> total = std::vector<quint64>(65536, 0);
    quint64 since = 0;
    void flush()
    {
        for (size_t i = 0; i < c.size(); ++i)
            total[i] += c[i];
        std::fill(c.begin(), c.end(), 0);
        since = 0;
    }
    void count(const uchar* p, quint64 n)
    {
        if (since + n > 0xFFFFFFFFu)
            flush();
        since += n;
        for (quint64 i = 0; i < n; ++i)
            ++c[quint16(D::get(p + 2 * i)) ^ 0x8000u];
    }
};

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

// Everything from value counts: counts[i] is the number of elements equal to i + offset.
Stats fromCounts(const quint64* counts, size_t n, qint64 offset, bool unitBins, int bins)
{
    Stats s;
    Int128 sum = 0;
    qint64 lo = -1, hi = -1;
    for (size_t i = 0; i < n; ++i) {
        if (!counts[i])
            continue;
        if (lo < 0)
            lo = qint64(i);
        hi = qint64(i);
        s.count += counts[i];
        sum += Int128(counts[i]) * (qint64(i) + offset);
    }
    if (offset <= 0 && quint64(-offset) < n)
        s.zeros = counts[-offset];
    if (s.count) {
        s.min = double(lo + offset);
        s.max = double(hi + offset);
        s.mean = double(static_cast<long double>(sum) / static_cast<long double>(s.count));
        double m2 = 0;
        for (qint64 i = lo; i <= hi; ++i) {
            const double d = double(i + offset) - s.mean;
            m2 += double(counts[i]) * d * d;
        }
        s.std = std::sqrt(m2 / double(s.count));
    }
    if (unitBins) {
        for (size_t i = 0; i <= n; ++i)
            s.histogram.edges.push_back(double(qint64(i) + offset));
        s.histogram.counts.assign(counts, counts + n);
    } else {
        s.histogram.edges = s.count ? histogramEdges(s.min, s.max, bins) : histogramEdges(0, 1, bins);
        s.histogram.counts.assign(size_t(bins), 0);
        const Binner bin(s.histogram.edges);
        if (s.count)
            for (qint64 i = lo; i <= hi; ++i)
                if (counts[i])
                    s.histogram.counts[size_t(bin(double(i + offset)))] += counts[i];
    }
    return s;
}

// After a pass over a work item: lets a huge mapped file's pages leave the resident set.
void releaseItem(const TensorPieces& t, std::span<const ElemRange> ranges)
{
    const auto es = quint64(elementSize(t.dtype()));
    for (const auto& r : ranges)
        t.pieces()[r.piece].releasePages(r.begin * es, (r.end - r.begin) * es);
}

// The first byte of a range.
const uchar* startOf(const TensorPieces& t, const ElemRange& r, quint64 es)
{
    return t.pieces()[r.piece].data() + r.begin * es;
}

quint64 rangeElements(std::span<const ElemRange> ranges)
{
    quint64 n = 0;
    for (const auto& r : ranges)
        n += r.end - r.begin;
    return n;
}

std::optional<Stats> countingStats(const TensorPieces& t, const WorkPlan& plan, int bins, Progress& progress)
{
    const auto workers = workerCount(plan.elements(), plan.items());
    if (elementSize(t.dtype()) == 1) {
        std::vector<std::unique_ptr<ByteCounter>> acc(static_cast<size_t>(workers));
        for (auto& a : acc)
            a = std::make_unique<ByteCounter>();
        const bool ok = parallelFor(plan.items(), workers, progress, [&](int w, size_t item) {
            for (const auto& r : plan.item(item))
                acc[size_t(w)]->count(startOf(t, r, 1), r.end - r.begin);
            releaseItem(t, plan.item(item));
            progress.add(qint64(rangeElements(plan.item(item))));
        });
        if (!ok)
            return std::nullopt;
        quint64 total[256] = {};
        for (auto& a : acc) {
            a->flush();
            for (int i = 0; i < 256; ++i)
                total[i] += a->total[i];
        }
        if (t.dtype() == DType::UInt8)
            return fromCounts(total, 256, 0, true, bins);
        quint64 byValue[256]; // int8: byte b holds value qint8(b); index value + 128
        for (int b = 0; b < 256; ++b)
            byValue[b ^ 0x80] = total[b];
        return fromCounts(byValue, 256, -128, true, bins);
    }
    return withDecoder(t.dtype(), t.byteOrder(), [&](auto dec) -> std::optional<Stats> {
        using D = decltype(dec);
        if constexpr (std::is_same_v<typename D::Type, qint16>) {
            std::vector<WordCounter<D>> acc(static_cast<size_t>(workers));
            const bool ok = parallelFor(plan.items(), workers, progress, [&](int w, size_t item) {
                for (const auto& r : plan.item(item))
                    acc[size_t(w)].count(startOf(t, r, 2), r.end - r.begin);
                releaseItem(t, plan.item(item));
                progress.add(qint64(rangeElements(plan.item(item))));
            });
            if (!ok)
                return std::nullopt;
            std::vector<quint64> total(65536, 0);
            for (auto& a : acc) {
                a.flush();
                for (size_t i = 0; i < total.size(); ++i)
                    total[i] += a.total[i];
            }
            return fromCounts(total.data(), total.size(), -32768, false, bins);
        } else {
            return std::nullopt; // not a counting type: statsOver never sends one here
        }
    });
}

struct alignas(64) Moments {
    quint64 finite = 0, nan = 0, posinf = 0, neginf = 0, zeros = 0;
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();
    double fsum = 0;
    Int128 isum = 0;
};

struct alignas(64) Spread {
    double d = 0, d2 = 0; // sums of (v - mean) and (v - mean)^2
    std::vector<quint64> hist;
};

template <typename D> void moments(const TensorPieces& t, std::span<const ElemRange> ranges, Moments& m)
{
    using T = typename D::Type;
    constexpr size_t es = sizeof(T);
    for (const auto& r : ranges) {
        const uchar* p = startOf(t, r, es);
        const quint64 n = r.end - r.begin;
        if constexpr (std::is_integral_v<T>) {
            qint64 sum = 0; // a chunk of int32 sums to < 2^50
            T lo = std::numeric_limits<T>::max(), hi = std::numeric_limits<T>::lowest();
            quint64 zeros = 0;
            for (quint64 i = 0; i < n; ++i) {
                const T v = D::get(p + i * es);
                sum += v;
                lo = std::min(lo, v);
                hi = std::max(hi, v);
                zeros += v == 0;
            }
            m.isum += sum;
            m.finite += n;
            m.zeros += zeros;
            if (n) {
                m.min = std::min(m.min, double(lo));
                m.max = std::max(m.max, double(hi));
            }
        } else {
            double sum = 0; // per-chunk partial sums, then summed: error grows with chunks, not elements
            for (quint64 i = 0; i < n; ++i) {
                const double v = D::get(p + i * es);
                if (std::isfinite(v)) {
                    sum += v;
                    m.min = std::min(m.min, v);
                    m.max = std::max(m.max, v);
                    m.zeros += v == 0;
                    ++m.finite;
                } else if (std::isnan(v)) {
                    ++m.nan;
                } else if (v > 0) {
                    ++m.posinf;
                } else {
                    ++m.neginf;
                }
            }
            m.fsum += sum;
        }
    }
}

template <typename D>
void spread(const TensorPieces& t, std::span<const ElemRange> ranges, double mean, const Binner& bin,
            Spread& s)
{
    using T = typename D::Type;
    constexpr size_t es = sizeof(T);
    for (const auto& r : ranges) {
        const uchar* p = startOf(t, r, es);
        double d1 = 0, d2 = 0;
        for (quint64 i = 0, n = r.end - r.begin; i < n; ++i) {
            const double v = D::get(p + i * es);
            if constexpr (!std::is_integral_v<T>) {
                if (!std::isfinite(v))
                    continue;
            }
            const double d = v - mean;
            d1 += d;
            d2 += d * d;
            ++s.hist[size_t(bin(v))];
        }
        s.d += d1;
        s.d2 += d2;
    }
}

std::optional<Stats> twoPassStats(const TensorPieces& t, const WorkPlan& plan, int bins, bool wantSpread,
                                  Progress& progress)
{
    return withDecoder(t.dtype(), t.byteOrder(), [&](auto dec) -> std::optional<Stats> {
        using D = decltype(dec);
        const auto workers = workerCount(plan.elements(), plan.items());
        std::vector<Moments> ms(static_cast<size_t>(workers));
        bool ok = parallelFor(plan.items(), workers, progress, [&](int w, size_t item) {
            moments<D>(t, plan.item(item), ms[size_t(w)]);
            releaseItem(t, plan.item(item));
            progress.add(qint64(rangeElements(plan.item(item))));
        });
        if (!ok)
            return std::nullopt;
        Moments m;
        for (const auto& x : ms) {
            m.finite += x.finite;
            m.nan += x.nan;
            m.posinf += x.posinf;
            m.neginf += x.neginf;
            m.zeros += x.zeros;
            m.min = std::min(m.min, x.min);
            m.max = std::max(m.max, x.max);
            m.fsum += x.fsum;
            m.isum += x.isum;
        }
        Stats s;
        s.count = m.finite + m.nan + m.posinf + m.neginf;
        s.nan = m.nan;
        s.posinf = m.posinf;
        s.neginf = m.neginf;
        s.zeros = m.zeros;
        if (m.finite) {
            s.min = m.min;
            s.max = m.max;
            if constexpr (std::is_integral_v<typename D::Type>)
                s.mean = double(static_cast<long double>(m.isum) / static_cast<long double>(m.finite));
            else
                s.mean = std::clamp(m.fsum / double(m.finite), s.min, s.max);
        }
        if (!wantSpread)
            return s;
        s.histogram.counts.assign(size_t(bins), 0);
        if (!m.finite) {
            s.histogram.edges = histogramEdges(0, 1, bins);
            progress.add(qint64(plan.elements())); // the second pass has nothing to do
            return s;
        }
        s.histogram.edges = histogramEdges(s.min, s.max, bins);
        const Binner bin(s.histogram.edges);
        std::vector<Spread> sp(static_cast<size_t>(workers));
        for (auto& x : sp)
            x.hist.assign(size_t(bins), 0);
        ok = parallelFor(plan.items(), workers, progress, [&](int w, size_t item) {
            spread<D>(t, plan.item(item), s.mean, bin, sp[size_t(w)]);
            releaseItem(t, plan.item(item));
            progress.add(qint64(rangeElements(plan.item(item))));
        });
        if (!ok)
            return std::nullopt;
        double d1 = 0, d2 = 0;
        for (const auto& x : sp) {
            d1 += x.d;
            d2 += x.d2;
            for (size_t i = 0; i < x.hist.size(); ++i)
                s.histogram.counts[i] += x.hist[i];
        }
        const double n = double(m.finite);
        // The corrected two-pass formula: d1 is the rounding error of the first pass's mean.
        s.std = std::sqrt(std::max(0.0, (d2 - d1 * d1 / n) / n));
        if constexpr (!std::is_integral_v<typename D::Type>)
            s.mean += d1 / n;
        s.mean = std::clamp(s.mean, s.min, s.max);
        return s;
    });
}

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
