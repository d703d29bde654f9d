// Tests for computeStats / computeLabelStats: hand-computed figures for every type, non-finite values, record
// ranges, empty and partial views, cancellation, progress, and the parallel engine against a serial
// reference.
#include "editabletensor.h"
#include "fixtures.h"
#include "memoryview.h"
#include "stats.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <mutex>
#include <random>

using namespace idx;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool close(double a, double b, double rel = 1e-12)
{
    return a == b || std::abs(a - b) <= rel * std::max({1.0, std::abs(a), std::abs(b)});
}

quint64 sum(const std::vector<quint64>& v)
{
    quint64 s = 0;
    for (quint64 x : v)
        s += x;
    return s;
}

/// Serial reference: the textbook definitions, one element at a time, bins found by searching the edges.
Stats reference(const TensorView& t, const std::vector<double>& edges)
{
    Stats s;
    long double total = 0;
    double mn = kInf, mx = -kInf;
    std::vector<double> finite;
    for (quint64 i = 0; i < t.availableElements(); ++i) {
        const double v = t.value(i);
        ++s.count;
        if (std::isnan(v)) {
            ++s.nan;
        } else if (std::isinf(v)) {
            ++(v > 0 ? s.posinf : s.neginf);
        } else {
            finite.push_back(v);
            total += v;
            mn = std::min(mn, v);
            mx = std::max(mx, v);
            s.zeros += v == 0;
        }
    }
    if (finite.empty())
        return s;
    s.min = mn;
    s.max = mx;
    s.mean = double(total / finite.size());
    long double m2 = 0;
    for (double v : finite)
        m2 += (v - s.mean) * (v - s.mean);
    s.std = std::sqrt(double(m2 / finite.size()));
    s.histogram.counts.assign(edges.size() - 1, 0);
    for (double v : finite) {
        auto it = std::upper_bound(edges.begin(), edges.end(), v);
        size_t bin = size_t(it - edges.begin()) - 1;
        bin = std::min(bin, edges.size() - 2); // the last bin includes its upper edge
        ++s.histogram.counts[bin];
    }
    return s;
}

} // namespace

class TestStats : public QObject {
    Q_OBJECT

private slots:
    void everyDtype_data();
    void everyDtype();
    void eightBitHistogramEdges_data();
    void eightBitHistogramEdges();
    void nonFinite_data();
    void nonFinite();
    void allNonFinite();
    void recordRanges_data();
    void recordRanges();
    void zeroSized_data();
    void zeroSized();
    void partialView();
    void scalar();
    void extremeRanges_data();
    void extremeRanges();
    void constantValues();
    void cancel_data();
    void cancel();
    void progress();
    void parallelMatchesSerial_data();
    void parallelMatchesSerial();
    void littleEndianView();
    void withoutSpread_data();
    void withoutSpread();
    void zeroRuns();
    void piecesMatchContiguous_data();
    void piecesMatchContiguous();
};

