// Tests for comparing files (diff.h, recordalign.h): alignments checked against a longest common subsequence
// computed here by dynamic programming; an edited copy shows exactly its edits (records, elements, the
// largest difference, changed labels); decoded values compare, not bytes (byte order, NaN, -0, another type);
// a copy with a record deleted, inserted, moved or changed aligns everything else; limits, pieces and cancel.
#include "diff.h"
#include "memoryview.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace idx;

namespace {

constexpr quint64 kSide = 4;
constexpr quint64 kPixels = kSide * kSide;

/// The length of a longest common subsequence, by dynamic programming.
size_t lcsLength(const std::vector<quint64>& a, const std::vector<quint64>& b)
{
    std::vector<std::vector<size_t>> t(a.size() + 1, std::vector<size_t>(b.size() + 1, 0));
    for (size_t i = 1; i <= a.size(); ++i)
        for (size_t j = 1; j <= b.size(); ++j)
            t[i][j] = a[i - 1] == b[j - 1] ? t[i - 1][j - 1] + 1 : std::max(t[i - 1][j], t[i][j - 1]);
    return t[a.size()][b.size()];
}

/// Kept pairs hold equal keys and increase on both sides.
void checkValid(const SequenceAlignment& s, const std::vector<quint64>& a, const std::vector<quint64>& b)
{
    for (size_t p = 0; p < s.kept.size(); ++p) {
        QCOMPARE(a[size_t(s.kept[p].a)], b[size_t(s.kept[p].b)]);
        if (p > 0) {
            QVERIFY(s.kept[p].a > s.kept[p - 1].a);
            QVERIFY(s.kept[p].b > s.kept[p - 1].b);
        }
    }
}

std::vector<quint64> randomKeys(std::mt19937& rng, size_t n, quint64 alphabet)
{
    std::vector<quint64> v(n);
    for (auto& k : v)
        k = rng() % alphabet;
    return v;
}

/// Images of kSide × kSide: record r's values from its `seed`, so equal seeds are equal records.
struct Images {
    std::vector<quint64> seeds;
    std::vector<double> values() const
    {
        std::vector<double> v;
        for (quint64 s : seeds) {
            const auto r = fx::sampleValues(DType::UInt8, kPixels, s * 7919);
            v.insert(v.end(), r.begin(), r.end());
        }
        return v;
    }
    TensorPieces pieces(DType t = DType::UInt8, ByteOrder order = ByteOrder::Big) const
    {
        return TensorPieces(fx::memoryView(t, {seeds.size(), kSide, kSide}, values(), order));
    }
};

Images numbered(quint64 n)
{
    Images im;
    for (quint64 i = 0; i < n; ++i)
        im.seeds.push_back(i + 1);
    return im;
}

TensorPieces labels(const std::vector<double>& v)
{
    return TensorPieces(fx::memoryView(DType::UInt8, {v.size()}, v));
}

} // namespace

class TestDiff : public QObject {
    Q_OBJECT

private slots:
    void alignIdentical()
    {
        const std::vector<quint64> a{5, 1, 5, 2, 9};
        const auto s = alignSequences(a, a);
        QVERIFY(s);
        QVERIFY(s->exact);
        QCOMPARE(s->kept.size(), a.size());
        checkValid(*s, a, a);
    }

    void alignMatchesLongestCommonSubsequence_data()
    {
        QTest::addColumn<quint64>("alphabet");
        QTest::newRow("2 keys") << quint64(2);
        QTest::newRow("12 keys") << quint64(12);
        QTest::newRow("100 keys (mostly unique)") << quint64(100);
    }
    void alignMatchesLongestCommonSubsequence()
    {
        QFETCH(quint64, alphabet);
        std::mt19937 rng{static_cast<unsigned>(alphabet)};
        for (int trial = 0; trial < 300; ++trial) {
            const auto a = randomKeys(rng, rng() % 40, alphabet);
            const auto b = randomKeys(rng, rng() % 40, alphabet);
            const auto s = alignSequences(a, b);
            QVERIFY(s);
            QVERIFY(s->exact);
            checkValid(*s, a, b);
            QCOMPARE(s->kept.size(), lcsLength(a, b));
        }
    }

