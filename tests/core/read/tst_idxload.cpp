// IdxFile::load on compressed files: progressive snapshots read from another thread while the worker decodes,
// cancel and resume, and the decompression limits (bombs, headers claiming terabytes over tiny files).
// Synchronisation is by handshakes inside the progress callback: no sleeps, no timing.
#include "fixtures.h"
#include "idxfile.h"

#include <QSemaphore>
#include <QtTest>
#include <algorithm>

#include <atomic>
#include <thread>

using namespace idx;

namespace {
// Record i, byte j of the progressive fixture: depends on both so misplaced bytes are caught.
uchar patternByte(quint64 i, quint64 j)
{
    return uchar((i * 31 + j * 7 + (i >> 8)) & 0xFF);
}

QByteArray patternFile(quint64 records, quint64 side)
{
    const auto h = Header::make(DType::UInt8, {records, side, side});
    QByteArray out = h->encode();
    const quint64 rb = side * side;
    QByteArray payload(qsizetype(records * rb), '\0');
    auto* p = reinterpret_cast<uchar*>(payload.data());
    for (quint64 i = 0; i < records; ++i)
        for (quint64 j = 0; j < rb; ++j)
            p[i * rb + j] = patternByte(i, j);
    return out + payload;
}

// True when every available record of v matches the pattern (checks first, last and a middle record fully).
bool recordsMatch(const TensorView& v)
{
    const quint64 n = v.availableRecords();
    const quint64 rb = v.header().recordBytes();
    for (quint64 i : {quint64(0), n / 2, n ? n - 1 : 0}) {
        if (i >= n)
            continue;
        const uchar* r = v.recordData(i);
        for (quint64 j = 0; j < rb; ++j)
            if (r[j] != patternByte(i, j))
                return false;
    }
    return true;
}
} // namespace

class TstIdxLoad : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_big; // ~15 MB of records, gzip level 1
    QByteArray m_bigBytes;

private slots:
    void initTestCase();
    void progressiveHandshake_data();
    void progressiveHandshake();
    void concurrentReaders();
    void cancelAndResume();
    void gzipBombSmallHeader();
    void gzipBombLargeHeader();
    void terabyteHeaderTinyFile_data();
    void terabyteHeaderTinyFile();
    void bufferGrowsWithRealOutput();
};

void TstIdxLoad::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_bigBytes = patternFile(20000, 28);
    m_big = fx::writeFile(m_dir, QStringLiteral("big.gz"), fx::gzip(m_bigBytes, 1));
    QVERIFY(!m_big.isEmpty());
}

void TstIdxLoad::progressiveHandshake_data()
{
    QTest::addColumn<int>("wrap");
    for (auto w : {fx::Wrap::Gzip, fx::Wrap::GzipMulti, fx::Wrap::Xz})
        QTest::newRow(fx::wrapName(w)) << int(w);
}

void TstIdxLoad::progressiveHandshake()
{
    // The worker pauses in every progress report until the test thread has inspected the snapshot.
    QFETCH(int, wrap);
    const QString path = wrap == int(fx::Wrap::Gzip)
                             ? m_big
                             : fx::writeFile(m_dir, QStringLiteral("big-%1").arg(wrap),
                                             fx::wrap(patternFile(6000, 28), fx::Wrap(wrap)));
    const auto f = IdxFile::open(path);
    QVERIFY(f->headerValid());
    QVERIFY(!f->isLoaded());
    QSemaphore reported, inspected;
    std::atomic<bool> done{false};
    std::atomic<bool> badProgress{false};
    Control c;
    c.progress = [&](qint64 doneBytes, qint64 total) {
        if (doneBytes > total || doneBytes < 0)
            badProgress = true;
        reported.release();
        inspected.acquire();
    };
    bool ok = false;
    std::thread worker([&] {
        ok = f->load(c);
        done = true;
        reported.release();
    });
    quint64 prev = 0;
    int partialSnapshots = 0;
    for (;;) {
        reported.acquire();
        const TensorView v = f->view();
        const bool finished = done.load();
        QVERIFY(v.availableRecords() >= prev);
        QVERIFY(recordsMatch(v));
        if (!v.isComplete() && v.availableRecords() > 0)
            ++partialSnapshots;
        prev = v.availableRecords();
        if (finished)
            break;
        inspected.release();
    }
    worker.join();
    QVERIFY(ok);
    QVERIFY(!badProgress);
    QVERIFY(f->isLoaded());
    QVERIFY(partialSnapshots >= 2); // records were usable before the end
    QVERIFY(f->view().isComplete());
    QVERIFY(recordsMatch(f->view()));
    QVERIFY(f->diagnostics().isEmpty());
}

