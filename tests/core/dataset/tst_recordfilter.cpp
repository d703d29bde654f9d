// RecordFilter: the list, the classes and both; unlabelled records with a class filter; the end of what can
// pass; the list sorted and made unique.
#include "recordfilter.h"

#include <QtTest>

using namespace idx;

class TstRecordFilter : public QObject {
    Q_OBJECT
private slots:
    void none();
    void list();
    void classes();
    void both();
    void end();
    void sorted();
};

namespace {
const std::vector<qint64> kLabels{3, 1, 4, 1, 5}; // records 0..4 labelled, 5 and above not
}

void TstRecordFilter::none()
{
    const RecordFilter f;
    QVERIFY(!f.active());
    for (quint64 r : {0u, 4u, 5u, 1000u})
        QVERIFY(f.passes(r, kLabels));
}

void TstRecordFilter::list()
{
    const RecordFilter f{std::vector<quint64>{1, 4, 7}, {}};
    QVERIFY(f.active());
    QVERIFY(f.listed(7));
    QVERIFY(!f.listed(5));
    QList<quint64> passing;
    for (quint64 r = 0; r < 10; ++r)
        if (f.passes(r, kLabels))
            passing << r;
    QCOMPARE(passing, (QList<quint64>{1, 4, 7})); // 7 has no label: no class filter, so it passes
}

void TstRecordFilter::classes()
{
    const RecordFilter f{std::nullopt, {1, 5}};
    QVERIFY(f.active());
    QList<quint64> passing;
    for (quint64 r = 0; r < 10; ++r)
        if (f.passes(r, kLabels))
            passing << r;
    QCOMPARE(passing, (QList<quint64>{1, 3, 4})); // unlabelled 5..9 never pass a class filter
}

void TstRecordFilter::both()
{
    const RecordFilter f{std::vector<quint64>{0, 1, 2, 4}, {1, 5}};
    QList<quint64> passing;
    for (quint64 r = 0; r < 10; ++r)
        if (f.passes(r, kLabels))
            passing << r;
    QCOMPARE(passing, (QList<quint64>{1, 4}));
}

void TstRecordFilter::end()
{
    QCOMPARE(RecordFilter{}.end(100, 5), quint64(100));
    QCOMPARE((RecordFilter{std::vector<quint64>{50}, {}}.end(100, 5)), quint64(100));
    QCOMPARE((RecordFilter{std::nullopt, {1}}.end(100, 5)), quint64(5));
    QCOMPARE((RecordFilter{std::nullopt, {1}}.end(3, 5)), quint64(3));
}

void TstRecordFilter::sorted()
{
    QCOMPARE(sortedRecords({9, 2, 9, 0, 2}), (std::vector<quint64>{0, 2, 9}));
    QCOMPARE(sortedRecords({}), std::vector<quint64>{});
}

QTEST_GUILESS_MAIN(TstRecordFilter)
#include "tst_recordfilter.moc"
