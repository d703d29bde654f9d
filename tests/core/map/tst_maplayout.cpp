// Tests for the dataset map (maplayout.h, mapexport.h): the fuzzy weights of a small neighbour graph worked
// out by hand; the linear layout's scale; maps of generated clusters whose classes must stay apart (a
// 10-nearest- neighbour vote in the plane, computed here); the same map for the same seed and another for
// another seed; two files laid out together; the reports, progress and cancel; every refusal; the coordinates
// written as CSV and .npy and read back.
#include "clusters.h"
#include "idxfile.h"
#include "mapexport.h"
#include "maplayout.h"
#include "memoryview.h"
#include "neighbours.h"
#include "recordfeatures.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <map>

using namespace idx;
using fx::Clusters;
using fx::kSide;

namespace {

TensorView viewOf(const Clusters& c)
{
    return fx::memoryView(DType::UInt8, {quint64(c.labels.size()), kSide, kSide}, c.values);
}

/// Clusters of 3 classes, `perClass` records each, in turn.
Clusters clusters(int perClass)
{
    Clusters c;
    for (int i = 0; i < 3 * perClass; ++i)
        c.add(c.record(i % 3), i % 3);
    return c;
}

double knnAccuracy(const MapPoints& p, const std::vector<qint64>& labels)
{
    return fx::planeVote(std::vector<double>(p.xy.begin(), p.xy.end()), labels);
}

double extent(const MapPoints& p)
{
    double e = 0;
    for (float v : p.xy)
        e = std::max(e, double(std::abs(v)));
    return e;
}

} // namespace

class TestMapLayout : public QObject {
    Q_OBJECT
private slots:
    // Three rows: 0–1 at distance 1, 1–2 at 2, 0–2 at 3. Each row's nearest weighs 1; its second weighs w
    // with 1 + w = log2(3), so w = log2(3) − 1. Edges 0–1 and 1–2 are someone's nearest (1 ∪ anything = 1);
    // edge 0–2 is w both ways: 2w − w².
    void fuzzyWeightsByHand()
    {
        NeighbourGraph g;
        g.rows = 3;
        g.k = 2;
        g.index = {1, 2, 0, 2, 1, 0};
        g.distance = {1, 3, 1, 2, 2, 3};
        const MapGraph m = fuzzyGraph(g);
        QCOMPARE(m.rows, qint64(3));
        QCOMPARE(m.weight.size(), size_t(6)); // three edges, both ways
        const double w = std::log2(3.0) - 1;
        std::map<std::pair<int, int>, float> found;
        for (size_t e = 0; e < m.weight.size(); ++e)
            found[{m.head[e], m.tail[e]}] = m.weight[e];
        QCOMPARE(found.size(), size_t(6));
        for (auto [a, b] : {std::pair{0, 1}, std::pair{1, 2}}) {
            QVERIFY(std::abs(found[{a, b}] - 1.0F) < 1e-5F);
            QCOMPARE((found[{a, b}]), (found[{b, a}]));
        }
        QVERIFY2(std::abs(found[{0, 2}] - (2 * w - w * w)) < 1e-4,
                 qPrintable(QString::number(found[{0, 2}])));
        QCOMPARE((found[{2, 0}]), (found[{0, 2}]));
        // Grouped by head, in order.
        QVERIFY(std::is_sorted(m.head.begin(), m.head.end()));
    }

    // The repulsion's power of distances is a polynomial approximation: close to pow over every float range
    // a distance can take (denormal to huge), so that a mistyped coefficient or exponent step shows.
    void layoutPowerIsCloseToPow()
    {
        const double b = double(0.7915F); // the layout's exponent, a float
        double worst = 0;
        for (double x = 1e-44; x < 3e38; x *= 1.0137) {
            const auto f = float(x);
            const double want = std::pow(double(f), b);
            worst = std::max(worst, std::abs(double(idx::detail::layoutPower(f)) - want) / want);
        }
        QVERIFY2(worst < 2e-5, qPrintable(QString::number(worst)));
        QCOMPARE(idx::detail::layoutPower(1.0F), 1.0F);
        QVERIFY(std::abs(idx::detail::layoutPower(2.0F) - std::pow(2.0F, 0.7915F)) < 2e-5F);
    }

