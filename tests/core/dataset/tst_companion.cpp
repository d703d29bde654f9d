// Companion files: candidates for every naming convention in both directions and across compressions,
// findCompanion on real folders, the record-count check and label classes of 1-D and [N, k] labels.
#include "companion.h"
#include "fixtures.h"

#include <QtTest>

using namespace idx;

class TstCompanion : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void find_data();
    void find();
    void noCandidates();
    void candidatesOrder();
    void labelsPath_data();
    void labelsPath();
    void check_data();
    void check();
    void classes();
    void otherSplit_data();
    void otherSplit();
};

void TstCompanion::find_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("companion"); // the only other file in the folder
    QTest::newRow("images→labels") << "train-images-idx3-ubyte"
                                   << "train-labels-idx1-ubyte";
    QTest::newRow("labels→images") << "train-labels-idx1-ubyte"
                                   << "train-images-idx3-ubyte";
    QTest::newRow("gz→gz") << "t10k-images-idx3-ubyte.gz"
                           << "t10k-labels-idx1-ubyte.gz";
    QTest::newRow("gz→raw") << "t10k-images-idx3-ubyte.gz"
                            << "t10k-labels-idx1-ubyte";
    QTest::newRow("raw→gz") << "t10k-images-idx3-ubyte"
                            << "t10k-labels-idx1-ubyte.gz";
    QTest::newRow("labels-gz→images-raw") << "t10k-labels-idx1-ubyte.gz"
                                          << "t10k-images-idx3-ubyte";
    QTest::newRow("xz→xz") << "qmnist-test-images-idx3-ubyte.xz"
                           << "qmnist-test-labels-idx1-ubyte.xz";
    QTest::newRow("gz→xz") << "a-images-idx3-ubyte.gz"
                           << "a-labels-idx1-ubyte.xz";
    QTest::newRow("dot-spelling") << "train-images.idx3-ubyte"
                                  << "train-labels.idx1-ubyte";
    QTest::newRow("dot-spelling-back") << "train-labels.idx1-ubyte"
                                       << "train-images.idx3-ubyte";
    QTest::newRow("dot→dash") << "train-images.idx3-ubyte"
                              << "train-labels-idx1-ubyte";
    QTest::newRow("dash→dot-gz") << "train-images-idx3-ubyte"
                                 << "train-labels.idx1-ubyte.gz";
    QTest::newRow("qmnist-int") << "qmnist-train-images-idx3-ubyte.gz"
                                << "qmnist-train-labels-idx2-int.gz";
    QTest::newRow("qmnist-int-xz") << "xnist-images-idx3-ubyte.xz"
                                   << "xnist-labels-idx2-int.xz";
    QTest::newRow("qmnist-int→images") << "qmnist-train-labels-idx2-int.gz"
                                       << "qmnist-train-images-idx3-ubyte.gz";
    QTest::newRow("emnist") << "emnist-balanced-train-images-idx3-ubyte"
                            << "emnist-balanced-train-labels-idx1-ubyte";
}

void TstCompanion::find()
{
    QFETCH(QString, file);
    QFETCH(QString, companion);
    QTemporaryDir dir;
    const QString a = fx::writeFile(dir, file, "x");
    const QString b = fx::writeFile(dir, companion, "y");
    QVERIFY(companionCandidates(a).contains(b));
    const auto found = findCompanion(a);
    QVERIFY(found);
    QCOMPARE(*found, b);
    QVERIFY(!companionCandidates(a).contains(a));
}

void TstCompanion::noCandidates()
{
    QVERIFY(companionCandidates(m_dir.filePath(QStringLiteral("data.idx"))).isEmpty());
    QVERIFY(companionCandidates(m_dir.filePath(QStringLiteral("images-idx3-ubyte"))).isEmpty());
    QVERIFY(!findCompanion(m_dir.filePath(QStringLiteral("lonely-images-idx3-ubyte"))));
    // A folder with the right name is not a companion.
    QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("d-labels-idx1-ubyte")));
    QVERIFY(!findCompanion(m_dir.filePath(QStringLiteral("d-images-idx3-ubyte"))));
}

void TstCompanion::candidatesOrder()
{
    // Same compression and spelling first: when several exist, the likeliest wins.
    const QStringList c = companionCandidates(QStringLiteral("/data/train-images-idx3-ubyte.gz"));
    QVERIFY(!c.isEmpty());
    QCOMPARE(QFileInfo(c.first()).fileName(), QStringLiteral("train-labels-idx1-ubyte.gz"));
    QCOMPARE(QFileInfo(c.at(1)).fileName(), QStringLiteral("train-labels-idx1-ubyte"));
    QCOMPARE(QFileInfo(c.first()).path(), QStringLiteral("/data"));
}