    void alignOneDeletionAmongRepeats()
    {
        // A labels file: ten values, none unique; one record deleted is the one difference.
        std::mt19937 rng(7);
        const auto a = randomKeys(rng, 5000, 10);
        for (size_t k : {size_t(0), size_t(1234), size_t(4999)}) {
            auto b = a;
            b.erase(b.begin() + std::ptrdiff_t(k));
            const auto s = alignSequences(a, b);
            QVERIFY(s);
            QCOMPARE(s->kept.size(), a.size() - 1);
            checkValid(*s, a, b);
        }
    }

    void alignShuffledKeepsLongestChain()
    {
        std::vector<quint64> a(300);
        for (size_t i = 0; i < a.size(); ++i)
            a[i] = i * 31 + 7;
        auto b = a;
        std::shuffle(b.begin(), b.end(), std::mt19937(3));
        const auto s = alignSequences(a, b);
        QVERIFY(s);
        QVERIFY(s->exact);
        checkValid(*s, a, b);
        QCOMPARE(s->kept.size(), lcsLength(a, b));
        // Beyond the budget, patience anchoring: with every key unique, its longest chain is the LCS too.
        const auto anchored = alignSequences(a, b, {}, 100);
        QVERIFY(anchored);
        QVERIFY(!anchored->exact);
        checkValid(*anchored, a, b);
        QCOMPARE(anchored->kept.size(), lcsLength(a, b));
    }

    void alignBeyondBudgetStaysValid()
    {
        std::mt19937 rng(11);
        const auto a = randomKeys(rng, 3000, 4);
        const auto b = randomKeys(rng, 2900, 4);
        const auto s = alignSequences(a, b, {}, 1000);
        QVERIFY(s);
        QVERIFY(!s->exact);
        checkValid(*s, a, b);
        QVERIFY(s->kept.size() > 1000); // equal keys paired in order, the longest chain kept
        const auto full = alignSequences(a, b);
        QVERIFY(full && full->exact);
        QVERIFY(full->kept.size() >= s->kept.size());
    }

    void alignManyEditsAmongRepeats()
    {
        // A labels file with 2,500 records deleted here and there: more edits than one shortest script looks
        // for, so the stretch is halved until each part fits; nearly everything still lines up.
        std::mt19937 rng(21);
        const auto a = randomKeys(rng, 20000, 10);
        std::vector<quint64> b;
        std::vector<bool> gone(a.size(), false);
        for (int i = 0; i < 2500; ++i)
            gone[rng() % a.size()] = true;
        for (size_t i = 0; i < a.size(); ++i)
            if (!gone[i])
                b.push_back(a[i]);
        const auto s = alignSequences(a, b);
        QVERIFY(s);
        QVERIFY(!s->exact);
        checkValid(*s, a, b);
        QVERIFY2(s->kept.size() * 100 >= b.size() * 98, qPrintable(QString::number(s->kept.size())));
    }

    void alignCancelled()
    {
        const std::vector<quint64> a{1, 2, 3}, b{3, 2, 1};
        Control c;
        c.cancel = [] { return true; };
        QVERIFY(!alignSequences(a, b, c));
    }

    void equalFiles()
    {
        const auto a = numbered(20);
        const auto d = diffTensors(a.pieces(), a.pieces());
        QVERIFY(d);
        QVERIFY(d->equal());
        QCOMPARE(d->recordsDiffering, quint64(0));
        QVERIFY(d->records.empty());
        QVERIFY(!d->alignment);
    }

    void editedCopyShowsExactlyTheEdits()
    {
        const auto a = numbered(10);
        auto values = a.values();
        auto at = [&](quint64 record, quint64 element) -> double& {
            return values[size_t(record * kPixels + element)];
        };
        // Record 3: two pixels, by +5 and -10 (kept within 0..255); record 7: one pixel by 1.
        at(3, 0) = at(3, 0) < 250 ? at(3, 0) + 5 : at(3, 0) - 5;
        at(3, 9) = at(3, 9) >= 10 ? at(3, 9) - 10 : at(3, 9) + 10;
        at(7, 15) = at(7, 15) < 255 ? at(7, 15) + 1 : 254;
        const TensorPieces b(fx::memoryView(DType::UInt8, {10, kSide, kSide}, values));
        const auto d = diffTensors(a.pieces(), b);
        QVERIFY(d);
        QVERIFY(!d->equal());
        QCOMPARE(d->recordsDiffering, quint64(2));
        QCOMPARE(d->elementsDiffering, quint64(3));
        QCOMPARE(d->maxAbsDiff, 10.0);
        QCOMPARE(d->records.size(), size_t(2));
        QCOMPARE(d->records[0], (RecordChange{3, 3, 2, 10.0}));
        QCOMPARE(d->records[1], (RecordChange{7, 7, 1, 1.0}));
        QVERIFY(d->changedLabels.empty()); // images, not labels
        QVERIFY(!d->alignment);            // edits in place: nothing to align
    }

