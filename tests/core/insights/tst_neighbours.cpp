// Tests for the PCA (recordfeatures.h) and the neighbour search (neighbours.h): the exact one against a plain
// double loop over every pair, across query and base blocks, with ties, limits, mismatched inputs,
// cancellation and progress; the approximate one's recall against that loop on clustered data, and the recall
// measure on graphs with planted misses; PCA against directions planted in the data, pooled long records and
// values too large for floats.
#include "memoryview.h"
#include "neighbours.h"
#include "recordfeatures.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace idx;

namespace {

/// Deterministic pseudo-random numbers in [0, 1) (a 64-bit LCG), independent of the code under test.
struct Lcg {
    quint64 state;
    double next()
    {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return double(state >> 11) / double(1ull << 53);
    }
};

FeatureMatrix randomRows(qint64 rows, int dims, quint64 seed)
{
    Lcg g{seed};
    FeatureMatrix f;
    f.rows = rows;
    f.dims = dims;
    f.values.resize(size_t(rows) * size_t(dims));
    for (float& v : f.values)
        v = float(g.next() * 100.0 - 50.0);
    return f;
}

struct Pair {
    double distance;
    qint32 index;
};

/// The k nearest by brute force in double: what nearestNeighbours must return.
std::vector<Pair> bruteForce(const FeatureMatrix& q, qint64 r, const FeatureMatrix& b, int k, bool self)
{
    std::vector<Pair> all;
    for (qint64 j = 0; j < b.rows; ++j) {
        if (self && j == r)
            continue;
        double s = 0;
        for (int d = 0; d < q.dims; ++d) {
            const double diff = double(q.row(r)[d]) - double(b.row(j)[d]);
            s += diff * diff;
        }
        all.push_back({std::sqrt(s), qint32(j)});
    }
    std::sort(all.begin(), all.end(), [](const Pair& x, const Pair& y) {
        return x.distance < y.distance || (x.distance == y.distance && x.index < y.index);
    });
    all.resize(std::min<size_t>(all.size(), size_t(k)));
    return all;
}

/// Rows around `clusters` centres (spread 100) with noise of spread 10: data shaped as real features are.
FeatureMatrix clusteredRows(qint64 rows, int dims, int clusters, quint64 seed)
{
    Lcg g{seed};
    std::vector<double> centres(size_t(clusters) * size_t(dims));
    for (double& c : centres)
        c = g.next() * 100.0;
    FeatureMatrix f;
    f.rows = rows;
    f.dims = dims;
    f.values.resize(size_t(rows) * size_t(dims));
    for (qint64 r = 0; r < rows; ++r) {
        const size_t c = size_t(g.next() * clusters);
        for (int d = 0; d < dims; ++d)
            f.values[size_t(r) * size_t(dims) + size_t(d)] =
                float(centres[c * size_t(dims) + size_t(d)] + (g.next() - 0.5) * 10.0);
    }
    return f;
}

/// The share of the true k nearest (by the double loop) of every `step`-th row that g holds, a neighbour
/// counting when it is no farther than the true k-th: neighbourRecall's definition, computed independently.
double bruteRecall(const NeighbourGraph& g, const FeatureMatrix& q, const FeatureMatrix& b, bool self,
                   qint64 step)
{
    qint64 found = 0, wanted = 0;
    for (qint64 r = 0; r < q.rows; r += step) {
        const auto truth = bruteForce(q, r, b, g.k, self);
        const double kth = truth.back().distance;
        wanted += g.k;
        for (int j = 0; j < g.k; ++j) {
            const qint32 n = g.neighbours(r)[j];
            if (n < 0)
                continue;
            double s = 0;
            for (int d = 0; d < q.dims; ++d) {
                const double diff = double(q.row(r)[d]) - double(b.row(n)[d]);
                s += diff * diff;
            }
            if (std::sqrt(s) <= kth * (1 + 1e-6))
                ++found;
        }
    }
    return double(found) / double(wanted);
}

} // namespace

