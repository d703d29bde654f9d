// Tests for RecordSet: runs merge when they overlap or touch, in any order of adding; count, first, last,
// contains, at and indexOf agree with a plain sorted list; clamping; iteration; one run whatever the size.
#include "recordset.h"

#include <QTest>

#include <algorithm>
#include <random>
#include <set>

using namespace idx;

Q_DECLARE_METATYPE(std::vector<quint64>)

namespace {
using Pairs = std::vector<std::pair<quint64, quint64>>;

Pairs runsOf(const RecordSet& s)
{
    Pairs out;
    for (const RecordRun& r : s.runs())
        out.emplace_back(r.first, r.end);
    return out;
}
} // namespace

class TestRecordSet : public QObject {
    Q_OBJECT
private slots:
    void add_data()
    {
        QTest::addColumn<Pairs>("added"); // [first, end) in the order added
        QTest::addColumn<Pairs>("runs");  // the result
        QTest::addColumn<quint64>("count");
        QTest::newRow("nothing") << Pairs{} << Pairs{} << quint64(0);
        QTest::newRow("empty range") << Pairs{{5, 5}, {7, 3}} << Pairs{} << quint64(0);
        QTest::newRow("one") << Pairs{{3, 4}} << Pairs{{3, 4}} << quint64(1);
        QTest::newRow("ascending, apart")
            << Pairs{{0, 2}, {5, 6}, {9, 12}} << Pairs{{0, 2}, {5, 6}, {9, 12}} << quint64(6);
        QTest::newRow("touching merge") << Pairs{{0, 2}, {2, 4}} << Pairs{{0, 4}} << quint64(4);
        QTest::newRow("overlapping merge") << Pairs{{0, 5}, {3, 8}} << Pairs{{0, 8}} << quint64(8);
        QTest::newRow("inside the last") << Pairs{{0, 10}, {3, 4}} << Pairs{{0, 10}} << quint64(10);
        QTest::newRow("before, apart") << Pairs{{10, 12}, {2, 4}} << Pairs{{2, 4}, {10, 12}} << quint64(4);
        QTest::newRow("before, touching") << Pairs{{10, 12}, {8, 10}} << Pairs{{8, 12}} << quint64(4);
        QTest::newRow("bridges three")
            << Pairs{{0, 2}, {4, 6}, {8, 10}, {20, 21}, {1, 9}} << Pairs{{0, 10}, {20, 21}} << quint64(11);
        QTest::newRow("covers all") << Pairs{{3, 4}, {6, 7}, {0, 100}} << Pairs{{0, 100}} << quint64(100);
        QTest::newRow("between, touching both")
            << Pairs{{0, 3}, {5, 9}, {3, 5}} << Pairs{{0, 9}} << quint64(9);
        QTest::newRow("huge") << Pairs{{0, 10'900'000}, {10'900'000, 11'000'000}} << Pairs{{0, 11'000'000}}
                              << quint64(11'000'000);
        QTest::newRow("past 2^32") << Pairs{{(1ull << 32) - 1, (1ull << 32) + 2}}
                                   << Pairs{{(1ull << 32) - 1, (1ull << 32) + 2}} << quint64(3);
    }
    void add()
    {
        QFETCH(Pairs, added);
        QFETCH(Pairs, runs);
        QFETCH(quint64, count);
        RecordSet s;
        for (const auto& [a, b] : added)
            s.add(a, b);
        QCOMPARE(runsOf(s), runs);
        QCOMPARE(s.count(), count);
        QCOMPARE(s.isEmpty(), count == 0);
        if (count > 0) {
            QCOMPARE(s.first(), runs.front().first);
            QCOMPARE(s.last(), runs.back().second - 1);
            QCOMPARE(s.isContiguous(), runs.size() == 1);
        }
    }

    void agreesWithASortedList()
    {
        // Random adds in random order against std::set: every query answers the same.
        std::mt19937_64 rng(20261203);
        for (int round = 0; round < 200; ++round) {
            RecordSet s;
            std::set<quint64> plain;
            const int adds = int(rng() % 12);
            for (int i = 0; i < adds; ++i) {
                const quint64 a = rng() % 60, n = rng() % 8;
                s.add(a, a + n);
                for (quint64 x = a; x < a + n; ++x)
                    plain.insert(x);
            }
            QCOMPARE(s.count(), quint64(plain.size()));
            const std::vector<quint64> list(plain.begin(), plain.end());
            QCOMPARE(std::vector<quint64>(s.begin(), s.end()), list); // iteration
            for (size_t k = 0; k < list.size(); ++k) {
                QCOMPARE(s.at(k), list[k]);
                QCOMPARE(s.indexOf(list[k]), std::optional<quint64>(k));
            }
            for (quint64 x = 0; x < 70; ++x) {
                QCOMPARE(s.contains(x), plain.count(x) == 1);
                if (!plain.count(x))
                    QCOMPARE(s.indexOf(x), std::optional<quint64>());
            }
            // Runs are sorted, disjoint and never touch.
            for (size_t i = 1; i < s.runs().size(); ++i)
                QVERIFY(s.runs()[i - 1].end < s.runs()[i].first);
            // Clamping keeps exactly the records below the bound.
            const quint64 bound = rng() % 70;
            const RecordSet c = s.clampedTo(bound);
            std::vector<quint64> below;
            std::copy_if(list.begin(), list.end(), std::back_inserter(below),
                         [&](quint64 x) { return x < bound; });
            QCOMPARE(std::vector<quint64>(c.begin(), c.end()), below);
            QCOMPARE(RecordSet::of(list), s);
        }
    }

    void ofAndLiterals()
    {
        QCOMPARE(runsOf(RecordSet::of({7, 3, 4, 4, 5, 10})), (Pairs{{3, 6}, {7, 8}, {10, 11}}));
        QCOMPARE(runsOf(RecordSet{2, 1, 0}), (Pairs{{0, 3}}));
        QCOMPARE(runsOf(RecordSet::span(4, 2)), Pairs{});
        QCOMPARE(RecordSet::span(0, 60000), RecordSet::span(0, 60000));
        QVERIFY(!(RecordSet{1} == RecordSet{2}));
    }

    void hugeStaysOneRun()
    {
        // Select All over 10.9 million records: one run, its k-th record and position by arithmetic.
        const RecordSet all = RecordSet::span(0, 10'900'000);
        QCOMPARE(all.runs().size(), size_t(1));
        QCOMPARE(all.at(9'999'999), quint64(9'999'999));
        QCOMPARE(all.indexOf(10'899'999), std::optional<quint64>(10'899'999));
        QCOMPARE(all.clampedTo(60000).count(), quint64(60000));
        QCOMPARE(all.clampedTo(0).isEmpty(), true);
    }
};

QTEST_GUILESS_MAIN(TestRecordSet)
#include "tst_recordset.moc"
