// Tests for `idxscope-cli map`: the CSV (its header line, one line per record, classes kept apart in the
// plane), the same file for the same seed and another for another, the .npy holding the same numbers, the PNG
// and SVG drawings coloured by class, every usage and file error, and Debian's real Fashion-MNIST test set.
#include "clitest.h"
#include "clusters.h"

#include <QImage>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace clitest;

namespace {

struct Csv {
    QList<QByteArray> header;
    std::vector<qint64> records;
    std::vector<double> xy;
};

Csv readCsv(const QString& path)
{
    Csv c;
    const QList<QByteArray> lines = readAll(path).split('\n');
    c.header = lines.value(0).split(',');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        const QList<QByteArray> cells = lines[i].split(',');
        if (cells.size() != 3)
            return {};
        c.records.push_back(cells[0].toLongLong());
        c.xy.push_back(cells[1].toDouble());
        c.xy.push_back(cells[2].toDouble());
    }
    return c;
}

} // namespace

class TestCliMap : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_images, m_labels, m_otherLabels, m_two, m_noColumn;
    fx::Clusters m_clusters;

    QString path(const QString& name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_clusters = fx::ninety();
        m_images = fx::writeFile(m_dir, QStringLiteral("train-images-idx3-ubyte.gz"),
                                 fx::gzip(m_clusters.imagesFile()));
        m_labels = fx::writeFile(m_dir, QStringLiteral("train-labels-idx1-ubyte"), m_clusters.labelsFile());
        m_otherLabels = fx::writeFile(m_dir, QStringLiteral("other-labels-idx1-ubyte"),
                                      fx::idxBytes(idx::DType::UInt8, {12}, std::vector<double>(12, 1)));
        m_noColumn = fx::writeFile(m_dir, QStringLiteral("nocolumn-labels-idx2-ubyte"),
                                   fx::idxBytes(idx::DType::UInt8, {90, 0}, {}));
        m_two = fx::writeFile(m_dir, QStringLiteral("two-idx3-ubyte"),
                              fx::idxBytes(idx::DType::UInt8, {2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8}));
    }

    void csvPngAndSvg()
    {
        const QString csv = path(QStringLiteral("map.csv"));
        const QString png = path(QStringLiteral("map.png"));
        const QString svg = path(QStringLiteral("map.svg"));
        const Run r = runCli({QStringLiteral("map"), m_images, QStringLiteral("--labels"), m_labels,
                              QStringLiteral("--out"), csv, QStringLiteral("--png"), png,
                              QStringLiteral("--svg"), svg, QStringLiteral("--size"), QStringLiteral("300"),
                              QStringLiteral("--epochs"), QStringLiteral("150")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QVERIFY2(r.outText().startsWith(QStringLiteral("90 records placed; coordinates in ")),
                 r.out.constData());
        const Csv c = readCsv(csv);
        QCOMPARE(c.header, (QList<QByteArray>{"record", "x", "y"}));
        QCOMPARE(c.records.size(), size_t(90));
        for (qint64 i = 0; i < 90; ++i)
            QCOMPARE(c.records[size_t(i)], i);
        // The three classes apart: each point's ten nearest in the plane mostly share its class.
        const double vote = fx::planeVote(c.xy, m_clusters.labels);
        QVERIFY2(vote >= 0.98, qPrintable(QString::number(vote)));
        // Neighbours searched approximately: a map as good.
        const QString approxCsv = path(QStringLiteral("approx.csv"));
        const Run approx = runCli({QStringLiteral("map"), m_images, QStringLiteral("--out"), approxCsv,
                                   QStringLiteral("--epochs"), QStringLiteral("150"),
                                   QStringLiteral("--search"), QStringLiteral("approximate")});
        QVERIFY2(approx.exitCode == 0, qPrintable(approx.errText()));
        const double approxVote = fx::planeVote(readCsv(approxCsv).xy, m_clusters.labels);
        QVERIFY2(approxVote >= 0.98, qPrintable(QString::number(approxVote)));

        // The PNG: the asked size, white, and the first three class colours (Tableau 10's blue, orange, red).
        const QImage image(png);
        QCOMPARE(image.size(), QSize(300, 300));
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                colours.insert(image.pixel(x, y) & 0xFFFFFF);
        QVERIFY(colours.contains(0xFFFFFF));
        QVERIFY(colours.contains(0x4E79A7));
        QVERIFY(colours.contains(0xF28E2B));
        QVERIFY(colours.contains(0xE15759));
        QCOMPARE(colours.size(), 4);

        // The SVG: one circle per record in the class colours.
        const QByteArray text = readAll(svg);
        QVERIFY(text.contains("<svg"));
        QCOMPARE(text.count("<ellipse") + text.count("<circle"), 90);
        QVERIFY(text.contains("#4e79a7"));
        QVERIFY(text.contains("#e15759"));
    }

    void seedsAndNpy()
    {
        const auto map = [&](const QString& out, const QString& seed) {
            return runCli({QStringLiteral("map"), m_images, QStringLiteral("--out"), out,
                           QStringLiteral("--seed"), seed, QStringLiteral("--epochs"), QStringLiteral("50")});
        };
        QCOMPARE(map(path(QStringLiteral("a.csv")), QStringLiteral("5")).exitCode, 0);
        QCOMPARE(map(path(QStringLiteral("b.csv")), QStringLiteral("5")).exitCode, 0);
        QCOMPARE(map(path(QStringLiteral("c.csv")), QStringLiteral("6")).exitCode, 0);
        QCOMPARE(map(path(QStringLiteral("a.npy")), QStringLiteral("5")).exitCode, 0);
        const QByteArray a = readAll(path(QStringLiteral("a.csv")));
        QCOMPARE(readAll(path(QStringLiteral("b.csv"))), a);
        QVERIFY(readAll(path(QStringLiteral("c.csv"))) != a);
        // The .npy: float32, (90, 2), the CSV's numbers (written as the shortest text of each float).
        const QByteArray npy = readAll(path(QStringLiteral("a.npy")));
        QVERIFY(npy.startsWith("\x93NUMPY"));
        QVERIFY(npy.contains("'descr': '<f4'"));
        QVERIFY(npy.contains("'shape': (90, 2)"));
        const Csv c = readCsv(path(QStringLiteral("a.csv")));
        const QByteArray payload = npy.right(90 * 2 * 4);
        for (int i = 0; i < 180; ++i) {
            float v;
            std::memcpy(&v, payload.constData() + i * 4, 4);
            QCOMPARE(v, float(c.xy[size_t(i)]));
        }
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exit");
        QTest::addColumn<QString>("message");
        const QString out = path(QStringLiteral("e.csv"));
        const QString missing = path(QStringLiteral("nothing-here"));
        const QString noDir = path(QStringLiteral("no/such/dir/m.csv"));
        const QString noDirPng = path(QStringLiteral("no/such/dir/m.png"));
        QTest::newRow("no file") << QStringList{} << 2
                                 << "idxscope-cli: error: missing arguments\nTry 'idxscope-cli map --help'";
        QTest::newRow("no out") << QStringList{m_images} << 2 << "--out COORDS.csv (or .npy) is required";
        QTest::newRow("search unknown") << QStringList{m_images, QStringLiteral("--out"), out,
                                                       QStringLiteral("--search"), QStringLiteral("both")}
                                        << 2 << "--search takes exact, approximate or auto, not 'both'";
        QTest::newRow("seed negative") << QStringList{m_images, QStringLiteral("--out"), out,
                                                      QStringLiteral("--seed"), QStringLiteral("-1")}
                                       << 2 << "--seed";
        QTest::newRow("epochs 0") << QStringList{m_images, QStringLiteral("--out"), out,
                                                 QStringLiteral("--epochs"), QStringLiteral("0")}
                                  << 2 << "--epochs";
        QTest::newRow("neighbours 0") << QStringList{m_images, QStringLiteral("--out"), out,
                                                     QStringLiteral("--neighbours"), QStringLiteral("0")}
                                      << 2 << "--neighbours";
        QTest::newRow("components words")
            << QStringList{m_images, QStringLiteral("--out"), out, QStringLiteral("--components"),
                           QStringLiteral("many")}
            << 2 << "--components";
        QTest::newRow("size tiny") << QStringList{m_images, QStringLiteral("--out"), out,
                                                  QStringLiteral("--size"), QStringLiteral("10")}
                                   << 2 << "--size";
        QTest::newRow("missing file") << QStringList{missing, QStringLiteral("--out"), out} << 1 << missing;
        QTest::newRow("labels as images") << QStringList{m_labels, QStringLiteral("--out"), out} << 1
                                          << m_labels + QStringLiteral(": the map places records of several "
                                                                       "values");
        QTest::newRow("two records") << QStringList{m_two, QStringLiteral("--out"), out} << 1
                                     << m_two + QStringLiteral(": a map needs at least three records");
        QTest::newRow("labels of another file")
            << QStringList{m_images, QStringLiteral("--labels"), m_otherLabels, QStringLiteral("--out"), out}
            << 1 << m_otherLabels + QStringLiteral(": the labels file has 12 records");
        QTest::newRow("labels of no column")
            << QStringList{m_images,
                           QStringLiteral("--labels"),
                           m_noColumn,
                           QStringLiteral("--out"),
                           out,
                           QStringLiteral("--png"),
                           path(QStringLiteral("nocolumn.png"))}
            << 1 << m_noColumn + QStringLiteral(": the labels file has 90 records of no values");
        QTest::newRow("out in a missing folder")
            << QStringList{m_images, QStringLiteral("--out"), noDir} << 1 << noDir + QStringLiteral(": ");
        QTest::newRow("svg in a missing folder")
            << QStringList{m_images, QStringLiteral("--out"), out, QStringLiteral("--svg"),
                           path(QStringLiteral("no/such/dir/m.svg"))}
            << 1 << path(QStringLiteral("no/such/dir/m.svg")) + QStringLiteral(": ");
        QTest::newRow("png in a missing folder")
            << QStringList{m_images, QStringLiteral("--out"), out, QStringLiteral("--png"), noDirPng} << 1
            << noDirPng + QStringLiteral(": ");
    }
    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exit);
        QFETCH(QString, message);
        const Run r = runCli(QStringList{QStringLiteral("map")} + args);
        QCOMPARE(r.exitCode, exit);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.errText().contains(message), qPrintable(r.errText()));
    }

    // OpenBLAS is opened when the principal components need it: without it the map says so, naming the file,
    // and writes nothing.
    void withoutOpenBlas()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("IDXSCOPE_OPENBLAS"), QStringLiteral("libidxscope-no-such-blas.so"));
        const QString out = m_dir.filePath(QStringLiteral("no-blas.csv"));
        const Run r = runCli({QStringLiteral("map"), m_images, QStringLiteral("--out"), out}, &env);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().contains(m_images +
                                      QStringLiteral(": cannot load OpenBLAS (libidxscope-no-such-blas.so)")),
                 qPrintable(r.errText()));
        QVERIFY(!QFileInfo::exists(out));
    }

    // Debian's Fashion-MNIST test set (10,000 records): every record placed, and the classes, which two
    // principal components mix (about half right by the same vote), mostly apart.
    void fashionMnist()
    {
        const QString dir = QStringLiteral(IDXSCOPE_FASHION_DIR);
        const QString csv = path(QStringLiteral("fashion.csv"));
        const Run r =
            runCli({QStringLiteral("map"), dir + QStringLiteral("/t10k-images-idx3-ubyte.gz"),
                    QStringLiteral("--out"), csv, QStringLiteral("--epochs"), QStringLiteral("100")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        const Csv c = readCsv(csv);
        QCOMPARE(c.records.size(), size_t(10000));
        const QByteArray raw = gunzip(readAll(dir + QStringLiteral("/t10k-labels-idx1-ubyte.gz")));
        QCOMPARE(raw.size(), 8 + 10000);
        std::vector<qint64> labels;
        for (qsizetype i = 8; i < raw.size(); ++i)
            labels.push_back(qint64(quint8(raw[i])));
        const double vote = fx::planeVote(c.xy, labels);
        QVERIFY2(vote >= 0.72, qPrintable(QString::number(vote)));
    }
};

QTEST_GUILESS_MAIN(TestCliMap)
#include "tst_cli_map.moc"