class TestNeighbours : public QObject {
    Q_OBJECT

private slots:
    void matchesBruteForce_data()
    {
        QTest::addColumn<qint64>("queries");
        QTest::addColumn<qint64>("base");
        QTest::addColumn<int>("dims");
        QTest::addColumn<int>("k");
        QTest::addColumn<bool>("self");
        // Blocks are 512 rows: 600 queries span two, 2300 base rows five (the last one short).
        QTest::newRow("self, blocks crossed") << qint64(2300) << qint64(2300) << 7 << 6 << true;
        QTest::newRow("across, blocks crossed") << qint64(600) << qint64(2300) << 5 << 10 << false;
        QTest::newRow("one dimension") << qint64(50) << qint64(80) << 1 << 3 << false;
        QTest::newRow("k = all others") << qint64(9) << qint64(9) << 3 << 8 << true;
    }
    void matchesBruteForce()
    {
        QFETCH(qint64, queries);
        QFETCH(qint64, base);
        QFETCH(int, dims);
        QFETCH(int, k);
        QFETCH(bool, self);
        const FeatureMatrix b = randomRows(base, dims, 7);
        const FeatureMatrix q = self ? b : randomRows(queries, dims, 11);
        const auto g = nearestNeighbours(q, b, k, self);
        QVERIFY(g);
        QCOMPARE(g->rows, q.rows);
        QCOMPARE(g->k, k);
        // Every row when small; a spread of rows otherwise (the brute force is quadratic).
        const qint64 step = q.rows > 200 ? 37 : 1;
        for (qint64 r = 0; r < q.rows; r += step) {
            const auto want = bruteForce(q, r, b, k, self);
            for (int j = 0; j < k; ++j) {
                QCOMPARE(g->neighbours(r)[j], want[size_t(j)].index);
                QVERIFY2(std::abs(double(g->distances(r)[j]) - want[size_t(j)].distance) <=
                             1e-3 * std::max(1.0, want[size_t(j)].distance),
                         qPrintable(QStringLiteral("row %1 neighbour %2").arg(r).arg(j)));
            }
        }
    }

    void tiesAndDuplicates()
    {
        // Rows 0, 2 and 3 are equal; 1 and 4 farther. Ties go to the lower index; a row never finds itself.
        FeatureMatrix f;
        f.rows = 5;
        f.dims = 2;
        f.values = {0, 0, 3, 4, 0, 0, 0, 0, 6, 8};
        const auto g = nearestNeighbours(f, f, 3, true);
        QVERIFY(g);
        QCOMPARE(std::vector<qint32>(g->neighbours(0), g->neighbours(0) + 3), (std::vector<qint32>{2, 3, 1}));
        QCOMPARE(std::vector<qint32>(g->neighbours(3), g->neighbours(3) + 3), (std::vector<qint32>{0, 2, 1}));
        QCOMPARE(g->distances(0)[0], 0.0f);
        QCOMPARE(g->distances(0)[2], 5.0f);
        QCOMPARE(std::vector<qint32>(g->neighbours(4), g->neighbours(4) + 3), (std::vector<qint32>{1, 0, 2}));
        QCOMPARE(g->distances(4)[0], 5.0f);
    }

    void limits()
    {
        const FeatureMatrix a = randomRows(4, 3, 1);
        auto g = nearestNeighbours(a, a, 10, true); // capped at the 3 others
        QVERIFY(g);
        QCOMPARE(g->k, 3);
        g = nearestNeighbours(a, a, 10, false); // capped at the 4 rows
        QVERIFY(g);
        QCOMPARE(g->k, 4);
        const FeatureMatrix one = randomRows(1, 3, 2);
        g = nearestNeighbours(one, one, 5, true); // nobody else
        QVERIFY(g);
        QCOMPARE(g->k, 0);
        QVERIFY(g->index.empty());
        FeatureMatrix none;
        none.dims = 3;
        g = nearestNeighbours(none, a, 2, false);
        QVERIFY(g);
        QCOMPARE(g->rows, 0);
        // Refused: dims that differ, a negative k, self with different matrices.
        QVERIFY(!nearestNeighbours(randomRows(4, 2, 1), a, 2, false));
        QVERIFY(!nearestNeighbours(a, a, -1, false));
        QVERIFY(!nearestNeighbours(randomRows(3, 3, 1), a, 2, true));
    }

    void cancelAndProgress()
    {
        const FeatureMatrix f = randomRows(3000, 4, 5);
        qint64 last = -1, total = 0;
        bool backwards = false;
        Control c;
        c.progress = [&](qint64 done, qint64 t) {
            backwards = backwards || done < last;
            last = done;
            total = t;
        };
        QVERIFY(nearestNeighbours(f, f, 3, true, c));
        QVERIFY(!backwards);
        QCOMPARE(total, qint64(3000) * 3000);
        QCOMPARE(last, total);

        std::atomic<int> polls{0};
        Control stop;
        stop.cancel = [&] { return ++polls > 3; };
        QVERIFY(!nearestNeighbours(f, f, 3, true, stop));
    }

