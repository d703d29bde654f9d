// The byte sources under every read (bytesource_p.h): the file, the replay of bytes read ahead, the gzip and
// xz filters (whatever the upstream's and the reader's chunk sizes, across gzip members and xz streams, their
// failures and where they happen) and the sibling conversion as a filter (its output bytes, its pauses).
#include "bytesource_p.h"
#include "fixtures.h"
#include "siblingconverter_p.h"

#include <QtTest>

using namespace idx;

namespace {
// A source over another one that hands out at most `step` bytes a call and pauses (returns 0 with neither end
// nor failure) every other call: the worst an upstream may do.
class Trickle final : public ByteSource {
public:
    Trickle(std::unique_ptr<ByteSource> inner, qint64 step) : m_inner(std::move(inner)), m_step(step) {}
    qint64 read(char* into, qint64 max) override
    {
        if ((m_calls++ & 1) == 0)
            return 0;
        return m_inner->read(into, std::min(max, m_step));
    }
    bool atEnd() const override { return m_inner->atEnd(); }
    const std::optional<DecodeError>& error() const override { return m_inner->error(); }
    qint64 consumed() const override { return m_inner->consumed(); }
    qint64 remaining() const override { return m_inner->remaining(); }
    qint64 calls() const { return m_calls; }

private:
    std::unique_ptr<ByteSource> m_inner;
    qint64 m_step;
    qint64 m_calls = 0;
};

std::unique_ptr<ByteSource> memory(const QByteArray& bytes)
{
    return replaySource(bytes, nullptr);
}

// Everything `source` hands out, read `chunk` bytes at a time (waiting out pauses, at most `limit` calls).
QByteArray drain(ByteSource& source, qint64 chunk, qint64 limit = 10'000'000)
{
    QByteArray out;
    QByteArray buffer(qsizetype(chunk), '\0');
    for (qint64 calls = 0; calls < limit && !source.atEnd() && !source.error(); ++calls)
        out.append(buffer.constData(), qsizetype(source.read(buffer.data(), chunk)));
    return out;
}

// Bytes that do not repeat in short periods, so a misplaced chunk shows.
QByteArray pattern(qsizetype n)
{
    QByteArray out(n, '\0');
    quint32 x = 12345;
    for (qsizetype i = 0; i < n; ++i) {
        x = x * 1103515245u + 12345u;
        out[i] = char((x >> 16) & 0xFF);
    }
    return out;
}
} // namespace