    // A row whose neighbours are all exact copies (distance 0) weighs them all 1; padding (-1) is skipped.
    void copiesAndPadding()
    {
        NeighbourGraph g;
        g.rows = 2;
        g.k = 3;
        g.index = {1, -1, -1, 0, -1, -1};
        g.distance = {0, 0, 0, 0, 0, 0};
        const MapGraph m = fuzzyGraph(g);
        QCOMPARE(m.weight.size(), size_t(2));
        QCOMPARE(m.weight[0], 1.0F);
        QCOMPARE(m.weight[1], 1.0F);
    }

    void linearLayoutIsScaledComponents()
    {
        FeatureMatrix f;
        f.rows = 3;
        f.dims = 3;
        f.values = {2, -1, 7, -4, 0.5, 7, 1, 1, 7};
        const MapPoints p = linearLayout(f, 1);
        QCOMPARE(p.rows, qint64(3));
        // The largest magnitude (4) becomes 10: every value times 2.5, plus a jitter of about 1e-4.
        const float expected[] = {5, -2.5, -10, 1.25, 2.5, 2.5};
        for (int i = 0; i < 6; ++i)
            QVERIFY2(std::abs(p.xy[size_t(i)] - expected[i]) < 1e-3F, qPrintable(QString::number(i)));
        QVERIFY(p.xy != linearLayout(f, 2).xy); // another seed, another jitter
    }

    void clustersStayApart()
    {
        const Clusters c = clusters(40);
        MapOptions options;
        options.epochs = 200;
        std::vector<std::pair<MapPoints, bool>> reports;
        std::vector<qint64> progress;
        Control control;
        control.progress = [&](qint64 done, qint64 total) {
            QCOMPARE(total, qint64(1000));
            progress.push_back(done);
        };
        MapProblem problem;
        const auto map = computeMap(
            {viewOf(c)}, options, control,
            [&](const MapPoints& p, bool final) { reports.emplace_back(p, final); }, &problem);
        QVERIFY2(map, qPrintable(problem.reason));
        QCOMPARE(map->rows, qint64(120));
        // The linear layout first, then one every 10 epochs, then the final one (the map returned).
        QCOMPARE(reports.size(), size_t(1 + 19 + 1));
        QVERIFY(!reports.front().second);
        QVERIFY(std::abs(extent(reports.front().first) - 10.0) < 1e-3); // the PCA view, scaled
        QVERIFY(reports.back().second);
        QCOMPARE(reports.back().first.xy, map->xy);
        QVERIFY(reports.front().first.xy != map->xy); // the layout moved the points
        QVERIFY(std::is_sorted(progress.begin(), progress.end()));
        QCOMPARE(progress.back(), qint64(1000));
        const double accuracy = knnAccuracy(*map, c.labels);
        QVERIFY2(accuracy >= 0.98, qPrintable(QString::number(accuracy)));
        for (float v : map->xy)
            QVERIFY(std::isfinite(v));
    }

    // Twelve classes of random patterns: two principal components cannot keep twelve apart, the layout of the
    // neighbour graph does.
    void layoutSeparatesWhatTheProjectionMixes()
    {
        Clusters c;
        std::vector<std::vector<double>> templates(12, std::vector<double>(fx::kValues));
        for (auto& t : templates)
            for (double& v : t)
                v = c.noise() > 0 ? 200 : 40;
        for (int i = 0; i < 12 * 20; ++i) {
            std::vector<double> r = templates[size_t(i % 12)];
            for (double& v : r)
                v = std::clamp(v + 4 * c.noise(), 0.0, 255.0);
            c.add(r, i % 12);
        }
        MapOptions options;
        options.epochs = 300;
        MapPoints linear;
        const auto map = computeMap(
            {viewOf(c)}, options, {},
            [&](const MapPoints& p, bool) {
                if (linear.rows == 0)
                    linear = p;
            },
            nullptr);
        QVERIFY(map);
        const double before = knnAccuracy(linear, c.labels);
        const double after = knnAccuracy(*map, c.labels);
        QVERIFY2(before < 0.9, qPrintable(QString::number(before))); // 0.86 here
        QVERIFY2(after >= 0.98, qPrintable(QString::number(after))); // 1 here
    }

