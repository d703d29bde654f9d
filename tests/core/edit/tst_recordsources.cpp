// Tests for RecordSources: the bytes of a record identity in the base, in an inserted chunk and through
// aliases of either; sizes and roots; the checks an untrusted edit's sources must pass; adding and taking
// back sources; big-endian bytes turned into the base's stored order.
#include "fixtures.h"
#include "memoryview.h"
#include "recordsources.h"

#include <QTest>

using namespace idx;

namespace {
/// Four records of two uint8 elements: record i holds (10 i, 10 i + 1).
TensorView base()
{
    return fx::memoryView(DType::UInt8, {4, 2}, {0, 1, 10, 11, 20, 21, 30, 31});
}

QByteArray bytesOf(const uchar* p, qsizetype n = 2)
{
    return p ? QByteArray(reinterpret_cast<const char*>(p), n) : QByteArray();
}

std::shared_ptr<const QByteArray> chunkOf(QByteArray bytes)
{
    return std::make_shared<const QByteArray>(std::move(bytes));
}

/// The base, chunk 1 (two records: 1 2, 3 4), alias 2 of the base and alias 3 of chunk 1.
RecordSources sample()
{
    RecordSources s(base());
    (void)s.add({Edit::NewSource{1, std::nullopt, chunkOf(QByteArray("\x01\x02\x03\x04", 4))},
                 Edit::NewSource{2, 0, nullptr}, Edit::NewSource{3, 1, nullptr}});
    return s;
}
} // namespace

class TestRecordSources : public QObject {
    Q_OBJECT

private slots:
    void bytesByIdentity()
    {
        const RecordSources s = sample();
        QCOMPARE(s.baseCount(), quint64(4));
        QCOMPARE(s.recordBytes(), quint64(2));
        QCOMPARE(bytesOf(s.bytes({0, 2})), QByteArray("\x14\x15", 2));
        QCOMPARE(s.bytes({0, 3}), s.base().recordData(3)); // the base's own bytes, not a copy
        QCOMPARE(bytesOf(s.bytes({1, 1})), QByteArray("\x03\x04", 2));
        QCOMPARE(s.bytes({2, 1}), s.base().recordData(1)); // an alias reads what it aliases
        QCOMPARE(s.bytes({3, 0}), s.bytes({1, 0}));
        QVERIFY(!s.bytes({9, 0})); // unknown source
    }

    void rootsSizesAndKeepAlive()
    {
        const RecordSources s = sample();
        QCOMPARE(s.root(0), quint32(0));
        QCOMPARE(s.root(1), quint32(1));
        QCOMPARE(s.root(2), quint32(0));
        QCOMPARE(s.root(3), quint32(1));
        QCOMPARE(s.size(0), std::optional<quint64>(4));
        QCOMPARE(s.size(1), std::optional<quint64>(2));
        QCOMPARE(s.size(2), std::optional<quint64>(4));
        QCOMPARE(s.size(3), std::optional<quint64>(2));
        QCOMPARE(s.size(4), std::nullopt);
        QVERIFY(s.inBase(0));
        QVERIFY(!s.inBase(1));
        QVERIFY(s.inBase(2));
        QVERIFY(!s.inBase(3));
        QVERIFY(s.contains(3));
        QVERIFY(!s.contains(4));
        QCOMPARE(s.keepAlive(3), s.keepAlive(1)); // the chunk itself
        QVERIFY(s.keepAlive(0));
        QCOMPARE(s.keepAlive(2), s.keepAlive(0));
        QVERIFY(!s.keepAlive(4));
        QCOMPARE(s.nextId(), quint32(4));
        QCOMPARE(s.heapBytes(), quint64(3 * 48 + 4)); // three sources, one of them a four-byte chunk
    }