    void sameCountShiftedAligns()
    {
        // One record deleted and another appended: the count is the same, every record after the deleted one
        // differs by index, and the alignment says what happened.
        const auto a = numbered(30);
        auto b = a;
        b.seeds.erase(b.seeds.begin() + 10);
        b.seeds.push_back(500);
        const auto d = diffTensors(a.pieces(), b.pieces());
        QVERIFY(d);
        QVERIFY(!d->dimsDiffer);
        QCOMPARE(d->recordsDiffering, quint64(20));
        QVERIFY(d->alignment);
        QCOMPARE(d->alignment->kept, quint64(29));
        QCOMPARE(d->alignment->deleted, std::vector<quint64>{10});
        QCOMPARE(d->alignment->inserted, std::vector<quint64>{29});
        QVERIFY(d->alignment->moved.empty() && d->alignment->changed.empty());
    }

    void changedLabels()
    {
        std::vector<double> a{1, 2, 3, 4, 5, 6, 7, 8, 9, 0};
        auto b = a;
        b[2] = 7;
        b[9] = 1;
        const auto d = diffTensors(labels(a), labels(b));
        QVERIFY(d);
        QCOMPARE(d->recordsDiffering, quint64(2));
        const std::vector<LabelChange> expected{{2, 3, 7}, {9, 0, 1}};
        QCOMPARE(d->changedLabels, expected);
    }

    void decodedValuesCompare()
    {
        const auto a = numbered(6);
        // Another byte order, the same values.
        QVERIFY(diffTensors(a.pieces(DType::Float32), a.pieces(DType::Float32, ByteOrder::Little))->equal());
        // Another type, the same values: the type differs, no record does.
        const auto d = diffTensors(a.pieces(DType::UInt8), a.pieces(DType::Float64));
        QVERIFY(d);
        QVERIFY(d->typeDiffers);
        QVERIFY(!d->dimsDiffer);
        QCOMPARE(d->recordsDiffering, quint64(0));
        QVERIFY(!d->equal());
    }

