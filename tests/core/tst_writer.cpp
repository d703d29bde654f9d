// Tests for the writers: IDX round trips for every type and ndim 0..4 (raw and gzip, decompressed here with
// zlib), byte-order conversion, record ranges, atomicity on failure and cancel, failing devices, .npy read
// back by a minimal independent parser, and CSV value by value.
#include "fixtures.h"
#include "memoryview.h"
#include "writer.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <cmath>
#include <limits>

using namespace idx;
using namespace Qt::StringLiterals;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Inflates every gzip member (zlib, independent of the code under test).
QByteArray gunzip(const QByteArray& gz, int* members = nullptr)
{
    QByteArray out;
    z_stream s{};
    if (inflateInit2(&s, 15 + 16) != Z_OK)
        return {};
    s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.constData()));
    s.avail_in = uInt(gz.size());
    char buf[65536];
    int count = 0;
    for (;;) {
        s.next_out = reinterpret_cast<Bytef*>(buf);
        s.avail_out = sizeof buf;
        const int rc = inflate(&s, Z_NO_FLUSH);
        out.append(buf, qsizetype(sizeof buf - s.avail_out));
        if (rc == Z_STREAM_END) {
            ++count;
            if (s.avail_in == 0)
                break;
            inflateReset(&s);
        } else if (rc != Z_OK) {
            out = "inflate failed";
            break;
        }
    }
    inflateEnd(&s);
    if (members)
        *members = count;
    return out;
}

/// A device whose writes fail once `limit` bytes have gone through: with -1, or short when `shortWrites`.
class FailingDevice : public QIODevice {
public:
    FailingDevice(qint64 limit, bool shortWrites) : m_limit(limit), m_short(shortWrites) {}
    qint64 written = 0;

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char*, qint64 len) override
    {
        const qint64 room = m_limit - written;
        if (room <= 0) {
            setErrorString(u"disk full (simulated)"_s);
            return -1;
        }
        const qint64 n = std::min(len, room);
        if (n < len) {
            setErrorString(u"disk full (simulated)"_s);
            if (!m_short)
                return -1;
        }
        written += n;
        return n;
    }

private:
    qint64 m_limit;
    bool m_short;
};

} // namespace

class TestWriter : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void roundTrip_data();
    void roundTrip();
    void littleEndianViewWrittenBigEndian();
    void recordRange();
    void deviceOverload();
    void partialView();
    void writeIdxBytes();
    void failingDevice_data();
    void failingDevice();
    void failsAtomically_data();
    void failsAtomically();
    void readOnlyDirectory();
    void cancelLeavesNothing_data();
    void cancelLeavesNothing();
    void progress();

private:
    QTemporaryDir m_dir;
    int m_counter = 0;
    QString freshPath(const QString& suffix)
    {
        return m_dir.filePath(u"f%1%2"_s.arg(++m_counter).arg(suffix));
    }
};

void TestWriter::roundTrip_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<std::vector<quint64>>("dims");
    QTest::addColumn<Compression>("compression");
    const std::vector<std::vector<quint64>> shapes{{}, {5}, {3, 4}, {2, 3, 4}, {2, 1, 3, 2}, {3, 0, 2}};
    for (DType t : {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Float32, DType::Float64})
        for (const auto& dims : shapes)
            for (Compression c : {Compression::None, Compression::Gzip}) {
                QStringList d;
                for (quint64 x : dims)
                    d << QString::number(x);
                const QString name = u"%1 [%2] %3"_s.arg(dtypeName(t), d.join(u'x'),
                                                         c == Compression::Gzip ? u"gzip"_s : u"raw"_s);
                QTest::newRow(qPrintable(name)) << t << dims << c;
            }
}

