// The counting pass of 8- and 16-bit statistics: per-value counts in each worker, summed, then min, max,
// exact sums, zeros and the histogram all follow from the counts. One pass, whatever the options.
#include "elementdecode.h"
#include "stats_p.h"

#include <cstring>
#include <memory>

namespace idx::detail {
namespace {

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

} // namespace

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

} // namespace idx::detail