void TestStats::everyDtype_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<int>("bins");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<double>("mean");
    QTest::addColumn<double>("std");
    QTest::addColumn<quint64>("zeros");
    QTest::addColumn<QList<double>>("edges"); // checked when not empty
    QTest::addColumn<QList<quint64>>("hist"); // counts, checked when edges are
    // Means and population standard deviations computed by hand (and checked with numpy's mean/std).
    QTest::newRow("uint8") << DType::UInt8 << QList<double>{0, 1, 2, 3, 255, 0} << 10 << 0.0 << 255.0 << 43.5
                           << 94.59166629959182 << quint64(2) << QList<double>{} << QList<quint64>{};
    QTest::newRow("int8") << DType::Int8 << QList<double>{-128, -1, 0, 127} << 10 << -128.0 << 127.0 << -0.5
                          << 90.15680784056188 << quint64(1) << QList<double>{} << QList<quint64>{};
    QTest::newRow("int16") << DType::Int16 << QList<double>{-300, 0, 100, 200} << 4 << -300.0 << 200.0 << 0.0
                           << 187.08286933869707 << quint64(1) << QList<double>{-300, -175, -50, 75, 200}
                           << QList<quint64>{1, 0, 1, 2};
    QTest::newRow("int32") << DType::Int32 << QList<double>{-2147483648.0, 2147483647.0, 0, 0} << 2
                           << -2147483648.0 << 2147483647.0 << -0.25 << 1518500249.6344714 << quint64(2)
                           << QList<double>{-2147483648.0, -0.5, 2147483647.0} << QList<quint64>{1, 3};
    QTest::newRow("float32") << DType::Float32 << QList<double>{1.5, -2.5, 0, 4} << 2 << -2.5 << 4.0 << 0.75
                             << 2.358495283014151 << quint64(1) << QList<double>{-2.5, 0.75, 4}
                             << QList<quint64>{2, 2};
    QTest::newRow("float64") << DType::Float64 << QList<double>{0.1, 0.2, 0.3} << 2 << 0.1 << 0.3 << 0.2
                             << 0.0816496580927726 << quint64(0) << QList<double>{0.1, 0.2, 0.3}
                             << QList<quint64>{1, 2};
    QTest::newRow("float32 negative zero")
        << DType::Float32 << QList<double>{-0.0, 0.0, 2} << 1 << 0.0 << 2.0 << 2.0 / 3 << 0.9428090415820634
        << quint64(2) << QList<double>{0, 2} << QList<quint64>{3};
}

void TestStats::everyDtype()
{
    QFETCH(DType, dtype);
    QFETCH(QList<double>, values);
    QFETCH(int, bins);
    const auto v = fx::memoryView(dtype, {quint64(values.size())}, {values.begin(), values.end()});
    StatsOptions o;
    o.bins = bins;
    const auto s = computeStats(v, o);
    QVERIFY(s);
    QCOMPARE(s->count, quint64(values.size()));
    QCOMPARE(s->nan + s->posinf + s->neginf, quint64(0));
    QTEST(s->min, "min");
    QTEST(s->max, "max");
    QFETCH(double, mean);
    QFETCH(double, std);
    QVERIFY2(close(s->mean, mean), qPrintable(QString::number(s->mean, 'g', 17)));
    QVERIFY2(close(s->std, std), qPrintable(QString::number(s->std, 'g', 17)));
    QTEST(s->zeros, "zeros");
    QCOMPARE(sum(s->histogram.counts), s->finite());
    QCOMPARE(s->histogram.edges.size(), s->histogram.counts.size() + 1);
    QFETCH(QList<double>, edges);
    QFETCH(QList<quint64>, hist);
    if (!edges.isEmpty()) {
        QCOMPARE(s->histogram.counts.size(), size_t(bins));
        for (qsizetype i = 0; i < edges.size(); ++i)
            QVERIFY2(close(s->histogram.edges[size_t(i)], edges[i]), qPrintable(QString::number(i)));
        QCOMPARE(QList<quint64>(s->histogram.counts.begin(), s->histogram.counts.end()), hist);
    }
}

void TestStats::eightBitHistogramEdges_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<double>("firstEdge");
    QTest::newRow("uint8") << DType::UInt8 << 0.0;
    QTest::newRow("int8") << DType::Int8 << -128.0;
}

void TestStats::eightBitHistogramEdges()
{
    QFETCH(DType, dtype);
    QFETCH(double, firstEdge);
    const std::vector<double> values = dtype == DType::UInt8 ? std::vector<double>{7, 7, 0, 255, 3}
                                                             : std::vector<double>{7, 7, -128, 127, -3};
    const auto s = computeStats(fx::memoryView(dtype, {5}, values), StatsOptions{0, ~quint64(0), 3});
    QVERIFY(s);
    // One bin per value whatever StatsOptions::bins says.
    QCOMPARE(s->histogram.counts.size(), size_t(256));
    QCOMPARE(s->histogram.edges.size(), size_t(257));
    for (size_t i = 0; i < 257; ++i)
        QCOMPARE(s->histogram.edges[i], firstEdge + double(i));
    for (double v : values) {
        const auto bin = size_t(v - firstEdge);
        QVERIFY(s->histogram.counts[bin] >= 1);
    }
    QCOMPARE(s->histogram.counts[size_t(7 - firstEdge)], quint64(2));
    QCOMPARE(s->histogram.counts[0], quint64(1));
    QCOMPARE(s->histogram.counts[255], quint64(1));
    QCOMPARE(sum(s->histogram.counts), quint64(5));
}

