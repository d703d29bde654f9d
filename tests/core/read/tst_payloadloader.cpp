// PayloadLoader (payloadloader_p.h) on its own: a stream's prefix already read, loading in steps with cancel
// and resume, a pausing stream, bytes past the payload counted (skipped where their number is known, capped
// at the excess limit otherwise) and the payload's diagnostics once the stream ends.
#include "bytesource_p.h"
#include "fixtures.h"
#include "payload_p.h"
#include "payloadloader_p.h"
#include "siblingconverter_p.h"

#include <QtTest>

using namespace idx;

namespace {
// Pauses (returns 0 with neither end nor failure) every other call, as a converter gathering data does.
class Pausing final : public ByteSource {
public:
    explicit Pausing(std::unique_ptr<ByteSource> inner) : m_inner(std::move(inner)) {}
    qint64 read(char* into, qint64 max) override
    {
        return (m_calls++ & 1) == 0 ? 0 : m_inner->read(into, std::min<qint64>(max, 4096));
    }
    bool atEnd() const override { return m_inner->atEnd(); }
    const std::optional<DecodeError>& error() const override { return m_inner->error(); }
    qint64 consumed() const override { return m_inner->consumed(); }

private:
    std::unique_ptr<ByteSource> m_inner;
    qint64 m_calls = 0;
};

QByteArray bytesOf(const TensorView& v)
{
    return QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.availableBytes()));
}

// The loader of `stream` after its first `prefixBytes` bytes were read from it, as IdxFile starts one.
std::unique_ptr<PayloadLoader> start(std::unique_ptr<ByteSource> stream, qint64 prefixBytes, const Header& h,
                                     qint64 fileSize, bool ignoreTrailing = false)
{
    QByteArray prefix;
    readMore(*stream, prefix, prefixBytes);
    return std::make_unique<PayloadLoader>(std::move(stream), prefix, h, fileSize, ByteOrder::Big,
                                           ignoreTrailing);
}

const Diagnostic* findCode(const Diagnostics& ds, DiagCode code)
{
    for (const Diagnostic& d : ds)
        if (d.code == code)
            return &d;
    return nullptr;
}
} // namespace