    void approximateFindsTheTrueNeighbours_data()
    {
        QTest::addColumn<bool>("self");
        QTest::newRow("self") << true;
        QTest::newRow("across") << false;
    }
    void approximateFindsTheTrueNeighbours()
    {
        QFETCH(bool, self);
        // Across: queries from the same clusters as the base (a test split beside its training split).
        const FeatureMatrix all = clusteredRows(7500, 16, 12, 3);
        FeatureMatrix b = all, q;
        b.rows = 6000;
        b.values.resize(size_t(b.rows) * 16);
        if (self) {
            q = b;
        } else {
            q.dims = 16;
            q.rows = 1500;
            q.values.assign(all.values.begin() + qsizetype(b.values.size()), all.values.end());
        }
        const auto g = approximateNeighbours(q, b, 20, self);
        QVERIFY(g);
        QCOMPARE(g->rows, q.rows);
        QCOMPARE(g->k, 20);
        for (qint64 r = 0; r < g->rows; ++r) {
            for (int j = 0; j < g->k; ++j) {
                const qint32 n = g->neighbours(r)[j];
                QVERIFY2(n >= 0 && n < b.rows && (!self || n != r), qPrintable(QString::number(r)));
                if (j > 0)
                    QVERIFY(g->distances(r)[j - 1] <= g->distances(r)[j]);
            }
        }
        // The distances are the rows' own, whatever the search's.
        for (qint64 r = 0; r < g->rows; r += 97) {
            const qint32 n = g->neighbours(r)[3];
            double s = 0;
            for (int d = 0; d < q.dims; ++d)
                s += std::pow(double(q.row(r)[d]) - double(b.row(n)[d]), 2);
            QVERIFY(std::abs(double(g->distances(r)[3]) - std::sqrt(s)) <=
                    1e-4 * std::max(1.0, std::sqrt(s)));
        }
        const double recall = bruteRecall(*g, q, b, self, 7);
        QVERIFY2(recall >= 0.95, qPrintable(QString::number(recall)));
        // The recall measured on a sample agrees with the double loop's over every seventh row.
        const auto measured = neighbourRecall(*g, q, b, self, 800, 1);
        QVERIFY(measured);
        QVERIFY2(std::abs(*measured - recall) < 0.02,
                 qPrintable(QStringLiteral("%1 %2").arg(*measured).arg(recall)));
    }

    void recallCountsPlantedMisses()
    {
        const FeatureMatrix f = clusteredRows(900, 6, 5, 8);
        auto g = nearestNeighbours(f, f, 10, true);
        QVERIFY(g);
        // Every row of an exact graph: all found.
        auto recall = neighbourRecall(*g, f, f, true, 900, 1);
        QVERIFY(recall);
        QCOMPARE(*recall, 1.0);
        // The farthest row from row 0's cluster for the last two neighbours of every third row: 2 of 10 lost
        // on a third of the rows.
        qint32 far = 0;
        double farthest = 0;
        for (qint64 r = 0; r < f.rows; ++r) {
            double s = 0;
            for (int d = 0; d < f.dims; ++d)
                s += std::pow(double(f.row(r)[d]) - double(f.row(0)[d]), 2);
            if (s > farthest) {
                farthest = s;
                far = qint32(r);
            }
        }
        qint64 planted = 0;
        for (qint64 r = 0; r < f.rows; r += 3) {
            if (r == far)
                continue;
            for (int j = 8; j < 10; ++j) {
                g->index[size_t(r) * 10 + size_t(j)] = far;
                g->distance[size_t(r) * 10 + size_t(j)] = 1e9f;
            }
            planted += 2;
        }
        recall = neighbourRecall(*g, f, f, true, 900, 1);
        QVERIFY(recall);
        QCOMPARE(*recall, 1.0 - double(planted) / 9000.0);
        // A missing neighbour (-1) is a miss too; a sample of 0 rows still measures one.
        g->index[5] = -1;
        recall = neighbourRecall(*g, f, f, true, 900, 1);
        QVERIFY(recall);
        QCOMPARE(*recall, 1.0 - double(planted + 1) / 9000.0);
        recall = neighbourRecall(*g, f, f, true, 0, 1);
        QVERIFY(recall && *recall >= 0 && *recall <= 1);
        // Cancelled.
        Control stop;
        stop.cancel = [] { return true; };
        QVERIFY(!neighbourRecall(*g, f, f, true, 900, 1, stop));
    }