void TestStats::nonFinite_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::newRow("float32") << DType::Float32;
    QTest::newRow("float64") << DType::Float64;
}

void TestStats::nonFinite()
{
    QFETCH(DType, dtype);
    const std::vector<double> values{kNaN, 1, kInf, -kInf, 3, kNaN, 0, -kInf, -kInf};
    const auto s = computeStats(fx::memoryView(dtype, {3, 3}, values), StatsOptions{0, ~quint64(0), 4});
    QVERIFY(s);
    QCOMPARE(s->count, quint64(9));
    QCOMPARE(s->nan, quint64(2));
    QCOMPARE(s->posinf, quint64(1));
    QCOMPARE(s->neginf, quint64(3));
    QCOMPARE(s->finite(), quint64(3));
    QCOMPARE(s->zeros, quint64(1));
    QCOMPARE(s->min, 0.0);
    QCOMPARE(s->max, 3.0);
    QVERIFY(close(s->mean, 4.0 / 3));
    QVERIFY(close(s->std, std::sqrt((16.0 / 9 + 1.0 / 9 + 25.0 / 9) / 3)));
    QCOMPARE(QList<quint64>(s->histogram.counts.begin(), s->histogram.counts.end()),
             (QList<quint64>{1, 1, 0, 1}));
}

void TestStats::allNonFinite()
{
    const auto s = computeStats(fx::memoryView(DType::Float32, {3}, {kNaN, kInf, -kInf}),
                                StatsOptions{0, ~quint64(0), 5});
    QVERIFY(s);
    QCOMPARE(s->count, quint64(3));
    QCOMPARE(s->finite(), quint64(0));
    QCOMPARE(s->min, 0.0);
    QCOMPARE(s->max, 0.0);
    QCOMPARE(s->mean, 0.0);
    QCOMPARE(s->std, 0.0);
    QCOMPARE(s->histogram.counts, std::vector<quint64>(5, 0));
    QCOMPARE(s->histogram.edges.front(), 0.0);
    QCOMPARE(s->histogram.edges.back(), 1.0);
}

void TestStats::recordRanges_data()
{
    QTest::addColumn<quint64>("first");
    QTest::addColumn<quint64>("end");
    QTest::addColumn<quint64>("count");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<double>("mean");
    // Record r holds 10r, 10r+1, 10r+2, 10r+3.
    QTest::newRow("all") << quint64(0) << ~quint64(0) << quint64(16) << 0.0 << 33.0 << 16.5;
    QTest::newRow("one record") << quint64(2) << quint64(3) << quint64(4) << 20.0 << 23.0 << 21.5;
    QTest::newRow("middle") << quint64(1) << quint64(3) << quint64(8) << 10.0 << 23.0 << 16.5;
    QTest::newRow("end clamped") << quint64(3) << quint64(99) << quint64(4) << 30.0 << 33.0 << 31.5;
    QTest::newRow("empty") << quint64(2) << quint64(2) << quint64(0) << 0.0 << 0.0 << 0.0;
    QTest::newRow("reversed") << quint64(3) << quint64(1) << quint64(0) << 0.0 << 0.0 << 0.0;
    QTest::newRow("past the end") << quint64(7) << quint64(9) << quint64(0) << 0.0 << 0.0 << 0.0;
}

void TestStats::recordRanges()
{
    std::vector<double> values;
    for (int r = 0; r < 4; ++r)
        for (int k = 0; k < 4; ++k)
            values.push_back(10 * r + k);
    for (DType t : {DType::UInt8, DType::Int16, DType::Float64}) {
        const auto v = fx::memoryView(t, {4, 2, 2}, values);
        StatsOptions o;
        QFETCH(quint64, first);
        QFETCH(quint64, end);
        o.firstRecord = first;
        o.endRecord = end;
        const auto s = computeStats(v, o);
        QVERIFY(s);
        QTEST(s->count, "count");
        QTEST(s->min, "min");
        QTEST(s->max, "max");
        QTEST(s->mean, "mean");
        QCOMPARE(sum(s->histogram.counts), s->count);
        QCOMPARE(s->histogram.edges.size(), s->histogram.counts.size() + 1);
    }
}