    void acceptsOnlyConsistentSources_data()
    {
        QTest::addColumn<quint32>("id");
        QTest::addColumn<int>("aliasOf"); // -1: a chunk
        QTest::addColumn<QByteArray>("chunk");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("new chunk") << quint32(7) << -1 << QByteArray("\x09\x09", 2) << true;
        QTest::newRow("new alias of the base") << quint32(7) << 0 << QByteArray() << true;
        QTest::newRow("new alias of a chunk") << quint32(7) << 1 << QByteArray() << true;
        QTest::newRow("the base's id") << quint32(0) << -1 << QByteArray("\x09\x09", 2) << false;
        QTest::newRow("alias of an alias") << quint32(7) << 3 << QByteArray() << false;
        QTest::newRow("alias of an unknown source") << quint32(7) << 8 << QByteArray() << false;
        QTest::newRow("chunk of part of a record") << quint32(7) << -1 << QByteArray("\x09", 1) << false;
        QTest::newRow("chunk without bytes") << quint32(7) << -1 << QByteArray() << false;
        QTest::newRow("known chunk again") << quint32(1) << -1 << QByteArray("\x01\x02\x03\x04", 4) << true;
        QTest::newRow("known id, other bytes") << quint32(1) << -1 << QByteArray("\x01\x02", 2) << false;
        QTest::newRow("known alias again") << quint32(3) << 1 << QByteArray() << true;
        QTest::newRow("known alias, other target") << quint32(3) << 0 << QByteArray() << false;
    }
    void acceptsOnlyConsistentSources()
    {
        QFETCH(quint32, id);
        QFETCH(int, aliasOf);
        QFETCH(QByteArray, chunk);
        QFETCH(bool, accepted);
        Edit::NewSource s{id, std::nullopt, nullptr};
        if (aliasOf >= 0)
            s.aliasOf = quint32(aliasOf);
        else if (!chunk.isEmpty())
            s.chunk = chunkOf(chunk);
        QCOMPARE(sample().accepts({s}), accepted);
    }

    void addAndTakeBack()
    {
        RecordSources s = sample();
        // Source 1 is known (kept as it is); 5 and 9 are new.
        const RecordSources::Added added =
            s.add({Edit::NewSource{1, std::nullopt, chunkOf(QByteArray("\x07\x07", 2))},
                   Edit::NewSource{5, 0, nullptr},
                   Edit::NewSource{9, std::nullopt, chunkOf(QByteArray("\x08\x08", 2))}});
        QCOMPARE(added.ids, (std::vector<quint32>{5, 9}));
        QCOMPARE(added.nextBefore, quint32(4));
        QCOMPARE(s.nextId(), quint32(10));
        QCOMPARE(bytesOf(s.bytes({1, 0})), QByteArray("\x01\x02", 2)); // not replaced
        QCOMPARE(bytesOf(s.bytes({9, 0})), QByteArray("\x08\x08", 2));
        s.remove(added);
        QCOMPARE(s.nextId(), quint32(4));
        QVERIFY(!s.contains(5));
        QVERIFY(!s.contains(9));
        QVERIFY(s.contains(1));
    }

    void storedOrderOfLittleEndianBase()
    {
        const RecordSources little(fx::memoryView(DType::Int16, {2, 2}, {1, 2, 3, 4}, ByteOrder::Little));
        // Each two-byte element reversed, both ways.
        QCOMPARE(little.toStored(QByteArray("\x01\x02\x03\x04", 4)), QByteArray("\x02\x01\x04\x03", 4));
        QCOMPARE(little.toBigEndian(QByteArray("\x02\x01\x04\x03", 4)), QByteArray("\x01\x02\x03\x04", 4));
        const RecordSources big(fx::memoryView(DType::Int16, {2, 2}, {1, 2, 3, 4}));
        QCOMPARE(big.toStored(QByteArray("\x01\x02\x03\x04", 4)), QByteArray("\x01\x02\x03\x04", 4));
        const RecordSources bytes(fx::memoryView(DType::UInt8, {2, 2}, {1, 2, 3, 4}, ByteOrder::Little));
        QCOMPARE(bytes.toStored(QByteArray("\x01\x02", 2)), QByteArray("\x01\x02", 2)); // one-byte elements
    }
};

QTEST_GUILESS_MAIN(TestRecordSources)
#include "tst_recordsources.moc"