class TstByteSource : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    std::unique_ptr<ByteSource> file(const QByteArray& bytes, const QString& name)
    {
        const QString path = fx::writeFile(m_dir, name, bytes);
        auto f = std::make_unique<QFile>(path);
        if (!f->open(QIODevice::ReadOnly))
            return nullptr;
        return fileSource(std::move(f));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void fileFromItsFirstByte()
    {
        const QByteArray bytes = pattern(5000);
        const QString path = fx::writeFile(m_dir, QStringLiteral("plain"), bytes);
        auto f = std::make_unique<QFile>(path);
        QVERIFY(f->open(QIODevice::ReadOnly));
        QCOMPARE(f->read(100).size(), 100); // read ahead: the source still starts at byte 0
        auto source = fileSource(std::move(f));
        QByteArray first(1000, '\0');
        QCOMPARE(source->read(first.data(), 1000), 1000);
        QCOMPARE(first, bytes.left(1000));
        QCOMPARE(source->consumed(), 1000);
        QCOMPARE(source->remaining(), 4000);
        QVERIFY(!source->atEnd());
        QCOMPARE(drain(*source, 333), bytes.mid(1000));
        QVERIFY(source->atEnd());
        QVERIFY(!source->error());
        QCOMPARE(source->consumed(), 5000);
        QCOMPARE(source->remaining(), 0);
    }

    void fileRestSkipped()
    {
        auto source = file(pattern(3000), QStringLiteral("skip"));
        QByteArray some(10, '\0');
        QCOMPARE(source->read(some.data(), 10), 10);
        QCOMPARE(source->skipRest(), 2990);
        QVERIFY(source->atEnd());
        QCOMPARE(source->consumed(), 3000);
        QCOMPARE(source->read(some.data(), 10), 0);
    }

    void replayHandsOutTheHeadFirst_data()
    {
        QTest::addColumn<qint64>("chunk");
        QTest::newRow("1 byte") << 1ll;
        QTest::newRow("7 bytes") << 7ll;
        QTest::newRow("head and rest in one read") << 4096ll;
    }
    void replayHandsOutTheHeadFirst()
    {
        QFETCH(qint64, chunk);
        const QByteArray bytes = pattern(3000);
        auto rest = file(bytes, QStringLiteral("replay"));
        QByteArray head(256, '\0');
        QCOMPARE(readFully(*rest, head.data(), 256), 256);
        auto replay = replaySource(head, std::move(rest));
        QCOMPARE(replay->consumed(), 256); // read ahead: consumed when it was read
        QCOMPARE(replay->remaining(), 3000);
        QCOMPARE(drain(*replay, chunk), bytes);
        QVERIFY(replay->atEnd());
        QCOMPARE(replay->consumed(), 3000);
    }

    void replaySkipsTheHeadLeftToo()
    {
        auto rest = file(pattern(1000), QStringLiteral("replay-skip"));
        QByteArray head(100, '\0');
        QCOMPARE(readFully(*rest, head.data(), 100), 100);
        auto replay = replaySource(head, std::move(rest));
        char one = 0;
        QCOMPARE(replay->read(&one, 1), 1);
        QCOMPARE(replay->skipRest(), 999);
        QVERIFY(replay->atEnd());
        QCOMPARE(replay->read(&one, 1), 0);
    }

    void replayReportsAFailureAfterItsHead()
    {
        // A stream that failed while it was read ahead: its good bytes come first, then the failure.
        const QByteArray payload = pattern(2000);
        QByteArray gz = fx::gzip(payload, 0);
        gz.chop(8); // no trailer: truncated
        auto decoded = gzipFilter(memory(gz));
        QByteArray head(4000, '\0');
        head.resize(qsizetype(readFully(*decoded, head.data(), 4000)));
        QCOMPARE(head, payload);
        QVERIFY(decoded->error());
        auto replay = replaySource(head, std::move(decoded));
        QVERIFY(!replay->error());
        QVERIFY(!replay->atEnd());
        QCOMPARE(drain(*replay, 1500), payload);
        QVERIFY(replay->error());
        QCOMPARE(replay->error()->code, DiagCode::TruncatedCompressed);
    }

    void replayWithoutRestIsMemory()
    {
        auto m = memory(QByteArrayLiteral("abc"));
        QCOMPARE(m->remaining(), 3);
        QCOMPARE(drain(*m, 2), QByteArrayLiteral("abc"));
        QVERIFY(m->atEnd());
        QCOMPARE(m->consumed(), 3);
    }

    void gzipAcrossMembers_data()
    {
        QTest::addColumn<int>("members");
        QTest::addColumn<qint64>("upstreamStep"); // 0: the whole upstream at once
        QTest::addColumn<qint64>("readSize");
        QTest::newRow("1 member, 1-byte reads") << 1 << 0ll << 1ll;
        QTest::newRow("7 members, 1-byte reads") << 7 << 0ll << 1ll;
        QTest::newRow("7 members, 1-byte upstream") << 7 << 1ll << 4096ll;
        QTest::newRow("7 members, both 1 byte") << 7 << 1ll << 1ll;
        QTest::newRow("300 members, 13-byte upstream, 1000-byte reads") << 300 << 13ll << 1000ll;
        QTest::newRow("300 members, large reads") << 300 << 0ll << (1ll << 20);
    }
    void gzipAcrossMembers()
    {
        QFETCH(int, members);
        QFETCH(qint64, upstreamStep);
        QFETCH(qint64, readSize);
        const QByteArray payload = pattern(20000);
        const QByteArray gz = fx::gzipMembers(payload, members);
        std::unique_ptr<ByteSource> up = memory(gz);
        if (upstreamStep > 0)
            up = std::make_unique<Trickle>(std::move(up), upstreamStep);
        auto g = gzipFilter(std::move(up));
        QCOMPARE(drain(*g, readSize), payload);
        QVERIFY(g->atEnd());
        QVERIFY2(!g->error(), qPrintable(g->error() ? g->error()->message : QString()));
        QVERIFY(g->warnings().isEmpty());
        QCOMPARE(g->consumed(), gz.size());
    }

    void gzipFailsItsChecksumInAnyMember_data()
    {
        QTest::addColumn<qint64>("upstreamStep");
        QTest::newRow("whole") << 0ll;
        QTest::newRow("1-byte upstream") << 1ll; // the trailer is consumed across many refills
        QTest::newRow("3-byte upstream") << 3ll;
    }
    void gzipFailsItsChecksumInAnyMember()
    {
        QFETCH(qint64, upstreamStep);
        const QByteArray payload = pattern(3000);
        quint32 stored = 0;
        const QByteArray second = fx::withBadCrc(fx::gzip(payload.mid(1000)), &stored);
        const quint32 computed =
            quint32(crc32(0, reinterpret_cast<const Bytef*>(payload.constData()) + 1000, 2000));
        std::unique_ptr<ByteSource> up = memory(fx::gzip(payload.left(1000)) + second);
        if (upstreamStep > 0)
            up = std::make_unique<Trickle>(std::move(up), upstreamStep);
        auto g = gzipFilter(std::move(up));
        const QByteArray got = drain(*g, 1);
        QCOMPARE(got, payload); // the bad member's bytes were handed out before its trailer was read
        QVERIFY(g->error());
        QCOMPARE(g->error()->code, DiagCode::CorruptCompressed);
        QCOMPARE(g->error()->expected, qint64(stored));
        QCOMPARE(g->error()->actual, qint64(computed));
        QVERIFY2(g->error()->message.contains(QStringLiteral("member 2 fails its CRC-32")),
                 qPrintable(g->error()->message));
    }

    void gzipBadIsize()
    {
        const QByteArray payload = pattern(500);
        auto g = gzipFilter(std::make_unique<Trickle>(memory(fx::withBadIsize(fx::gzip(payload), 3)), 1));
        (void)drain(*g, 64);
        QVERIFY(g->error());
        QCOMPARE(g->error()->expected, 503);
        QCOMPARE(g->error()->actual, 500);
        QVERIFY2(g->error()->message.contains(QStringLiteral("ISIZE")), qPrintable(g->error()->message));
    }

    void gzipTruncated()
    {
        const QByteArray stored = fx::gzip(pattern(1000), 0);
        auto g = gzipFilter(std::make_unique<Trickle>(memory(stored.left(10 + 5 + 600)), 5));
        QCOMPARE(drain(*g, 1), pattern(1000).left(600));
        QVERIFY(g->error());
        QCOMPARE(g->error()->code, DiagCode::TruncatedCompressed);
        QCOMPARE(g->error()->actual, 615);
        QCOMPARE(g->consumed(), 615);
    }

    void gzipGarbageAfterTheLastMember()
    {
        const QByteArray payload = pattern(700);
        const QByteArray gz = fx::gzipMembers(payload, 2);
        const QByteArray garbage = QByteArrayLiteral("not gzip, twenty-nine bytes!!");
        auto g = gzipFilter(file(gz + garbage, QStringLiteral("garbage.gz")));
        QCOMPARE(drain(*g, 100), payload);
        QVERIFY(g->atEnd());
        QVERIFY(!g->error());
        const Diagnostics w = g->warnings();
        QCOMPARE(w.size(), 1);
        QCOMPARE(w[0].actual, garbage.size());
        QVERIFY2(w[0].message.contains(QStringLiteral("at compressed byte %1").arg(gz.size())),
                 qPrintable(w[0].message));
    }

    void gzipUpstreamFailureIsItsOwn()
    {
        // The upstream's failure (here: the outer gzip stream of a gzip inside gzip is cut) becomes the
        // filter's: the error names the outer stream's compressed bytes, not the inner's.
        QByteArray cut = fx::gzip(fx::gzip(pattern(100)), 0);
        cut.chop(20);
        auto g = gzipFilter(gzipFilter(memory(cut)));
        (void)drain(*g, 64);
        QVERIFY(g->error());
        QCOMPARE(g->error()->code, DiagCode::TruncatedCompressed);
        QCOMPARE(g->error()->actual, cut.size());
    }

    void xzAcrossStreams_data()
    {
        QTest::addColumn<qint64>("upstreamStep");
        QTest::addColumn<qint64>("readSize");
        QTest::newRow("whole, 1-byte reads") << 0ll << 1ll;
        QTest::newRow("1-byte upstream") << 1ll << 4096ll;
        QTest::newRow("both small") << 5ll << 3ll;
    }
    void xzAcrossStreams()
    {
        QFETCH(qint64, upstreamStep);
        QFETCH(qint64, readSize);
        const QByteArray payload = pattern(9000);
        const QByteArray x =
            fx::xz(payload.left(4000)) + fx::xz(payload.mid(4000, 7)) + fx::xz(payload.mid(4007));
        std::unique_ptr<ByteSource> up = memory(x);
        if (upstreamStep > 0)
            up = std::make_unique<Trickle>(std::move(up), upstreamStep);
        auto d = xzFilter(std::move(up));
        QCOMPARE(drain(*d, readSize), payload);
        QVERIFY(d->atEnd());
        QVERIFY(!d->error());
        QCOMPARE(d->consumed(), x.size());
    }

    void xzTruncated()
    {
        const QByteArray x = fx::xz(pattern(5000));
        auto d = xzFilter(std::make_unique<Trickle>(memory(x.left(x.size() - 20)), 7));
        (void)drain(*d, 100);
        QVERIFY(d->error());
        QCOMPARE(d->error()->code, DiagCode::TruncatedCompressed);
        QCOMPARE(d->error()->actual, x.size() - 20);
    }

    void siblingConvertsAndReorders()
    {
        // A 2 x 3 little-endian uint16 array stored column-major behind a 10-byte preamble, then 4 bytes
        // more.
        SourceLayout layout;
        layout.format = SourceFormat::Npy;
        layout.type = StoredType::UInt16;
        layout.order = ByteOrder::Little;
        layout.fortran = true;
        layout.dims = {2, 3};
        layout.dataOffset = 10;
        // Column-major order of [[1, 2, 3], [4, 5, 6]]: 1 4 2 5 3 6.
        QByteArray stream(10, 'p');
        for (quint16 v : {1, 4, 2, 5, 3, 6})
            stream += QByteArray(1, char(v)) + QByteArray(1, '\0');
        stream += "tail";
        const auto h = Header::make(DType::Int32, {2, 3}); // uint16 is shown as int32
        SiblingConverter c(std::make_unique<Trickle>(memory(stream), 1), layout, *h);
        const QByteArray out = drain(c, 1);
        QVERIFY(c.atEnd());
        QByteArray expected = h->encode();
        for (char v : {1, 2, 3, 4, 5, 6})
            expected += QByteArray(3, '\0') + QByteArray(1, v);
        QCOMPARE(out, expected + "tail");
        QCOMPARE(c.consumed(), stream.size());
    }

    void siblingPausesWhileGathering()
    {
        // 3 MiB of column-major bytes: gathered a chunk per call, nothing handed out meanwhile.
        const qint64 n = 3 << 20;
        SourceLayout layout;
        layout.type = StoredType::UInt8;
        layout.fortran = true;
        layout.dims = {quint64(n)};
        const auto h = Header::make(DType::UInt8, {quint64(n)});
        SiblingConverter c(memory(pattern(n)), layout, *h);
        QByteArray header(h->headerBytes, '\0');
        QCOMPARE(c.read(header.data(), header.size()), qint64(header.size()));
        QByteArray data(qsizetype(n), '\0');
        QCOMPARE(c.read(data.data(), n), 0); // a pause, not an end
        QVERIFY(!c.atEnd());
        QVERIFY(!c.error());
        QVERIFY(c.consumed() > 0);
        QVERIFY(c.consumed() < n);
        QCOMPARE(readFully(c, data.data(), n), n);
        QCOMPARE(data, pattern(n));
        (void)drain(c, 16);
        QVERIFY(c.atEnd());
    }

    void siblingTruncatedInAnElement()
    {
        SourceLayout layout;
        layout.type = StoredType::Int16;
        layout.dims = {4};
        layout.dataOffset = 2;
        const auto h = Header::make(DType::Int16, {4});
        SiblingConverter c(memory(QByteArrayLiteral("pp\x01\x00\x02\x00\x03")), layout, *h);
        const QByteArray out = drain(c, 100);
        QCOMPARE(out, h->encode() + QByteArrayLiteral("\x01\x00\x02\x00"));
        QVERIFY(c.atEnd());
        const Diagnostics w = c.warnings();
        QCOMPARE(w.size(), 1);
        QCOMPARE(w[0].code, DiagCode::PartialElement);
        QCOMPARE(w[0].offset, 6);
        QCOMPARE(w[0].actual, 1);
    }
};

QTEST_GUILESS_MAIN(TstByteSource)
#include "tst_bytesource.moc"