void TestStats::zeroSized_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<std::vector<quint64>>("dims");
    QTest::newRow("u8 0x28x28") << DType::UInt8 << std::vector<quint64>{0, 28, 28};
    QTest::newRow("f32 5x0x3") << DType::Float32 << std::vector<quint64>{5, 0, 3};
    QTest::newRow("i16 0") << DType::Int16 << std::vector<quint64>{0};
}

void TestStats::zeroSized()
{
    QFETCH(DType, dtype);
    QFETCH(std::vector<quint64>, dims);
    const auto s = computeStats(fx::memoryView(dtype, dims, {}));
    QVERIFY(s);
    QCOMPARE(s->count, quint64(0));
    QCOMPARE(s->mean, 0.0);
    QCOMPARE(s->std, 0.0);
    QCOMPARE(sum(s->histogram.counts), quint64(0));
    QCOMPARE(s->histogram.edges.size(), s->histogram.counts.size() + 1);
}

void TestStats::partialView()
{
    // 10 records of 4 values, but only 3.5 records have arrived: the half record does not count.
    std::vector<double> values(40);
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = double(i);
    const auto v = fx::memoryView(DType::Int32, {10, 4}, values, ByteOrder::Big, 14 * 4);
    QCOMPARE(v.availableRecords(), quint64(3));
    const auto s = computeStats(v);
    QVERIFY(s);
    QCOMPARE(s->count, quint64(12));
    QCOMPARE(s->max, 11.0);
    QCOMPARE(s->mean, 5.5);
}

void TestStats::scalar()
{
    const auto s = computeStats(fx::memoryView(DType::Float64, {}, {-2.25}));
    QVERIFY(s);
    QCOMPARE(s->count, quint64(1));
    QCOMPARE(s->min, -2.25);
    QCOMPARE(s->max, -2.25);
    QCOMPARE(s->mean, -2.25);
    QCOMPARE(s->std, 0.0);
}

void TestStats::extremeRanges_data()
{
    QTest::addColumn<QList<double>>("values");
    const double tiny = std::numeric_limits<double>::denorm_min();
    const double big = std::numeric_limits<double>::max();
    QTest::newRow("subnormal") << QList<double>{0, tiny, 2 * tiny, 3 * tiny, 4 * tiny};
    QTest::newRow("whole double range") << QList<double>{-big, -1, 0, 1, big};
}

void TestStats::extremeRanges()
{
    QFETCH(QList<double>, values);
    const auto v = fx::memoryView(DType::Float64, {quint64(values.size())}, {values.begin(), values.end()});
    const auto s = computeStats(v, StatsOptions{0, ~quint64(0), 4});
    QVERIFY(s);
    QCOMPARE(s->min, values.front());
    QCOMPARE(s->max, values.back());
    const Stats ref = reference(v, s->histogram.edges);
    QCOMPARE(s->histogram.counts, ref.histogram.counts);
    for (size_t i = 1; i < s->histogram.edges.size(); ++i)
        QVERIFY(s->histogram.edges[i] > s->histogram.edges[i - 1]);
}

void TestStats::constantValues()
{
    // One distinct value: the histogram range widens to [v - 0.5, v + 0.5] as numpy's does; all in one bin.
    const auto s =
        computeStats(fx::memoryView(DType::Int16, {4}, {9, 9, 9, 9}), StatsOptions{0, ~quint64(0), 3});
    QVERIFY(s);
    QCOMPARE(s->histogram.edges.front(), 8.5);
    QCOMPARE(s->histogram.edges.back(), 9.5);
    QCOMPARE(s->histogram.counts, (std::vector<quint64>{0, 4, 0}));
    QCOMPARE(s->std, 0.0);
}

