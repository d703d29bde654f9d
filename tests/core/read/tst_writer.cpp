// Tests for the writers: IDX round trips for every type and ndim 0..4 (raw, gzip and xz, decompressed here
// with zlib and liblzma), multi-block gzip and xz read back by zlib, liblzma and our own progressive reader
// (gzip -t, xz -t and Python: tests/cli/tst_cli_data.cpp), byte-order conversion, record ranges, atomicity on
// failure and cancel, failing devices, progress, .npy read back by a minimal independent parser, and CSV
// value by value.
#include "fixtures.h"
#include "idxfile.h"
#include "memoryview.h"
#include "writer.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QRandomGenerator>
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

/// Decodes every xz stream (liblzma's decoder, independent of the writer's encoder set-up).
QByteArray unxz(const QByteArray& xz)
{
    lzma_stream s = LZMA_STREAM_INIT;
    if (lzma_stream_decoder(&s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
        return {};
    s.next_in = reinterpret_cast<const uint8_t*>(xz.constData());
    s.avail_in = size_t(xz.size());
    QByteArray out;
    uint8_t buf[65536];
    for (;;) {
        s.next_out = buf;
        s.avail_out = sizeof buf;
        const lzma_ret rc = lzma_code(&s, LZMA_FINISH);
        out.append(reinterpret_cast<const char*>(buf), qsizetype(sizeof buf - s.avail_out));
        if (rc == LZMA_STREAM_END)
            break;
        if (rc != LZMA_OK) {
            out = "lzma decoding failed";
            break;
        }
    }
    lzma_end(&s);
    return out;
}

/// What a file of `container` holds, decoded independently; gzip must be a single member.
QByteArray decoded(const QByteArray& bytes, Container container)
{
    switch (container) {
    case Container::Gzip: {
        if (!bytes.startsWith("\x1f\x8b"))
            return "not gzip";
        int members = 0;
        const QByteArray out = gunzip(bytes, &members);
        return members == 1 ? out : QByteArray("not one gzip member");
    }
    case Container::Xz:
        return bytes.startsWith("\xfd\x37\x7a\x58\x5a\x00") ? unxz(bytes) : QByteArray("not xz");
    case Container::Raw:
        break;
    }
    return bytes;
}

const char* nameOf(Container c)
{
    return c == Container::Gzip ? "gzip" : c == Container::Xz ? "xz" : "raw";
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
    void otherReadersAccept_data();
    void otherReadersAccept();
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
    void progress_data();
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
    QTest::addColumn<Container>("container");
    const std::vector<std::vector<quint64>> shapes{{}, {5}, {3, 4}, {2, 3, 4}, {2, 1, 3, 2}, {3, 0, 2}};
    for (DType t : {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Float32, DType::Float64})
        for (const auto& dims : shapes)
            for (Container c : {Container::Raw, Container::Gzip, Container::Xz}) {
                QStringList d;
                for (quint64 x : dims)
                    d << QString::number(x);
                const QString name =
                    u"%1 [%2] %3"_s.arg(dtypeName(t), d.join(u'x'), QLatin1String(nameOf(c)));
                QTest::newRow(qPrintable(name)) << t << dims << c;
            }
}

void TestWriter::roundTrip()
{
    QFETCH(DType, dtype);
    QFETCH(std::vector<quint64>, dims);
    QFETCH(Container, container);
    auto values = fx::sampleValues(dtype, fx::elementCount(dims), 5);
    if (isFloat(dtype) && values.size() >= 4) { // non-finite values survive too
        values[1] = kNaN;
        values[2] = -kInf;
        values[3] = -0.0;
    }
    const auto v = fx::memoryView(dtype, dims, values);
    const QString path = freshPath(u".idx"_s);
    const WriteResult r = writeIdx(path, v, {}, container);
    QVERIFY2(r, qPrintable(r.error));
    const QByteArray bytes = decoded(readAll(path), container);
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

void TestWriter::otherReadersAccept_data()
{
    QTest::addColumn<Container>("container");
    QTest::addColumn<int>("dtype");
    QTest::addColumn<qint64>("elements");
    QTest::addColumn<bool>("little");
    for (Container c : {Container::Gzip, Container::Xz}) {
        const QByteArray z = nameOf(c);
        QTest::newRow(z + " small") << c << int(DType::UInt8) << qint64(100) << false;
        // Header (8 bytes) and payload end exactly on a 2 MiB boundary: the last gzip block is empty.
        QTest::newRow(z + " exactly 2 MiB") << c << int(DType::UInt8) << qint64((2 << 20) - 8) << false;
        QTest::newRow(z + " 5 MiB float32, little-endian view")
            << c << int(DType::Float32) << qint64((5 << 20) / 4 + 3) << true;
    }
}

// Large enough for many compressed blocks (and a mix of noise and repetition, so both deflate's stored and
// Huffman blocks appear): zlib (one gzip member), liblzma and our own progressive reader all read back
// exactly the bytes written. (gzip -t, xz -t and Python run in the CLI tests: this program also runs under
// ThreadSanitizer, which cannot start threads after QProcess has forked.)
void TestWriter::otherReadersAccept()
{
    QFETCH(Container, container);
    QFETCH(int, dtype);
    QFETCH(qint64, elements);
    QFETCH(bool, little);
    const DType t = DType(dtype);
    const int es = elementSize(t);
    const auto h = Header::make(t, {quint64(elements)});
    QVERIFY(h);
    // Big-endian payload: first third noise, the rest a repeating ramp.
    auto payload = std::make_shared<QByteArray>(qsizetype(h->dataBytes), Qt::Uninitialized);
    QRandomGenerator rng(11);
    for (qsizetype i = 0; i < payload->size(); ++i)
        (*payload)[i] = i < payload->size() / 3 ? char(rng.bounded(256)) : char((i / 7) % 251);
    const QByteArray expected = h->encode() + *payload;
    auto stored = std::make_shared<QByteArray>(*payload);
    if (little)
        for (qsizetype k = 0; k + es <= stored->size(); k += es)
            std::reverse(stored->data() + k, stored->data() + k + es);
    const TensorView v(*h, reinterpret_cast<const uchar*>(stored->constData()), h->dataBytes, stored,
                       little ? ByteOrder::Little : ByteOrder::Big);
    const QString path = freshPath(container == Container::Gzip ? u".idx.gz"_s : u".idx.xz"_s);
    QVERIFY(writeIdx(path, v, {}, container));

    QCOMPARE(decoded(readAll(path), container), expected);

    const auto file = IdxFile::open(path);
    QCOMPARE(file->container(), container);
    QVERIFY(file->load()); // progressively, 1 MiB at a time
    QVERIFY(file->diagnostics().isEmpty());
    const TensorView back = file->view();
    QCOMPARE(QByteArray(reinterpret_cast<const char*>(back.data()), qsizetype(back.availableBytes())),
             *payload);
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
    for (Container c : {Container::Gzip, Container::Xz}) {
        QBuffer buf;
        QVERIFY(buf.open(QIODevice::WriteOnly));
        QVERIFY(writeIdx(buf, v, {}, c));
        QCOMPARE(decoded(buf.data(), c), fx::idxBytes(DType::UInt8, {10, 10}, values));
    }
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
    QVERIFY(idx::writeIdxBytes(gz, *h, payload, Container::Gzip));
    QCOMPARE(decoded(readAll(gz), Container::Gzip), h->encode() + payload);
    const QString xz = freshPath(u".idx.xz"_s);
    QVERIFY(idx::writeIdxBytes(xz, *h, payload, Container::Xz));
    QCOMPARE(decoded(readAll(xz), Container::Xz), h->encode() + payload);
    const auto bad = idx::writeIdxBytes(freshPath(u".idx"_s), *h, payload.left(15));
    QVERIFY(!bad);
    QVERIFY(bad.error.contains(u"15"_s));
}

void TestWriter::failingDevice_data()
{
    QTest::addColumn<qint64>("limit");
    QTest::addColumn<bool>("shortWrites");
    QTest::addColumn<Container>("container");
    for (Container c : {Container::Raw, Container::Gzip, Container::Xz}) {
        const QString z = c == Container::Raw ? QString() : u" "_s + QLatin1String(nameOf(c));
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
    QFETCH(Container, container);
    // Noise, so the compressed output is about as large as its input (several gzip blocks).
    std::vector<double> noise(2 * 300000);
    QRandomGenerator rng(3);
    for (double& x : noise)
        x = double(qint32(rng.generate()));
    const auto v = fx::memoryView(DType::Int32, {2, 300000}, noise);
    FailingDevice dev(limit, shortWrites);
    QVERIFY(dev.open(QIODevice::WriteOnly));
    const WriteResult r = writeIdx(dev, v, {}, container);
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
    for (int kind = 0; kind < 5; ++kind) {
        WriteResult r;
        switch (kind) {
        case 0:
            r = writeIdx(full, v);
            break;
        case 1:
            r = writeIdx(full, v, {}, Container::Gzip);
            break;
        case 4:
            r = writeIdx(full, v, {}, Container::Xz);
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
    QTest::addColumn<int>("kind"); // 0 idx, 1 idx gzip, 2 npy, 3 csv, 4 idx xz
    QTest::addColumn<int>("trueAfter");
    QTest::newRow("idx at once") << 0 << 0;
    QTest::newRow("idx midway") << 0 << 2;
    QTest::newRow("gzip at once") << 1 << 0;
    QTest::newRow("gzip midway") << 1 << 2;
    QTest::newRow("gzip before the end") << 1 << 4; // after the 4 input chunks, before the last blocks
    QTest::newRow("xz at once") << 4 << 0;
    QTest::newRow("xz midway") << 4 << 2;
    QTest::newRow("xz before the end") << 4 << 4;
    QTest::newRow("npy midway") << 2 << 2;
    QTest::newRow("csv midway") << 3 << 2;
}

void TestWriter::cancelLeavesNothing()
{
    QFETCH(int, kind);
    QFETCH(int, trueAfter);
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, u"out"_s, "previous");
    // 4 MiB of int16: four chunks (four polls, then one more before a compressor finishes); 2048 records for
    // CSV's per-1024-lines poll.
    const auto v = fx::memoryView(DType::Int16, {2048, 1024}, fx::sampleValues(DType::Int16, 2048 * 1024));
    std::atomic<int> polls{0};
    Control c;
    c.cancel = [&] { return polls.fetch_add(1) >= trueAfter; };
    WriteResult r;
    switch (kind) {
    case 0:
        r = writeIdx(path, v, {}, Container::Raw, c);
        break;
    case 1:
        r = writeIdx(path, v, {}, Container::Gzip, c);
        break;
    case 4:
        r = writeIdx(path, v, {}, Container::Xz, c);
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

void TestWriter::progress_data()
{
    QTest::addColumn<Container>("container");
    for (Container c : {Container::Raw, Container::Gzip, Container::Xz})
        QTest::newRow(nameOf(c)) << c;
}

void TestWriter::progress()
{
    QFETCH(Container, container);
    // 4 MiB: several gzip blocks; xz's first block is still being compressed when the input has all been
    // handed over, so progress there comes from the encoder's threads.
    const auto v = fx::memoryView(DType::Float64, {512, 1024}, fx::sampleValues(DType::Float64, 512 * 1024));
    qint64 last = -1, total = -1;
    int reports = 0;
    bool monotonic = true;
    Control c;
    c.progress = [&](qint64 done, qint64 t) {
        monotonic = monotonic && done >= last;
        last = done;
        total = t;
        ++reports;
    };
    QVERIFY(writeIdx(freshPath(u".idx"_s), v, {}, container, c));
    QVERIFY(monotonic);
    QCOMPARE(last, total);
    QCOMPARE(total, qint64(512 * 1024 * 8));
    QVERIFY(reports >= 2);
}

QTEST_GUILESS_MAIN(TestWriter)
#include "tst_writer.moc"