void TstCompanion::labelsPath_data()
{
    QTest::addColumn<QString>("images");
    QTest::addColumn<QString>("labels");
    // "images-idxN" / "images.idxN" (any case) becomes "labels-idx1" / "labels.idx1", the rest as spelt.
    QTest::newRow("dash") << "/data/train-images-idx3-ubyte"
                          << "/data/train-labels-idx1-ubyte";
    QTest::newRow("dot") << "/data/train-images.idx3-ubyte"
                         << "/data/train-labels.idx1-ubyte";
    QTest::newRow("dash gz") << "/data/t10k-images-idx3-ubyte.gz"
                             << "/data/t10k-labels-idx1-ubyte.gz";
    QTest::newRow("upper case") << "/data/TRAIN-IMAGES-IDX3-UBYTE"
                                << "/data/TRAIN-labels-IDX1-UBYTE";
    QTest::newRow("rank 4") << "/data/x-images-idx4-ubyte"
                            << "/data/x-labels-idx1-ubyte";
    QTest::newRow("folder kept") << "/data/sub/a-images-idx3-ubyte"
                                 << "/data/sub/a-labels-idx1-ubyte";
    // Any other name: its last extension goes, -labels-idx1-ubyte comes, a .gz / .xz suffix stays.
    QTest::newRow("idx") << "/data/subset.idx"
                         << "/data/subset-labels-idx1-ubyte";
    QTest::newRow("idx gz") << "/data/subset.idx.gz"
                            << "/data/subset-labels-idx1-ubyte.gz";
    QTest::newRow("idx xz") << "/data/subset.idx.xz"
                            << "/data/subset-labels-idx1-ubyte.xz";
    QTest::newRow("suffix as spelt") << "/data/subset.idx.GZ"
                                     << "/data/subset-labels-idx1-ubyte.GZ";
    QTest::newRow("no extension") << "/data/data"
                                  << "/data/data-labels-idx1-ubyte";
    QTest::newRow("gz only") << "/data/data.gz"
                             << "/data/data-labels-idx1-ubyte.gz";
    QTest::newRow("two extensions") << "/data/a.b.idx"
                                    << "/data/a.b-labels-idx1-ubyte";
    QTest::newRow("leading dot") << "/data/.hidden"
                                 << "/data/.hidden-labels-idx1-ubyte";
    QTest::newRow("images without idx") << "/data/my-images.bin"
                                        << "/data/my-images-labels-idx1-ubyte";
}

void TstCompanion::labelsPath()
{
    QFETCH(QString, images);
    QTEST(companionLabelsPath(images), "labels");
}

void TstCompanion::check_data()
{
    QTest::addColumn<QList<quint64>>("images");
    QTest::addColumn<QList<quint64>>("labels");
    QTest::addColumn<QString>("word"); // empty: fits
    QTest::newRow("fits") << QList<quint64>{60000, 28, 28} << QList<quint64>{60000} << "";
    QTest::newRow("qmnist") << QList<quint64>{60000, 28, 28} << QList<quint64>{60000, 8} << "";
    QTest::newRow("fewer") << QList<quint64>{60000, 28, 28} << QList<quint64>{10000}
                           << "the labels file has 10000 records but the images file has 60000";
    QTest::newRow("more") << QList<quint64>{10, 28, 28} << QList<quint64>{11, 8} << "11 records but";
    QTest::newRow("3d-labels") << QList<quint64>{10, 28, 28} << QList<quint64>{10, 2, 2} << "3 dimension";
    QTest::newRow("scalar-labels") << QList<quint64>{1, 28, 28} << QList<quint64>{} << "0 dimension";
    QTest::newRow("no-label-column") << QList<quint64>{10, 28, 28} << QList<quint64>{10, 0}
                                     << "10 records of no values (no label column)";
    QTest::newRow("empty-both") << QList<quint64>{0, 28, 28} << QList<quint64>{0} << "";
}

void TstCompanion::check()
{
    QFETCH(QList<quint64>, images);
    QFETCH(QList<quint64>, labels);
    QFETCH(QString, word);
    const auto hi = Header::make(DType::UInt8, {images.begin(), images.end()});
    const auto hl = Header::make(DType::UInt8, {labels.begin(), labels.end()});
    const QString r = checkCompanion(*hi, *hl);
    if (word.isEmpty())
        QVERIFY2(r.isEmpty(), qPrintable(r));
    else
        QVERIFY2(r.contains(word), qPrintable(r));
}