void TestStats::cancel_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<int>("trueAfter"); // the cancel function answers true from this poll on
    QTest::newRow("u8 first poll") << DType::UInt8 << 0;
    QTest::newRow("u8 after 3 polls") << DType::UInt8 << 3;
    QTest::newRow("i16 after 2 polls") << DType::Int16 << 2;
    QTest::newRow("f32 in the first pass") << DType::Float32 << 2;
    QTest::newRow("f32 in the second pass") << DType::Float32 << 9; // 8 chunks a pass
    QTest::newRow("f64 in the second pass") << DType::Float64 << 12;
}

void TestStats::cancel()
{
    QFETCH(DType, dtype);
    QFETCH(int, trueAfter);
    const quint64 n = (8u << 20) / quint64(elementSize(dtype)); // 8 MiB: 8 chunks a pass
    const auto v = fx::memoryView(dtype, {n / 64, 64}, fx::sampleValues(dtype, n));
    std::atomic<int> polls{0};
    Control c;
    c.cancel = [&] { return polls.fetch_add(1) >= trueAfter; };
    QVERIFY(!computeStats(v, {}, c));
    QVERIFY(polls.load() > trueAfter);
    c.cancel = [] { return false; };
    QVERIFY(computeStats(v, {}, c));
}

void TestStats::progress()
{
    const quint64 n = 4u << 20;
    const auto v = fx::memoryView(DType::Float32, {n / 16, 16}, fx::sampleValues(DType::Float32, n));
    std::mutex m;
    std::vector<std::pair<qint64, qint64>> reports;
    Control c;
    c.progress = [&](qint64 done, qint64 total) {
        const std::lock_guard lock(m);
        reports.emplace_back(done, total);
    };
    QVERIFY(computeStats(v, {}, c));
    QVERIFY(!reports.empty());
    for (size_t i = 1; i < reports.size(); ++i) {
        QVERIFY(reports[i].first >= reports[i - 1].first);
        QCOMPARE(reports[i].second, reports[0].second);
    }
    QCOMPARE(reports.back().first, reports.back().second);
}

void TestStats::parallelMatchesSerial_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<int>("bins");
    QTest::newRow("uint8") << DType::UInt8 << 256;
    QTest::newRow("int8") << DType::Int8 << 256;
    QTest::newRow("int16") << DType::Int16 << 100;
    QTest::newRow("int32") << DType::Int32 << 1000;
    QTest::newRow("float32") << DType::Float32 << 64;
    QTest::newRow("float64") << DType::Float64 << 7;
}

void TestStats::parallelMatchesSerial()
{
    QFETCH(DType, dtype);
    QFETCH(int, bins);
    // 2M elements: several chunks for every type and enough work for every core.
    const quint64 n = 2u << 20;
    std::mt19937_64 rng(1234);
    std::vector<double> values(n);
    const bool fl = isFloat(dtype);
    for (auto& x : values) {
        const quint64 r = rng();
        if (fl) {
            x = std::ldexp(double(qint64(r >> 11)) - double(1ull << 52), -40); // wide range, negatives
            if (r % 1000 == 0)
                x = (r / 1000) % 3 == 0 ? kNaN : ((r / 1000) % 3 == 1 ? kInf : -kInf);
            if (r % 977 == 0)
                x = 0;
        } else {
            // Skewed (many zeros, like images) across the type's whole range.
            const double lo = dtypeLowest(dtype), hi = dtypeMax(dtype);
            x = r % 3 == 0 ? 0 : std::floor(lo + double(r >> 11) / double(1ull << 53) * (hi - lo + 1));
        }
    }
    const auto v = fx::memoryView(dtype, {n / 1024, 32, 32}, values);
    StatsOptions o;
    o.bins = bins;
    const auto s = computeStats(v, o);
    QVERIFY(s);
    const Stats ref = reference(v, s->histogram.edges);
    QCOMPARE(s->count, ref.count);
    QCOMPARE(s->nan, ref.nan);
    QCOMPARE(s->posinf, ref.posinf);
    QCOMPARE(s->neginf, ref.neginf);
    QCOMPARE(s->zeros, ref.zeros);
    QCOMPARE(s->min, ref.min);
    QCOMPARE(s->max, ref.max);
    if (fl) {
        QVERIFY2(close(s->mean, ref.mean, 1e-9),
                 qPrintable(QStringLiteral("%1 vs %2").arg(s->mean).arg(ref.mean)));
    } else {
        QCOMPARE(s->mean, ref.mean); // exact integer sums on both sides
    }
    QVERIFY2(close(s->std, ref.std, 1e-9), qPrintable(QStringLiteral("%1 vs %2").arg(s->std).arg(ref.std)));
    QCOMPARE(s->histogram.counts, ref.histogram.counts);
    // Edges: bins equal steps over [min, max].
    const auto& e = s->histogram.edges;
    if (elementSize(dtype) > 1) {
        QCOMPARE(e.size(), size_t(bins) + 1);
        QCOMPARE(e.front(), s->min);
        QCOMPARE(e.back(), s->max);
        for (size_t i = 1; i < e.size(); ++i) {
            QVERIFY(e[i] > e[i - 1]);
            QVERIFY(close(e[i], s->min + (s->max - s->min) * double(i) / bins, 1e-12));
        }
    }
}