    void nearestOfKeepsTheFirst()
    {
        const FeatureMatrix f = randomRows(40, 3, 9);
        const auto wide = nearestNeighbours(f, f, 12, true);
        const auto narrow = nearestNeighbours(f, f, 4, true);
        QVERIFY(wide && narrow);
        const NeighbourGraph cut = nearestOf(*wide, 4);
        QCOMPARE(cut.rows, qint64(40));
        QCOMPARE(cut.k, 4);
        QCOMPARE(cut.index, narrow->index);
        QCOMPARE(cut.distance, narrow->distance);
        QCOMPARE(nearestOf(*wide, 50).k, 12); // no more than it has
    }

    void approximateLimitsAndCancel()
    {
        const FeatureMatrix a = randomRows(4, 3, 1);
        auto g = approximateNeighbours(a, a, 10, true);
        QVERIFY(g);
        QCOMPARE(g->k, 3);
        // Each row: the three others, once each, never itself.
        for (qint64 r = 0; r < 4; ++r) {
            std::vector<qint32> n(g->neighbours(r), g->neighbours(r) + 3);
            std::sort(n.begin(), n.end());
            std::vector<qint32> others;
            for (qint32 j = 0; j < 4; ++j)
                if (j != r)
                    others.push_back(j);
            QCOMPARE(n, others);
        }
        QVERIFY(!approximateNeighbours(randomRows(4, 2, 1), a, 2, false));
        QVERIFY(!approximateNeighbours(a, a, -1, false));
        const FeatureMatrix f = randomRows(3000, 4, 5);
        std::atomic<int> polls{0};
        Control stop;
        stop.cancel = [&] { return ++polls > 3; };
        QVERIFY(!approximateNeighbours(f, f, 3, true, stop));
        // The choice by size.
        QVERIFY(!searchesApproximately(NeighbourSearch::Automatic, kMaxExactSearchRows));
        QVERIFY(searchesApproximately(NeighbourSearch::Automatic, kMaxExactSearchRows + 1));
        QVERIFY(searchesApproximately(NeighbourSearch::Approximate, 10));
        QVERIFY(!searchesApproximately(NeighbourSearch::Exact, kMaxExactSearchRows * 10));
    }

    void pcaFindsPlantedDirections()
    {
        // Records of 6 values: 40·a·u + 5·b·v + mean, u and v orthonormal, (a, b) every point of a 20 × 20
        // grid on [-1, 1]² (so a and b have mean 0 and no sample correlation: the axes are exactly u and v).
        const std::vector<double> u{0.6, 0.8, 0, 0, 0, 0}, v{0, 0, 0, 0, 0.8, -0.6};
        const std::vector<double> mean{100, 90, 80, 70, 60, 50};
        std::vector<double> values;
        std::vector<std::pair<double, double>> ab;
        for (int r = 0; r < 400; ++r) {
            const double a = -1 + 2 * (r / 20) / 19.0, b = -1 + 2 * (r % 20) / 19.0;
            ab.emplace_back(a, b);
            for (int i = 0; i < 6; ++i)
                values.push_back(mean[size_t(i)] + 40 * a * u[size_t(i)] + 5 * b * v[size_t(i)]);
        }
        const TensorView t = fx::memoryView(DType::Float64, {400, 6}, values); // flat records: not centred
        const auto pca = fitPca(t, 3);
        QVERIFY(pca);
        QCOMPARE(pca->count(), 3);
        QCOMPARE(pca->inputDims, 6);
        QCOMPARE(pca->pool, 1);
        // The sign rule makes each component's largest weight positive: 0.8 in both u and v.
        for (int i = 0; i < 6; ++i) {
            QVERIFY(std::abs(pca->components[size_t(i)] - u[size_t(i)]) < 1e-4);
            QVERIFY(std::abs(pca->components[size_t(6 + i)] - v[size_t(i)]) < 1e-4);
        }
        QVERIFY(pca->explained() > 0.999999); // nothing outside the plane
        QVERIFY(pca->variance[2] < 1e-6);
        const auto f = project(t, *pca);
        QVERIFY(f);
        QCOMPARE(f->dims, 3);
        // The coordinates are a and b times their scales (their means are 0).
        for (int r = 0; r < 400; r += 13) {
            QVERIFY(std::abs(f->row(r)[0] - 40 * ab[size_t(r)].first) < 1e-3);
            QVERIFY(std::abs(f->row(r)[1] - 5 * ab[size_t(r)].second) < 1e-3);
        }
        // A file of another record size cannot be projected.
        QVERIFY(!project(fx::memoryView(DType::Float64, {2, 5}, std::vector<double>(10, 1.0)), *pca));
    }