    void sameSeedSameMap()
    {
        const Clusters c = clusters(20);
        MapOptions options;
        options.epochs = 50;
        options.seed = 7;
        const auto a = computeMap({viewOf(c)}, options, {}, {}, nullptr);
        const auto b = computeMap({viewOf(c)}, options, {}, {}, nullptr);
        QVERIFY(a && b);
        QCOMPARE(a->xy, b->xy);
        options.seed = 8;
        const auto other = computeMap({viewOf(c)}, options, {}, {}, nullptr);
        QVERIFY(other);
        QVERIFY(other->xy != a->xy);
        // The records' own values instead of PCA components: a map too, with the classes apart.
        options.components = 0;
        options.epochs = 200;
        const auto raw = computeMap({viewOf(c)}, options, {}, {}, nullptr);
        QVERIFY(raw);
        QVERIFY2(knnAccuracy(*raw, c.labels) >= 0.95,
                 qPrintable(QString::number(knnAccuracy(*raw, c.labels))));
    }

    // A graph large enough for the layout to run on two threads (over 2 × 2^18 units of work: 5,100 records,
    // some 75,000 edges): laid out twice from the same points with the same seed, the same points to the bit,
    // whichever thread took which block; another seed, another layout.
    void largeLayoutIsTheSameOnThreads()
    {
        const Clusters c = clusters(1700);
        const TensorView t = viewOf(c);
        const auto pca = fitPca(t, 8);
        QVERIFY(pca);
        const auto features = project(t, *pca);
        QVERIFY(features);
        const auto knn = findNeighbours(*features, *features, 10, true, false);
        QVERIFY(knn);
        const MapGraph graph = fuzzyGraph(*knn);
        QVERIFY(graph.weight.size() * 9 > 2 * (size_t(1) << 18));
        const MapPoints start = linearLayout(*features, 3);
        MapPoints a = start, b = start, other = start;
        QVERIFY(refineLayout(a, graph, 30, 3, 0, {}, {}));
        QVERIFY(refineLayout(b, graph, 30, 3, 0, {}, {}));
        QVERIFY(refineLayout(other, graph, 30, 4, 0, {}, {}));
        QVERIFY(a.xy != start.xy);
        QCOMPARE(a.xy, b.xy);
        QVERIFY(other.xy != a.xy);
        QVERIFY2(knnAccuracy(a, c.labels) >= 0.95, qPrintable(QString::number(knnAccuracy(a, c.labels))));
    }

