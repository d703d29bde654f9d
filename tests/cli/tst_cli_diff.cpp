// Tests for `idxscope-cli diff`: a file and its gzip and xz copies are equal (exit 0); an edited copy shows
// exactly its edits, a labels file its changed labels, a copy with a record deleted its alignment (exit 1);
// another type or shape is told in the header; every error exits 2 with a message naming the file; and
// Debian's real Fashion-MNIST test set against edited copies of it.
#include "clitest.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace clitest;

namespace {

constexpr quint64 kRecords = 40, kSide = 6, kPixels = kSide * kSide;

QJsonObject json(const Run& r)
{
    return QJsonDocument::fromJson(r.out).object();
}

QJsonObject change(qint64 record, qint64 elements, double maxAbs)
{
    return QJsonObject{{QStringLiteral("record"), record},
                       {QStringLiteral("elements"), elements},
                       {QStringLiteral("max_abs_diff"), maxAbs}};
}

QJsonObject label(qint64 record, double a, double b)
{
    return QJsonObject{
        {QStringLiteral("record"), record}, {QStringLiteral("a"), a}, {QStringLiteral("b"), b}};
}

} // namespace

class TestCliDiff : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::vector<double> m_values, m_labels;
    QString m_raw, m_gz, m_xz, m_edited, m_deleted, m_labelsFile, m_labelsEdited, m_float, m_reshaped;

    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString write(const char* name, const QByteArray& bytes) const
    {
        return fx::writeFile(m_dir, QLatin1String(name), bytes);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_values = fx::sampleValues(idx::DType::UInt8, kRecords * kPixels, 3);
        const QByteArray raw = fx::idxBytes(idx::DType::UInt8, {kRecords, kSide, kSide}, m_values);
        m_raw = write("images.idx", raw);
        m_gz = write("images.idx.gz", fx::gzip(raw, 9));
        m_xz = write("images.idx.xz", fx::xz(raw));

        // Record 3: pixel 0 set to 0 (from its value), pixel 7 to 255; record 11: pixel 35 changed by 1.
        auto edited = m_values;
        edited[3 * kPixels + 0] = 0;
        edited[3 * kPixels + 7] = 255;
        edited[11 * kPixels + 35] = m_values[11 * kPixels + 35] == 0 ? 1 : m_values[11 * kPixels + 35] - 1;
        QVERIFY(m_values[3 * kPixels + 0] != 0 && m_values[3 * kPixels + 7] != 255); // real edits
        m_edited = write("edited.idx", fx::idxBytes(idx::DType::UInt8, {kRecords, kSide, kSide}, edited));

        auto deleted = m_values;
        deleted.erase(deleted.begin() + 17 * kPixels, deleted.begin() + 18 * kPixels);
        m_deleted =
            write("deleted.idx", fx::idxBytes(idx::DType::UInt8, {kRecords - 1, kSide, kSide}, deleted));

        m_float = write("float.idx", fx::idxBytes(idx::DType::Float32, {kRecords, kSide, kSide}, m_values));
        m_reshaped = write("reshaped.idx",
                           fx::idxBytes(idx::DType::UInt8, {kRecords, kSide * 2, kSide / 2}, m_values));

        for (quint64 i = 0; i < 60; ++i)
            m_labels.push_back(double((i * 7) % 10));
        auto labels = m_labels;
        labels[5] = 9;
        labels[44] = 0;
        QCOMPARE(m_labels[5], 5.0);
        QCOMPARE(m_labels[44], 8.0);
        m_labelsFile = write("labels.idx", fx::idxBytes(idx::DType::UInt8, {60}, m_labels));
        m_labelsEdited =
            write("labels-edited.idx.gz", fx::gzip(fx::idxBytes(idx::DType::UInt8, {60}, labels)));
    }

    void compressedCopiesAreEqual_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("raw, gzip") << m_raw << m_gz;
        QTest::newRow("gzip, xz") << m_gz << m_xz;
        QTest::newRow("the same file") << m_xz << m_xz;
    }
    void compressedCopiesAreEqual()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        const Run r = runCli({QStringLiteral("diff"), a, b});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.outText().contains(QLatin1String("equal: the same header and the same values")),
                 qPrintable(r.outText()));
        const Run j = runCli({QStringLiteral("diff"), QStringLiteral("--json"), a, b});
        QCOMPARE(j.exitCode, 0);
        const QJsonObject o = json(j);
        QCOMPARE(o.value(QStringLiteral("equal")), QJsonValue(true));
        QVERIFY(o.value(QStringLiteral("header")).toObject().isEmpty());
        QCOMPARE(o.value(QStringLiteral("records_differing"))[QStringLiteral("count")], QJsonValue(0));
        QVERIFY(!o.contains(QStringLiteral("alignment")));
    }

    void editedCopyShowsTheEdits()
    {
        const Run r = runCli({QStringLiteral("diff"), QStringLiteral("--json"), m_gz, m_edited});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("equal")), QJsonValue(false));
        QVERIFY(o.value(QStringLiteral("header")).toObject().isEmpty());
        const QJsonObject d = o.value(QStringLiteral("records_differing")).toObject();
        QCOMPARE(d.value(QStringLiteral("count")), QJsonValue(2));
        QCOMPARE(d.value(QStringLiteral("elements")), QJsonValue(3));
        const double rec3 = std::max(m_values[3 * kPixels], 255 - m_values[3 * kPixels + 7]);
        QCOMPARE(d.value(QStringLiteral("max_abs_diff")), QJsonValue(rec3));
        const QJsonArray expected{change(3, 2, rec3), change(11, 1, 1)};
        QCOMPARE(d.value(QStringLiteral("records")).toArray(), expected);
        QVERIFY(!o.contains(QStringLiteral("changed_labels"))); // images
        QVERIFY(!o.contains(QStringLiteral("alignment")));

        const Run t = runCli({QStringLiteral("diff"), m_gz, m_edited});
        QCOMPARE(t.exitCode, 1);
        QVERIFY2(t.outText().contains(QLatin1String("2 of 40 records differ (3 elements;")),
                 qPrintable(t.outText()));
        QVERIFY(t.outText().contains(QLatin1String("record 11 (1 element, up to 1)")));
    }

    void changedLabels()
    {
        const Run r =
            runCli({QStringLiteral("diff"), QStringLiteral("--json"), m_labelsFile, m_labelsEdited});
        QCOMPARE(r.exitCode, 1);
        const QJsonArray expected{label(5, 5, 9), label(44, 8, 0)};
        QCOMPARE(json(r).value(QStringLiteral("changed_labels")).toArray(), expected);
        const Run t = runCli({QStringLiteral("diff"), m_labelsFile, m_labelsEdited});
        QVERIFY2(
            t.outText().contains(QStringLiteral("2 of 60 labels differ: record 5: 5 → 9, record 44: 8 → 0")),
            qPrintable(t.outText()));
    }

    void deletedRecordAligns()
    {
        const Run r = runCli({QStringLiteral("diff"), QStringLiteral("--json"), m_xz, m_deleted});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject o = json(r);
        const QJsonObject dims = o.value(QStringLiteral("header"))[QStringLiteral("dims")].toObject();
        QCOMPARE(dims.value(QStringLiteral("a")).toArray(), (QJsonArray{40, 6, 6}));
        QCOMPARE(dims.value(QStringLiteral("b")).toArray(), (QJsonArray{39, 6, 6}));
        QVERIFY(!o.contains(QStringLiteral("records_differing")));
        const QJsonObject al = o.value(QStringLiteral("alignment")).toObject();
        QCOMPARE(al.value(QStringLiteral("kept")), QJsonValue(39));
        QCOMPARE(al.value(QStringLiteral("deleted")).toArray(), QJsonArray{17});
        QVERIFY(al.value(QStringLiteral("inserted")).toArray().isEmpty());
        QVERIFY(al.value(QStringLiteral("moved")).toArray().isEmpty());
        QVERIFY(al.value(QStringLiteral("changed")).toArray().isEmpty());
        QCOMPARE(al.value(QStringLiteral("exact")), QJsonValue(true));
        // And the other way round: the record is inserted.
        const Run back = runCli({QStringLiteral("diff"), QStringLiteral("--json"), m_deleted, m_raw});
        QCOMPARE(json(back).value(QStringLiteral("alignment"))[QStringLiteral("inserted")].toArray(),
                 QJsonArray{17});
    }

    void otherTypeAndShape()
    {
        const Run r = runCli({QStringLiteral("diff"), QStringLiteral("--json"), m_raw, m_float});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("header"))[QStringLiteral("type")].toObject(),
                 (QJsonObject{{QStringLiteral("a"), QStringLiteral("uint8")},
                              {QStringLiteral("b"), QStringLiteral("float32")}}));
        QCOMPARE(o.value(QStringLiteral("records_differing"))[QStringLiteral("count")], QJsonValue(0));
        const Run s = runCli({QStringLiteral("diff"), QStringLiteral("--json"), m_raw, m_reshaped});
        QCOMPARE(s.exitCode, 1);
        QVERIFY(json(s).contains(QStringLiteral("not_compared")));
        const Run t = runCli({QStringLiteral("diff"), m_raw, m_reshaped});
        QVERIFY2(t.outText().contains(QLatin1String("records not compared: their shapes differ")),
                 qPrintable(t.outText()));
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString missing = path(QStringLiteral("missing.idx"));
        const QString text = write("notes.txt", "hello, these are not tensors\n");
        const QString cut = write(
            "cut.idx", fx::idxBytes(idx::DType::UInt8, {kRecords, kSide, kSide}, m_values).left(16 + 100));
        QTest::newRow("one file") << QStringList{m_raw} << QStringLiteral("diff --help");
        QTest::newRow("three files") << QStringList{m_raw, m_gz, m_xz} << QStringLiteral("diff --help");
        QTest::newRow("bad type") << QStringList{QStringLiteral("--type"), QStringLiteral("complex"), m_raw,
                                                 m_gz}
                                  << QStringLiteral("--type");
        QTest::newRow("A missing") << QStringList{missing, m_raw} << errorPrefix(missing);
        QTest::newRow("B missing") << QStringList{m_raw, missing} << errorPrefix(missing);
        QTest::newRow("B not IDX") << QStringList{m_raw, text} << errorPrefix(text);
        QTest::newRow("A truncated") << QStringList{cut, m_raw} << errorPrefix(cut);
        QTest::newRow("B truncated") << QStringList{m_raw, cut} << errorPrefix(cut);
    }
    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = runCli(QStringList{QStringLiteral("diff")} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.errText().contains(message), qPrintable(r.errText()));
    }

    void manyEditsInText()
    {
        // 20,000 labels, 2,500 of them deleted here and there: more edits than one exact script looks for.
        // The text lists the first 20 and says how many more, and that the alignment is not guaranteed
        // longest.
        std::vector<double> a, b;
        for (quint64 i = 0; i < 20000; ++i) {
            a.push_back(double((i * 7919 + i / 3) % 10));
            if (i % 8 != 3)
                b.push_back(a.back());
        }
        const QString fa = write("many-a.idx", fx::idxBytes(idx::DType::UInt8, {a.size()}, a));
        const QString fb = write("many-b.idx", fx::idxBytes(idx::DType::UInt8, {b.size()}, b));
        const Run r = runCli({QStringLiteral("diff"), fa, fb});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.outText().contains(QLatin1String("more (--json lists them all)")),
                 qPrintable(r.outText()));
        QVERIFY(r.outText().contains(QLatin1String("differ too much for a guaranteed longest alignment")));
        const Run j = runCli({QStringLiteral("diff"), QStringLiteral("--json"), fa, fb});
        const QJsonObject al = json(j).value(QStringLiteral("alignment")).toObject();
        QCOMPARE(al.value(QStringLiteral("exact")), QJsonValue(false));
        QVERIFY(al.value(QStringLiteral("kept")).toInteger() * 100 >= qint64(b.size()) * 98);
    }

    void tooManyRecordsToAlign()
    {
        // 2,000,001 and 2,000,000 labels: beyond the 4,000,000 records aligned; the header still differs.
        const QByteArray big =
            fx::idxBytes(idx::DType::UInt8, {2'000'001}, std::vector<double>(2'000'001, 3));
        const QString fa = write("big-a.idx", big);
        const QString fb = write(
            "big-b.idx", fx::idxBytes(idx::DType::UInt8, {2'000'000}, std::vector<double>(2'000'000, 3)));
        const Run r = runCli({QStringLiteral("diff"), QStringLiteral("--json"), fa, fb});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject o = json(r);
        QVERIFY(!o.contains(QStringLiteral("alignment")));
        QVERIFY2(o.value(QStringLiteral("not_aligned")).toString().contains(QLatin1String("4000001 records")),
                 qPrintable(o.value(QStringLiteral("not_aligned")).toString()));
        QVERIFY(o.value(QStringLiteral("header")).toObject().contains(QStringLiteral("dims")));
    }

    void help()
    {
        const Run r = runCli({QStringLiteral("diff"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.outText().contains(QLatin1String("0 the files are equal, 1 they differ, 2 trouble")));
    }

    // Debian's Fashion-MNIST test set: the labels against a copy with two labels changed, the images against
    // a copy without record 1234.
    void fashionMnist()
    {
        const QString dir = QStringLiteral(IDXSCOPE_FASHION_DIR);
        const QString labelsGz = dir + QStringLiteral("/t10k-labels-idx1-ubyte.gz");
        QByteArray labels = gunzip(readAll(labelsGz));
        QCOMPARE(labels.size(), 8 + 10000);
        const quint8 old17 = quint8(labels[8 + 17]), old9000 = quint8(labels[8 + 9000]);
        labels[8 + 17] = char((old17 + 1) % 10);
        labels[8 + 9000] = char((old9000 + 3) % 10);
        const QString edited = write("fashion-labels.idx", labels);
        const Run r = runCli({QStringLiteral("diff"), QStringLiteral("--json"), labelsGz, edited});
        QCOMPARE(r.exitCode, 1);
        const QJsonArray expected{label(17, old17, (old17 + 1) % 10),
                                  label(9000, old9000, (old9000 + 3) % 10)};
        QCOMPARE(json(r).value(QStringLiteral("changed_labels")).toArray(), expected);

        const QString imagesGz = dir + QStringLiteral("/t10k-images-idx3-ubyte.gz");
        QByteArray images = gunzip(readAll(imagesGz));
        QCOMPARE(images.size(), 16 + 10000 * 784);
        images.remove(16 + 1234 * 784, 784);
        images[7] = char(0x0F); // 9999 = 0x270F records
        const QString deleted = write("fashion-deleted.idx", images);
        const Run d = runCli({QStringLiteral("diff"), QStringLiteral("--json"), imagesGz, deleted});
        QCOMPARE(d.exitCode, 1);
        const QJsonObject al = json(d).value(QStringLiteral("alignment")).toObject();
        QCOMPARE(al.value(QStringLiteral("kept")), QJsonValue(9999));
        QCOMPARE(al.value(QStringLiteral("deleted")).toArray(), QJsonArray{1234});
        QVERIFY(al.value(QStringLiteral("moved")).toArray().isEmpty());
        QVERIFY(al.value(QStringLiteral("changed")).toArray().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliDiff)
#include "tst_cli_diff.moc"
