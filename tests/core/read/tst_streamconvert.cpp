// Converting a compressed IDX file to IDX or .npy as it is decoded (streamconvert.h): byte for byte what the
// file holds (or what writeNpy writes of it), from a multi-member gzip and from xz, into every container; the
// payload handed on, not kept; a truncated or short stream, a cancel and a failing write each refused with
// their reason and an existing target left untouched; files it does not take refused.
#include "fixtures.h"
#include "idxfile.h"
#include "streamconvert.h"
#include "writer.h"

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace idx;

namespace {

/// A device that takes `limit` bytes, then fails every write (a full disk).
class FullDevice final : public QIODevice {
public:
    explicit FullDevice(qint64 limit) : m_limit(limit) { open(QIODevice::WriteOnly); }
    qint64 taken = 0;

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char*, qint64 size) override
    {
        if (taken + size > m_limit) {
            setErrorString(QStringLiteral("No space left on device"));
            return -1;
        }
        taken += size;
        return size;
    }

private:
    qint64 m_limit;
};

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// What `path` holds once read back by IdxFile (any container): header and payload as an IDX file stores
/// them.
QByteArray decoded(const QString& path)
{
    const auto f = IdxFile::open(path);
    if (!f->load() || !f->view().isComplete())
        return {};
    const TensorView v = f->view();
    return f->header().encode() +
           QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.availableBytes()));
}

} // namespace

