// Tests for RecordOrder: positions found across segments (first, last and inner records of each), splices
// that return what they removed and move the positions after them, the check that a recorded splice fits,
// and the base order recognised however it is cut.
#include "recordorder.h"

#include <QTest>

using namespace idx;

namespace {
// Base records 10..13, then inserted chunk 1's records 0..1, then base records 0..2: 9 records.
RecordOrder sample()
{
    return RecordOrder({Segment{0, 10, 4}, Segment{1, 0, 2}, Segment{0, 0, 3}});
}
} // namespace

class TestRecordOrder : public QObject {
    Q_OBJECT

private slots:
    void emptyOrder()
    {
        const RecordOrder empty;
        QCOMPARE(empty.count(), quint64(0));
        QCOMPARE(empty.keyAt(0), std::nullopt);
        QVERIFY(empty.isBaseOrder(0));
        QVERIFY(!empty.isBaseOrder(1));
    }

    void locateAcrossSegments_data()
    {
        QTest::addColumn<quint64>("position");
        QTest::addColumn<int>("segment");
        QTest::addColumn<quint64>("offset");
        QTest::addColumn<quint32>("source");
        QTest::addColumn<quint64>("index");
        QTest::newRow("first") << quint64(0) << 0 << quint64(0) << quint32(0) << quint64(10);
        QTest::newRow("end of first segment") << quint64(3) << 0 << quint64(3) << quint32(0) << quint64(13);
        QTest::newRow("start of second") << quint64(4) << 1 << quint64(0) << quint32(1) << quint64(0);
        QTest::newRow("inside second") << quint64(5) << 1 << quint64(1) << quint32(1) << quint64(1);
        QTest::newRow("start of third") << quint64(6) << 2 << quint64(0) << quint32(0) << quint64(0);
        QTest::newRow("last") << quint64(8) << 2 << quint64(2) << quint32(0) << quint64(2);
    }
    void locateAcrossSegments()
    {
        QFETCH(quint64, position);
        QFETCH(int, segment);
        QFETCH(quint64, offset);
        QFETCH(quint32, source);
        QFETCH(quint64, index);
        const RecordOrder order = sample();
        QCOMPARE(order.count(), quint64(9));
        const RecordOrder::Located l = order.locate(position);
        QCOMPARE(l.segment, size_t(segment));
        QCOMPARE(l.offset, offset);
        QCOMPARE(order.keyAt(position), std::optional<RecordKey>(RecordKey{source, index}));
    }

    void keyPastTheEnd()
    {
        QCOMPARE(sample().keyAt(9), std::nullopt);
        QCOMPARE(sample().keyAt(~quint64(0)), std::nullopt);
    }

    void spliceReturnsWhatItRemoved()
    {
        RecordOrder order = sample();
        // Remove the chunk and base 0..2; put base 20..24 in their place.
        const std::vector<Segment> removed = order.splice(1, 2, {Segment{0, 20, 5}});
        QCOMPARE(removed, (std::vector<Segment>{Segment{1, 0, 2}, Segment{0, 0, 3}}));
        QCOMPARE(order.segments(), (std::vector<Segment>{Segment{0, 10, 4}, Segment{0, 20, 5}}));
        QCOMPARE(order.count(), quint64(9));
        QCOMPARE(order.keyAt(4), std::optional<RecordKey>(RecordKey{0, 20}));
        QCOMPARE(order.keyAt(8), std::optional<RecordKey>(RecordKey{0, 24}));
        // A pure insertion at the end and a pure removal at the front.
        QVERIFY(order.splice(2, 0, {Segment{2, 0, 1}}).empty());
        QCOMPARE(order.count(), quint64(10));
        QCOMPARE(order.keyAt(9), std::optional<RecordKey>(RecordKey{2, 0}));
        QCOMPARE(order.splice(0, 1, {}), (std::vector<Segment>{Segment{0, 10, 4}}));
        QCOMPARE(order.count(), quint64(6));
        QCOMPARE(order.keyAt(0), std::optional<RecordKey>(RecordKey{0, 20}));
    }

    void holdsChecksARecordedSplice()
    {
        const RecordOrder order = sample();
        QVERIFY(order.holds(1, {Segment{1, 0, 2}}));
        QVERIFY(order.holds(1, {Segment{1, 0, 2}, Segment{0, 0, 3}}));
        QVERIFY(order.holds(3, {}));                                    // an insertion at the end
        QVERIFY(!order.holds(4, {}));                                   // past the end
        QVERIFY(!order.holds(1, {Segment{1, 0, 1}}));                   // a different segment
        QVERIFY(!order.holds(2, {Segment{0, 0, 3}, Segment{0, 3, 1}})); // runs past the end
    }

    void baseOrderHoweverCut()
    {
        QVERIFY(RecordOrder({Segment{0, 0, 5}}).isBaseOrder(5));
        QVERIFY(RecordOrder({Segment{0, 0, 2}, Segment{0, 2, 3}}).isBaseOrder(5));
        QVERIFY(!RecordOrder({Segment{0, 0, 2}, Segment{0, 2, 3}}).isBaseOrder(6)); // a record missing
        QVERIFY(!RecordOrder({Segment{0, 2, 3}, Segment{0, 0, 2}}).isBaseOrder(5)); // reordered
        QVERIFY(!RecordOrder({Segment{0, 0, 2}, Segment{1, 0, 3}}).isBaseOrder(5)); // inserted records
        QVERIFY(!sample().isBaseOrder(9));
    }
};

QTEST_GUILESS_MAIN(TestRecordOrder)
#include "tst_recordorder.moc"
