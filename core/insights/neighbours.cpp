// The exact neighbour search: for a block of query rows and a block of base rows, the dot products come from
// one sgemm; the squared distance is |q|² + |b|² − 2·q·b, and |q|² being the same along a row, each row keeps
// its k smallest |b|² − 2·q·b in a sorted array, the rare candidates that beat the worst kept inserted in
// place.
#include "neighbours.h"

#include "blas_p.h"
#include "parallel.h"

// hnswlib's hand-written SSE search prefetches the entry one past the end of a full neighbour list (an
// over-read of four bytes, nmslib/hnswlib issue 578) that AddressSanitizer rightly reports; under it, hnswlib
// is built without that code (its plain distance loop, no prefetches). Other builds keep hnswlib's fast path.
#if defined(__SANITIZE_ADDRESS__)
#define NO_MANUAL_VECTORIZATION
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NO_MANUAL_VECTORIZATION
#endif
#endif
#include <hnswlib/hnswlib.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <new>
#include <random>
#include <stdexcept>

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

/// An empty graph of `queries.rows` rows of k neighbours (capped at the base rows available); nullopt when
/// the matrices do not fit.
std::optional<NeighbourGraph> emptyGraph(const FeatureMatrix& queries, const FeatureMatrix& base, int k,
                                         bool self)
{
    if (queries.dims != base.dims || base.rows > kMaxNeighbourRows || k < 0 ||
        (self && queries.rows != base.rows))
        return std::nullopt;
    NeighbourGraph g;
    g.rows = queries.rows;
    g.k = int(std::clamp<qint64>(k, 0, std::max<qint64>(0, base.rows - (self ? 1 : 0))));
    g.index.assign(size_t(g.rows) * size_t(g.k), -1);
    g.distance.assign(size_t(g.rows) * size_t(g.k), std::numeric_limits<float>::infinity());
    return g;
}

// The HNSW graph's figures, chosen on 630,000 records of Fashion-MNIST and its one-pixel shifts (50
// components, k = 50) for the time they take at a recall well above 0.95 (docs/insights.md): each row links
// to 12 others (24 on the lowest layer), 64 candidates are kept while the graph is built and while a row's
// neighbours are searched (at least k + 14). Against 16 links and 100 candidates: recall 0.986 instead of
// 0.994, a quarter less time.
constexpr size_t kHnswLinks = 12;
constexpr size_t kHnswBuildCandidates = 64;
constexpr size_t kHnswRowsPerItem = 256;

size_t searchCandidates(int k)
{
    return std::max<size_t>(size_t(k) + 14, 64);
}

} // namespace

std::optional<NeighbourGraph> approximateNeighbours(const FeatureMatrix& queries, const FeatureMatrix& base,
                                                    int k, bool self, const Control& control)
{
    auto graph = emptyGraph(queries, base, k, self);
    if (!graph || graph->k == 0 || graph->rows == 0)
        return graph;
    NeighbourGraph& g = *graph;
    // hnswlib reports a failed allocation as a runtime_error; to the callers it is what it is.
    try {
        hnswlib::L2Space space(size_t(base.dims));
        hnswlib::HierarchicalNSW<float> index(&space, size_t(base.rows), kHnswLinks, kHnswBuildCandidates, 1);
        // Building costs about as much per row as searching: progress counts both.
        detail::Progress progress(control, base.rows + queries.rows);
        const auto blocks = [](qint64 rows) {
            return size_t((rows + kHnswRowsPerItem - 1) / kHnswRowsPerItem);
        };
        const auto work = [&](qint64 rows) { return quint64(rows) * quint64(base.dims) * 1000; };
        // The first row alone: hnswlib's first insertion sets the entry point, which the parallel ones need.
        index.addPoint(base.row(0), 0);
        bool done =
            detail::parallelFor(blocks(base.rows), detail::workerCount(work(base.rows), blocks(base.rows)),
                                progress, [&](int, size_t item) {
                                    const qint64 r0 = qint64(item) * qint64(kHnswRowsPerItem);
                                    const qint64 rn = std::min(base.rows, r0 + qint64(kHnswRowsPerItem));
                                    for (qint64 r = std::max<qint64>(r0, 1); r < rn; ++r)
                                        index.addPoint(base.row(r), size_t(r));
                                    progress.add(rn - r0);
                                });
        if (!done)
            return std::nullopt;
        const int want = g.k + (self ? 1 : 0);
        index.setEf(std::max(searchCandidates(g.k), size_t(want)));
        done = detail::parallelFor(
            blocks(queries.rows), detail::workerCount(work(queries.rows), blocks(queries.rows)), progress,
            [&](int, size_t item) {
                const qint64 r0 = qint64(item) * qint64(kHnswRowsPerItem);
                const qint64 rn = std::min(queries.rows, r0 + qint64(kHnswRowsPerItem));
                std::vector<std::pair<float, qint32>> found;
                for (qint64 r = r0; r < rn; ++r) {
                    auto queue = index.searchKnn(queries.row(r), size_t(want));
                    found.clear();
                    for (; !queue.empty(); queue.pop())
                        if (!self || qint64(queue.top().second) != r)
                            found.emplace_back(queue.top().first, qint32(queue.top().second));
                    std::sort(found.begin(), found.end());
                    float* best = g.distance.data() + r * g.k;
                    qint32* bestIndex = g.index.data() + r * g.k;
                    for (int j = 0; j < g.k && j < int(found.size()); ++j)
                        bestIndex[j] = found[size_t(j)].second;
                    refine(queries.row(r), base, best, bestIndex, g.k);
                }
                progress.add(rn - r0);
            });
        if (!done)
            return std::nullopt;
    } catch (const std::runtime_error& e) {
        // hnswlib says "Not enough memory" where it could not allocate: to the callers, a bad_alloc.
        if (std::strstr(e.what(), "memory"))
            throw std::bad_alloc();
        throw;
    }
    return graph;
}

