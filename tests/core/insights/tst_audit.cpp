// Tests for the audit (audit.h): findings planted in generated clusters of 8×8 images — an exact duplicate, a
// near duplicate one pixel apart, a mislabelled record, an outlier — in one file and across two (leakage, a
// test record whose training neighbours carry another label); every refusal; cancellation; the graph cache (a
// hit gives the same findings, a damaged file is only a miss, the folder is pruned).
#include "audit.h"
#include "clusters.h"
#include "dataset.h"
#include "memoryview.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include <zlib.h>

using namespace idx;

using fx::Clusters;
using fx::kSide;
using fx::kValues;
using fx::ninety;
using fx::planted;

namespace {

/// Clusters as an audit input.
AuditFile fileOf(const Clusters& c)
{
    return {fx::memoryView(DType::UInt8, {quint64(c.labels.size()), kSide, kSide}, c.values), c.labels};
}

AuditOptions small()
{
    AuditOptions o;
    o.neighbours = 10;
    o.components = 8;
    return o;
}

} // namespace

class TestAudit : public QObject {
    Q_OBJECT

private slots:
    void findsPlantedFindings()
    {
        const Clusters c = planted();
        AuditProblem problem;
        const auto r = audit(fileOf(c), nullptr, small(), {}, &problem);
        QVERIFY2(r, qPrintable(problem.reason));
        QCOMPARE(r->files, 1);
        QCOMPARE(r->records[0], qint64(94));
        QCOMPARE(r->exactDuplicates, (std::vector<std::vector<RecordRef>>{{{0, 5}, {0, 90}}}));

        const AuditThresholds& t = r->thresholds;
        QCOMPARE(t.neighbours, 10);
        QCOMPARE(t.components, 8);
        QVERIFY(t.medianNearestDistance > 100); // noise of ±20 on 64 values
        QCOMPARE(t.nearDuplicateDistance, 0.25 * t.medianNearestDistance);
        QVERIFY(!r->nearDuplicates.empty());
        QCOMPARE(r->nearDuplicates.front().a, (RecordRef{0, 7}));
        QCOMPARE(r->nearDuplicates.front().b, (RecordRef{0, 91}));
        QCOMPARE(r->nearDuplicates.front().distance, 3.0);
        for (const NearDuplicate& p : r->nearDuplicates) // exact duplicates are not near ones
            QVERIFY(p.distance > 0 && p.distance <= t.nearDuplicateDistance);

        QVERIFY(!r->labelSuspects.empty());
        const LabelSuspect& s = r->labelSuspects.front();
        QCOMPARE(s.record, (RecordRef{0, 92}));
        QCOMPARE(s.label, qint64(2));
        QCOMPARE(s.suggested, qint64(0));
        QCOMPARE(s.score, 1.1);   // none of its neighbours is labelled 2 …
        QCOMPARE(s.support, 1.0); // … all are labelled 0
        // Record 90 copies record 5, of class 2 (5 % 3), and carries 2 too: not a suspect.
        for (const LabelSuspect& x : r->labelSuspects)
            QVERIFY(x.record != (RecordRef{0, 90}));

        QVERIFY(!r->outliers.empty());
        QCOMPARE(r->outliers.front().record, (RecordRef{0, 93}));
        QVERIFY(r->outliers.front().score >= 2.5);
        QCOMPARE(r->first.rows, qint64(94));
        QCOMPARE(r->first.k, 10);
        QVERIFY(!r->fromCache);
        QVERIFY(r->firstDigest.isEmpty()); // no cache folder: no digest taken

        // The label fixed, the suspects found again from the same graph no longer hold it.
        QCOMPARE(labelSuspects(*r, c.labels, {}, 0.2).size(), r->labelSuspects.size());
        std::vector<qint64> fixed = c.labels;
        fixed[92] = 0;
        const auto again = labelSuspects(*r, fixed, {}, 0.2);
        QCOMPARE(again.size(), r->labelSuspects.size() - 1);
        for (const LabelSuspect& x : again)
            QVERIFY(x.record != (RecordRef{0, 92}));
        QVERIFY(labelSuspects(*r, {1, 2}, {}, 0.2).empty()); // labels that do not fit the graph
    }

