// The real Fashion-MNIST files (Debian's dataset-fashion-mnist): headers, sizes, label counts per class,
// companions, no diagnostics; and a raw copy opens mapped with byte-identical payload.
#include "companion.h"
#include "idxfile.h"

#include <QtTest>

#include <zlib.h>

using namespace idx;

namespace {
QString fashion(const QString& name)
{
    return QStringLiteral(IDXSCOPE_FASHION_DIR "/") + name;
}

// Independent decompression with zlib (not the code under test), for the raw copy.
QByteArray gunzip(const QString& path)
{
    gzFile g = gzopen(QFile::encodeName(path).constData(), "rb");
    if (!g)
        return {};
    QByteArray out;
    char buf[1 << 16];
    int n;
    while ((n = gzread(g, buf, sizeof buf)) > 0)
        out.append(buf, n);
    gzclose(g);
    return out;
}
} // namespace

class TstFashion : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void images_data();
    void images();
    void labels_data();
    void labels();
    void rawCopyIsMappedAndIdentical();
};

void TstFashion::initTestCase()
{
    for (const char* n : {"train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz",
                          "t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz"})
        if (!QFileInfo::exists(fashion(QLatin1String(n))))
            QFAIL(qPrintable(QStringLiteral("missing %1: install Debian's dataset-fashion-mnist")
                                 .arg(fashion(QLatin1String(n)))));
}

void TstFashion::images_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<quint64>("count");
    QTest::newRow("train") << "train-images-idx3-ubyte.gz" << quint64(60000);
    QTest::newRow("t10k") << "t10k-images-idx3-ubyte.gz" << quint64(10000);
}

void TstFashion::images()
{
    QFETCH(QString, name);
    QFETCH(quint64, count);
    const auto f = IdxFile::open(fashion(name));
    QVERIFY(f->headerValid());
    QCOMPARE(f->container(), Container::Gzip);
    QCOMPARE(f->header().dtype, DType::UInt8);
    QCOMPARE(f->header().dims, (std::vector<quint64>{count, 28, 28}));
    QCOMPARE(f->header().headerBytes, 16);
    QCOMPARE(f->header().dataBytes, count * 784);
    QVERIFY(f->load());
    QVERIFY2(f->diagnostics().isEmpty(), qPrintable(firstError(f->diagnostics())));
    QCOMPARE(f->decodedBytes(), qint64(16 + count * 784));
    QCOMPARE(f->trailingBytes(), 0);
    const TensorView v = f->view();
    QVERIFY(v.isComplete());
    QCOMPARE(v.availableRecords(), count);
    // Real images: every record has ink and background.
    for (quint64 i : {quint64(0), count / 2, count - 1}) {
        const auto r = v.recordValues(i);
        QCOMPARE(r.size(), size_t(784));
        QCOMPARE(*std::min_element(r.begin(), r.end()), 0.0);
        QVERIFY(*std::max_element(r.begin(), r.end()) > 100);
    }
    const auto companion = findCompanion(f->path());
    QVERIFY(companion);
    QCOMPARE(QFileInfo(*companion).fileName(),
             QString(name).replace(QStringLiteral("images-idx3"), QStringLiteral("labels-idx1")));
    const auto labels = IdxFile::open(*companion);
    QVERIFY(checkCompanion(f->header(), labels->header()).isEmpty());
}

void TstFashion::labels_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<quint64>("count");
    QTest::newRow("train") << "train-labels-idx1-ubyte.gz" << quint64(60000);
    QTest::newRow("t10k") << "t10k-labels-idx1-ubyte.gz" << quint64(10000);
}

void TstFashion::labels()
{
    QFETCH(QString, name);
    QFETCH(quint64, count);
    const auto f = IdxFile::open(fashion(name));
    QCOMPARE(f->header().dims, (std::vector<quint64>{count}));
    QCOMPARE(f->header().headerBytes, 8);
    QVERIFY(f->load());
    QVERIFY(f->diagnostics().isEmpty());
    const auto classes = labelClasses(f->view());
    QCOMPARE(classes.size(), size_t(count));
    std::vector<quint64> perClass(10, 0);
    for (qint64 c : classes) {
        QVERIFY(c >= 0 && c <= 9);
        ++perClass[size_t(c)];
    }
    for (quint64 n : perClass)
        QCOMPARE(n, count / 10); // 6,000 per class in train, 1,000 in t10k
    const auto images = findCompanion(f->path());
    QVERIFY(images);
    QVERIFY(images->endsWith(QStringLiteral("images-idx3-ubyte.gz")));
}

void TstFashion::rawCopyIsMappedAndIdentical()
{
    QTemporaryDir dir;
    const QByteArray raw = gunzip(fashion(QStringLiteral("train-images-idx3-ubyte.gz")));
    QCOMPARE(raw.size(), 16 + 47040000);
    const QString path = dir.filePath(QStringLiteral("train-images-idx3-ubyte"));
    {
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        QCOMPARE(out.write(raw), raw.size());
    }
    const auto f = IdxFile::open(path);
    QCOMPARE(f->container(), Container::Raw);
    QVERIFY(f->load());
    QVERIFY(f->diagnostics().isEmpty());
    QCOMPARE(f->bufferCapacity(), 0); // mapped, not decoded into a buffer
    const TensorView v = f->view();
    QVERIFY(v.isComplete());
    QVERIFY(QByteArrayView(v.data(), 47040000) == QByteArrayView(raw).sliced(16));
    const auto gz = IdxFile::open(fashion(QStringLiteral("train-images-idx3-ubyte.gz")));
    QVERIFY(gz->load());
    QVERIFY(QByteArrayView(gz->view().data(), 47040000) == QByteArrayView(v.data(), 47040000));
}

QTEST_GUILESS_MAIN(TstFashion)
#include "tst_fashion.moc"