    void nanAndSignedZero()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const auto a = TensorPieces(fx::memoryView(DType::Float32, {3}, {nan, 0.0, 2.0}));
        const auto same = TensorPieces(fx::memoryView(DType::Float32, {3}, {nan, -0.0, 2.0}));
        QVERIFY(diffTensors(a, same)->equal());
        const auto other = TensorPieces(fx::memoryView(DType::Float32, {3}, {1.0, 0.0, 2.0}));
        const auto d = diffTensors(a, other);
        QCOMPARE(d->recordsDiffering, quint64(1));
        QVERIFY(std::isinf(d->maxAbsDiff));
    }

    void otherRecordShapeIsNotCompared()
    {
        const TensorPieces a(fx::memoryView(DType::UInt8, {2, 2, 3}, std::vector<double>(12, 1)));
        const TensorPieces b(fx::memoryView(DType::UInt8, {2, 3, 2}, std::vector<double>(12, 1)));
        const auto d = diffTensors(a, b);
        QVERIFY(d);
        QVERIFY(d->shapesDiffer && d->dimsDiffer);
        QVERIFY(!d->equal());
        QVERIFY(d->records.empty() && !d->alignment);
    }

    void oneRecordDeletedAligns()
    {
        const auto a = numbered(50);
        auto b = a;
        b.seeds.erase(b.seeds.begin() + 17);
        const auto d = diffTensors(a.pieces(), b.pieces());
        QVERIFY(d && d->alignment);
        QVERIFY(d->dimsDiffer && !d->equal());
        const RecordAlignment& al = *d->alignment;
        QCOMPARE(al.kept, quint64(49));
        QCOMPARE(al.deleted, std::vector<quint64>{17});
        QVERIFY(al.inserted.empty() && al.moved.empty() && al.changed.empty());
        QVERIFY(al.exact);
    }

    void insertedMovedChanged()
    {
        // B: A's records 0..29 with record 4 moved to the end, record 12 changed, a new record after 20.
        const auto a = numbered(30);
        Images b;
        for (quint64 i = 0; i < 30; ++i) {
            if (i == 4)
                continue;
            b.seeds.push_back(i == 12 ? 1000 : a.seeds[size_t(i)]);
            if (i == 20)
                b.seeds.push_back(2000);
        }
        b.seeds.push_back(a.seeds[4]);
        auto indexInB = [&](quint64 seed) {
            return quint64(std::find(b.seeds.begin(), b.seeds.end(), seed) - b.seeds.begin());
        };
        const auto d = diffTensors(a.pieces(), b.pieces());
        QVERIFY(d && d->alignment);
        const RecordAlignment& al = *d->alignment;
        QCOMPARE(al.kept, quint64(28));
        QVERIFY(al.deleted.empty());
        QCOMPARE(al.inserted, std::vector<quint64>{indexInB(2000)});
        QCOMPARE(al.moved, (std::vector<KeptPair>{{4, indexInB(a.seeds[4])}}));
        QCOMPARE(al.changed.size(), size_t(1));
        QCOMPARE(al.changed[0].a, quint64(12));
        QCOMPARE(al.changed[0].b, indexInB(1000));
        QVERIFY(al.changed[0].elements > 0);
    }

    void unrelatedFilesDoNotPair()
    {
        // Two splits: no record in common, 20 against 7; nothing is called a change of another.
        Images b;
        for (quint64 i = 0; i < 7; ++i)
            b.seeds.push_back(100 + i);
        const auto d = diffTensors(numbered(20).pieces(), b.pieces());
        QVERIFY(d && d->alignment);
        QCOMPARE(d->alignment->kept, quint64(0));
        QCOMPARE(d->alignment->deleted.size(), size_t(20));
        QCOMPARE(d->alignment->inserted.size(), size_t(7));
        QVERIFY(d->alignment->changed.empty());
        // A record edited next to a deleted one: a short stretch, still paired.
        auto c = numbered(20);
        c.seeds[5] = 500;
        c.seeds.erase(c.seeds.begin() + 6);
        const auto e = diffTensors(numbered(20).pieces(), c.pieces());
        QCOMPARE(e->alignment->changed.size(), size_t(1));
        QCOMPARE(e->alignment->changed[0].a, quint64(5));
        QCOMPARE(e->alignment->deleted, std::vector<quint64>{6});
    }

    void reorderedCopyMoves()
    {
        // The same records, two of them swapped: by index both differ; aligned, both moved.
        const auto a = numbered(20);
        auto b = a;
        std::swap(b.seeds[3], b.seeds[12]);
        const auto d = diffTensors(a.pieces(), b.pieces());
        QVERIFY(d);
        QCOMPARE(d->recordsDiffering, quint64(2));
        QVERIFY(d->alignment);
        QCOMPARE(d->alignment->kept, quint64(18));
        QCOMPARE(d->alignment->moved, (std::vector<KeptPair>{{3, 12}, {12, 3}}));
        QVERIFY(d->alignment->changed.empty() && d->alignment->deleted.empty());
    }

    void swappedLabelsAreChangedLabels()
    {
        // Labels differing by index are changed labels, never an alignment of equal values.
        std::vector<double> a{1, 2, 3, 4, 5, 6, 7, 8}, b = a;
        std::swap(b[2], b[3]);
        const auto d = diffTensors(labels(a), labels(b));
        QVERIFY(d);
        QVERIFY(!d->alignment);
        const std::vector<LabelChange> expected{{2, 3, 4}, {3, 4, 3}};
        QCOMPARE(d->changedLabels, expected);
    }

    void labelsAreNeverMoved()
    {
        // A label deleted and the same value inserted elsewhere: deleted and inserted, not moved.
        std::vector<double> a{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        auto b = a;
        b.erase(b.begin() + 4);
        b.insert(b.begin() + 15, 4);
        b.push_back(9);
        const auto d = diffTensors(labels(a), labels(b));
        QVERIFY(d && d->alignment);
        QVERIFY(d->alignment->moved.empty());
        QCOMPARE(d->alignment->kept + d->alignment->changed.size() + d->alignment->deleted.size(),
                 quint64(20));
    }

    void otherTypeAndSpecialValuesAlign()
    {
        // Another element type (values as numbers) and another record count: the values align.
        const auto a = numbered(12);
        auto b = a;
        b.seeds.erase(b.seeds.begin() + 5);
        const auto d = diffTensors(a.pieces(DType::UInt8), b.pieces(DType::Float64));
        QVERIFY(d && d->alignment);
        QVERIFY(d->typeDiffers);
        QCOMPARE(d->alignment->kept, quint64(11));
        QCOMPARE(d->alignment->deleted, std::vector<quint64>{5});
        // NaN equals NaN and -0 equals 0 in the keys too.
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const TensorPieces x(fx::memoryView(DType::Float32, {3, 2}, {nan, 0.0, 1.0, 2.0, 3.0, 4.0}));
        const TensorPieces y(fx::memoryView(DType::Float32, {2, 2}, {nan, -0.0, 3.0, 4.0}));
        const auto e = diffTensors(x, y);
        QVERIFY(e && e->alignment);
        QCOMPARE(e->alignment->kept, quint64(2));
        QCOMPARE(e->alignment->deleted, std::vector<quint64>{1});
    }

    void cancelledWhileDescribing()
    {
        // Cancelled late (after the alignment): nothing is returned.
        const auto a = numbered(9000);
        auto b = a;
        b.seeds.erase(b.seeds.begin() + 100);
        Control c;
        bool late = false;
        c.progress = [&](qint64 done, qint64 total) { late = late || done * 1000 >= total * 860; };
        c.cancel = [&] { return late; };
        QVERIFY(!diffTensors(a.pieces(), b.pieces(), {}, c));
        QVERIFY(late);
    }

    void labelsWithOneDeletedAlign()
    {
        std::mt19937 rng(5);
        std::vector<double> a(2000);
        for (auto& v : a)
            v = double(rng() % 10);
        auto b = a;
        b.erase(b.begin() + 700);
        const auto d = diffTensors(labels(a), labels(b));
        QVERIFY(d && d->alignment);
        const RecordAlignment& al = *d->alignment;
        QCOMPARE(al.kept, quint64(1999));
        QCOMPARE(al.deleted.size(), size_t(1));
        QVERIFY(al.inserted.empty() && al.moved.empty() && al.changed.empty());
        // The deleted record is one of a run of equal labels that includes record 700.
        const quint64 k = al.deleted[0];
        for (quint64 i = std::min<quint64>(k, 700); i <= std::max<quint64>(k, 700); ++i)
            QCOMPARE(a[size_t(i)], a[700]);
    }

    void listLimit()
    {
        std::vector<double> a(10, 1), b(10, 2);
        DiffOptions o;
        o.listLimit = 3;
        const auto d = diffTensors(labels(a), labels(b), o);
        QCOMPARE(d->recordsDiffering, quint64(10));
        QCOMPARE(d->records.size(), size_t(3));
        QCOMPARE(d->changedLabels.size(), size_t(3));
        QVERIFY(d->listTruncated);
    }

    void tooManyToAlign()
    {
        DiffOptions o;
        o.maxAligned = 10;
        const auto d = diffTensors(numbered(6).pieces(), numbered(5).pieces(), o);
        QVERIFY(d);
        QVERIFY(!d->alignment);
        QVERIFY(d->alignmentSkipped.contains(QLatin1String("11")));
        QVERIFY(!d->equal());
    }

    void piecesCompareLikeOneView()
    {
        const auto a = numbered(12);
        const TensorView whole = fx::memoryView(DType::UInt8, {12, kSide, kSide}, a.values());
        const TensorPieces split(whole.header(), whole.byteOrder(),
                                 {whole.records(0, 5), whole.records(5, 7)});
        QVERIFY(diffTensors(split, a.pieces())->equal());
        auto b = a;
        b.seeds[6] = 99;
        const auto d = diffTensors(split, b.pieces());
        QCOMPARE(d->recordsDiffering, quint64(1));
        QCOMPARE(d->records[0].a, quint64(6));
    }

    void progressAndCancel()
    {
        const auto a = numbered(40);
        auto b = a;
        b.seeds.pop_back();
        qint64 last = -1, total = 0;
        Control c;
        c.progress = [&](qint64 done, qint64 t) {
            QVERIFY(done >= last);
            last = done;
            total = t;
        };
        QVERIFY(diffTensors(a.pieces(), b.pieces(), {}, c));
        QCOMPARE(last, total);
        c.cancel = [] { return true; };
        QVERIFY(!diffTensors(a.pieces(), b.pieces(), {}, c));
        QVERIFY(!diffTensors(a.pieces(), a.pieces(), {}, c));
    }
};

QTEST_GUILESS_MAIN(TestDiff)
#include "tst_diff.moc"