    void pcaPoolsLongRecordsAndScalesHugeValues()
    {
        // 3000 values per record: pooled by 3 into 1000 inputs.
        std::vector<double> values(20 * 3000);
        for (size_t i = 0; i < values.size(); ++i)
            values[i] = double((i * 7919) % 251);
        const auto pooled = fitPca(fx::memoryView(DType::UInt8, {20, 3000}, values), 5);
        QVERIFY(pooled);
        QCOMPARE(pooled->pool, 3);
        QCOMPARE(pooled->inputDims, 1000);
        QCOMPARE(pooled->count(), 5);

        // Values near 1e30 would overflow floats when squared: they are scaled; NaN counts as 0.
        std::vector<double> huge{1e30, 0, 2e30, 0, 0, 3e30, std::nan(""), 1e30};
        const TensorView t = fx::memoryView(DType::Float64, {4, 2}, huge);
        const auto pca = fitPca(t, 2);
        QVERIFY(pca);
        QVERIFY(pca->scale < 1e-29);
        const auto f = project(t, *pca);
        QVERIFY(f);
        for (float x : f->values)
            QVERIFY(std::isfinite(x));
        // (1e30, 0) and (NaN, 1e30): NaN counts as 0, so √2·10³⁰, in double.
        QVERIFY(std::abs(recordDistance(t, 0, t, 3) / (std::sqrt(2.0) * 1e30) - 1) < 1e-12);
    }

    void rawFeaturesAreTheValues()
    {
        const TensorView t = fx::memoryView(DType::Int16, {2, 3}, {1, -2, 3, 400, 5, -6}, ByteOrder::Little);
        QCOMPARE(rawScale(t), 1.0);
        auto f = rawFeatures(t, 1.0);
        QVERIFY(f);
        QCOMPARE(f->dims, 3);
        QCOMPARE(f->values, (std::vector<float>{1, -2, 3, 400, 5, -6}));
        // Long records are averaged in runs, as for the PCA: 2050 values → runs of 3 → 684 inputs.
        std::vector<double> values(2050);
        for (size_t i = 0; i < values.size(); ++i)
            values[i] = double(i % 7);
        f = rawFeatures(fx::memoryView(DType::UInt8, {1, 2050}, values), 1.0);
        QVERIFY(f);
        QCOMPARE(f->dims, 684);
        QCOMPARE(f->values[0], float((0 + 1 + 2) / 3.0));
        QCOMPARE(f->values[683], float(values[2049])); // the last run holds one value
        // Values beyond ±65536 are scaled by the largest magnitude.
        const TensorView big = fx::memoryView(DType::Float64, {2, 1}, {1e9, -2e9});
        QCOMPARE(rawScale(big), 1 / 2e9);
        Control stop;
        stop.cancel = [] { return true; };
        QVERIFY(!rawFeatures(t, 1.0, stop));
    }