    void valuesThemselves()
    {
        // Components 0: the search runs on the values; the planted findings are the same. Records given flat
        // (64 values, not 8 × 8 images) are not centred, so the graph's distances are the values'.
        const Clusters c = planted();
        AuditOptions o = small();
        o.components = 0;
        const AuditFile flat{fx::memoryView(DType::UInt8, {quint64(c.labels.size()), kValues}, c.values),
                             c.labels};
        const auto r = audit(flat, nullptr, o, {}, nullptr);
        QVERIFY(r);
        QCOMPARE(r->thresholds.components, 0);
        QCOMPARE(r->thresholds.explainedVariance, 1.0);
        QCOMPARE(r->exactDuplicates, (std::vector<std::vector<RecordRef>>{{{0, 5}, {0, 90}}}));
        QCOMPARE(r->nearDuplicates.front().a, (RecordRef{0, 7}));
        QCOMPARE(r->nearDuplicates.front().distance, 3.0);
        QCOMPARE(r->labelSuspects.front().record, (RecordRef{0, 92}));
        QCOMPARE(r->outliers.front().record, (RecordRef{0, 93}));
        // On the values, the graph's distances are the records' own.
        const TensorView t = flat.images;
        for (qint64 row : {0, 41, 93})
            for (int j = 0; j < r->first.k; ++j)
                QVERIFY(std::abs(r->first.distances(row)[j] -
                                 recordDistance(t, quint64(row), t, quint64(r->first.neighbours(row)[j]))) <
                        1e-3);
    }

    void rankingWeighsNearNeighboursMost()
    {
        // A hand-made graph of 10 neighbours: each record's own label (0) is held by one neighbour at a given
        // rank (none for record 0), every other neighbour says 1. Weights 1/rank: the nearer the agreeing
        // neighbour, the weaker the suspicion; record 4's own label at rank 1 holds 34 % of the votes (above
        // the 20 % a suspect may have).
        // Rows 0–5 are judged; rows 6–15 are only neighbours (6 labelled 0, the others 1; their own rows
        // point at record 7, so 6 is a suspect too and is left out of what is checked).
        AuditResult g;
        g.first.rows = 16;
        g.first.k = 10;
        const int ownRank[6] = {0, 10, 5, 2, 1, 3};
        std::vector<qint64> labels(16, 1);
        for (int r = 0; r <= 6; ++r)
            labels[size_t(r)] = 0;
        for (int r = 0; r < 16; ++r)
            for (int j = 0; j < 10; ++j) {
                g.first.index.push_back(r < 6 && ownRank[r] == j + 1 ? 6 : (r < 6 ? 7 + (j % 9) : 7));
                g.first.distance.push_back(float(j + 1));
            }
        std::vector<LabelSuspect> found;
        for (const LabelSuspect& s : labelSuspects(g, labels, {}, 0.2))
            if (s.record.record < 6)
                found.push_back(s);
        double total = 0;
        for (int j = 1; j <= 10; ++j)
            total += 1.0 / j;
        // The score: 1 − own + 0.1 × (other − own), with other = 1 − own here.
        auto scoreWith = [&](int rank) {
            const double own = rank ? 1.0 / rank / total : 0.0;
            return 1 - own + 0.1 * (1 - 2 * own);
        };
        // Expected order: 0 (no agreeing neighbour), 1 (rank 10), 2 (rank 5), 5 (rank 3), 3 (rank 2, 17 %).
        std::vector<qint64> order;
        for (const LabelSuspect& s : found)
            order.push_back(s.record.record);
        QCOMPARE(order, (std::vector<qint64>{0, 1, 2, 5, 3}));
        for (const LabelSuspect& s : found) {
            QCOMPARE(s.suggested, qint64(1));
            QVERIFY(std::abs(s.score - scoreWith(ownRank[s.record.record])) < 1e-9);
            QVERIFY(
                std::abs(s.support - (1 - (ownRank[s.record.record] ? 1.0 / ownRank[s.record.record] / total
                                                                    : 0.0))) < 1e-9);
        }
        // Ties are gone: five records, five scores.
        for (size_t i = 1; i < found.size(); ++i)
            QVERIFY(found[i].score < found[i - 1].score);
    }

