// Tests for RecordOverlay: setting, replacing and removing one record's entry (each returning what was
// there), lookups, the entries of a source's range in index order, and the heap figure.
#include "recordoverlay.h"

#include <QTest>

using namespace idx;

class TestRecordOverlay : public QObject {
    Q_OBJECT

private slots:
    void setReturnsWhatWasThere()
    {
        RecordOverlay o;
        QVERIFY(o.empty());
        QCOMPARE(o.set({0, 5}, QByteArray("ab")), std::nullopt); // a new entry
        QCOMPARE(o.set({0, 5}, QByteArray("cd")), std::optional<QByteArray>("ab"));
        QVERIFY(o.contains({0, 5}));
        QCOMPARE(*o.find({0, 5}), QByteArray("cd"));
        QVERIFY(!o.find({0, 6}));
        QVERIFY(!o.find({1, 5})); // the same index in another source is another record
        QCOMPARE(o.set({0, 5}, std::nullopt), std::optional<QByteArray>("cd")); // removed
        QVERIFY(o.empty());
        QCOMPARE(o.set({0, 5}, std::nullopt), std::nullopt); // removing nothing changes nothing
        QVERIFY(o.empty());
    }

    void rangeOfOneSource()
    {
        RecordOverlay o;
        for (const RecordKey k : {RecordKey{0, 1}, RecordKey{0, 4}, RecordKey{0, 9}, RecordKey{2, 0},
                                  RecordKey{2, 5}, RecordKey{1, 3}})
            (void)o.set(k, QByteArray::number(k.source * 100 + k.index));
        const auto keysIn = [&](quint32 source, quint64 start, quint64 count) {
            std::vector<quint64> out;
            for (auto [it, end] = o.range(source, start, count); it != end; ++it) {
                out.push_back(it->first.index);
                if (it->first.source != source ||
                    it->second != QByteArray::number(source * 100 + it->first.index))
                    out.push_back(~quint64(0)); // a foreign entry or wrong bytes
            }
            return out;
        };
        QCOMPARE(keysIn(0, 0, 10), (std::vector<quint64>{1, 4, 9}));
        QCOMPARE(keysIn(0, 1, 8), (std::vector<quint64>{1, 4}));   // [1, 9): 9 is past the end
        QCOMPARE(keysIn(0, 2, 2), std::vector<quint64>{});         // [2, 4)
        QCOMPARE(keysIn(2, 0, 100), (std::vector<quint64>{0, 5})); // not source 1's entry
        QCOMPARE(keysIn(1, 0, 3), std::vector<quint64>{});
        QCOMPARE(o.entries().size(), size_t(6));
    }

    void heapCountsTheEntries()
    {
        RecordOverlay o;
        QCOMPARE(o.heapBytes(), quint64(0));
        (void)o.set({0, 1}, QByteArray(784, 'x'));
        (void)o.set({3, 1}, QByteArray(784, 'y'));
        // The bytes, the key and an allowance of 32 bytes for the map's node, per entry.
        QCOMPARE(o.heapBytes(), quint64(2 * (784 + sizeof(RecordKey) + 32)));
    }
};

QTEST_GUILESS_MAIN(TestRecordOverlay)
#include "tst_recordoverlay.moc"