    // A graph found before (the audit's, of more neighbours) is laid out instead of searching again: the same
    // map as the search's when it is the same graph, another when it is another.
    void aGivenGraphIsLaidOut()
    {
        const Clusters c = clusters(20);
        const TensorView v = viewOf(c);
        MapOptions options;
        options.epochs = 50;
        const auto searched = computeMap({v}, options, {}, {}, nullptr);
        QVERIFY(searched);
        const auto pca = fitPca(v, 50);
        QVERIFY(pca);
        const auto features = project(v, *pca);
        QVERIFY(features);
        const auto wide = nearestNeighbours(*features, *features, 30, true);
        QVERIFY(wide);
        const auto given = computeMap({v}, options, {}, {}, nullptr, &*wide);
        QVERIFY(given);
        QCOMPARE(given->xy, searched->xy);
        // Each record's neighbours the next ten records: not the search's graph, not its map.
        NeighbourGraph other = *wide;
        for (qint64 r = 0; r < other.rows; ++r)
            for (int j = 0; j < other.k; ++j) {
                other.index[size_t(r * other.k + j)] = qint32((r + 1 + j) % other.rows);
                other.distance[size_t(r * other.k + j)] = float(j + 1);
            }
        const auto elsewhere = computeMap({v}, options, {}, {}, nullptr, &other);
        QVERIFY(elsewhere);
        QVERIFY(elsewhere->xy != searched->xy);
        // A graph of other rows, or of fewer neighbours than the map lays out, is not used: the search runs.
        NeighbourGraph fewerRows = other;
        fewerRows.rows -= 1;
        fewerRows.index.resize(size_t(fewerRows.rows) * size_t(fewerRows.k));
        fewerRows.distance.resize(fewerRows.index.size());
        const auto otherRows = computeMap({v}, options, {}, {}, nullptr, &fewerRows);
        QVERIFY(otherRows);
        QCOMPARE(otherRows->xy, searched->xy);
        other.k = 5;
        other.index.resize(size_t(other.rows) * 5);
        other.distance.resize(size_t(other.rows) * 5);
        const auto narrow = computeMap({v}, options, {}, {}, nullptr, &other);
        QVERIFY(narrow);
        QCOMPARE(narrow->xy, searched->xy);
    }

    // Two files together: the second's records follow the first's; a copy of the first lands on its twins'
    // clusters.
    void twoFilesTogether()
    {
        const Clusters a = clusters(20);
        Clusters b;
        b.state = 999; // other noise, the same classes
        for (int i = 0; i < 30; ++i)
            b.add(b.record((i + 1) % 3), (i + 1) % 3);
        MapOptions options;
        options.epochs = 200;
        const auto map = computeMap({viewOf(a), viewOf(b)}, options, {}, {}, nullptr);
        QVERIFY(map);
        QCOMPARE(map->rows, qint64(90));
        std::vector<qint64> labels = a.labels;
        labels.insert(labels.end(), b.labels.begin(), b.labels.end());
        const double accuracy = knnAccuracy(*map, labels);
        QVERIFY2(accuracy >= 0.98, qPrintable(QString::number(accuracy)));
    }

    void cancelled()
    {
        const Clusters c = clusters(20);
        int calls = 0;
        Control control;
        control.cancel = [&calls] { return ++calls > 30; };
        MapProblem problem;
        QVERIFY(!computeMap({viewOf(c)}, {}, control, {}, &problem));
        QVERIFY(problem.reason.isEmpty());
        QVERIFY(calls > 30);
    }