class TstPayloadLoader : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void wholeStreamInThePrefix()
    {
        // Header, payload and 3 trailing bytes all read before the loader starts: loaded at once.
        const QByteArray idx = fx::rawHeader(0x08, {5}) + QByteArray("abcde") + QByteArray("xyz");
        const auto h = Header::make(DType::UInt8, {5});
        auto loader = start(replaySource(idx, nullptr), 1024, *h, idx.size());
        QVERIFY(loader->isLoaded());
        QCOMPARE(bytesOf(loader->view()), QByteArray("abcde"));
        QCOMPARE(loader->trailingBytes(), 3);
        QCOMPARE(loader->decodedAfterHeader(), 8);
        const Diagnostics ds = loader->diagnostics();
        QCOMPARE(ds.size(), 1);
        QCOMPARE(ds[0].code, DiagCode::TrailingBytes);
        QVERIFY(loader->load());
        QVERIFY(start(replaySource(idx, nullptr), 1024, *h, idx.size(), true)->diagnostics().isEmpty());
    }

    void loadsInStepsAndResumes()
    {
        QByteArray payload(3 << 20, '\0'); // compressible: the first buffer is far smaller than the payload
        for (qsizetype i = 0; i < payload.size(); ++i)
            payload[i] = char(i % 7 + (i >> 16));
        const QByteArray idx = fx::rawHeader(0x08, {3, 1024, 1024}) + payload;
        const auto h = Header::make(DType::UInt8, {3, 1024, 1024});
        const QByteArray gz = fx::gzip(idx, 1);
        auto loader = start(gzipFilter(replaySource(gz, nullptr)), 1024, *h, gz.size());
        QVERIFY(!loader->isLoaded());
        QVERIFY(loader->bufferCapacity() <
                payload.size()); // the first buffer is sized by the file, not the header
        int reports = 0;
        qint64 lastDone = -1;
        Control c;
        c.progress = [&](qint64 done, qint64 total) {
            QCOMPARE(total, gz.size());
            QVERIFY(done >= lastDone);
            lastDone = done;
            ++reports;
        };
        c.cancel = [&] { return reports >= 1; };
        QVERIFY(!loader->load(c));
        const TensorView partial = loader->view();
        QVERIFY(partial.availableBytes() > 0);
        QVERIFY(partial.availableBytes() < quint64(payload.size()));
        QCOMPARE(bytesOf(partial), payload.left(qsizetype(partial.availableBytes())));
        QVERIFY(findCode(loader->diagnostics(), DiagCode::Cancelled));
        QCOMPARE(loader->bytesRead(), lastDone);
        QVERIFY(loader->load()); // resumes where the cancel stopped
        QVERIFY2(loader->diagnostics().isEmpty(), qPrintable(loader->diagnostics().value(0).message));
        QCOMPARE(bytesOf(loader->view()), payload);
        QCOMPARE(loader->bytesRead(), gz.size());
        QCOMPARE(loader->peakBufferBytes(), payload.size());
        QCOMPARE(bytesOf(partial), payload.left(qsizetype(partial.availableBytes()))); // still valid
    }

    void pausingStream()
    {
        const QByteArray payload = fx::noise(100000);
        const QByteArray idx = fx::rawHeader(0x08, {100000}) + payload;
        const auto h = Header::make(DType::UInt8, {100000});
        auto loader = start(std::make_unique<Pausing>(replaySource(idx, nullptr)), 8, *h, idx.size());
        QVERIFY(loader->load());
        QCOMPARE(bytesOf(loader->view()), payload);
        QVERIFY(loader->diagnostics().isEmpty());
    }

    void truncatedStreamKeepsItsRecords()
    {
        QByteArray gz = fx::gzip(fx::rawHeader(0x08, {10, 10}) + fx::noise(100), 0);
        gz.chop(30); // the trailer and 22 bytes of data
        const auto h = Header::make(DType::UInt8, {10, 10});
        auto loader = start(gzipFilter(replaySource(gz, nullptr)), 12, *h, gz.size());
        QVERIFY(!loader->load());
        const Diagnostics ds = loader->diagnostics();
        QVERIFY(findCode(ds, DiagCode::TruncatedCompressed));
        const Diagnostic* cut = findCode(ds, DiagCode::TruncatedPayload);
        QVERIFY(cut);
        QCOMPARE(cut->actual, 78);
        QCOMPARE(loader->view().availableRecords(), quint64(7));
    }

    void restOnDiskCountedWithoutReading()
    {
        // A sibling's file on disk: the 5 MiB after the data are counted from the file's size, beyond the
        // excess limit, and not read.
        const QByteArray data = fx::noise(1000);
        const QByteArray tail(5 << 20, 't');
        const QString path =
            fx::writeFile(m_dir, QStringLiteral("tail.bin"), QByteArray("HEAD") + data + tail);
        auto file = std::make_unique<QFile>(path);
        QVERIFY(file->open(QIODevice::ReadOnly));
        SourceLayout layout;
        layout.type = StoredType::UInt8;
        layout.dims = {1000};
        layout.dataOffset = 4;
        const auto h = Header::make(DType::UInt8, {1000});
        auto converted = std::make_unique<SiblingConverter>(fileSource(std::move(file)), layout, *h);
        auto loader = start(std::move(converted), h->headerBytes, *h, 4 + data.size() + tail.size());
        QVERIFY(loader->load());
        QCOMPARE(bytesOf(loader->view()), data);
        QCOMPARE(loader->trailingBytes(), tail.size());
        QVERIFY(loader->trailingBytes() > payloadExcessLimit(*h));
        QVERIFY(!findCode(loader->diagnostics(), DiagCode::DecompressionLimit));
        QVERIFY(findCode(loader->diagnostics(), DiagCode::TrailingBytes));
    }

    void decodedRestCappedAtTheExcessLimit()
    {
        const auto h = Header::make(DType::UInt8, {4});
        const QByteArray gz = fx::gzip(fx::rawHeader(0x08, {4}) + QByteArray(4 + (3 << 20), '\0'));
        auto loader = start(gzipFilter(replaySource(gz, nullptr)), 8, *h, gz.size());
        QVERIFY(loader->load());
        QCOMPARE(loader->trailingBytes(), payloadExcessLimit(*h));
        QCOMPARE(loader->peakBufferBytes(), 4);
        const Diagnostic* limit = findCode(loader->diagnostics(), DiagCode::DecompressionLimit);
        QVERIFY(limit);
        QCOMPARE(limit->expected, payloadExcessLimit(*h));
    }
};

QTEST_GUILESS_MAIN(TstPayloadLoader)
#include "tst_payloadloader.moc"