NeighbourGraph nearestOf(const NeighbourGraph& g, int k)
{
    NeighbourGraph out;
    out.rows = g.rows;
    out.k = std::clamp(k, 0, g.k);
    out.index.resize(size_t(out.rows) * size_t(out.k));
    out.distance.resize(out.index.size());
    for (qint64 r = 0; r < g.rows; ++r) {
        std::copy_n(g.neighbours(r), out.k, out.index.begin() + qsizetype(r * out.k));
        std::copy_n(g.distances(r), out.k, out.distance.begin() + qsizetype(r * out.k));
    }
    return out;
}

std::optional<NeighbourGraph> findNeighbours(const FeatureMatrix& queries, const FeatureMatrix& base, int k,
                                             bool self, bool approximate, const Control& control)
{
    return approximate ? approximateNeighbours(queries, base, k, self, control)
                       : nearestNeighbours(queries, base, k, self, control);
}

std::optional<double> neighbourRecall(const NeighbourGraph& g, const FeatureMatrix& queries,
                                      const FeatureMatrix& base, bool self, qint64 sample, quint64 seed,
                                      const Control& control)
{
    if (g.k == 0 || g.rows == 0)
        return 1.0;
    // The sample: rows drawn without replacement (Floyd's method), ascending.
    std::vector<qint64> rows;
    if (sample >= g.rows) {
        rows.resize(size_t(g.rows));
        for (qint64 r = 0; r < g.rows; ++r)
            rows[size_t(r)] = r;
    } else {
        std::mt19937_64 random(seed);
        std::vector<bool> taken(size_t(g.rows));
        for (qint64 j = g.rows - std::max<qint64>(sample, 1); j < g.rows; ++j) {
            const qint64 t = std::uniform_int_distribution<qint64>(0, j)(random);
            const qint64 pick = taken[size_t(t)] ? j : t;
            taken[size_t(pick)] = true;
        }
        for (qint64 r = 0; r < g.rows; ++r)
            if (taken[size_t(r)])
                rows.push_back(r);
    }
    FeatureMatrix picked;
    picked.dims = queries.dims;
    picked.rows = qint64(rows.size());
    picked.values.reserve(rows.size() * size_t(queries.dims));
    for (const qint64 r : rows)
        picked.values.insert(picked.values.end(), queries.row(r), queries.row(r) + queries.dims);
    // One more than k for a row among its own: it finds itself (or an equal row) and leaves it out below.
    const auto truth = nearestNeighbours(picked, base, g.k + (self ? 1 : 0), false, control);
    if (!truth)
        return std::nullopt;
    qint64 found = 0, wanted = 0;
    for (size_t i = 0; i < rows.size(); ++i) {
        const qint64 r = rows[i];
        // The true k-th distance, the row itself left out.
        float kth = -1;
        int seen = 0;
        for (int j = 0; j < truth->k && seen < g.k; ++j) {
            const qint32 n = truth->neighbours(qint64(i))[j];
            if (n < 0 || (self && n == r))
                continue;
            kth = truth->distances(qint64(i))[j];
            ++seen;
        }
        wanted += seen;
        for (int j = 0; j < g.k && j < seen; ++j)
            if (g.neighbours(r)[j] >= 0 && g.distances(r)[j] <= kth)
                ++found;
    }
    return wanted ? double(found) / double(wanted) : 1.0;
}

std::optional<NeighbourGraph> nearestNeighbours(const FeatureMatrix& queries, const FeatureMatrix& base,
                                                int k, bool self, const Control& control)
{
    auto graph = emptyGraph(queries, base, k, self);
    if (!graph || graph->k == 0 || graph->rows == 0)
        return graph;
    NeighbourGraph& g = *graph;
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
    return graph;
}

} // namespace idx