class TstStreamConvert : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    // 3.5 MiB of int16 (more than three pieces and the kept sample), its values' bytes not symmetric.
    const QByteArray m_idx =
        fx::idxBytes(DType::Int16, {1792, 1024}, fx::sampleValues(DType::Int16, 1792 * 1024));

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void everyContainerByteForByte_data()
    {
        QTest::addColumn<QByteArray>("compressed");
        QTest::addColumn<int>("container");
        const QByteArray gz = fx::gzipMembers(m_idx, 3, 1);
        const QByteArray xz = fx::xz(m_idx);
        QTest::newRow("3-member gzip to raw") << gz << int(Container::Raw);
        QTest::newRow("3-member gzip to xz") << gz << int(Container::Xz);
        QTest::newRow("xz to raw") << xz << int(Container::Raw);
        QTest::newRow("xz to gzip") << xz << int(Container::Gzip);
    }
    void everyContainerByteForByte()
    {
        QFETCH(QByteArray, compressed);
        QFETCH(int, container);
        const QString in =
            fx::writeFile(m_dir, QStringLiteral("in-%1").arg(QTest::currentDataTag()), compressed);
        const QString out = m_dir.filePath(QStringLiteral("out-%1").arg(QTest::currentDataTag()));
        const auto file = IdxFile::open(in);
        QVERIFY(streamsToIdx(*file));
        qint64 reported = 0;
        Control c;
        c.progress = [&](qint64 done, qint64) { reported = std::max(reported, done); };
        const WriteResult r = streamToIdx(*file, out, Container(container), c);
        QVERIFY2(r, qPrintable(r.error));
        if (Container(container) == Container::Raw)
            QCOMPARE(readAll(out), m_idx);
        else
            QCOMPARE(decoded(out), m_idx);
        QVERIFY(reported > 0);
        // Handed on, not kept: only the first megabyte stays (for the byte order's check), and the file
        // cannot be loaded afterwards from a stream it no longer holds.
        QCOMPARE(qint64(file->view().availableBytes()), qint64(1) << 20);
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(file->view().data()), 1 << 20),
                 m_idx.mid(qsizetype(file->header().headerBytes), 1 << 20));
        QVERIFY(file->peakBufferBytes() <= qint64(1) << 20); // nothing the size of the payload was reserved
        QVERIFY(file->isLoaded());
        QVERIFY(file->diagnostics().isEmpty());
    }

    void smallFileInTheFirstRead()
    {
        const QByteArray idx = fx::idxBytes(DType::UInt8, {3, 4}, fx::sampleValues(DType::UInt8, 12));
        const QString in = fx::writeFile(m_dir, QStringLiteral("small.gz"), fx::gzip(idx));
        const auto file = IdxFile::open(in);
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        QVERIFY(streamToIdx(*file, out, Container::Raw));
        QCOMPARE(out.data(), idx);
    }

    // A small file that decodes to much more: its first buffer is sized by the file, yet the sample kept for
    // the byte order's check is still the payload's first megabyte.
    void smallFileDecodingToMuchMore()
    {
        QByteArray values(3 << 20, '\0');
        for (qsizetype i = 0; i < values.size(); ++i)
            values[i] = char(i % 7);
        const QByteArray idx = fx::rawHeader(0x08, {3, 1024, 1024}) + values;
        const QByteArray gz = fx::gzip(idx);
        QVERIFY(gz.size() < 64 * 1024);
        const auto file = IdxFile::open(fx::writeFile(m_dir, QStringLiteral("repetitive.gz"), gz));
        QVERIFY(file->bufferCapacity() <= std::max<qint64>(64 << 10, 4 * gz.size()));
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        QVERIFY(streamToIdx(*file, out, Container::Raw));
        QCOMPARE(out.data(), idx);
        QCOMPARE(qint64(file->view().availableBytes()), qint64(1) << 20);
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(file->view().data()), 1 << 20),
                 values.left(1 << 20));
        QVERIFY(file->peakBufferBytes() <= qint64(1) << 20);
    }

    void brokenStreamsLeaveTheTarget_data()
    {
        QTest::addColumn<QByteArray>("compressed");
        QTest::addColumn<QString>("reason");
        const QByteArray gz = fx::gzip(m_idx, 1);
        QTest::newRow("truncated gzip") << gz.left(gz.size() / 2) << QStringLiteral("truncated");
        QTest::newRow("bad CRC") << fx::withBadCrc(gz) << QStringLiteral("CRC");
        // A stream that ends cleanly, a thousand bytes short of the payload its header declares.
        QTest::newRow("short payload") << fx::xz(m_idx.left(m_idx.size() - 1000)) << QStringLiteral("1000");
    }
    void brokenStreamsLeaveTheTarget()
    {
        QFETCH(QByteArray, compressed);
        QFETCH(QString, reason);
        const QString in = fx::writeFile(m_dir, QStringLiteral("broken"), compressed);
        const QString out = fx::writeFile(m_dir, QStringLiteral("existing"), QByteArray("keep me"));
        const auto file = IdxFile::open(in);
        QVERIFY(streamsToIdx(*file));
        const WriteResult r = streamToIdx(*file, out, Container::Raw);
        QVERIFY(!r);
        QVERIFY2(r.error.contains(reason), qPrintable(r.error));
        QCOMPARE(readAll(out), QByteArray("keep me"));
    }

    void cancelled()
    {
        const QString in = fx::writeFile(m_dir, QStringLiteral("cancel.gz"), fx::gzip(m_idx, 1));
        const QString out = m_dir.filePath(QStringLiteral("cancelled-out"));
        const auto file = IdxFile::open(in);
        int polls = 0;
        Control c;
        c.cancel = [&] { return ++polls > 2; };
        const WriteResult r = streamToIdx(*file, out, Container::Raw, c);
        QVERIFY(!r);
        QVERIFY2(r.error.contains(QStringLiteral("cancelled")), qPrintable(r.error));
        QVERIFY(!QFile::exists(out));
        QVERIFY(file->bytesRead() < QFileInfo(in).size()); // it stopped where it was told to
    }

    void aFullDiskStopsTheDecoding()
    {
        const QByteArray gz = fx::gzip(m_idx, 1);
        const QString in = fx::writeFile(m_dir, QStringLiteral("full.gz"), gz);
        const auto file = IdxFile::open(in);
        FullDevice out(1 << 20);
        const WriteResult r = streamToIdx(*file, out, Container::Raw);
        QVERIFY(!r);
        QVERIFY2(r.error.contains(QStringLiteral("No space left on device")), qPrintable(r.error));
        QVERIFY(out.taken <= 1 << 20);
        QVERIFY(file->bytesRead() < gz.size()); // not decoded to the end for nothing
    }

    // A file loaded before: what it holds is written; once handed on, its payload is gone, and a second
    // conversion is refused rather than writing a header alone.
    void loadedThenHandedOnOnce()
    {
        const QString gz = fx::writeFile(m_dir, QStringLiteral("once.gz"), fx::gzip(m_idx, 1));
        const auto file = IdxFile::open(gz);
        QVERIFY(file->load());
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        QVERIFY(streamToIdx(*file, out, Container::Raw));
        QCOMPARE(out.data(), m_idx);
        QBuffer again;
        again.open(QIODevice::WriteOnly);
        const WriteResult second = streamToIdx(*file, again, Container::Raw);
        QVERIFY(!second);
        QVERIFY2(second.error.contains(QStringLiteral("once already")), qPrintable(second.error));
        QVERIFY(again.data().isEmpty() || again.data() == m_idx.left(qsizetype(file->header().headerBytes)));
        QVERIFY(!file->load());
    }

    // To .npy: the bytes writeNpy writes of the loaded file, for every type (little-endian values) from gzip
    // and xz. The first piece the decoder hands on is what followed the header in its first kilobyte: 1,012
    // bytes of a 2-D file, so a float64 element is split between it and the next.
    void npyLikeTheLoadedFile_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<bool>("xz");
        for (const DType t :
             {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Float32, DType::Float64})
            for (const bool xz : {false, true})
                QTest::addRow("%s %s", qPrintable(dtypeName(t)), xz ? "xz" : "3-member gzip") << int(t) << xz;
    }
    void npyLikeTheLoadedFile()
    {
        QFETCH(int, dtype);
        QFETCH(bool, xz);
        const auto t = DType(dtype);
        const quint64 records = quint64(3 << 20) / 37 / quint64(elementSize(t)); // about 3 MiB
        const QByteArray idx = fx::idxBytes(t, {records, 37}, fx::sampleValues(t, records * 37));
        const QString in =
            fx::writeFile(m_dir, QStringLiteral("npy-in"), xz ? fx::xz(idx) : fx::gzipMembers(idx, 3, 1));
        const QString expected = m_dir.filePath(QStringLiteral("npy-loaded.npy"));
        const auto loaded = IdxFile::open(in);
        QVERIFY(loaded->load());
        QVERIFY(writeNpy(expected, loaded->view()));
        const QString out = m_dir.filePath(QStringLiteral("npy-streamed.npy"));
        const auto file = IdxFile::open(in);
        QVERIFY(streamsToIdx(*file));
        qint64 reported = 0;
        Control c;
        c.progress = [&](qint64 done, qint64) { reported = std::max(reported, done); };
        const WriteResult r = streamToNpy(*file, out, c);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(readAll(out), readAll(expected));
        QCOMPARE(reported, qint64(records * 37 * quint64(elementSize(t))));
        QVERIFY(file->peakBufferBytes() <= qint64(1) << 20);
    }

    // To .npy it fails as to IDX: a broken stream with its reason and the target kept, a cancel leaving
    // nothing, a full disk stopping the decoding, a raw file refused.
    void npyFailsAsIdxDoes()
    {
        const QByteArray gz = fx::gzip(m_idx, 1);
        const QString kept = fx::writeFile(m_dir, QStringLiteral("npy-existing"), QByteArray("keep me"));
        const WriteResult broken = streamToNpy(
            *IdxFile::open(fx::writeFile(m_dir, QStringLiteral("npy-broken.gz"), gz.left(gz.size() / 2))),
            kept);
        QVERIFY2(!broken && broken.error.contains(QStringLiteral("truncated")), qPrintable(broken.error));
        QCOMPARE(readAll(kept), QByteArray("keep me"));

        const QString in = fx::writeFile(m_dir, QStringLiteral("npy-whole.gz"), gz);
        int polls = 0;
        Control c;
        c.cancel = [&] { return ++polls > 2; };
        const QString out = m_dir.filePath(QStringLiteral("npy-cancelled"));
        const WriteResult cancelled = streamToNpy(*IdxFile::open(in), out, c);
        QVERIFY2(!cancelled && cancelled.error.contains(QStringLiteral("cancelled")),
                 qPrintable(cancelled.error));
        QVERIFY(!QFile::exists(out));

        const auto file = IdxFile::open(in);
        FullDevice full(1 << 20);
        const WriteResult r = streamToNpy(*file, full);
        QVERIFY2(!r && r.error.contains(QStringLiteral("No space left on device")), qPrintable(r.error));
        QVERIFY(file->bytesRead() < gz.size());

        QBuffer none;
        none.open(QIODevice::WriteOnly);
        const WriteResult raw =
            streamToNpy(*IdxFile::open(fx::writeFile(m_dir, QStringLiteral("npy-raw"), m_idx)), none);
        QVERIFY2(!raw && raw.error.contains(QStringLiteral("compressed IDX")), qPrintable(raw.error));
        QVERIFY(none.data().isEmpty());
    }

    void filesItDoesNotTake()
    {
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        const QString raw = fx::writeFile(m_dir, QStringLiteral("raw-idx"), m_idx);
        const auto mapped = IdxFile::open(raw);
        QVERIFY(!streamsToIdx(*mapped));
        const WriteResult r = streamToIdx(*mapped, out, Container::Raw);
        QVERIFY(!r);
        QVERIFY2(r.error.contains(QStringLiteral("compressed IDX")), qPrintable(r.error));
        const QString gz = fx::writeFile(m_dir, QStringLiteral("loaded.gz"), fx::gzip(m_idx, 1));
        OpenOptions little;
        little.dataOrder = ByteOrder::Little;
        QVERIFY(!streamsToIdx(*IdxFile::open(gz, little)));
        QVERIFY(!streamsToIdx(
            *IdxFile::open(fx::writeFile(m_dir, QStringLiteral("bad.gz"), fx::gzip("not idx")))));
        QVERIFY(out.data().isEmpty());
    }
};

QTEST_MAIN(TstStreamConvert)
#include "tst_streamconvert.moc"
