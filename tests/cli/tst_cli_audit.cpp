// Tests for `idxscope-cli audit`: the JSON of one file and of two (record references as numbers, then as
// {file, record}), --top, the text report, the cache between runs, every usage and file error, and Debian's
// real Fashion-MNIST: near duplicates checked against the decompressed bytes, exact duplicates against a hash
// of every record made here, and the published mislabelled training items (Müller & Markert 2019) among the
// suspects.
#include "clitest.h"
#include "clusters.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace clitest;

namespace {

QJsonObject json(const Run& r)
{
    return QJsonDocument::fromJson(r.out).object();
}

QJsonObject ref(int file, int record)
{
    return {{QStringLiteral("file"), file}, {QStringLiteral("record"), record}};
}

} // namespace

class TestCliAudit : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QTemporaryDir m_cache;
    QString m_images, m_labels, m_test, m_testLabels, m_noColumn;
    quint64 m_records = 0;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid() && m_cache.isValid());
        // Cached graphs go to a folder of this test's, not the user's.
        qputenv("XDG_CACHE_HOME", m_cache.path().toLocal8Bit());
        const fx::Clusters c = fx::planted();
        m_images = fx::writeFile(m_dir, QStringLiteral("train-images-idx3-ubyte"), c.imagesFile());
        m_labels = fx::writeFile(m_dir, QStringLiteral("train-labels-idx1-ubyte"), c.labelsFile());
        m_records = c.labels.size();
        m_noColumn = fx::writeFile(m_dir, QStringLiteral("nocolumn-labels-idx2-ubyte"),
                                   fx::idxBytes(idx::DType::UInt8, {m_records, 0}, {}));
        fx::Clusters test;
        test.state = 999;
        test.add(c.at(3), 0);        // test 0 = train 3 exactly
        test.add(test.record(1), 2); // test 1: a class-1 bar labelled 2
        for (int i = 0; i < 12; ++i)
            test.add(test.record(i % 3), i % 3);
        m_test =
            fx::writeFile(m_dir, QStringLiteral("t10k-images-idx3-ubyte.gz"), fx::gzip(test.imagesFile()));
        m_testLabels = fx::writeFile(m_dir, QStringLiteral("t10k-labels-idx1-ubyte"), test.labelsFile());
    }

    void oneFileJson()
    {
        const Run r =
            runCli({QStringLiteral("audit"), m_images, QStringLiteral("--labels"), m_labels,
                    QStringLiteral("--json"), QStringLiteral("--neighbours"), QStringLiteral("10")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("records")).toInt(), 94);
        QCOMPARE(o.value(QStringLiteral("files")).toArray(), QJsonArray{m_images});
        QCOMPARE(o.value(QStringLiteral("exact_duplicates")).toArray(), (QJsonArray{QJsonArray{5, 90}}));
        const QJsonObject near = o.value(QStringLiteral("near_duplicates")).toArray().first().toObject();
        QCOMPARE(near, (QJsonObject{{QStringLiteral("a"), 7},
                                    {QStringLiteral("b"), 91},
                                    {QStringLiteral("distance"), 3.0}}));
        const QJsonObject suspect = o.value(QStringLiteral("label_suspects")).toArray().first().toObject();
        QCOMPARE(suspect, (QJsonObject{{QStringLiteral("record"), 92},
                                       {QStringLiteral("label"), 2},
                                       {QStringLiteral("suggested"), 0},
                                       {QStringLiteral("score"), 1.1},
                                       {QStringLiteral("support"), 1.0}}));
        // Record 92 (a class-0 bar labelled 2) makes classes 0 and 2 overlap.
        bool pair02 = false;
        for (const QJsonValue& v : o.value(QStringLiteral("class_overlap")).toArray()) {
            const QJsonObject p = v.toObject();
            QVERIFY(p.value(QStringLiteral("a")).toInt() < p.value(QStringLiteral("b")).toInt());
            QVERIFY(p.value(QStringLiteral("count")).toInt() > 0);
            pair02 |= p.value(QStringLiteral("a")).toInt() == 0 && p.value(QStringLiteral("b")).toInt() == 2;
        }
        QVERIFY(pair02);
        QCOMPARE(o.value(QStringLiteral("outliers"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("record"))
                     .toInt(),
                 93);
        const QJsonObject t = o.value(QStringLiteral("thresholds")).toObject();
        QCOMPARE(t.value(QStringLiteral("neighbours")).toInt(), 10);
        QCOMPARE(t.value(QStringLiteral("components")).toInt(), 50);
        QCOMPARE(t.value(QStringLiteral("near_duplicate_distance")).toDouble(),
                 0.25 * t.value(QStringLiteral("median_nearest_distance")).toDouble());
        QCOMPARE(t.value(QStringLiteral("suspect_share")).toDouble(), 0.2);
        QCOMPARE(t.value(QStringLiteral("outlier_factor")).toDouble(), 2.5);
        QCOMPARE(t.value(QStringLiteral("neighbour_search")).toString(), QStringLiteral("exact"));
        QCOMPARE(t.value(QStringLiteral("recall")).toDouble(), 1.0);
        QCOMPARE(t.value(QStringLiteral("recall_sample")).toInt(), 0);
        // --search approximate: said so, with the recall measured on the records (fewer than the sample).
        const Run approx =
            runCli({QStringLiteral("audit"), m_images, QStringLiteral("--labels"), m_labels,
                    QStringLiteral("--neighbours"), QStringLiteral("10"), QStringLiteral("--search"),
                    QStringLiteral("approximate"), QStringLiteral("--no-cache"), QStringLiteral("--json")});
        QCOMPARE(approx.exitCode, 0);
        const QJsonObject at = json(approx).value(QStringLiteral("thresholds")).toObject();
        QCOMPARE(at.value(QStringLiteral("neighbour_search")).toString(), QStringLiteral("approximate"));
        QCOMPARE(at.value(QStringLiteral("recall_sample")).toInt(), 94);
        QVERIFY(at.value(QStringLiteral("recall")).toDouble() >= 0.95 &&
                at.value(QStringLiteral("recall")).toDouble() <= 1);
        const Run approxText =
            runCli({QStringLiteral("audit"), m_images, QStringLiteral("--neighbours"), QStringLiteral("10"),
                    QStringLiteral("--search"), QStringLiteral("approximate"), QStringLiteral("--no-cache"),
                    QStringLiteral("--top"), QStringLiteral("1")});
        QVERIFY2(
            approxText.outText().contains(QStringLiteral("Neighbours searched approximately (HNSW): ")) &&
                approxText.outText().contains(QStringLiteral("measured on 94 records")),
            qPrintable(approxText.outText()));
        QCOMPARE(
            o.value(QStringLiteral("totals")).toObject().value(QStringLiteral("exact_duplicates")).toInt(),
            1);
        // Without labels there are no suspects, and the rest is the same.
        const QJsonObject bare = json(runCli({QStringLiteral("audit"), m_images, QStringLiteral("--json"),
                                              QStringLiteral("--neighbours"), QStringLiteral("10")}));
        QVERIFY(bare.value(QStringLiteral("label_suspects")).toArray().isEmpty());
        QCOMPARE(bare.value(QStringLiteral("exact_duplicates")), o.value(QStringLiteral("exact_duplicates")));
        // --components 0 compares the values themselves.
        const Run values = runCli({QStringLiteral("audit"), m_images, QStringLiteral("--components"),
                                   QStringLiteral("0"), QStringLiteral("--neighbours"), QStringLiteral("10"),
                                   QStringLiteral("--top"), QStringLiteral("1")});
        QCOMPARE(values.exitCode, 0);
        QVERIFY2(values.outText().contains(
                     QStringLiteral("Features: the values themselves; 10 neighbours per record")),
                 qPrintable(values.outText()));
        QVERIFY(values.outText().contains(QStringLiteral("  7 ~ 91  3\n")));
    }

    void twoFilesJson()
    {
        const Run r =
            runCli({QStringLiteral("audit"), m_images, QStringLiteral("--labels"), m_labels,
                    QStringLiteral("--against"), m_test, QStringLiteral("--against-labels"), m_testLabels,
                    QStringLiteral("--neighbours"), QStringLiteral("10"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("records")).toArray(), (QJsonArray{94, 14}));
        QCOMPARE(o.value(QStringLiteral("files")).toArray(), (QJsonArray{m_images, m_test}));
        QCOMPARE(o.value(QStringLiteral("exact_duplicates")).toArray(),
                 (QJsonArray{QJsonArray{ref(0, 3), ref(1, 0)}, QJsonArray{ref(0, 5), ref(0, 90)}}));
        bool found = false;
        for (const QJsonValue& v : o.value(QStringLiteral("label_suspects")).toArray()) {
            const QJsonObject s = v.toObject();
            if (s.value(QStringLiteral("record")).toObject() == ref(1, 1)) {
                found = true;
                QCOMPARE(s.value(QStringLiteral("label")).toInt(), 2);
                QCOMPARE(s.value(QStringLiteral("suggested")).toInt(), 1);
            }
        }
        QVERIFY(found);
    }

    void topAndText()
    {
        const QStringList base{QStringLiteral("audit"),        m_images,
                               QStringLiteral("--labels"),     m_labels,
                               QStringLiteral("--neighbours"), QStringLiteral("10")};
        QJsonObject o = json(runCli(
            base + QStringList{QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("0")}));
        for (const char* key : {"exact_duplicates", "near_duplicates", "label_suspects", "outliers"})
            QVERIFY2(o.value(QLatin1String(key)).toArray().isEmpty(), key);
        QCOMPARE(
            o.value(QStringLiteral("totals")).toObject().value(QStringLiteral("exact_duplicates")).toInt(),
            1);
        QVERIFY(
            o.value(QStringLiteral("totals")).toObject().value(QStringLiteral("label_suspects")).toInt() >=
            1);

        const Run text = runCli(base + QStringList{QStringLiteral("--top"), QStringLiteral("1")});
        QCOMPARE(text.exitCode, 0);
        const QString t = text.outText();
        QVERIFY2(t.contains(QStringLiteral("Exact duplicates (equal bytes): 1 groups\n  5, 90\n")),
                 qPrintable(t));
        QVERIFY(t.contains(QStringLiteral("  7 ~ 91  3\n")));
        QVERIFY(t.contains(QStringLiteral("  92  label 2, suggested 0 (100% of the votes)  score 1.10\n")));
        QVERIFY(t.contains(QStringLiteral("(--top N shows more; without it, all)")));

        const Run two = runCli({QStringLiteral("audit"), m_images, QStringLiteral("--against"), m_test,
                                QStringLiteral("--neighbours"), QStringLiteral("10")});
        QCOMPARE(two.exitCode, 0);
        QVERIFY2(two.outText().contains(QStringLiteral("  A:3, B:0\n")), qPrintable(two.outText()));
        QVERIFY(two.outText().startsWith(
            QStringLiteral("A = %1: 94 records\nB = %2: 14 records\n").arg(m_images, m_test)));
    }

    void cacheBetweenRuns()
    {
        const QStringList args{QStringLiteral("audit"), m_images, QStringLiteral("--json"),
                               QStringLiteral("--neighbours"), QStringLiteral("7")};
        const QJsonObject first = json(runCli(args));
        const QJsonObject second = json(runCli(args));
        QCOMPARE(first.value(QStringLiteral("cached")).toBool(), false);
        QCOMPARE(second.value(QStringLiteral("cached")).toBool(), true);
        QCOMPARE(second.value(QStringLiteral("near_duplicates")),
                 first.value(QStringLiteral("near_duplicates")));
        QVERIFY(!QDir(m_cache.filePath(QStringLiteral("idxscope/neighbours")))
                     .entryList({QStringLiteral("*.knn")})
                     .isEmpty());
        const QJsonObject none = json(runCli(args + QStringList{QStringLiteral("--no-cache")}));
        QCOMPARE(none.value(QStringLiteral("cached")).toBool(), false);
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exit");
        QTest::addColumn<QString>("message");
        const QString missing = m_dir.filePath(QStringLiteral("nothing-here"));
        QTest::newRow("no file") << QStringList{} << 2
                                 << "idxscope-cli: error: missing arguments\nTry 'idxscope-cli audit --help'";
        QTest::newRow("against-labels alone")
            << QStringList{m_images, QStringLiteral("--against-labels"), m_testLabels} << 2
            << "--against-labels names the labels of --against";
        QTest::newRow("against-labels without labels")
            << QStringList{m_images, QStringLiteral("--against"), m_test, QStringLiteral("--against-labels"),
                           m_testLabels}
            << 2 << "give --labels too";
        QTest::newRow("top negative")
            << QStringList{m_images, QStringLiteral("--top"), QStringLiteral("-1")} << 2 << "--top";
        QTest::newRow("components negative")
            << QStringList{m_images, QStringLiteral("--components"), QStringLiteral("-1")} << 2
            << "--components";
        QTest::newRow("neighbours 0")
            << QStringList{m_images, QStringLiteral("--neighbours"), QStringLiteral("0")} << 2
            << "--neighbours";
        QTest::newRow("search unknown")
            << QStringList{m_images, QStringLiteral("--search"), QStringLiteral("fast")} << 2
            << "--search takes exact, approximate or auto, not 'fast'";
        QTest::newRow("missing file") << QStringList{missing} << 1 << missing;
        QTest::newRow("labels as images")
            << QStringList{m_labels} << 1
            << m_labels + QStringLiteral(": the audit compares records of several values");
        QTest::newRow("labels of the other file")
            << QStringList{m_images, QStringLiteral("--labels"), m_testLabels} << 1
            << m_testLabels + QStringLiteral(": the labels file has 14 records");
        QTest::newRow("labels of no column")
            << QStringList{m_images, QStringLiteral("--labels"), m_noColumn} << 1
            << m_noColumn + QStringLiteral(": the labels file has %1 records of no values").arg(m_records);
        QTest::newRow("against labels file") << QStringList{m_images, QStringLiteral("--against"), m_labels}
                                             << 1 << m_labels + QStringLiteral(": its records have 1 values");
        QTest::newRow("missing against labels") << QStringList{m_images, QStringLiteral("--labels"),
                                                               m_labels, QStringLiteral("--against"),
                                                               m_test,   QStringLiteral("--against-labels"),
                                                               missing}
                                                << 1 << missing;
    }
    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exit);
        QFETCH(QString, message);
        const Run r = runCli(QStringList{QStringLiteral("audit")} + args);
        QCOMPARE(r.exitCode, exit);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.errText().contains(message), qPrintable(r.errText()));
    }

    // OpenBLAS is opened when the principal components need it: without it the audit says so, naming the
    // file.
    void withoutOpenBlas()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("IDXSCOPE_OPENBLAS"), QStringLiteral("libidxscope-no-such-blas.so"));
        const Run r = runCli({QStringLiteral("audit"), m_images}, &env);
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.errText().contains(m_images +
                                      QStringLiteral(": cannot load OpenBLAS (libidxscope-no-such-blas.so)")),
                 qPrintable(r.errText()));
    }

    void fashionMnist()
    {
        const QString dir = QStringLiteral(IDXSCOPE_FASHION_DIR);
        const QString images = dir + QStringLiteral("/train-images-idx3-ubyte.gz");
        const Run r = runCli({QStringLiteral("audit"), images, QStringLiteral("--labels"),
                              dir + QStringLiteral("/train-labels-idx1-ubyte.gz"), QStringLiteral("--json"),
                              QStringLiteral("--no-cache"), QStringLiteral("--top"), QStringLiteral("500")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("records")).toInt(), 60000);

        const QByteArray raw = gunzip(readAll(images));
        QCOMPARE(raw.size(), 16 + 60000 * 784);
        auto record = [&](int i) { return QByteArrayView(raw.constData() + 16 + qsizetype(i) * 784, 784); };
        // Exact duplicates: as many groups as a hash of every record finds here.
        QHash<QByteArray, int> seen;
        int groups = 0;
        for (int i = 0; i < 60000; ++i)
            if (++seen[record(i).toByteArray()] == 2)
                ++groups;
        QCOMPARE(
            o.value(QStringLiteral("totals")).toObject().value(QStringLiteral("exact_duplicates")).toInt(),
            groups);
        // Near duplicates: each distance is the pair's Euclidean distance, within the reported threshold.
        const double limit = o.value(QStringLiteral("thresholds"))
                                 .toObject()
                                 .value(QStringLiteral("near_duplicate_distance"))
                                 .toDouble();
        const QJsonArray near = o.value(QStringLiteral("near_duplicates")).toArray();
        QVERIFY(!near.isEmpty());
        for (const QJsonValue& v : near) {
            const QJsonObject p = v.toObject();
            const auto a = record(p.value(QStringLiteral("a")).toInt()),
                       b = record(p.value(QStringLiteral("b")).toInt());
            double s = 0;
            for (int i = 0; i < 784; ++i)
                s += std::pow(double(quint8(a[i])) - double(quint8(b[i])), 2);
            QVERIFY(std::abs(std::sqrt(s) - p.value(QStringLiteral("distance")).toDouble()) < 1e-9);
            QVERIFY(std::sqrt(s) <= limit && s > 0);
        }
        // Müller & Markert (2019), "Identifying Mislabeled Instances in Classification Datasets", name these
        // training items as mislabelled (their labelfix repository and fashion-mnist issue #166). Most of
        // them must be among the first 500 suspects of 60,000 records (14 of the 20 with the ranking of
        // docs/insights.md, 13 with the unweighted share of neighbours before it), and several among the
        // first 100 (8 of them; 3 before).
        const QSet<int> published{1600,  3415,  9059,  16691, 18188, 22264, 22750, 28264, 29599, 33982,
                                  34381, 36049, 37286, 38208, 39620, 40513, 42018, 45592, 50494, 53257};
        int listed = 0, first100 = 0, rank = 0;
        for (const QJsonValue& v : o.value(QStringLiteral("label_suspects")).toArray()) {
            const bool hit = published.contains(v.toObject().value(QStringLiteral("record")).toInt());
            listed += hit;
            first100 += hit && rank++ < 100;
        }
        QVERIFY2(listed >= 12, qPrintable(QString::number(listed)));
        QVERIFY2(first100 >= 6, qPrintable(QString::number(first100)));
    }
};

QTEST_GUILESS_MAIN(TestCliAudit)
#include "tst_cli_audit.moc"
