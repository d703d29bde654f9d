// Scale: sparse files far beyond RAM and 32-bit limits. An 8 GiB uint8 and a 4 GiB float32 IDX open in O(1)
// (the view is complete at once from the mapping, with no decompression buffer), their statistics report
// progress and cancel after the first report, and records past 2^31 (and past byte 2^32) read correctly
// through every access path: recordData, value, valueAt, extractSlice and renderRecord.
#include "fixtures.h"
#include "idxfile.h"
#include "render.h"
#include "stats.h"

#include <QTest>

#include <atomic>

using namespace idx;

namespace {
// A sparse IDX file: the header, then a hole up to the declared size (reads as zeros, takes no disk space).
QString sparseIdx(const QTemporaryDir& dir, const QString& name, DType t, const std::vector<quint64>& dims)
{
    const auto h = Header::make(t, dims);
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!h || !f.open(QIODevice::WriteOnly) || f.write(h->encode()) != h->headerBytes ||
        !f.resize(h->headerBytes + qint64(h->dataBytes)))
        return {};
    return path;
}

bool pokeByte(const QString& path, qint64 offset, char value)
{
    QFile f(path);
    return f.open(QIODevice::ReadWrite) && f.seek(offset) && f.write(&value, 1) == 1;
}
} // namespace

class TestScaleSparse : public QObject {
    Q_OBJECT
private slots:
    void hugeFilesOpenAtOnce_data();
    void hugeFilesOpenAtOnce();
    void recordsBeyond32Bits_data();
    void recordsBeyond32Bits();

private:
    QTemporaryDir m_dir;
};

void TestScaleSparse::hugeFilesOpenAtOnce_data()
{
    QTest::addColumn<int>("dtype");
    QTest::addColumn<std::vector<quint64>>("dims");
    QTest::newRow("8 GiB uint8") << int(DType::UInt8) << std::vector<quint64>{10956549, 28, 28};
    QTest::newRow("4 GiB float32") << int(DType::Float32) << std::vector<quint64>{1369569, 28, 28};
}

void TestScaleSparse::hugeFilesOpenAtOnce()
{
    QFETCH(int, dtype);
    QFETCH(std::vector<quint64>, dims);
    const QString path = sparseIdx(m_dir, QStringLiteral("huge-%1").arg(dtype), DType(dtype), dims);
    QVERIFY(!path.isEmpty());
    auto f = IdxFile::open(path);
    QVERIFY(f->headerValid());
    QCOMPARE(f->container(), Container::Raw);
    QVERIFY(!hasError(f->diagnostics()));
    const TensorView v = f->view();
    // Complete at open, straight from the mapping: nothing decoded, no buffer allocated.
    QVERIFY(v.isComplete());
    QVERIFY(v.data() != nullptr);
    QCOMPARE(v.availableRecords(), dims[0]);
    QVERIFY(v.availableBytes() > (quint64(4) << 30) - (quint64(1) << 20));
    QCOMPARE(f->bufferCapacity(), qint64(0));
    QCOMPARE(f->peakBufferBytes(), qint64(0));
    // A few records from the far end render (zeros: the hole).
    for (quint64 r : {quint64(0), dims[0] / 2, dims[0] - 1}) {
        const auto px = renderRecord(v, r, {});
        QVERIFY(px && px->width == 28 && px->height == 28);
    }
    // Statistics: progress arrives, and a cancel at the first report ends the job without a result.
    std::atomic<int> reports{0};
    std::atomic<bool> cancel{false};
    Control c;
    c.progress = [&](qint64 done, qint64 total) {
        QVERIFY(done <= total);
        reports++;
        cancel = true;
    };
    c.cancel = [&] { return cancel.load(); };
    QVERIFY(!computeStats(v, {}, c));
    QVERIFY(reports >= 1);
    // A small range of the same file completes (records 10,000,000.. for the 8 GiB one).
    StatsOptions few;
    few.firstRecord = dims[0] - 100;
    const auto s = computeStats(v, few);
    QVERIFY(s);
    QCOMPARE(s->count, quint64(100 * 28 * 28));
    QCOMPARE(s->zeros, s->count);
}

void TestScaleSparse::recordsBeyond32Bits_data()
{
    QTest::addColumn<std::vector<quint64>>("dims");
    QTest::addColumn<quint64>("record");
    QTest::newRow("[3000000000] u8, record 2^31+5")
        << std::vector<quint64>{3000000000ull} << quint64(2147483653ull);
    QTest::newRow("[2200000000, 1] u8, record 2^31+5")
        << std::vector<quint64>{2200000000ull, 1} << quint64(2147483653ull);
    QTest::newRow("[4294967295] u8, record 2^32-3 (byte past 2^32)")
        << std::vector<quint64>{4294967295ull} << quint64(4294967293ull);
}

void TestScaleSparse::recordsBeyond32Bits()
{
    QFETCH(std::vector<quint64>, dims);
    QFETCH(quint64, record);
    const QString path = sparseIdx(m_dir, QStringLiteral("records-%1").arg(dims.size()), DType::UInt8, dims);
    QVERIFY(!path.isEmpty());
    const qint64 headerBytes = 4 + 4 * qint64(dims.size());
    // Known bytes at the record and right after it; zeros elsewhere (the hole).
    QVERIFY(pokeByte(path, headerBytes + qint64(record), char(0xAB)));
    QVERIFY(pokeByte(path, headerBytes + qint64(record) + 1, char(0x11)));
    auto f = IdxFile::open(path);
    QVERIFY(f->headerValid());
    const TensorView v = f->view();
    QVERIFY(v.isComplete());
    QCOMPARE(v.availableRecords(), dims[0]);
    QCOMPARE(int(v.recordData(record)[0]), 0xAB);
    QCOMPARE(v.value(record), 171.0);
    QCOMPARE(v.value(record + 1), 17.0);
    QCOMPARE(v.value(record - 1), 0.0);
    std::vector<quint64> index(dims.size(), 0);
    index[0] = record;
    QCOMPARE(v.valueAt(index), std::optional<double>(171.0));
    index[0] = record + 1;
    QCOMPARE(v.valueAt(index), std::optional<double>(17.0));
    index[0] = dims[0];
    QVERIFY(!v.valueAt(index)); // out of range stays out of range: no wrap-around
    const auto s = extractSlice(v, SliceSpec::forRecord(v.header(), record));
    QVERIFY(s);
    QCOMPARE(s->values.size(), size_t(1));
    QCOMPARE(s->values[0], 171.0);
    const auto px = renderRecord(v, record, {});
    QVERIFY(px && px->width == 1 && px->height == 1);
    QCOMPARE(int(px->pixels[0]), 0xAB);
    QCOMPARE(v.recordValues(record), std::vector<double>{171.0});
    // Statistics over records around the poked one see exactly the two known values.
    StatsOptions around;
    around.firstRecord = record - 10;
    around.endRecord = record + 10;
    const auto st = computeStats(v, around);
    QVERIFY(st);
    const quint64 count = std::min(record + 10, dims[0]) - (record - 10); // the range is clamped at the end
    QCOMPARE(st->count, count);
    QCOMPARE(st->max, 171.0);
    QCOMPARE(st->zeros, count - 2);
}

QTEST_GUILESS_MAIN(TestScaleSparse)
#include "tst_scale_sparse.moc"