void TestWriter::roundTrip()
{
    QFETCH(DType, dtype);
    QFETCH(std::vector<quint64>, dims);
    QFETCH(Compression, compression);
    auto values = fx::sampleValues(dtype, fx::elementCount(dims), 5);
    if (isFloat(dtype) && values.size() >= 4) { // non-finite values survive too
        values[1] = kNaN;
        values[2] = -kInf;
        values[3] = -0.0;
    }
    const auto v = fx::memoryView(dtype, dims, values);
    const QString path = freshPath(u".idx"_s);
    const WriteResult r = writeIdx(path, v, {}, compression);
    QVERIFY2(r, qPrintable(r.error));
    QByteArray bytes = readAll(path);
    if (compression == Compression::Gzip) {
        QVERIFY(bytes.startsWith("\x1f\x8b"));
        int members = 0;
        bytes = gunzip(bytes, &members);
        QCOMPARE(members, 1);
    }
    // Header fields by hand: 00 00 type ndim, then big-endian dims.
    QVERIFY(bytes.size() >= 4 + 4 * qsizetype(dims.size()));
    QCOMPARE(int(bytes[0]), 0);
    QCOMPARE(int(bytes[1]), 0);
    QCOMPARE(uchar(bytes[2]), uchar(dtype));
    QCOMPARE(int(uchar(bytes[3])), int(dims.size()));
    for (size_t i = 0; i < dims.size(); ++i)
        QCOMPARE(quint64(qFromBigEndian<quint32>(bytes.constData() + 4 + 4 * i)), dims[i]);
    const auto parsed = parseHeader(bytes);
    QVERIFY(parsed.header);
    QCOMPARE(parsed.header->dims, dims);
    // Values: the payload is the canonical big-endian encoding, element by element.
    const QByteArray payload = bytes.mid(4 + 4 * qsizetype(dims.size()));
    QCOMPARE(payload.size(), qsizetype(values.size()) * elementSize(dtype));
    const auto* p = reinterpret_cast<const uchar*>(payload.constData());
    for (size_t i = 0; i < values.size(); ++i) {
        const double got = decodeElement(p + i * size_t(elementSize(dtype)), dtype);
        if (std::isnan(values[i]))
            QVERIFY(std::isnan(got));
        else
            QCOMPARE(got, values[i]);
    }
    QCOMPARE(payload, fx::encodeValues(dtype, values));
}

void TestWriter::littleEndianViewWrittenBigEndian()
{
    for (DType t : {DType::Int16, DType::Int32, DType::Float32, DType::Float64}) {
        const auto values = fx::sampleValues(t, 3 * 1000, 9);
        // More than one chunk, so the conversion buffer is reused.
        const auto v = fx::memoryView(t, {3, 1000}, values, ByteOrder::Little);
        QBuffer buf;
        QVERIFY(buf.open(QIODevice::WriteOnly));
        QVERIFY(writeIdx(buf, v));
        QCOMPARE(buf.data(), fx::idxBytes(t, {3, 1000}, values));
    }
    const quint64 big = (3u << 20) / 4 + 3; // several 1 MiB chunks, not a multiple of the chunk
    const auto values = fx::sampleValues(DType::Float32, big, 2);
    QBuffer buf;
    QVERIFY(buf.open(QIODevice::WriteOnly));
    QVERIFY(writeIdx(buf, fx::memoryView(DType::Float32, {big}, values, ByteOrder::Little)));
    QCOMPARE(buf.data(), fx::idxBytes(DType::Float32, {big}, values));
}

void TestWriter::recordRange()
{
    const auto values = fx::sampleValues(DType::Int16, 5 * 6);
    const auto v = fx::memoryView(DType::Int16, {5, 2, 3}, values);
    QBuffer buf;
    QVERIFY(buf.open(QIODevice::WriteOnly));
    QVERIFY(writeIdx(buf, v, RecordRange{1, 3}));
    QCOMPARE(buf.data(), fx::idxBytes(DType::Int16, {2, 2, 3}, {values.begin() + 6, values.begin() + 18}));
    buf.buffer().clear();
    buf.seek(0);
    QVERIFY(writeIdx(buf, v, RecordRange{4, 99})); // clamped
    QCOMPARE(buf.data(), fx::idxBytes(DType::Int16, {1, 2, 3}, {values.begin() + 24, values.end()}));
    buf.buffer().clear();
    buf.seek(0);
    QVERIFY(writeIdx(buf, v, RecordRange{3, 3})); // empty: a valid file with zero records
    QCOMPARE(buf.data(), fx::idxBytes(DType::Int16, {0, 2, 3}, {}));
}