    void classOverlapFindsConfusableClasses()
    {
        // Four classes: 0 horizontal bars, 1 vertical bars, 2 and 3 both diagonals (the same template):
        // records of 2 and 3 have each other's label among their neighbours; 0 and 1 stay apart.
        Clusters c;
        for (int i = 0; i < 120; ++i)
            c.add(c.record(std::min(i % 4, 2)), i % 4);
        const auto r = audit(fileOf(c), nullptr, small(), {}, nullptr);
        QVERIFY(r);
        const std::vector<ClassOverlap> overlap = classOverlap(r->confusion, c.labels);
        QVERIFY(!overlap.empty());
        QCOMPARE(overlap.front().a, qint64(2));
        QCOMPARE(overlap.front().b, qint64(3));
        QVERIFY2(overlap.front().count >= 20, qPrintable(QString::number(overlap.front().count)));
        QCOMPARE(overlap.front().share, double(overlap.front().count) / 60);
        for (const ClassOverlap& p : overlap) {
            QVERIFY(p.a < p.b);
            QVERIFY(!(p.a == 0 && p.b == 1));
            QVERIFY(p.count > 0);
        }
        // The pair's count is its two directed cells, each holding records of its label.
        qint64 cells = 0;
        for (const ClassConfusion& cell : r->confusion) {
            for (qint64 rec : cell.records)
                QCOMPARE(c.labels[size_t(rec)], cell.label);
            QVERIFY(std::is_sorted(cell.records.begin(), cell.records.end()));
            if ((cell.label == 2 && cell.favoured == 3) || (cell.label == 3 && cell.favoured == 2))
                cells += qint64(cell.records.size());
        }
        QCOMPARE(cells, overlap.front().count);
        // Labels that do not fit the graph: nothing.
        QVERIFY(classConfusion(r->first, {1, 2}).empty());
    }