    void imagesAreCentred()
    {
        // A 6 × 8 image with a 2 × 2 block at columns 1–2, and the same block moved to columns 5–6 and down a
        // row: centred by their mass, both become the same image (the block at the centre, rows 2–3, columns
        // 3–4).
        auto block = [](int top, int left) {
            std::vector<double> v(48, 0.0);
            for (int y = top; y < top + 2; ++y)
                for (int x = left; x < left + 2; ++x)
                    v[size_t(y * 8 + x)] = 100;
            return v;
        };
        std::vector<double> values = block(1, 1);
        const std::vector<double> moved = block(2, 5);
        values.insert(values.end(), moved.begin(), moved.end());
        const TensorView t = fx::memoryView(DType::UInt8, {2, 6, 8}, values);
        const auto f = rawFeatures(t, 1.0);
        QVERIFY(f);
        QCOMPARE(f->dims, 48);
        const std::vector<double> centred = block(2, 3);
        for (int r = 0; r < 2; ++r)
            for (int i = 0; i < 48; ++i)
                QVERIFY2(std::abs(f->row(r)[i] - centred[size_t(i)]) < 1e-4, qPrintable(QString::number(i)));
        QVERIFY(recordDistance(t, 0, t, 1) > 200); // the values themselves stay apart
        // Half a pixel off centre: interpolated, mass kept. A block at rows 2–3, columns 3–5 (centre column
        // 4) moves half a pixel left: columns 3 and 5 keep half, column 2 gets half, column 4 stays whole.
        std::vector<double> three(48, 0.0);
        for (int y = 2; y < 4; ++y)
            for (int x = 3; x < 6; ++x)
                three[size_t(y * 8 + x)] = 100;
        const auto g = rawFeatures(fx::memoryView(DType::UInt8, {1, 6, 8}, three), 1.0);
        QVERIFY(g);
        QCOMPARE(g->row(0)[2 * 8 + 2], 50.0f);
        QCOMPARE(g->row(0)[2 * 8 + 3], 100.0f);
        QCOMPARE(g->row(0)[2 * 8 + 4], 100.0f);
        QCOMPARE(g->row(0)[2 * 8 + 5], 50.0f);
        QCOMPARE(g->row(0)[2 * 8 + 6], 0.0f);
        // Images with a negative value, or with no mass, stay where they are; flat records are never moved.
        std::vector<double> negative = block(1, 1);
        negative[47] = -1;
        const auto n = rawFeatures(fx::memoryView(DType::Int16, {1, 6, 8}, negative), 1.0);
        QVERIFY(n);
        QCOMPARE(n->row(0)[1 * 8 + 1], 100.0f);
        QCOMPARE(n->row(0)[47], -1.0f);
        const auto z =
            rawFeatures(fx::memoryView(DType::UInt8, {1, 6, 8}, std::vector<double>(48, 0.0)), 1.0);
        QVERIFY(z);
        QCOMPARE(z->values, std::vector<float>(48, 0.0f));
        const auto flat = rawFeatures(fx::memoryView(DType::UInt8, {1, 48}, block(1, 1)), 1.0);
        QVERIFY(flat);
        QCOMPARE(flat->row(0)[1 * 8 + 1], 100.0f);
        // The PCA projects centred images too: the two blocks land on the same point.
        std::vector<double> many;
        for (int r = 0; r < 12; ++r) {
            const std::vector<double> b = block(r % 5, r % 7);
            many.insert(many.end(), b.begin(), b.end());
        }
        const TensorView m = fx::memoryView(DType::UInt8, {12, 6, 8}, many);
        const auto pca = fitPca(m, 4);
        QVERIFY(pca);
        QCOMPARE(pca->height, 6);
        QCOMPARE(pca->width, 8);
        const auto p = project(t, *pca);
        QVERIFY(p);
        for (int d = 0; d < p->dims; ++d)
            QVERIFY(std::abs(p->row(0)[d] - p->row(1)[d]) < 1e-3);
    }

    void pcaRefusesTooLittle()
    {
        QVERIFY(!fitPca(fx::memoryView(DType::UInt8, {1, 4}, {1, 2, 3, 4}), 2));
        QVERIFY(!fitPca(fx::memoryView(DType::UInt8, {2, 2}, {1, 2, 3, 4}), 0));
        Control stop;
        stop.cancel = [] { return true; };
        QVERIFY(!fitPca(fx::memoryView(DType::UInt8, {3, 2}, {1, 2, 3, 4, 5, 6}), 1, stop));
    }

    void recordDistanceAcrossTypes()
    {
        const TensorView a = fx::memoryView(DType::UInt8, {2, 3}, {1, 2, 3, 4, 6, 3});
        const TensorView b = fx::memoryView(DType::Int16, {1, 3}, {1, 2, 3}, ByteOrder::Little);
        QCOMPARE(recordDistance(a, 1, a, 0), 5.0); // (3, 4, 0)
        QCOMPARE(recordDistance(a, 1, b, 0), 5.0); // another type and byte order
        QCOMPARE(recordDistance(a, 0, b, 0), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestNeighbours)
#include "tst_neighbours.moc"