void TestStats::zeroRuns()
{
    // Background-like zero runs of every length at every alignment (the counter skips all-zero blocks).
    for (DType t : {DType::UInt8, DType::Int8}) {
        std::vector<double> values;
        for (int run = 0; run < 70; ++run) {
            values.insert(values.end(), size_t(run), 0.0);
            values.push_back(double(run % 2 ? run : -run % 100 + (t == DType::UInt8 ? 100 : 0)));
        }
        const auto v = fx::memoryView(t, {quint64(values.size())}, values);
        const auto s = computeStats(v);
        QVERIFY(s);
        const Stats ref = reference(v, s->histogram.edges);
        QCOMPARE(s->zeros, ref.zeros);
        QCOMPARE(s->histogram.counts, ref.histogram.counts);
        QCOMPARE(s->mean, ref.mean);
    }
}

void TestStats::withoutSpread_data()
{
    QTest::addColumn<DType>("dtype");
    for (DType t : {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Float32, DType::Float64})
        QTest::newRow(qPrintable(dtypeName(t))) << t;
}

void TestStats::withoutSpread()
{
    // A default window needs min and max only: one pass, the same figures, no std or histogram.
    QFETCH(DType, dtype);
    const quint64 n = 1u << 20;
    auto values = fx::sampleValues(dtype, n, 21);
    if (isFloat(dtype))
        values[5] = kNaN;
    const auto v = fx::memoryView(dtype, {n / 256, 256}, values);
    const auto full = computeStats(v);
    StatsOptions o;
    o.spread = false;
    qint64 total = -1, done = -1;
    std::mutex m;
    Control c;
    c.progress = [&](qint64 d, qint64 t) {
        const std::lock_guard lock(m);
        done = d;
        total = t;
    };
    const auto quick = computeStats(v, o, c);
    QVERIFY(full && quick);
    QCOMPARE(quick->count, full->count);
    QCOMPARE(quick->nan, full->nan);
    QCOMPARE(quick->zeros, full->zeros);
    QCOMPARE(quick->min, full->min);
    QCOMPARE(quick->max, full->max);
    QVERIFY(close(quick->mean, full->mean, 1e-12));
    QCOMPARE(quick->std, 0.0);
    QVERIFY(quick->histogram.counts.empty());
    QVERIFY(quick->histogram.edges.empty());
    QCOMPARE(total, qint64(n)); // one pass
    QCOMPARE(done, total);
}

void TestStats::littleEndianView()
{
    for (DType t : {DType::Int16, DType::Int32, DType::Float32, DType::Float64}) {
        const quint64 n = 1u << 20;
        const auto values = fx::sampleValues(t, n, 7);
        const auto big = computeStats(fx::memoryView(t, {n}, values, ByteOrder::Big));
        const auto little = computeStats(fx::memoryView(t, {n}, values, ByteOrder::Little));
        QVERIFY(big && little);
        QCOMPARE(little->min, big->min);
        QCOMPARE(little->max, big->max);
        QCOMPARE(little->mean, big->mean);
        QCOMPARE(little->histogram.counts, big->histogram.counts);
        QCOMPARE(little->min, *std::min_element(values.begin(), values.end()));
    }
}