    void acrossTwoFiles_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("order");
        QTest::newRow("same type") << int(DType::UInt8) << int(ByteOrder::Big);
        // The same values written as another type, or in the other byte order: still the same records.
        QTest::newRow("int16 little-endian") << int(DType::Int16) << int(ByteOrder::Little);
        QTest::newRow("float32") << int(DType::Float32) << int(ByteOrder::Big);
    }
    void acrossTwoFiles()
    {
        QFETCH(int, type);
        QFETCH(int, order);
        const Clusters train = ninety();
        Clusters test;
        test.state = 999;
        test.add(train.at(3), 0);                // test 0 = train 3 (class 0) exactly: leakage
        std::vector<double> close = train.at(9); // test 1 = train 9 (class 0) one value 2 lower
        close[20] -= 2;
        test.add(close, 0);
        test.add(test.record(1), 2); // test 2: a class-1 bar labelled 2
        for (int i = 0; i < 12; ++i)
            test.add(test.record(i % 3), i % 3);
        const AuditFile b{fx::memoryView(DType(type), {quint64(test.labels.size()), kSide, kSide},
                                         test.values, ByteOrder(order)),
                          test.labels};
        const auto r = audit(fileOf(train), &b, small(), {}, nullptr);
        QVERIFY(r);
        QCOMPARE(r->files, 2);
        QCOMPARE(r->records, (std::array<qint64, 2>{90, 15}));
        QCOMPARE(r->exactDuplicates, (std::vector<std::vector<RecordRef>>{{{0, 3}, {1, 0}}}));
        const auto pair =
            std::find_if(r->nearDuplicates.begin(), r->nearDuplicates.end(), [](const NearDuplicate& p) {
                return p.a == RecordRef{0, 9} && p.b == RecordRef{1, 1};
            });
        QVERIFY(pair != r->nearDuplicates.end());
        QCOMPARE(pair->distance, 2.0);
        const auto suspect =
            std::find_if(r->labelSuspects.begin(), r->labelSuspects.end(), [](const LabelSuspect& s) {
                return s.record == RecordRef{1, 2};
            });
        QVERIFY(suspect != r->labelSuspects.end());
        QCOMPARE(suspect->suggested, qint64(1));
        QCOMPARE(r->across.rows, qint64(15));
        QCOMPARE(r->across.k, 10);
        QCOMPARE(r->second.k, 10);
        // Test 0's nearest training record is its copy, at distance 0.
        QCOMPARE(r->across.neighbours(0)[0], 3);
        QCOMPARE(r->across.distances(0)[0], 0.0f);
    }

    void refusals_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("file");
        QTest::addColumn<QString>("reason");
        QTest::newRow("labels file") << 0 << 0 << "one value per record";
        QTest::newRow("one record") << 1 << 0 << "at least two records; this file has 1";
        QTest::newRow("labels short") << 2 << 0 << "the labels are 89 but the records 90";
        QTest::newRow("other size")
            << 3 << 1 << "its records have 16 values, those of the file it is audited against 64";
        QTest::newRow("second labels") << 4 << 1 << "the labels are 3 but the records 2";
        QTest::newRow("incomplete") << 5 << 0 << "not completely loaded";
    }
    void refusals()
    {
        QFETCH(int, kind);
        QFETCH(int, file);
        QFETCH(QString, reason);
        Clusters c = ninety();
        AuditFile a = fileOf(c);
        std::optional<AuditFile> b;
        switch (kind) {
        case 0:
            a = {fx::memoryView(DType::UInt8, {90}, std::vector<double>(90, 1.0)), {}};
            break;
        case 1:
            a = {fx::memoryView(DType::UInt8, {1, 8, 8}, c.at(0)), {}};
            break;
        case 2:
            a.labels.pop_back();
            break;
        case 3:
            b = AuditFile{fx::memoryView(DType::UInt8, {2, 4, 4}, std::vector<double>(32, 1.0)), {}};
            break;
        case 4:
            b = AuditFile{fx::memoryView(DType::UInt8, {2, 8, 8}, std::vector<double>(128, 1.0)), {0, 1, 2}};
            break;
        case 5:
            a.images = fx::memoryView(DType::UInt8, {90, 8, 8}, c.values, ByteOrder::Big, 100);
            break;
        }
        AuditProblem problem;
        QVERIFY(!audit(a, b ? &*b : nullptr, small(), {}, &problem));
        QCOMPARE(problem.file, file);
        QVERIFY2(problem.reason.contains(reason), qPrintable(problem.reason));
    }

    void cancelled()
    {
        Control stop;
        stop.cancel = [] { return true; };
        AuditProblem problem;
        QVERIFY(!audit(fileOf(ninety()), nullptr, small(), stop, &problem));
        QVERIFY(problem.reason.isEmpty());
    }

    void progressEndsAtTheTop()
    {
        qint64 last = -1;
        bool backwards = false;
        Control c;
        c.progress = [&](qint64 done, qint64 total) {
            QCOMPARE(total, qint64(1000));
            backwards = backwards || done < last;
            last = done;
        };
        QVERIFY(audit(fileOf(ninety()), nullptr, small(), c, nullptr));
        QVERIFY(!backwards);
        QCOMPARE(last, qint64(1000));
    }

    void approximateSearchSaysSo()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Clusters c = planted();
        AuditOptions o = small();
        o.cacheDir = dir.path();
        const auto exact = audit(fileOf(c), nullptr, o, {}, nullptr);
        QVERIFY(exact);
        QVERIFY(!exact->thresholds.approximate);
        QCOMPARE(exact->thresholds.recall, 1.0);
        QCOMPARE(exact->thresholds.recallSample, qint64(0));

        o.search = NeighbourSearch::Approximate;
        o.recallSample = 50;
        const auto r = audit(fileOf(c), nullptr, o, {}, nullptr);
        QVERIFY(r);
        QVERIFY(!r->fromCache); // the exact graph is not the approximate one's
        const AuditThresholds& t = r->thresholds;
        QVERIFY(t.approximate);
        QCOMPARE(t.recallSample, qint64(50));
        QVERIFY2(t.recall >= 0.95 && t.recall <= 1, qPrintable(QString::number(t.recall)));
        // The planted findings stand.
        QCOMPARE(r->labelSuspects.front().record, (RecordRef{0, 92}));
        QCOMPARE(r->outliers.front().record, (RecordRef{0, 93}));
        QCOMPARE(r->nearDuplicates.front().a, (RecordRef{0, 7}));
        QCOMPARE(r->nearDuplicates.front().b, (RecordRef{0, 91}));

        // Cached with its recall.
        const auto again = audit(fileOf(c), nullptr, o, {}, nullptr);
        QVERIFY(again && again->fromCache);
        QVERIFY(again->thresholds.approximate);
        QCOMPARE(again->thresholds.recall, t.recall);
        QCOMPARE(again->thresholds.recallSample, qint64(50));
        QCOMPARE(again->first.index, r->first.index);

        // Two files, approximate: the three graphs.
        const Clusters test = ninety();
        const AuditFile second = fileOf(test);
        o.cacheDir.clear();
        const auto both = audit(fileOf(c), &second, o, {}, nullptr);
        QVERIFY(both);
        QVERIFY(both->thresholds.approximate);
        QCOMPARE(both->across.rows, qint64(test.labels.size()));
        QCOMPARE(both->second.rows, qint64(test.labels.size()));
    }

    void cacheHitsMissesAndPrunes()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        AuditOptions o = small();
        o.cacheDir = dir.path();
        const Clusters c = ninety();
        const auto first = audit(fileOf(c), nullptr, o, {}, nullptr);
        QVERIFY(first && !first->fromCache);
        QCOMPARE(first->firstDigest, QString::fromLatin1(contentDigest(fileOf(c).images).toHex()));
        const QStringList files = QDir(dir.path()).entryList({QStringLiteral("*.knn")});
        QCOMPARE(files.size(), 1);
        const auto again = audit(fileOf(c), nullptr, o, {}, nullptr);
        QVERIFY(again && again->fromCache);
        QCOMPARE(again->first.index, first->first.index);
        QCOMPARE(again->first.distance, first->first.distance);
        QCOMPARE(again->labelSuspects.size(), first->labelSuspects.size());
        QCOMPARE(again->thresholds.explainedVariance, first->thresholds.explainedVariance);

        // Other options are another key.
        AuditOptions wider = o;
        wider.neighbours = 5;
        const auto other = audit(fileOf(c), nullptr, wider, {}, nullptr);
        QVERIFY(other && !other->fromCache);
        QCOMPARE(other->first.k, 5);

        // A damaged file (cut short, or an index out of range) is a miss, and is written again.
        const QString path = QDir(dir.path()).filePath(files.first());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.resize(f.size() - 7));
        f.close();
        auto redone = audit(fileOf(c), nullptr, o, {}, nullptr);
        QVERIFY(redone && !redone->fromCache);
        QCOMPARE(redone->first.index, first->first.index);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.seek(22 + 4 + 8 + 8 + 8 + 8 + 4)); // magic, files, variance, recall, sample, rows, k
        const qint32 wild = 1000000;
        QVERIFY(f.write(reinterpret_cast<const char*>(&wild), 4) == 4);
        f.close();
        redone = audit(fileOf(c), nullptr, o, {}, nullptr);
        QVERIFY(redone && !redone->fromCache);
        QVERIFY(audit(fileOf(c), nullptr, o, {}, nullptr)->fromCache);

        // Distances overwritten: one row's made large (an outlier the data does not hold) is caught by the
        // checksum; a NaN, or distances out of order, by the values' check even under a checksum made to
        // fit (zlib's CRC-32 over what follows the magic line). Each is a miss, and the graph found again.
        constexpr qint64 kDistances = 22 + 4 + 8 + 8 + 8 + 8 + 4 + 90 * 10 * 4;
        const auto damage = [&](qint64 row, const std::vector<float>& values, bool fitChecksum, bool hit) {
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.seek(kDistances + row * 10 * 4));
            QVERIFY(f.write(reinterpret_cast<const char*>(values.data()), qint64(values.size() * 4)) ==
                    qint64(values.size() * 4));
            if (fitChecksum) {
                QVERIFY(f.seek(22));
                const QByteArray body = f.read(f.size() - 22 - 4);
                const auto crc =
                    quint32(crc32(0, reinterpret_cast<const Bytef*>(body.constData()), uInt(body.size())));
                QVERIFY(f.write(reinterpret_cast<const char*>(&crc), 4) == 4);
            }
            f.close();
            const auto r = audit(fileOf(c), nullptr, o, {}, nullptr);
            QVERIFY(r);
            QCOMPARE(r->fromCache, hit);
            QCOMPARE(r->first.distance, first->first.distance);
            QCOMPARE(r->outliers.size(), first->outliers.size());
        };
        damage(4, std::vector<float>(10, 1e6F), false, false);
        damage(4, {std::nanf("")}, true, false);
        damage(4, {1e6F}, true, false); // the nearest farther than the second
        // The checksum made here of the data untouched is the one written (zlib's CRC-32 is ISA-L's).
        damage(4, {}, true, true);

        // At most kMaxCachedGraphs files stay.
        for (int i = 0; i < 34; ++i) {
            Clusters more;
            more.state = quint64(100 + i);
            for (int j = 0; j < 6; ++j)
                more.add(more.record(j % 3), j % 3);
            QVERIFY(audit(fileOf(more), nullptr, o, {}, nullptr));
        }
        QCOMPARE(QDir(dir.path()).entryList({QStringLiteral("*.knn")}).size(), 32);
    }
};

QTEST_GUILESS_MAIN(TestAudit)
#include "tst_audit.moc"
