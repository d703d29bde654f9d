// The exact neighbour search: for a block of query rows and a block of base rows, the dot products come from
// one sgemm; the squared distance is |q|² + |b|² − 2·q·b, and |q|² being the same along a row, each row keeps
// its k smallest |b|² − 2·q·b in a sorted array, the rare candidates that beat the worst kept inserted in
// place.
#include "neighbours.h"

#include "blas_p.h"
#include "parallel.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

namespace idx {

namespace {

// A tile of 512 × 512 products: 1 MB, within a core's cache between the sgemm that writes it and the scan
// that reads it. (A search of the upper triangle only, each tile serving its rows and its columns, halves the
// products but was measured slower here: the columns' lists take many more insertions.)
constexpr qint64 kQueryBlock = 512;
constexpr qint64 kBaseBlock = 512;

std::vector<float> squaredNorms(const FeatureMatrix& f)
{
    std::vector<float> n(size_t(f.rows));
    for (qint64 r = 0; r < f.rows; ++r) {
        const float* x = f.row(r);
        double s = 0;
        for (int d = 0; d < f.dims; ++d)
            s += double(x[d]) * double(x[d]);
        n[size_t(r)] = float(s);
    }
    return n;
}

// The hot loop, compiled three times where the compiler can: for AVX-512, AVX2 and any x86-64, picked at load
// time.
// Not under the sanitizers: the clones' resolver runs while the program is being loaded, before their runtime
// is ready (an instrumented resolver crashes there).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__) &&      \
    !defined(__SANITIZE_ADDRESS__)
#define IDX_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define IDX_CLONES
#endif

/// Puts base row `index` at distance-like value v into a row's sorted k best (v beats the worst kept).
inline void insert(float v, qint32 index, float* best, qint32* bestIndex, int k)
{
    int p = k - 1;
    while (p > 0 && best[p - 1] > v) {
        best[p] = best[p - 1];
        bestIndex[p] = bestIndex[p - 1];
        --p;
    }
    best[p] = v;
    bestIndex[p] = index;
}

/// Offers the base rows [first, first + count) to one query row's k best. `dots` holds the row's dot
/// products; `skip` is a base index the row may not take (itself), or -1. Once a row has k neighbours, few
/// candidates beat the worst: values are tested 16 at a time (one vector compare) and only a run holding a
/// candidate is walked.
IDX_CLONES void offer(const float* dots, const float* baseNorms, qint64 count, qint64 first, qint64 skip,
                      float* best, qint32* bestIndex, int k)
{
    constexpr int kRun = 16;
    float worst = best[k - 1];
    qint64 c = 0;
    for (; c + kRun <= count; c += kRun) {
        float v[kRun];
        int any = 0;
        for (int i = 0; i < kRun; ++i) {
            v[i] = baseNorms[c + i] - 2.0f * dots[c + i];
            any |= v[i] < worst;
        }
        if (!any)
            continue;
        for (int i = 0; i < kRun; ++i) {
            if (!(v[i] < worst) || first + c + i == skip)
                continue;
            insert(v[i], qint32(first + c + i), best, bestIndex, k);
            worst = best[k - 1];
        }
    }
    for (; c < count; ++c) {
        const float v = baseNorms[c] - 2.0f * dots[c];
        if (!(v < worst) || first + c == skip)
            continue;
        insert(v, qint32(first + c), best, bestIndex, k);
        worst = best[k - 1];
    }
}

/// The kept neighbours' distances again, exactly (in double, from the rows): |q|² + |b|² − 2·q·b loses digits
/// in float when rows lie far from the origin and close together, which near duplicates are. Re-sorted; a
/// neighbour picked by a rounded distance stays (that choice is within rounding of the exact one).
void refine(const float* query, const FeatureMatrix& base, float* best, qint32* bestIndex, int k)
{
    std::vector<std::pair<double, qint32>> kept;
    kept.reserve(size_t(k));
    for (int j = 0; j < k && bestIndex[j] >= 0; ++j) {
        const float* b = base.row(bestIndex[j]);
        double s = 0;
        for (int d = 0; d < base.dims; ++d) {
            const double diff = double(query[d]) - double(b[d]);
            s += diff * diff;
        }
        kept.emplace_back(std::sqrt(s), bestIndex[j]);
    }
    std::sort(kept.begin(), kept.end());
    for (size_t j = 0; j < kept.size(); ++j) {
        best[j] = float(kept[j].first);
        bestIndex[j] = kept[j].second;
    }
}

} // namespace

std::optional<NeighbourGraph> nearestNeighbours(const FeatureMatrix& queries, const FeatureMatrix& base,
                                                int k, bool self, const Control& control)
{
    if (queries.dims != base.dims || base.rows > kMaxNeighbourRows || k < 0 ||
        (self && queries.rows != base.rows))
        return std::nullopt;
    NeighbourGraph g;
    g.rows = queries.rows;
    g.k = int(std::clamp<qint64>(k, 0, std::max<qint64>(0, base.rows - (self ? 1 : 0))));
    g.index.assign(size_t(g.rows) * size_t(g.k), -1);
    g.distance.assign(size_t(g.rows) * size_t(g.k), std::numeric_limits<float>::infinity());
    if (g.k == 0 || g.rows == 0)
        return g;
    detail::useSerialBlas();
    const std::vector<float> baseNorms = squaredNorms(base);
    const size_t items = size_t((queries.rows + kQueryBlock - 1) / kQueryBlock);
    const int workers =
        detail::workerCount(quint64(queries.rows) * quint64(base.rows) * quint64(base.dims), items);
    detail::Progress progress(control, queries.rows * base.rows);
    std::vector<std::vector<float>> tiles(static_cast<size_t>(workers));
    std::atomic<bool> cancelled{false};
    const bool done = detail::parallelFor(items, workers, progress, [&](int w, size_t item) {
        auto& tile = tiles[size_t(w)];
        tile.resize(size_t(kQueryBlock * kBaseBlock));
        const qint64 q0 = qint64(item) * kQueryBlock;
        const qint64 qn = std::min(kQueryBlock, queries.rows - q0);
        float* best = g.distance.data() + q0 * g.k;
        qint32* bestIndex = g.index.data() + q0 * g.k;
        for (qint64 b0 = 0; b0 < base.rows; b0 += kBaseBlock) {
            if (progress.cancelled()) {
                cancelled = true;
                return;
            }
            const qint64 bn = std::min(kBaseBlock, base.rows - b0);
            detail::gemmTransposed(int(qn), int(bn), base.dims, queries.row(q0), base.row(b0), tile.data());
            for (qint64 r = 0; r < qn; ++r)
                offer(tile.data() + r * bn, baseNorms.data() + b0, bn, b0, self ? q0 + r : -1, best + r * g.k,
                      bestIndex + r * g.k, g.k);
            progress.add(qn * bn);
        }
        for (qint64 r = 0; r < qn; ++r)
            refine(queries.row(q0 + r), base, best + r * g.k, bestIndex + r * g.k, g.k);
    });
    if (!done || cancelled)
        return std::nullopt;
    return g;
}

} // namespace idx