void TestStats::piecesMatchContiguous_data()
{
    QTest::addColumn<int>("dtype");
    QTest::addColumn<bool>("little");
    QTest::newRow("uint8") << int(DType::UInt8) << false;
    QTest::newRow("int8") << int(DType::Int8) << false;
    QTest::newRow("int16") << int(DType::Int16) << false;
    QTest::newRow("int16 little-endian") << int(DType::Int16) << true;
    QTest::newRow("int32") << int(DType::Int32) << false;
    QTest::newRow("float32 little-endian") << int(DType::Float32) << true;
    QTest::newRow("float64") << int(DType::Float64) << false;
}

void TestStats::piecesMatchContiguous()
{
    // An edited tensor read in place (runs of the base, inserted chunks, edited records) gives the figures
    // of the same tensor copied into one block.
    QFETCH(int, dtype);
    QFETCH(bool, little);
    const DType t = DType(dtype);
    const quint64 n = 100000;
    const std::vector<quint64> dims{n, 4, 4};
    EditableTensor et(
        fx::memoryView(t, dims, fx::sampleValues(t, n * 16, 3), little ? ByteOrder::Little : ByteOrder::Big));
    const QByteArray record = fx::encodeValues(t, std::vector<double>(16, 7));
    for (quint64 r : {0, 5, 6, 999, 50000, 99999})
        QVERIFY(et.setRecord(r, record));
    QVERIFY(et.setElement(1234, 3, 1));
    QVERIFY(et.deleteRecords(200, 3000));
    QVERIFY(et.insertRecords(10, record + record));
    QVERIFY(et.duplicateRecords(40000, 20));
    QVERIFY(et.moveRecords(0, 100, 60000));
    const TensorPieces pieces = et.pieces();
    QVERIFY(pieces.pieces().size() > 10);
    QVERIFY(!pieces.contiguous());
    const TensorView whole = et.materialize(0, et.recordCount());
    QCOMPARE(pieces.availableRecords(), whole.availableRecords());
    std::vector<qint64> labels(size_t(et.recordCount()));
    for (size_t i = 0; i < labels.size(); ++i)
        labels[i] = qint64(i * 7 % 5);
    for (const auto& [first, end] : {std::pair<quint64, quint64>{0, ~quint64(0)}, {3, 4}, {59990, 60150}}) {
        StatsOptions o;
        o.firstRecord = first;
        o.endRecord = end;
        const auto a = computeStats(pieces, o);
        const auto b = computeStats(whole, o);
        QVERIFY(a && b);
        QCOMPARE(a->count, b->count);
        QCOMPARE(a->zeros, b->zeros);
        QCOMPARE(a->nan, b->nan);
        QCOMPARE(a->min, b->min);
        QCOMPARE(a->max, b->max);
        QVERIFY2(close(a->mean, b->mean, 1e-9), qPrintable(QString::number(a->mean - b->mean)));
        QVERIFY(close(a->std, b->std, 1e-9));
        QCOMPARE(a->histogram.counts, b->histogram.counts);
    }
    const auto la = computeLabelStats(pieces, labels);
    const auto lb = computeLabelStats(whole, labels);
    QVERIFY(la && lb);
    QCOMPARE(la->classes.size(), lb->classes.size());
    for (size_t c = 0; c < la->classes.size(); ++c) {
        QCOMPARE(la->classes[c].records, lb->classes[c].records);
        QCOMPARE(la->classes[c].stats.count, lb->classes[c].stats.count);
        QCOMPARE(la->classes[c].stats.max, lb->classes[c].stats.max);
        QCOMPARE(la->classes[c].meanImage.size(), lb->classes[c].meanImage.size());
        for (size_t k = 0; k < la->classes[c].meanImage.size(); ++k)
            QVERIFY(close(la->classes[c].meanImage[k], lb->classes[c].meanImage[k], 1e-9));
    }
}

QTEST_GUILESS_MAIN(TestStats)
#include "tst_stats.moc"
