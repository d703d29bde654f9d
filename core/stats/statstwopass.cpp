// The two passes of statistics over wider types: moments (count, min, max, sum, the non-finite values),
// then the spread about the mean (the corrected two-pass algorithm, numerically sound) with the histogram.
#include "elementdecode.h"
#include "stats_p.h"

#include <limits>

namespace idx::detail {
namespace {

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

} // namespace

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

} // namespace idx::detail
