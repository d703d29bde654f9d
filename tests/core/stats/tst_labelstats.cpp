// Tests for computeLabelStats: class counts and order, per-class statistics and mean images (against a plain
// loop on a larger tensor), record ranges, labels shorter than the images, cancellation, and the real
// Fashion-MNIST training set against its published figures.
#include "fixtures.h"
#include "memoryview.h"
#include "stats.h"

#include <QFile>
#include <QTest>

#include <atomic>
#include <cmath>

using namespace idx;

namespace {
/// The stream inside a gzip file (zlib directly, independent of the reader under test); empty on failure.
QByteArray gunzipFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray gz = f.readAll();
    QByteArray out;
    z_stream s{};
    if (inflateInit2(&s, 15 + 16) != Z_OK)
        return {};
    s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.constData()));
    s.avail_in = uInt(gz.size());
    int rc = Z_OK;
    while (rc == Z_OK) {
        out.resize(out.size() + (8 << 20));
        s.next_out = reinterpret_cast<Bytef*>(out.data() + s.total_out);
        s.avail_out = 8 << 20;
        rc = inflate(&s, Z_NO_FLUSH);
    }
    out.resize(qsizetype(s.total_out));
    inflateEnd(&s);
    return rc == Z_STREAM_END ? out : QByteArray();
}

/// A view of a whole decoded IDX stream.
TensorView viewOf(const QByteArray& file)
{
    const auto parsed = parseHeader(file);
    if (!parsed.header)
        return {};
    auto bytes = std::make_shared<QByteArray>(file);
    const qint64 hb = parsed.header->headerBytes;
    return TensorView(*parsed.header, reinterpret_cast<const uchar*>(bytes->constData()) + hb,
                      quint64(bytes->size() - hb), bytes);
}

bool close(double a, double b, double rel = 1e-12)
{
    return a == b || std::abs(a - b) <= rel * std::max({1.0, std::abs(a), std::abs(b)});
}
} // namespace

class TestLabelStats : public QObject {
    Q_OBJECT

private slots:
    void labelStats();
    void labelStatsRangeAndUnlabelled();
    void labelStatsParallelMeanImage();
    void labelStatsCancel();
    void labelStatsBillionsOfEmptyRecords();
    void fashionMnistTrain();
};

void TestLabelStats::labelStats()
{
    // Six 2×2 records; record r is {r, 2r, 0, 100}.
    std::vector<double> values;
    for (int r = 0; r < 6; ++r)
        values.insert(values.end(), {double(r), 2.0 * r, 0, 100});
    const auto v = fx::memoryView(DType::UInt8, {6, 2, 2}, values);
    const std::vector<qint64> labels{1, 0, 1, -3, 0, 1};
    const auto ls = computeLabelStats(v, labels);
    QVERIFY(ls);
    QCOMPARE(ls->unlabelled, quint64(0));
    QCOMPARE(ls->classes.size(), size_t(3));
    QCOMPARE(ls->classes[0].label, qint64(-3)); // ascending labels
    QCOMPARE(ls->classes[1].label, qint64(0));
    QCOMPARE(ls->classes[2].label, qint64(1));
    QCOMPARE(ls->classes[0].records, quint64(1));
    QCOMPARE(ls->classes[1].records, quint64(2));
    QCOMPARE(ls->classes[2].records, quint64(3));
    // Class 0: records 1 and 4 -> mean {2.5, 5, 0, 100}; class 1: records 0, 2, 5 -> {7/3, 14/3, 0, 100}.
    QCOMPARE(ls->classes[0].meanImage, (std::vector<double>{3, 6, 0, 100}));
    QCOMPARE(ls->classes[1].meanImage, (std::vector<double>{2.5, 5, 0, 100}));
    QVERIFY(close(ls->classes[2].meanImage[0], 7.0 / 3));
    QVERIFY(close(ls->classes[2].meanImage[1], 14.0 / 3));
    QCOMPARE(ls->classes[2].meanImage[3], 100.0);
    const Stats& c1 = ls->classes[2].stats;
    QCOMPARE(c1.count, quint64(12));
    QCOMPARE(c1.min, 0.0);
    QCOMPARE(c1.max, 100.0);
    QCOMPARE(c1.zeros, quint64(5)); // record 0's three zeros and the zero of records 2 and 5
    QCOMPARE(c1.histogram.counts[100], quint64(3));
    QVERIFY(close(c1.mean, (0 + 0 + 0 + 100 + 2 + 4 + 0 + 100 + 5 + 10 + 0 + 100) / 12.0));
}

void TestLabelStats::labelStatsBillionsOfEmptyRecords()
{
    // Regression (fuzz_stats): 3e9 zero-sized records with a few labels used to loop over every record.
    const auto v = fx::memoryView(DType::UInt8, {3000000000ull, 0}, {});
    const auto ls = computeLabelStats(v, {4, 4, 7});
    QVERIFY(ls);
    QCOMPARE(ls->classes.size(), size_t(2));
    QCOMPARE(ls->classes[0].records, quint64(2));
    QCOMPARE(ls->unlabelled, quint64(3000000000ull - 3));
}

