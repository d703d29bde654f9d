// The dataset map's layout, written here: no Debian package provides a UMAP-like layout for C++ (umap-learn
// is Python on numba). The steps follow the method's paper: fuzzy neighbour weights, their symmetric union,
// and a layout by sampled attraction along edges and repulsion from random points, with the learning rate
// falling to zero. The descent runs on every core and still gives the same layout of a graph and its starting
// points for a seed, whatever the number of cores: an epoch's edges are cut into a fixed number of blocks,
// each moving only its own points (the heads of its edges) against the positions every point had when the
// epoch began, with its own seeded random stream. The repulsion, eight random points for each sampled edge,
// is computed for the eight points together, four side by side (see powB). Fashion-MNIST's 60,000 training
// records on 2 cores: the whole map 14.6 s with glibc's powf one point at a time, 8.8 s so (10-NN accuracy
// 0.800 both).
#include "maplayout.h"

#include "parallel.h"
#include "recordfeatures.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

namespace idx {

namespace {

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

// The curve 1 / (1 + a·d^(2b)) that the layout gives neighbours, fitted (least squares, as UMAP does) to
// "1 within min_dist = 0.001, then exp(−(d − 0.001))" with spread 1: points may pack tightly, which keeps
// classes apart. With 10 neighbours, 8 repelling samples per attracting one and repulsion twice UMAP's
// default, the map of Fashion-MNIST's test records predicts their labels from 10 neighbours with 0.77
// accuracy (UMAP's defaults: 0.76; t-SNE: 0.80), its training records' with 0.80 (uwot: 0.79), measured
// by mapbench.
constexpr float kA = 1.929F;
constexpr float kB = 0.7915F;
constexpr int kNegativeSamples = 8;
constexpr float kRepulsion = 2;
constexpr float kClip = 4; // a step's largest move per coordinate
// Each edge is stored both ways and moves only its head, so a sample pulls the point twice (as UMAP's pull of
// both ends of each of the two directions does).
constexpr float kAttraction = 2;
// The descent's work is cut into this many blocks of edges, each with its own random stream (see
// refineLayout): a fixed number, so that the map of a seed does not depend on the machine's cores.
constexpr int kLayoutBlocks = 64;
constexpr double kInitialExtent = 10;

float clip(float v)
{
    return std::clamp(v, -kClip, kClip);
}

/// σ for one row: the bandwidth at which the memberships exp(−max(0, d − ρ)/σ) sum to `target` (bisection).
double bandwidth(const float* d, int m, double rho, double target)
{
    double lo = 0;
    double hi = std::numeric_limits<double>::infinity();
    double mid = 1;
    for (int it = 0; it < 64; ++it) {
        double sum = 0;
        for (int j = 0; j < m; ++j) {
            const double over = double(d[j]) - rho;
            sum += over > 0 ? std::exp(-over / mid) : 1.0;
        }
        if (std::abs(sum - target) < 1e-5)
            break;
        if (sum > target) {
            hi = mid;
            mid = (lo + hi) / 2;
        } else {
            lo = mid;
            mid = std::isinf(hi) ? mid * 2 : (lo + hi) / 2;
        }
    }
    return mid;
}

/// The seed of one block's random stream in one epoch: the layout's seed and the stream's number mixed
/// (SplitMix64's finaliser), so that neighbouring streams are unrelated.
quint64 streamSeed(quint64 seed, quint64 stream)
{
    quint64 z = (seed ^ 0x6d61706c61796f75ULL) + (stream + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/// The layout's blocks: kLayoutBlocks runs of edges of about equal length, each ending where a head's edges
/// end (so that one block alone moves each point). Returns the blocks' first edges and the end.
std::vector<size_t> layoutBlocks(const MapGraph& graph)
{
    const size_t edges = graph.head.size();
    std::vector<size_t> starts{0};
    for (int b = 1; b < kLayoutBlocks; ++b) {
        size_t at = std::max(starts.back(), edges * size_t(b) / kLayoutBlocks);
        while (at > 0 && at < edges && graph.head[at] == graph.head[at - 1])
            ++at;
        if (at > starts.back() && at < edges)
            starts.push_back(at);
    }
    starts.push_back(edges);
    return starts;
}

/// The descent's random numbers: a 64-bit linear congruential generator (Knuth's MMIX constants), whose high
/// 32 bits pick the repelling points; the Mersenne twister it replaced took 13% of the layout's time.
using Random = std::linear_congruential_engine<quint64, 6364136223846793005ULL, 1442695040888963407ULL, 0>;

// The repulsion's random points are taken eight at a time, all against the point where the attraction left
// it, in two groups of four computed side by side (GCC's and clang's vector extensions, SSE2 on any x86-64).
// Their d^(2b) is computed here as 2^(b·log2 d²) from polynomials (least-squares fits: log2 on [1, 2) within
// 1.7e-5, 2^x on [0, 1) within 3.6e-6 relative), written by hand because the C library's powf has no vector
// form without -ffast-math; powf was 42% of the layout's time. (The attraction, one point, keeps powf: the
// vector form for one lane measured slower.)
constexpr int kLanes = 4;
using Floats = float __attribute__((vector_size(kLanes * sizeof(float))));
using Ints = qint32 __attribute__((vector_size(kLanes * sizeof(qint32))));

[[gnu::always_inline]] inline Floats select(Ints mask, const Floats& yes, const Floats& no)
{
    return Floats((Ints(yes) & mask) | (Ints(no) & ~mask));
}

/// Each lane's x^kB, for x >= 0 (anything, even NaN, for x < 0: no such distance reaches it).
[[gnu::always_inline]] inline Floats powB(const Floats& x)
{
    // Subnormal x (points almost on each other) scaled by 2^24 first, so that their bits read as a number.
    const Ints tiny = Ints(x < std::numeric_limits<float>::min());
    const Ints bits = Ints(select(tiny, x * 16777216.0F, x));
    const Floats exponent = __builtin_convertvector((bits >> 23) - 127 + (tiny & -24), Floats);
    const Floats t = Floats((bits & 0x007FFFFF) | 0x3F800000) - 1.0F; // the mantissa, less one
    Floats log2m = t * 0.045266896F - 0.19351345F;
    log2m = log2m * t + 0.41524327F;
    log2m = log2m * t - 0.70886457F;
    log2m = log2m * t + 1.4418799F;
    log2m = log2m * t;
    const Floats power = kB * (exponent + log2m);
    Ints whole = __builtin_convertvector(power, Ints); // towards zero; one less where that rounded up
    whole += Ints(__builtin_convertvector(whole, Floats) > power);
    const Floats f = power - __builtin_convertvector(whole, Floats);
    Floats p = f * 0.013683990F + 0.051717781F;
    p = p * f + 0.24162124F;
    p = p * f + 0.69296956F;
    p = p * f + 1.0000036F;
    return Floats(Ints(p) + (whole << 23));
}

[[gnu::always_inline]] inline Floats clipped(const Floats& v)
{
    const Floats high = Floats{} + kClip;
    const Floats low = Floats{} - kClip;
    return select(Ints(v > high), high, select(Ints(v < low), low, v));
}

/// The repulsion of the lanes' points at offsets (x, y) from the head, where `use` is set (and they are not
/// on it): each lane's push (x, y) · coefficient, clipped.
[[gnu::always_inline]] inline void repel(const Floats& x, const Floats& y, Ints use, Floats& gx, Floats& gy)
{
    const Floats dd = x * x + y * y;
    use &= Ints(dd > 0.0F);
    const Floats safe = select(use, dd, Floats{} + 1.0F);
    const Floats coeff = 2.0F * kRepulsion * kB / ((0.001F + safe) * (kA * powB(safe) + 1.0F));
    gx += select(use, clipped(coeff * x), Floats{});
    gy += select(use, clipped(coeff * y), Floats{});
}

/// What one block of one epoch works on.
struct LayoutBlock {
    const MapGraph& graph;
    const float* every;
    float* next;
    float* nextNegative;
    float* y;         // the positions being moved
    const float* was; // the positions when the epoch began
    quint64 rows;
    float epoch;
    float alpha; // the learning rate
};

/// One block's edges in one epoch: each sampled edge pulls its head towards its tail, and the head is pushed
/// away from random points.
void refineBlock(const LayoutBlock& a, size_t first, size_t end, Random& rng)
{
    for (size_t e = first; e < end; ++e) {
        if (a.every[e] <= 0 || a.next[e] > a.epoch)
            continue;
        const auto head = quint64(a.graph.head[e]);
        float* current = a.y + head * 2;
        const float* other = a.was + size_t(a.graph.tail[e]) * 2;
        const float dx = current[0] - other[0], dy = current[1] - other[1];
        const float d2 = dx * dx + dy * dy;
        if (d2 > 0) {
            const float pb = std::pow(d2, kB);
            const float coeff = -2.0F * kA * kB * (pb / d2) / (kA * pb + 1.0F);
            current[0] += kAttraction * clip(coeff * dx) * a.alpha;
            current[1] += kAttraction * clip(coeff * dy) * a.alpha;
        }
        a.next[e] += a.every[e];
        const float everyNegative = a.every[e] / kNegativeSamples;
        const int negatives = int((a.epoch - a.nextNegative[e]) / everyNegative);
        a.nextNegative[e] += float(negatives) * everyNegative;
        for (int done = 0; done < negatives; done += 2 * kLanes) {
            // Two groups of points, independent of each other (the processor overlaps their work).
            Floats x[2]{}, y[2]{}; // the random points' offsets from the head
            Ints use[2]{};
            for (int s = 0; s < 2 * kLanes && done + s < negatives; ++s) {
                const quint64 r = (rng() >> 32) * a.rows >> 32; // uniform in [0, rows)
                const float* o = a.was + r * 2;
                x[s / kLanes][s % kLanes] = current[0] - o[0];
                y[s / kLanes][s % kLanes] = current[1] - o[1];
                use[s / kLanes][s % kLanes] = r == head ? 0 : -1;
            }
            Floats gx{}, gy{};
            repel(x[0], y[0], use[0], gx, gy);
            repel(x[1], y[1], use[1], gx, gy);
            float sx = 0, sy = 0;
            for (int s = 0; s < kLanes; ++s) {
                sx += gx[s];
                sy += gy[s];
            }
            current[0] += sx * a.alpha;
            current[1] += sy * a.alpha;
        }
    }
}

QString checkInput(const std::vector<TensorView>& files, MapProblem* problem)
{
    const auto fail = [problem](int file, const QString& reason) {
        if (problem)
            *problem = {file, reason};
        return reason;
    };
    if (files.empty() || files.size() > 2)
        return fail(0, Tr::tr("a map is made of one file, or of two together"));
    const Header& h = files[0].header();
    qint64 total = 0;
    for (size_t f = 0; f < files.size(); ++f) {
        const TensorView& t = files[f];
        const int file = int(f);
        if (t.header().ndim() < 2)
            return fail(file, Tr::tr("the map places records of several values (images); this file holds one "
                                     "value per record"));
        if (!t.isComplete())
            return fail(file, Tr::tr("the file is not completely loaded"));
        if (f > 0 && t.header().recordElements() != h.recordElements())
            return fail(file, Tr::tr("its records have %1 values, those of the first file %2")
                                  .arg(t.header().recordElements())
                                  .arg(h.recordElements()));
        total += qint64(t.recordCount());
    }
    if (total < 3)
        return fail(0, Tr::tr("a map needs at least three records; there are %1").arg(total));
    if (total > kMaxNeighbourRows)
        return fail(
            0, Tr::tr("there are %1 records; a map places at most %2").arg(total).arg(kMaxNeighbourRows));
    return {};
}

std::optional<FeatureMatrix> concat(std::vector<FeatureMatrix> parts)
{
    if (parts.size() == 1)
        return std::move(parts.front());
    FeatureMatrix out;
    out.dims = parts.front().dims;
    for (FeatureMatrix& p : parts) {
        out.values.insert(out.values.end(), p.values.begin(), p.values.end());
        out.rows += p.rows;
    }
    return out;
}

} // namespace

MapGraph fuzzyGraph(const NeighbourGraph& knn)
{
    MapGraph g;
    g.rows = knn.rows;
    const int k = knn.k;
    const double target = std::log2(double(k) + 1);
    // Directed memberships keyed by their unordered pair, so that both directions of an edge meet when
    // sorted.
    struct Entry {
        quint64 key;  // min × rows + max
        bool forward; // from the smaller index to the larger
        float weight;
    };
    std::vector<Entry> entries;
    entries.reserve(size_t(knn.rows) * size_t(k));
    double meanAll = 0;
    qint64 countAll = 0;
    for (qint64 i = 0; i < knn.rows; ++i)
        for (int j = 0; j < k && knn.neighbours(i)[j] >= 0; ++j) {
            meanAll += knn.distances(i)[j];
            ++countAll;
        }
    meanAll = countAll ? meanAll / double(countAll) : 0;
    for (qint64 i = 0; i < knn.rows; ++i) {
        const qint32* nb = knn.neighbours(i);
        const float* d = knn.distances(i);
        int m = 0;
        while (m < k && nb[m] >= 0)
            ++m;
        if (m == 0)
            continue;
        double rho = 0; // the distance to the nearest record that is not an exact copy
        for (int j = 0; j < m; ++j)
            if (d[j] > 0) {
                rho = d[j];
                break;
            }
        double meanRow = 0;
        for (int j = 0; j < m; ++j)
            meanRow += d[j];
        meanRow /= m;
        // A floor on σ, as UMAP keeps one, for rows whose neighbours are all at the same distance.
        const double sigma = std::max(bandwidth(d, m, rho, target), 1e-3 * (rho > 0 ? meanRow : meanAll));
        for (int j = 0; j < m; ++j) {
            const double over = double(d[j]) - rho;
            const float w = over > 0 && sigma > 0 ? float(std::exp(-over / sigma)) : 1.0F;
            const quint64 a = quint64(i), b = quint64(nb[j]);
            entries.push_back({std::min(a, b) * quint64(knn.rows) + std::max(a, b), a < b, w});
        }
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) {
        return x.key != y.key ? x.key < y.key : x.forward < y.forward;
    });
    // The union a + b − ab of both directions, each undirected edge then stored both ways.
    std::vector<std::pair<quint64, float>> undirected;
    undirected.reserve(entries.size());
    for (size_t e = 0; e < entries.size();) {
        float a = 0, b = 0;
        const quint64 key = entries[e].key;
        for (; e < entries.size() && entries[e].key == key; ++e)
            (entries[e].forward ? a : b) = entries[e].weight;
        undirected.emplace_back(key, a + b - a * b);
    }
    entries = {};
    // Grouped by head (a counting sort), so that the descent walks the points in order.
    std::vector<qint64> start(size_t(knn.rows) + 1, 0);
    for (const auto& [key, w] : undirected) {
        ++start[size_t(key / quint64(knn.rows)) + 1];
        ++start[size_t(key % quint64(knn.rows)) + 1];
    }
    std::partial_sum(start.begin(), start.end(), start.begin());
    const size_t edges = undirected.size() * 2;
    g.head.resize(edges);
    g.tail.resize(edges);
    g.weight.resize(edges);
    std::vector<qint64> at(start.begin(), start.end() - 1);
    for (const auto& [key, w] : undirected) {
        const auto lo = qint32(key / quint64(knn.rows)), hi = qint32(key % quint64(knn.rows));
        for (auto [from, to] : {std::pair{lo, hi}, std::pair{hi, lo}}) {
            const auto slot = size_t(at[size_t(from)]++);
            g.head[slot] = from;
            g.tail[slot] = to;
            g.weight[slot] = w;
        }
    }
    return g;
}

MapPoints linearLayout(const FeatureMatrix& features, quint64 seed)
{
    MapPoints p;
    p.rows = features.rows;
    p.xy.assign(size_t(p.rows) * 2, 0.0F);
    double extent = 0;
    for (qint64 i = 0; i < p.rows; ++i)
        for (int c = 0; c < std::min(features.dims, 2); ++c) {
            const float v = features.row(i)[c];
            p.xy[size_t(i) * 2 + size_t(c)] = v;
            extent = std::max(extent, double(std::abs(v)));
        }
    const double scale = extent > 0 ? kInitialExtent / extent : 1.0;
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> jitter(0.0, 1e-4);
    for (float& v : p.xy)
        v = float(double(v) * scale + jitter(rng));
    return p;
}

bool refineLayout(MapPoints& points, const MapGraph& graph, int epochs, quint64 seed, int reportEvery,
                  const Control& control, const MapLayoutFn& report)
{
    const size_t edges = graph.weight.size();
    const float maxWeight = edges ? *std::max_element(graph.weight.begin(), graph.weight.end()) : 0.0F;
    // An edge is sampled in proportion to its weight: the strongest every epoch, one of weight w every
    // max/w epochs; edges too weak to be sampled once in the run are left out.
    std::vector<float> every(edges, -1.0F), next(edges), nextNegative(edges);
    for (size_t e = 0; e < edges; ++e)
        if (graph.weight[e] >= maxWeight / float(std::max(epochs, 1))) {
            every[e] = maxWeight / graph.weight[e];
            next[e] = every[e];
            nextNegative[e] = every[e] / kNegativeSamples;
        }
    const std::vector<size_t> blocks = layoutBlocks(graph);
    const size_t blockCount = blocks.size() - 1;
    const int workers =
        detail::workerCount(quint64(edges) * (kNegativeSamples + 1), std::max<size_t>(blockCount, 1));
    const auto rows = quint64(points.rows);
    float* y = points.xy.data();
    std::vector<float> before(points.xy.size());
    const float* was = before.data();
    const Control quiet{{}, control.cancel};
    for (int n = 0; n < epochs; ++n) {
        if (control.cancelled())
            return false;
        std::copy(points.xy.begin(), points.xy.end(), before.begin());
        const float alpha = 1.0F - float(n) / float(epochs);
        const auto epoch = float(n);
        detail::Progress none(quiet, 0);
        const LayoutBlock block{graph, every.data(), next.data(), nextNegative.data(), y, was,
                                rows,  epoch,        alpha};
        const bool done = detail::parallelFor(blockCount, workers, none, [&](int, size_t b) {
            Random rng(streamSeed(seed, quint64(n) * blockCount + b));
            refineBlock(block, blocks[b], blocks[b + 1], rng);
        });
        if (!done)
            return false;
        control.report(n + 1, epochs);
        if (report && reportEvery > 0 && (n + 1) % reportEvery == 0 && n + 1 < epochs)
            report(points, false);
    }
    if (report)
        report(points, true);
    return true;
}

std::optional<MapPoints> computeMap(const std::vector<TensorView>& files, const MapOptions& options,
                                    const Control& control, const MapLayoutFn& report, MapProblem* problem,
                                    const NeighbourGraph* neighbours)
{
    if (!checkInput(files, problem).isEmpty())
        return std::nullopt;
    qint64 total = 0;
    for (const TensorView& t : files)
        total += qint64(t.recordCount());
    // Progress in permille: features to 150, neighbours to 450, the layout the rest.
    const int pcaComponents = options.components > 0 ? std::max(options.components, 2) : 2;
    const auto pca = fitPca(files[0], pcaComponents, stageOf(control, 0, 100));
    if (!pca) {
        if (problem && !control.cancelled())
            *problem = {0, Tr::tr("the principal components could not be computed")};
        return std::nullopt;
    }
    std::vector<FeatureMatrix> projected;
    for (const TensorView& t : files) {
        auto f = project(t, *pca, stageOf(control, 100, 150));
        if (!f)
            return std::nullopt;
        projected.push_back(std::move(*f));
    }
    const auto features = concat(std::move(projected));
    MapPoints points = linearLayout(*features, options.seed);
    if (report)
        report(points, false);

    std::optional<FeatureMatrix> searched;
    if (options.components == 0) {
        double scale = 1;
        for (const TensorView& t : files)
            scale = std::min(scale, rawScale(t));
        std::vector<FeatureMatrix> raw;
        for (const TensorView& t : files) {
            auto f = rawFeatures(t, scale, stageOf(control, 100, 150));
            if (!f)
                return std::nullopt;
            raw.push_back(std::move(*f));
        }
        searched = concat(std::move(raw));
    }
    const FeatureMatrix& space = searched ? *searched : *features;
    const int k = std::max(1, int(std::min<qint64>(options.neighbours, total - 1)));
    std::optional<NeighbourGraph> knn;
    if (neighbours && neighbours->rows == total && neighbours->k >= k)
        knn = nearestOf(*neighbours, k);
    else
        knn = findNeighbours(space, space, k, true, searchesApproximately(options.search, total),
                             stageOf(control, 150, 450));
    if (!knn)
        return std::nullopt;
    const MapGraph graph = fuzzyGraph(*knn);
    const int epochs = options.epochs > 0 ? options.epochs : total <= 10000 ? 500 : 200;
    if (!refineLayout(points, graph, epochs, options.seed, options.reportEvery, stageOf(control, 450, 1000),
                      report))
        return std::nullopt;
    return points;
}

float detail::layoutPower(float x)
{
    return powB(Floats{} + x)[0];
}

} // namespace idx