void TstIdxLoad::concurrentReaders()
{
    // Free-running readers (no handshake) while load() runs: every snapshot is consistent and monotonic.
    const auto f = IdxFile::open(m_big);
    std::atomic<bool> done{false};
    std::thread worker([&] {
        (void)f->load();
        done = true;
    });
    quint64 prev = 0;
    bool monotonic = true, correct = true;
    while (!done.load()) {
        const TensorView v = f->view();
        monotonic = monotonic && v.availableRecords() >= prev;
        correct = correct && recordsMatch(v);
        prev = v.availableRecords();
        (void)f->diagnostics();
    }
    worker.join();
    QVERIFY(monotonic);
    QVERIFY(correct);
    QCOMPARE(f->view().availableRecords(), quint64(20000));
    QCOMPARE(QByteArray(reinterpret_cast<const char*>(f->view().data()), m_bigBytes.size() - 16),
             m_bigBytes.mid(16));
}

void TstIdxLoad::cancelAndResume()
{
    const auto f = IdxFile::open(m_big);
    int reports = 0;
    Control c;
    c.progress = [&](qint64, qint64) { ++reports; };
    c.cancel = [&] { return reports >= 4; };
    QVERIFY(!f->load(c));
    QVERIFY(!f->isLoaded());
    const TensorView partial = f->view();
    QVERIFY(partial.availableRecords() > 0);
    QVERIFY(partial.availableRecords() < 20000);
    QVERIFY(recordsMatch(partial));
    const Diagnostics ds = f->diagnostics();
    QCOMPARE(ds.size(), 1);
    QCOMPARE(ds[0].code, DiagCode::Cancelled);
    QVERIFY(!ds[0].isError());
    // Resuming continues where the cancel stopped; the old snapshot stays valid throughout.
    QVERIFY(f->load());
    QVERIFY(f->diagnostics().isEmpty());
    QVERIFY(recordsMatch(partial));
    QCOMPARE(QByteArray(reinterpret_cast<const char*>(f->view().data()), m_bigBytes.size() - 16),
             m_bigBytes.mid(16));
}

void TstIdxLoad::gzipBombSmallHeader()
{
    // 16 declared bytes, then 1 GiB of zeros in about 1 MB of gzip members.
    const QByteArray idx = fx::rawHeader(0x08, {16}) + QByteArray(16, '\x01');
    const QString path = fx::writeFile(m_dir, QStringLiteral("bomb.gz"), fx::gzipZeroBomb(idx, 1024));
    QVERIFY(QFileInfo(path).size() < 2 << 20);
    const auto f = IdxFile::open(path);
    QVERIFY(f->load());
    QCOMPARE(f->peakBufferBytes(), 16);
    QVERIFY(f->decodedBytes() <= f->expectedBytes() + f->excessLimit());
    QCOMPARE(f->trailingBytes(), f->excessLimit());
    QCOMPARE(f->excessLimit(), (1 << 20) + 7 * 16);
    const Diagnostics ds = f->diagnostics();
    QVERIFY(hasError(ds)); // a bomb is invalid, though its declared records stay usable
    bool limit = false;
    for (const auto& d : ds)
        limit = limit || d.code == DiagCode::DecompressionLimit;
    QVERIFY(limit);
    QCOMPARE(f->view().value(15), 1.0);
}