void TestLabelStats::labelStatsRangeAndUnlabelled()
{
    std::vector<double> values(10 * 3);
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = double(i) / 4;
    const auto v = fx::memoryView(DType::Float32, {10, 3}, values);
    const std::vector<qint64> labels{0, 1, 0, 1, 0, 1}; // shorter than the 10 records
    StatsOptions o;
    o.firstRecord = 2;
    o.endRecord = 8;
    const auto ls = computeLabelStats(v, labels, o);
    QVERIFY(ls);
    QCOMPARE(ls->unlabelled, quint64(2)); // records 6 and 7
    QCOMPARE(ls->classes.size(), size_t(2));
    QCOMPARE(ls->classes[0].records, quint64(2)); // records 2, 4
    QCOMPARE(ls->classes[1].records, quint64(2)); // records 3, 5
    // Class 0 mean of record 2 (values 6..8)/4 and record 4 (12..14)/4.
    QCOMPARE(ls->classes[0].meanImage, (std::vector<double>{9.0 / 4, 10.0 / 4, 11.0 / 4}));
    QCOMPARE(ls->classes[1].stats.count, quint64(6));
    QCOMPARE(ls->classes[1].stats.min, 9.0 / 4);
    QCOMPARE(ls->classes[1].stats.max, 17.0 / 4);
}

void TestLabelStats::labelStatsParallelMeanImage()
{
    // Enough records for several workers; checked against a plain per-class loop.
    const quint64 records = 3000, per = 28 * 28;
    for (DType t : {DType::UInt8, DType::Float32}) {
        const auto values = fx::sampleValues(t, records * per, 3);
        const auto v = fx::memoryView(t, {records, 28, 28}, values);
        std::vector<qint64> labels(records);
        for (quint64 r = 0; r < records; ++r)
            labels[r] = qint64((r * 7919) % 10);
        const auto ls = computeLabelStats(v, labels);
        QVERIFY(ls);
        QCOMPARE(ls->classes.size(), size_t(10));
        for (const auto& c : ls->classes) {
            std::vector<double> mean(per, 0);
            quint64 n = 0;
            for (quint64 r = 0; r < records; ++r) {
                if (labels[r] != c.label)
                    continue;
                ++n;
                for (quint64 k = 0; k < per; ++k)
                    mean[k] += values[r * per + k];
            }
            QCOMPARE(c.records, n);
            QCOMPARE(c.stats.count, n * per);
            for (quint64 k = 0; k < per; ++k)
                QVERIFY2(close(c.meanImage[k], mean[k] / double(n), 1e-12), qPrintable(QString::number(k)));
        }
    }
}

void TestLabelStats::labelStatsCancel()
{
    const quint64 records = 2000;
    const auto v =
        fx::memoryView(DType::UInt8, {records, 28, 28}, fx::sampleValues(DType::UInt8, records * 784));
    std::vector<qint64> labels(records);
    for (quint64 r = 0; r < records; ++r)
        labels[r] = qint64(r % 10);
    for (int trueAfter : {0, 1, 5, 12}) {
        std::atomic<int> polls{0};
        Control c;
        c.cancel = [&] { return polls.fetch_add(1) >= trueAfter; };
        QVERIFY2(!computeLabelStats(v, labels, {}, c), qPrintable(QString::number(trueAfter)));
    }
}

void TestLabelStats::fashionMnistTrain()
{
    const QString dir = QStringLiteral(IDXSCOPE_FASHION_DIR);
    const QByteArray imageFile = gunzipFile(dir + QStringLiteral("/train-images-idx3-ubyte.gz"));
    const QByteArray labelFile = gunzipFile(dir + QStringLiteral("/train-labels-idx1-ubyte.gz"));
    if (imageFile.isEmpty() || labelFile.isEmpty())
        QFAIL("Debian's dataset-fashion-mnist is missing: ./build.sh installs it");
    const TensorView images = viewOf(imageFile);
    const TensorView labelView = viewOf(labelFile);
    QCOMPARE(images.header().dims, (std::vector<quint64>{60000, 28, 28}));
    QCOMPARE(labelView.header().dims, (std::vector<quint64>{60000}));
    // The normalisation constants quoted for Fashion-MNIST train: mean 0.2860, std 0.3530 (of value / 255).
    const auto s = computeStats(images);
    QVERIFY(s);
    QCOMPARE(s->count, quint64(47040000));
    QCOMPARE(s->min, 0.0);
    QCOMPARE(s->max, 255.0);
    QVERIFY2(std::abs(s->mean / 255 - 0.2860) < 5e-5, qPrintable(QString::number(s->mean)));
    QVERIFY2(std::abs(s->std / 255 - 0.3530) < 5e-5, qPrintable(QString::number(s->std)));
    // Exact figures as numpy computes them: sum 3431114169 / 47040000, (a == 0).sum(), bincount(a)[255].
    QCOMPARE(s->mean, 3431114169.0 / 47040000.0);
    QCOMPARE(s->zeros, quint64(23616498));
    QCOMPARE(s->histogram.counts[255], quint64(379088));
    std::vector<qint64> labels(60000);
    for (quint64 i = 0; i < 60000; ++i)
        labels[i] = qint64(labelView.value(i));
    const auto ls = computeLabelStats(images, labels);
    QVERIFY(ls);
    QCOMPARE(ls->classes.size(), size_t(10));
    quint64 elements = 0;
    for (const auto& c : ls->classes) {
        QCOMPARE(c.records, quint64(6000)); // a balanced training set
        QCOMPARE(c.meanImage.size(), size_t(784));
        elements += c.stats.count;
    }
    QCOMPARE(elements, s->count);
    // numpy: a.reshape(60000, 784)[labels == 0].mean(axis=0)[400] (T-shirts are bright mid-image).
    QVERIFY(close(ls->classes[0].meanImage[400], 140.65916666666666));
}

QTEST_GUILESS_MAIN(TestLabelStats)
#include "tst_labelstats.moc"