    void refusals_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<int>("file");
        QTest::addColumn<QString>("reason");
        QTest::newRow("labels") << 0 << 0 << QStringLiteral("one value per record");
        QTest::newRow("incomplete") << 1 << 0 << QStringLiteral("not completely loaded");
        QTest::newRow("sizes differ") << 2 << 1
                                      << QStringLiteral("its records have 16 values, those of the "
                                                        "first file 64");
        QTest::newRow("two records") << 3 << 0 << QStringLiteral("at least three records; there are 2");
        QTest::newRow("three files") << 4 << 0 << QStringLiteral("one file, or of two together");
        QTest::newRow("none") << 5 << 0 << QStringLiteral("one file, or of two together");
        QTest::newRow("second incomplete") << 6 << 1 << QStringLiteral("not completely loaded");
    }
    void refusals()
    {
        QFETCH(int, which);
        QFETCH(int, file);
        QFETCH(QString, reason);
        const Clusters c = clusters(4);
        const TensorView good = viewOf(c);
        std::vector<TensorView> files;
        switch (which) {
        case 0:
            files = {fx::memoryView(DType::UInt8, {5}, {1, 2, 3, 4, 5})};
            break;
        case 1:
            files = {fx::memoryView(DType::UInt8, {12, kSide, kSide}, c.values, ByteOrder::Big, 100)};
            break;
        case 2:
            files = {good, fx::memoryView(DType::UInt8, {3, 4, 4}, std::vector<double>(48, 1))};
            break;
        case 3:
            files = {fx::memoryView(DType::UInt8, {2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8})};
            break;
        case 4:
            files = {good, good, good};
            break;
        case 5:
            break;
        case 6:
            files = {good, fx::memoryView(DType::UInt8, {12, kSide, kSide}, c.values, ByteOrder::Big, 100)};
            break;
        }
        MapProblem problem;
        QVERIFY(!computeMap(files, {}, {}, {}, &problem));
        QVERIFY2(problem.reason.contains(reason), qPrintable(problem.reason));
        QCOMPARE(problem.file, file);
    }

    // Values near the largest double (a misread file read as float64): the PCA's mean overflowed, and every
    // point of the map was NaN.
    void hugeValuesGiveFinitePoints()
    {
        std::vector<double> values;
        for (int r = 0; r < 30; ++r)
            for (int e = 0; e < 8; ++e)
                values.push_back((r % 2 ? -1 : 1) * (1 + double((e + r) % 8) / 16 + r / 1000.0) * 1e307);
        MapOptions m;
        m.epochs = 20;
        m.neighbours = 5;
        const auto map = computeMap({fx::memoryView(DType::Float64, {30, 8}, values)}, m, {}, {}, nullptr);
        QVERIFY(map);
        for (float v : map->xy)
            QVERIFY(std::isfinite(v));
        QVERIFY(extent(*map) > 0);
    }

    void coordinatesWrittenAndReadBack()
    {
        MapPoints p;
        p.rows = 3;
        p.xy = {1.5F, -2.25F, 0.1F, 3e-8F, -123456.79F, 0};
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("map.csv"));
        QVERIFY(writeMapCoordinates(csv, p));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QCOMPARE(lines.size(), 5); // header, three records, the empty rest after the last newline
        QCOMPARE(lines[0], QByteArray("record,x,y"));
        for (int i = 0; i < 3; ++i) {
            const QList<QByteArray> cells = lines[i + 1].split(',');
            QCOMPARE(cells.size(), 3);
            QCOMPARE(cells[0].toInt(), i);
            QCOMPARE(cells[1].toFloat(), p.xy[size_t(i) * 2]); // the shortest text that reads back the same
            QCOMPARE(cells[2].toFloat(), p.xy[size_t(i) * 2 + 1]);
        }
        QCOMPARE(lines[2], QByteArray("1,0.1,3e-08"));

        const QString npy = dir.filePath(QStringLiteral("map.npy"));
        QVERIFY(writeMapCoordinates(npy, p));
        QFile n(npy);
        QVERIFY(n.open(QIODevice::ReadOnly));
        const QByteArray bytes = n.readAll();
        QVERIFY(bytes.startsWith("\x93NUMPY"));
        QVERIFY(bytes.contains("'descr': '<f4'"));
        QVERIFY(bytes.contains("'shape': (3, 2)"));
        const QByteArray payload = bytes.right(24);
        for (int i = 0; i < 6; ++i) {
            float v;
            std::memcpy(&v, payload.constData() + i * 4, 4); // little-endian, as this machine
            QCOMPARE(v, p.xy[size_t(i)]);
        }
        // And idxscope reads it back as a tensor.
        const auto opened = IdxFile::open(npy);
        QVERIFY(opened->load());
        QCOMPARE(opened->header().dims, (std::vector<quint64>{3, 2}));

        const QString missing = dir.filePath(QStringLiteral("no/such/folder/map.csv"));
        const WriteResult bad = writeMapCoordinates(missing, p);
        QVERIFY(!bad);
        QVERIFY(!bad.error.isEmpty());
        QVERIFY(!writeMapNpy(dir.filePath(QStringLiteral("no/such/map.npy")), p));
        QVERIFY(!QFile::exists(missing));
    }
};

QTEST_GUILESS_MAIN(TestMapLayout)
#include "tst_maplayout.moc"