void TstCompanion::classes()
{
    // 1-D labels.
    {
        const auto bytes = std::make_shared<QByteArray>(fx::encodeValues(DType::UInt8, {3, 1, 4, 1, 5}));
        const TensorView v(*Header::make(DType::UInt8, {5}),
                           reinterpret_cast<const uchar*>(bytes->constData()), 5, bytes);
        QCOMPARE(labelClasses(v), (std::vector<qint64>{3, 1, 4, 1, 5}));
    }
    // QMNIST-style [N, 3] int32: column 0 is the class; only complete records count.
    {
        const auto bytes = std::make_shared<QByteArray>(
            fx::encodeValues(DType::Int32, {7, 100, 200, 2, 101, 201, 9, 102, 202}));
        const TensorView v(*Header::make(DType::Int32, {3, 3}),
                           reinterpret_cast<const uchar*>(bytes->constData()), quint64(bytes->size()) - 4,
                           bytes);
        QCOMPARE(labelClasses(v), (std::vector<qint64>{7, 2}));
    }
    // Float labels truncate toward zero; NaN becomes 0, infinities clamp.
    {
        const auto bytes = std::make_shared<QByteArray>(
            fx::encodeValues(DType::Float64, {2.9, -1.5, qQNaN(), qInf(), -qInf()}));
        const TensorView v(*Header::make(DType::Float64, {5}),
                           reinterpret_cast<const uchar*>(bytes->constData()), 40, bytes);
        const auto c = labelClasses(v);
        QCOMPARE(c.size(), size_t(5));
        QCOMPARE(c[0], 2);
        QCOMPARE(c[1], -1);
        QCOMPARE(c[2], 0);
        QCOMPARE(c[3], std::numeric_limits<qint64>::max());
        QCOMPARE(c[4], std::numeric_limits<qint64>::min());
    }
    // Not labels: 3-D gives nothing.
    QVERIFY(labelClasses(TensorView(*Header::make(DType::UInt8, {1, 1, 1}), nullptr, 0, nullptr)).empty());
}

void TstCompanion::otherSplit_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("present"); // the other files in the folder
    QTest::addColumn<QString>("split");       // what findOtherSplit must answer (empty: nothing)
    QTest::newRow("train→t10k") << "train-images-idx3-ubyte.gz"
                                << QStringList{"t10k-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz"}
                                << "t10k-images-idx3-ubyte.gz";
    QTest::newRow("t10k→train, raw beside .gz")
        << "t10k-images-idx3-ubyte.gz" << QStringList{"train-images-idx3-ubyte"} << "train-images-idx3-ubyte";
    QTest::newRow("train→test, same compression first")
        << "emnist-letters-train-images-idx3-ubyte.xz"
        << QStringList{"emnist-letters-test-images-idx3-ubyte", "emnist-letters-test-images-idx3-ubyte.xz"}
        << "emnist-letters-test-images-idx3-ubyte.xz";
    QTest::newRow("upper case") << "TRAIN-images.idx3-ubyte" << QStringList{"T10K-images.idx3-ubyte"}
                                << "T10K-images.idx3-ubyte";
    QTest::newRow("capitalised") << "Train-images.idx3-ubyte" << QStringList{"Test-images.idx3-ubyte"}
                                 << "Test-images.idx3-ubyte";
    QTest::newRow("inside a word") << "contest-images-idx3-ubyte" << QStringList{"contrain-images-idx3-ubyte"}
                                   << "";
    QTest::newRow("no other split") << "train-images-idx3-ubyte" << QStringList{"train-labels-idx1-ubyte"}
                                    << "";
    QTest::newRow("no split in the name") << "digits-idx3-ubyte" << QStringList{"train-digits"} << "";
}

void TstCompanion::otherSplit()
{
    QFETCH(QString, file);
    QFETCH(QStringList, present);
    QFETCH(QString, split);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = fx::writeFile(dir, file, "x");
    for (const QString& p : present)
        fx::writeFile(dir, p, "x");
    const auto found = findOtherSplit(path);
    if (split.isEmpty()) {
        QVERIFY(!found);
        return;
    }
    QVERIFY(found);
    QCOMPARE(QFileInfo(*found).fileName(), split);
}

QTEST_GUILESS_MAIN(TstCompanion)
#include "tst_companion.moc"