void TstIdxLoad::gzipBombLargeHeader()
{
    // A 4 MiB payload followed by 1 GiB of zeros: the stored buffer never exceeds the payload.
    const QByteArray idx = fx::rawHeader(0x08, {4, 1024, 1024});
    const QString path = fx::writeFile(m_dir, QStringLiteral("bomb2.gz"), fx::gzipZeroBomb(idx, 1024 + 4));
    const auto f = IdxFile::open(path);
    QVERIFY(f->load());
    QVERIFY(f->peakBufferBytes() <= 4 << 20);
    QVERIFY(f->decodedBytes() <= f->expectedBytes() + f->excessLimit());
    QVERIFY(f->view().isComplete());
    const Diagnostics ds = f->diagnostics();
    QCOMPARE(ds.size(), 2); // trailing bytes (warning) and the decompression limit (error)
    QVERIFY(std::any_of(ds.begin(), ds.end(), [](const Diagnostic& d) {
        return d.code == DiagCode::DecompressionLimit && d.isError();
    }));
}

void TstIdxLoad::terabyteHeaderTinyFile_data()
{
    QTest::addColumn<int>("wrap");
    for (auto w : {fx::Wrap::Raw, fx::Wrap::Gzip, fx::Wrap::Xz})
        QTest::newRow(fx::wrapName(w)) << int(w);
}

void TstIdxLoad::terabyteHeaderTinyFile()
{
    QFETCH(int, wrap);
    // 2^20 records of 2^20 float64 values: 8 TiB declared, 100 bytes present.
    const QByteArray idx = fx::rawHeader(0x0E, {1 << 20, 1 << 20}) + QByteArray(100, '\x40');
    const auto f =
        IdxFile::open(fx::writeFile(m_dir, QStringLiteral("tb-%1").arg(wrap), fx::wrap(idx, fx::Wrap(wrap))));
    QVERIFY(f->headerValid());
    QCOMPARE(f->header().dataBytes, quint64(8) << 40);
    QVERIFY(f->load());
    QVERIFY(f->peakBufferBytes() <= 1 << 20); // never sized from the header
    const Diagnostics ds = f->diagnostics();
    QCOMPARE(ds.size(), 2);
    QCOMPARE(ds[0].code, DiagCode::TruncatedPayload);
    QCOMPARE(ds[0].expected, qint64(8) << 40);
    QCOMPARE(ds[0].actual, 100);
    QCOMPARE(ds[0].offset, 112);
    QVERIFY(ds[0].message.contains(QStringLiteral("0 of 1048576 records")));
    QCOMPARE(ds[1].code, DiagCode::PartialElement);
    QCOMPARE(ds[1].actual, 4);
    QCOMPARE(f->view().availableElements(), quint64(12));
    QCOMPARE(f->view().availableRecords(), quint64(0));
}

void TstIdxLoad::bufferGrowsWithRealOutput()
{
    // Highly compressible data under an honest header: the buffer grows geometrically from a small start,
    // ending at exactly the payload (never twice it), and the content survives every reallocation.
    const quint64 records = 64;
    QByteArray idx = Header::make(DType::Int32, {records, 256, 256})->encode();
    QByteArray payload(qsizetype(records * 256 * 256 * 4), '\0');
    for (qsizetype i = 0; i < payload.size(); i += 4096)
        payload[i] = char(i / 4096);
    idx += payload;
    const QByteArray gz = fx::gzip(idx, 9);
    QVERIFY(gz.size() * 4 < payload.size() / 8); // the first buffer is much smaller than the payload
    const auto f = IdxFile::open(fx::writeFile(m_dir, QStringLiteral("sparse.gz"), gz));
    QVERIFY(f->bufferCapacity() < payload.size());
    QVERIFY(f->load());
    QCOMPARE(f->peakBufferBytes(), payload.size());
    QCOMPARE(QByteArray(reinterpret_cast<const char*>(f->view().data()), payload.size()), payload);
}

QTEST_GUILESS_MAIN(TstIdxLoad)
#include "tst_idxload.moc"