void TestWriter::deviceOverload()
{
    const auto values = fx::sampleValues(DType::UInt8, 100);
    const auto v = fx::memoryView(DType::UInt8, {10, 10}, values);
    QBuffer buf;
    QVERIFY(buf.open(QIODevice::WriteOnly));
    QVERIFY(writeIdx(buf, v, {}, Compression::Gzip));
    QCOMPARE(gunzip(buf.data()), fx::idxBytes(DType::UInt8, {10, 10}, values));
}

void TestWriter::partialView()
{
    // A progressive open that has 3.5 of 5 records: the complete records are written, as a valid file.
    const auto values = fx::sampleValues(DType::Float32, 5 * 4);
    const auto v = fx::memoryView(DType::Float32, {5, 2, 2}, values, ByteOrder::Big, 14 * 4);
    QBuffer buf;
    QVERIFY(buf.open(QIODevice::WriteOnly));
    QVERIFY(writeIdx(buf, v));
    QCOMPARE(buf.data(), fx::idxBytes(DType::Float32, {3, 2, 2}, {values.begin(), values.begin() + 12}));
}

void TestWriter::writeIdxBytes()
{
    const auto h = Header::make(DType::Float32, {2, 2});
    const QByteArray payload = fx::encodeValues(DType::Float32, {1, 2, 3, 4});
    const QString path = freshPath(u".idx"_s);
    QVERIFY(idx::writeIdxBytes(path, *h, payload));
    QCOMPARE(readAll(path), h->encode() + payload);
    const QString gz = freshPath(u".idx.gz"_s);
    QVERIFY(idx::writeIdxBytes(gz, *h, payload, Compression::Gzip));
    QCOMPARE(gunzip(readAll(gz)), h->encode() + payload);
    const auto bad = idx::writeIdxBytes(freshPath(u".idx"_s), *h, payload.left(15));
    QVERIFY(!bad);
    QVERIFY(bad.error.contains(u"15"_s));
}

void TestWriter::failingDevice_data()
{
    QTest::addColumn<qint64>("limit");
    QTest::addColumn<bool>("shortWrites");
    QTest::addColumn<Compression>("compression");
    for (Compression c : {Compression::None, Compression::Gzip}) {
        const QString z = c == Compression::Gzip ? u" gzip"_s : u""_s;
        QTest::newRow(qPrintable(u"at once"_s + z)) << qint64(0) << false << c;
        QTest::newRow(qPrintable(u"in the header"_s + z)) << qint64(7) << false << c;
        QTest::newRow(qPrintable(u"short write in the header"_s + z)) << qint64(7) << true << c;
        QTest::newRow(qPrintable(u"in the payload"_s + z)) << qint64(40000) << false << c;
        QTest::newRow(qPrintable(u"short write in the payload"_s + z)) << qint64(40000) << true << c;
    }
}

void TestWriter::failingDevice()
{
    QFETCH(qint64, limit);
    QFETCH(bool, shortWrites);
    QFETCH(Compression, compression);
    // Random-ish bytes so gzip output is about as large as its input.
    const auto v = fx::memoryView(DType::Int32, {100, 1000}, fx::sampleValues(DType::Int32, 100000));
    FailingDevice dev(limit, shortWrites);
    QVERIFY(dev.open(QIODevice::WriteOnly));
    const WriteResult r = writeIdx(dev, v, {}, compression);
    QVERIFY(!r);
    QVERIFY2(r.error.contains(u"disk full (simulated)"_s), qPrintable(r.error));
    QVERIFY(dev.written <= limit);
}

void TestWriter::failsAtomically_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("missing folder") << u"no/such/folder/out.idx"_s;
    QTest::newRow("parent is a file") << u"existing.idx/out.idx"_s;
    QTest::newRow("path is a folder") << u"folder"_s;
}

void TestWriter::failsAtomically()
{
    QFETCH(QString, path);
    QTemporaryDir dir;
    const QByteArray old = "old contents";
    QVERIFY(!fx::writeFile(dir, u"existing.idx"_s, old).isEmpty());
    QVERIFY(QDir(dir.path()).mkdir(u"folder"_s));
    const auto v = fx::memoryView(DType::UInt8, {2, 2}, {1, 2, 3, 4});
    const QString full = dir.filePath(path);
    for (int kind = 0; kind < 4; ++kind) {
        WriteResult r;
        switch (kind) {
        case 0:
            r = writeIdx(full, v);
            break;
        case 1:
            r = writeIdx(full, v, {}, Compression::Gzip);
            break;
        case 2:
            r = writeNpy(full, v);
            break;
        default:
            r = writeCsv(full, v);
        }
        QVERIFY(!r);
        QVERIFY(!r.error.isEmpty());
        QVERIFY2(r.error.startsWith(u"cannot create the file: "_s), qPrintable(r.error));
        QCOMPARE(readAll(dir.filePath(u"existing.idx"_s)), old);
    }
}

void TestWriter::readOnlyDirectory()
{
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, u"existing.idx"_s, "old");
    QVERIFY(!path.isEmpty());
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner);
    const auto restore = qScopeGuard(
        [&] { QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner); });
    if (QFileInfo(dir.path()).isWritable()) {
        // Running as root, permissions do not apply. /proc is a folder no one can create files in, holding
        // files that exist: the same situation.
        const QString proc = u"/proc/version"_s;
        const QByteArray before = readAll(proc);
        if (before.isEmpty())
            QSKIP("running as root without /proc: no read-only folder to write into");
        const WriteResult r = writeIdx(proc, fx::memoryView(DType::UInt8, {2}, {1, 2}));
        QVERIFY(!r);
        QVERIFY2(r.error.startsWith(u"cannot create the file: "_s), qPrintable(r.error));
        QCOMPARE(readAll(proc), before);
        return;
    }
    const WriteResult r = writeIdx(path, fx::memoryView(DType::UInt8, {2}, {1, 2}));
    QVERIFY(!r);
    QVERIFY(!r.error.isEmpty());
    QCOMPARE(readAll(path), QByteArray("old"));
}

void TestWriter::cancelLeavesNothing_data()
{
    QTest::addColumn<int>("kind"); // 0 idx, 1 idx gzip, 2 npy, 3 csv
    QTest::addColumn<int>("trueAfter");
    QTest::newRow("idx at once") << 0 << 0;
    QTest::newRow("idx midway") << 0 << 2;
    QTest::newRow("gzip midway") << 1 << 2;
    QTest::newRow("npy midway") << 2 << 2;
    QTest::newRow("csv midway") << 3 << 2;
}

void TestWriter::cancelLeavesNothing()
{
    QFETCH(int, kind);
    QFETCH(int, trueAfter);
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, u"out"_s, "previous");
    // 4 MiB of int16: four chunks; 2048 records for CSV's per-1024-lines poll.
    const auto v = fx::memoryView(DType::Int16, {2048, 1024}, fx::sampleValues(DType::Int16, 2048 * 1024));
    std::atomic<int> polls{0};
    Control c;
    c.cancel = [&] { return polls.fetch_add(1) >= trueAfter; };
    WriteResult r;
    switch (kind) {
    case 0:
        r = writeIdx(path, v, {}, Compression::None, c);
        break;
    case 1:
        r = writeIdx(path, v, {}, Compression::Gzip, c);
        break;
    case 2:
        r = writeNpy(path, v, {}, c);
        break;
    default:
        r = writeCsv(path, v, {}, c);
    }
    QVERIFY(!r);
    QCOMPARE(r.error, u"cancelled"_s);
    QVERIFY(polls.load() > trueAfter);
    QCOMPARE(readAll(path), QByteArray("previous"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{u"out"_s}); // no temporaries
}

void TestWriter::progress()
{
    const auto v = fx::memoryView(DType::Float64, {512, 1024}, fx::sampleValues(DType::Float64, 512 * 1024));
    qint64 last = -1, total = -1;
    bool monotonic = true;
    Control c;
    c.progress = [&](qint64 done, qint64 t) {
        monotonic = monotonic && done >= last;
        last = done;
        total = t;
    };
    QVERIFY(writeIdx(freshPath(u".idx"_s), v, {}, Compression::None, c));
    QVERIFY(monotonic);
    QCOMPARE(last, total);
    QCOMPARE(total, qint64(512 * 1024 * 8));
}

QTEST_GUILESS_MAIN(TestWriter)
#include "tst_writer.moc"
