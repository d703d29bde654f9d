// idxscope-cli run as a process: the values it computes and writes. stats against hand-computed figures,
// export (names, counts, decoded PNG pixels, scale, window, colormap, axes, contact sheets, overwrite),
// convert (raw, gzip and xz byte-identical, .npy parsed back, CSV values, record ranges; large gzip and xz
// read by gzip -t, xz -t and Python).
#include "clitest.h"
#include "idxfile.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

#include <cmath>
#include <tuple>

using namespace clitest;
using idx::DType;

namespace {

QJsonObject jsonOf(const Run& r)
{
    return QJsonDocument::fromJson(r.out).object();
}

QStringList pngsIn(const QString& folder)
{
    QStringList names = QDir(folder).entryList({QStringLiteral("*.png")}, QDir::Files, QDir::Name);
    return names;
}

// u8 records 12 × 3 × 4 with value (r * 12 + k) * 1 mod 256: every record distinct.
std::vector<double> rampValues(quint64 n)
{
    std::vector<double> v(size_t(n), 0);
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = double((i * 7) % 256);
    return v;
}

} // namespace

class TestCliData : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_u8;     // 12 × 3 × 4 uint8
    QString m_labels; // 12 labels
    QString put(const QString& name, const QByteArray& bytes)
    {
        const QString path = fx::writeFile(m_dir, name, bytes);
        if (path.isEmpty())
            qFatal("cannot write fixture %s", qPrintable(name));
        return path;
    }
    QString sub(const QString& name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QVERIFY(QFileInfo(cliPath()).isExecutable());
        m_u8 = put(QStringLiteral("u8.idx"), fx::idxBytes(DType::UInt8, {12, 3, 4}, rampValues(12 * 3 * 4)));
        m_labels = put(QStringLiteral("labels.idx.gz"),
                       fx::gzip(fx::idxBytes(DType::UInt8, {12}, {7, 2, 1, 0, 4, 1, 4, 9, 5, 9, 0, 6})));
    }

    // ---- stats ----
    void statsValues_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QList<double>>("expected"); // count min max mean std nan posinf neginf zeros
        const QList<double> u8All{8, 0, 7, 3.5, std::sqrt(5.25), 0, 0, 0, 1};
        const QByteArray u8 = fx::idxBytes(DType::UInt8, {2, 2, 2}, {0, 1, 2, 3, 4, 5, 6, 7});
        QTest::newRow("u8 all") << u8 << QStringList{} << u8All;
        QTest::newRow("u8 gz all") << fx::gzip(u8) << QStringList{} << u8All;
        QTest::newRow("u8 xz all") << fx::xz(u8) << QStringList{} << u8All;
        QTest::newRow("u8 record 1") << u8 << QStringList{"--records", "1:"}
                                     << QList<double>{4, 4, 7, 5.5, std::sqrt(1.25), 0, 0, 0, 0};
        QTest::newRow("u8 record :1") << u8 << QStringList{"--records", ":1"}
                                      << QList<double>{4, 0, 3, 1.5, std::sqrt(1.25), 0, 0, 0, 1};
        const double inf = std::numeric_limits<double>::infinity();
        const std::vector<double> special{1.5, -2.5, std::nan(""), inf, -inf, 0, 4, 0};
        // finite: 1.5 -2.5 0 4 0 → mean 0.6, E[x²] 4.9 → std sqrt(4.54)
        const QList<double> floats{8, -2.5, 4, 0.6, std::sqrt(4.54), 1, 1, 1, 2};
        QTest::newRow("f32 specials")
            << fx::idxBytes(DType::Float32, {4, 2}, special) << QStringList{} << floats;
        QTest::newRow("f64 specials")
            << fx::idxBytes(DType::Float64, {8}, special) << QStringList{} << floats;
        QTest::newRow("i16") << fx::idxBytes(DType::Int16, {2, 2}, {-300, 300, 0, 1000}) << QStringList{}
                             << QList<double>{
                                    4, -300, 1000, 250, std::sqrt((90000 + 90000 + 0 + 1e6) / 4.0 - 62500),
                                    0, 0,    0,    1};
        QTest::newRow("i32") << fx::idxBytes(DType::Int32, {3}, {-100000, 0, 100000}) << QStringList{}
                             << QList<double>{3, -100000, 100000, 0, std::sqrt(2e10 / 3), 0, 0, 0, 1};
        QTest::newRow("i8") << fx::idxBytes(DType::Int8, {2, 2}, {-128, 127, -1, 2}) << QStringList{}
                            << QList<double>{4, -128, 127, 0, std::sqrt((16384 + 16129 + 1 + 4) / 4.0),
                                             0, 0,    0,   0};
    }

    void statsValues()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QStringList, extra);
        QFETCH(QList<double>, expected);
        const QString path = put(QStringLiteral("stats-%1").arg(QTest::currentDataTag()), bytes);
        const Run r = runCli(QStringList{QStringLiteral("stats"), QStringLiteral("--json"), path} + extra);
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        const QJsonObject o = jsonOf(r);
        const char* keys[] = {"count", "min", "max", "mean", "std", "nan", "posinf", "neginf", "zeros"};
        for (int i = 0; i < 9; ++i) {
            const double got = o.value(QLatin1String(keys[i])).toDouble(-12345);
            QVERIFY2(std::abs(got - expected[i]) <= 1e-9 * std::max(1.0, std::abs(expected[i])),
                     qPrintable(QStringLiteral("%1: %2, expected %3")
                                    .arg(QLatin1String(keys[i]))
                                    .arg(got)
                                    .arg(expected[i])));
        }
        const QJsonObject h = o.value(QStringLiteral("histogram")).toObject();
        const QJsonArray edges = h.value(QStringLiteral("edges")).toArray();
        const QJsonArray counts = h.value(QStringLiteral("counts")).toArray();
        QVERIFY(!counts.isEmpty());
        QCOMPARE(edges.size(), counts.size() + 1);
        double sum = 0;
        for (const auto& c : counts)
            sum += c.toDouble();
        QCOMPARE(sum, expected[0] - expected[5] - expected[6] - expected[7]); // finite values
    }

    void statsHistogram()
    {
        // uint8: one bin per value.
        const QString u8 = put(QStringLiteral("hist-u8"), fx::idxBytes(DType::UInt8, {5}, {0, 3, 3, 255, 7}));
        Run r = runCli({QStringLiteral("stats"), QStringLiteral("--json"), u8});
        QCOMPARE(r.exitCode, 0);
        QJsonArray counts =
            jsonOf(r).value(QStringLiteral("histogram")).toObject().value(QStringLiteral("counts")).toArray();
        QCOMPARE(counts.size(), 256);
        QCOMPARE(counts[3].toInt(), 2);
        QCOMPARE(counts[255].toInt(), 1);
        QCOMPARE(counts[1].toInt(), 0);
        // float: --bins N.
        const QString f =
            put(QStringLiteral("hist-f"), fx::idxBytes(DType::Float32, {6}, {0, 1, 2, 3, 4, 8}));
        r = runCli({QStringLiteral("stats"), QStringLiteral("--json"), f, QStringLiteral("--bins"),
                    QStringLiteral("4")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject h = jsonOf(r).value(QStringLiteral("histogram")).toObject();
        counts = h.value(QStringLiteral("counts")).toArray();
        QCOMPARE(counts.size(), 4);
        QCOMPARE(h.value(QStringLiteral("edges")).toArray().first().toDouble(), 0.0);
        QCOMPARE(h.value(QStringLiteral("edges")).toArray().last().toDouble(), 8.0);
        QCOMPARE(counts[0].toInt(), 2); // [0, 2): 0, 1
        QCOMPARE(counts[3].toInt(), 1); // [6, 8]: 8
    }

    void statsPerLabel()
    {
        // Record r holds two copies of r; labels 0 1 0 2 1 0.
        const QString images =
            put(QStringLiteral("pl-images"),
                fx::idxBytes(DType::UInt8, {6, 1, 2}, {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5}));
        const QString labels =
            put(QStringLiteral("pl-labels"), fx::idxBytes(DType::UInt8, {6}, {0, 1, 0, 2, 1, 0}));
        Run r = runCli(
            {QStringLiteral("stats"), QStringLiteral("--json"), images, QStringLiteral("--labels"), labels});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QJsonObject perLabel = jsonOf(r).value(QStringLiteral("per_label")).toObject();
        QCOMPARE(perLabel.keys(), (QStringList{"0", "1", "2"}));
        QCOMPARE(perLabel.value(QStringLiteral("0")).toObject().value(QStringLiteral("count")).toInt(), 3);
        QCOMPARE(perLabel.value(QStringLiteral("1")).toObject().value(QStringLiteral("count")).toInt(), 2);
        QCOMPARE(perLabel.value(QStringLiteral("2")).toObject().value(QStringLiteral("count")).toInt(), 1);
        QCOMPARE(perLabel.value(QStringLiteral("0")).toObject().value(QStringLiteral("mean")).toDouble(),
                 7.0 / 3);
        QCOMPARE(perLabel.value(QStringLiteral("0")).toObject().value(QStringLiteral("max")).toDouble(), 5.0);
        QCOMPARE(perLabel.value(QStringLiteral("1")).toObject().value(QStringLiteral("min")).toDouble(), 1.0);
        // With a record range only the records in it count.
        r = runCli({QStringLiteral("stats"), QStringLiteral("--json"), images, QStringLiteral("--labels"),
                    labels, QStringLiteral("--records"), QStringLiteral("2:5")});
        QCOMPARE(r.exitCode, 0);
        perLabel = jsonOf(r).value(QStringLiteral("per_label")).toObject();
        QCOMPARE(perLabel.value(QStringLiteral("0")).toObject().value(QStringLiteral("count")).toInt(), 1);
        QCOMPARE(perLabel.value(QStringLiteral("1")).toObject().value(QStringLiteral("count")).toInt(), 1);
        QCOMPARE(perLabel.value(QStringLiteral("2")).toObject().value(QStringLiteral("count")).toInt(), 1);
        // Text mode names the figures.
        r = runCli({QStringLiteral("stats"), images, QStringLiteral("--labels"), labels});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.outText().contains(QStringLiteral("mean")));
    }

    void statsWarnings()
    {
        // Trailing bytes: a warning on stderr in text mode, in `warnings` with --json; exit 0 either way.
        const QString path = put(QStringLiteral("stats-trailing"),
                                 fx::idxBytes(DType::UInt8, {2}, {1, 3}) + QByteArray(2, 'x'));
        Run r = runCli({QStringLiteral("stats"), path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.errText().startsWith(QStringLiteral("idxscope-cli: warning: ") +
                                        QDir::toNativeSeparators(path) + QLatin1Char(':')),
                 qPrintable(r.errText()));
        r = runCli({QStringLiteral("stats"), QStringLiteral("--json"), path});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.errText(), QString());
        QCOMPARE(jsonOf(r).value(QStringLiteral("warnings")).toArray().size(), 1);
        QCOMPARE(jsonOf(r).value(QStringLiteral("mean")).toDouble(), 2.0);
    }

    // ---- export ----
    void exportFiles_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("all") << QStringList{}
                             << QStringList{"00.png", "01.png", "02.png", "03.png", "04.png", "05.png",
                                            "06.png", "07.png", "08.png", "09.png", "10.png", "11.png"};
        QTest::newRow("range") << QStringList{"--records", "8:11"}
                               << QStringList{"08.png", "09.png", "10.png"};
        QTest::newRow("open start") << QStringList{"--records", ":2"} << QStringList{"00.png", "01.png"};
        QTest::newRow("labels") << QStringList{"--records", "9:", "--labels", "@labels.idx.gz"}
                                << QStringList{"09_9.png", "10_0.png", "11_6.png"};
    }

    void exportFiles()
    {
        QFETCH(QStringList, extra);
        QFETCH(QStringList, names);
        const QString out = sub(QStringLiteral("export-%1").arg(QTest::currentDataTag()));
        const Run r = runCli(
            inDir(m_dir, QStringList{QStringLiteral("export"), m_u8, QStringLiteral("--out"), out} + extra));
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QCOMPARE(r.errText(), QString()); // no progress when stderr is not a terminal, no warnings
        QCOMPARE(pngsIn(out), names);
        const std::vector<double> values = rampValues(12 * 3 * 4);
        for (const QString& name : names) {
            const QImage image(QDir(out).filePath(name));
            QCOMPARE(image.format(), QImage::Format_Grayscale8);
            QCOMPARE(image.size(), QSize(4, 3));
            const int record = name.left(2).toInt();
            for (int y = 0; y < 3; ++y)
                for (int x = 0; x < 4; ++x)
                    QCOMPARE(int(image.constScanLine(y)[x]), int(values[size_t(record * 12 + y * 4 + x)]));
        }
    }

    void exportRendering()
    {
        const std::vector<double> values = rampValues(12 * 3 * 4);
        // --scale: each value becomes a block.
        QString out = sub(QStringLiteral("scaled"));
        Run r =
            runCli({QStringLiteral("export"), m_u8, QStringLiteral("--out"), out, QStringLiteral("--records"),
                    QStringLiteral("1:2"), QStringLiteral("--scale"), QStringLiteral("3")});
        QCOMPARE(r.exitCode, 0);
        QImage image(QDir(out).filePath(QStringLiteral("01.png")));
        QCOMPARE(image.size(), QSize(12, 9));
        QCOMPARE(int(image.constScanLine(5)[8]), int(values[12 + 1 * 4 + 2]));
        QCOMPARE(int(image.constScanLine(3)[3]), int(values[12 + 1 * 4 + 1]));

        // --window LOW:HIGH.
        const QString w =
            put(QStringLiteral("win.idx"), fx::idxBytes(DType::UInt8, {1, 1, 4}, {0, 50, 100, 200}));
        out = sub(QStringLiteral("windowed"));
        r = runCli({QStringLiteral("export"), w, QStringLiteral("--out"), out, QStringLiteral("--window"),
                    QStringLiteral("0:100")});
        QCOMPARE(r.exitCode, 0);
        image = QImage(QDir(out).filePath(QStringLiteral("0.png")));
        QCOMPARE(int(image.constScanLine(0)[0]), 0);
        QVERIFY(qAbs(int(image.constScanLine(0)[1]) - 128) <= 1); // 127.5: either rounding is fine
        QCOMPARE(int(image.constScanLine(0)[2]), 255);
        QCOMPARE(int(image.constScanLine(0)[3]), 255);

        // Other types: the tensor's min..max across all records.
        const QString i16 =
            put(QStringLiteral("i16.idx"), fx::idxBytes(DType::Int16, {2, 1, 2}, {-1000, 0, 500, 1000}));
        out = sub(QStringLiteral("int16"));
        r = runCli({QStringLiteral("export"), i16, QStringLiteral("--out"), out});
        QCOMPARE(r.exitCode, 0);
        image = QImage(QDir(out).filePath(QStringLiteral("0.png")));
        QCOMPARE(int(image.constScanLine(0)[0]), 0);
        QVERIFY(qAbs(int(image.constScanLine(0)[1]) - 128) <= 1);
        image = QImage(QDir(out).filePath(QStringLiteral("1.png")));
        QCOMPARE(int(image.constScanLine(0)[1]), 255);

        // A colormap gives RGB.
        out = sub(QStringLiteral("viridis"));
        r = runCli({QStringLiteral("export"), m_u8, QStringLiteral("--out"), out, QStringLiteral("--records"),
                    QStringLiteral(":1"), QStringLiteral("--colormap"), QStringLiteral("viridis")});
        QCOMPARE(r.exitCode, 0);
        image = QImage(QDir(out).filePath(QStringLiteral("00.png")));
        QVERIFY(!image.isNull());
        QVERIFY(!image.isGrayscale());
        QVERIFY(!image.allGray());
    }

    void exportAxes()
    {
        // 2 × 3 × 4 × 5: --axes 1,3 gives 5 wide, 3 high images of [r, y, 0, x].
        const std::vector<double> values = rampValues(2 * 3 * 4 * 5);
        const QString cube =
            put(QStringLiteral("cube.idx"), fx::idxBytes(DType::UInt8, {2, 3, 4, 5}, values));
        const QString out = sub(QStringLiteral("axes"));
        const Run r = runCli({QStringLiteral("export"), cube, QStringLiteral("--out"), out,
                              QStringLiteral("--axes"), QStringLiteral("1,3")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QCOMPARE(pngsIn(out), (QStringList{"0.png", "1.png"}));
        const QImage image(QDir(out).filePath(QStringLiteral("1.png")));
        QCOMPARE(image.size(), QSize(5, 3));
        for (int y = 0; y < 3; ++y)
            for (int x = 0; x < 5; ++x)
                QCOMPARE(int(image.constScanLine(y)[x]), int(values[size_t(60 + y * 20 + 0 * 5 + x)]));
    }

    void exportSheet_data()
    {
        QTest::addColumn<int>("columns");
        QTest::addColumn<int>("gap");
        QTest::addColumn<int>("scale");
        QTest::newRow("5 cols no gap") << 5 << -1 << 1;
        QTest::newRow("5 cols gap 2") << 5 << 2 << 1;
        QTest::newRow("12 cols") << 12 << 3 << 1;
        QTest::newRow("1 col scaled") << 1 << 1 << 2;
        QTest::newRow("more cols than records") << 20 << 0 << 1;
    }

    void exportSheet()
    {
        QFETCH(int, columns);
        QFETCH(int, gap);
        QFETCH(int, scale);
        const QString out = sub(QStringLiteral("sheet-%1.png")
                                    .arg(QTest::currentDataTag())
                                    .replace(QLatin1Char(' '), QLatin1Char('_')));
        QStringList args{QStringLiteral("export"),  m_u8,
                         QStringLiteral("--out"),   out,
                         QStringLiteral("--grid"),  QString::number(columns),
                         QStringLiteral("--scale"), QString::number(scale)};
        if (gap >= 0)
            args << QStringLiteral("--gap") << QString::number(gap);
        const Run r = runCli(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        const QImage sheet(out);
        QVERIFY(!sheet.isNull());
        const int g = std::max(gap, 0);
        const int cols = std::min(columns, 12);
        const int rows = (12 + cols - 1) / cols;
        const int w = 4 * scale, h = 3 * scale;
        QCOMPARE(sheet.width(), cols * w + (cols - 1) * g);
        QCOMPARE(sheet.height(), rows * h + (rows - 1) * g);
        QCOMPARE(sheet.format(), QImage::Format_Grayscale8);
        // Row-major: record i's top-left pixel sits at its cell's corner.
        const std::vector<double> values = rampValues(12 * 3 * 4);
        for (int i = 0; i < 12; ++i) {
            const int x = (i % cols) * (w + g), y = (i / cols) * (h + g);
            QCOMPARE(int(sheet.constScanLine(y + h - 1)[x + w - 1]), int(values[size_t(i * 12 + 11)]));
            QCOMPARE(int(sheet.constScanLine(y)[x]), int(values[size_t(i * 12)]));
        }
    }

    void exportOverwrite()
    {
        const QString out = sub(QStringLiteral("again"));
        QStringList args{QStringLiteral("export"),    m_u8,
                         QStringLiteral("--out"),     out,
                         QStringLiteral("--records"), QStringLiteral("3:5")};
        QCOMPARE(runCli(args).exitCode, 0);
        const QString first = QDir(out).filePath(QStringLiteral("03.png"));
        QFile::remove(QDir(out).filePath(QStringLiteral("04.png")));
        const QDateTime stamp = QFileInfo(first).lastModified();
        Run r = runCli(args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().startsWith(errorPrefix(first)), qPrintable(r.errText()));
        QVERIFY(r.errText().contains(QStringLiteral("--overwrite")));
        QCOMPARE(pngsIn(out), QStringList{"03.png"}); // refused before writing anything
        QCOMPARE(QFileInfo(first).lastModified(), stamp);
        r = runCli(args + QStringList{QStringLiteral("--overwrite")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(pngsIn(out), (QStringList{"03.png", "04.png"}));

        // A contact sheet too.
        const QString sheet = sub(QStringLiteral("again.png"));
        const QStringList sheetArgs{QStringLiteral("export"), m_u8,
                                    QStringLiteral("--out"),  sheet,
                                    QStringLiteral("--grid"), QStringLiteral("3")};
        QCOMPARE(runCli(sheetArgs).exitCode, 0);
        r = runCli(sheetArgs);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().startsWith(errorPrefix(sheet)), qPrintable(r.errText()));
        QCOMPARE(runCli(sheetArgs + QStringList{QStringLiteral("--overwrite")}).exitCode, 0);
    }

    // ---- convert ----
    void convert_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<int>("wrap");
        for (const DType t :
             {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Float32, DType::Float64})
            for (const fx::Wrap w : {fx::Wrap::Raw, fx::Wrap::Gzip, fx::Wrap::Xz})
                QTest::addRow("%s %s", qPrintable(idx::dtypeName(t)), fx::wrapName(w)) << int(t) << int(w);
    }

    void convert()
    {
        QFETCH(int, code);
        QFETCH(int, wrap);
        const auto t = DType(code);
        const std::vector<double> values = fx::sampleValues(t, 5 * 2 * 3);
        const QByteArray plain = fx::idxBytes(t, {5, 2, 3}, values);
        const QString tag = QStringLiteral("conv-%1-%2").arg(code).arg(wrap);
        const QString in = put(tag, fx::wrap(plain, fx::Wrap(wrap)));
        auto run = [&](const QString& outName, QStringList extra = {}) {
            const QString out = sub(tag + outName);
            const Run r = runCli(QStringList{QStringLiteral("convert"), in, out} + extra);
            if (r.exitCode != 0)
                qWarning() << r.errText();
            return r.exitCode == 0 ? readAll(out) : QByteArray();
        };
        // Raw IDX: exactly the decompressed bytes; .gz: the same inside gzip.
        QCOMPARE(run(QStringLiteral(".idx")), plain);
        QCOMPARE(run(QStringLiteral("-idx3-ubyte")), plain);
        QCOMPARE(gunzip(run(QStringLiteral(".idx.gz"))), plain);
        // .xz: an xz stream (not raw IDX under an .xz name) that `xz -t` accepts and that liblzma and our own
        // reader decode to the same bytes.
        QCOMPARE(unxz(run(QStringLiteral(".idx.xz"))), plain);
        const QString xzPath = sub(tag + QStringLiteral(".idx.xz"));
        QProcess xzTest;
        xzTest.start(QStringLiteral("xz"), {QStringLiteral("-t"), xzPath});
        QVERIFY2(xzTest.waitForFinished(-1), "xz (xz-utils) must be installed");
        QCOMPARE(xzTest.exitStatus(), QProcess::NormalExit);
        QCOMPARE(xzTest.exitCode(), 0);
        const auto reread = idx::IdxFile::open(xzPath);
        QCOMPARE(reread->container(), idx::Container::Xz);
        QVERIFY(reread->load());
        QCOMPARE(reread->header().encode() + QByteArray(reinterpret_cast<const char*>(reread->view().data()),
                                                        qsizetype(reread->view().availableBytes())),
                 plain);
        // A record range: records 1..3.
        const auto h = idx::Header::make(t, {2, 2, 3});
        const qsizetype rec = 6 * idx::elementSize(t);
        QCOMPARE(run(QStringLiteral("-r.idx"), {QStringLiteral("--records"), QStringLiteral("1:3")}),
                 h->encode() + plain.mid(16 + rec, 2 * rec));

        // .npy: parse it back (format 1.0, little-endian descr, shape, C order).
        const QByteArray npy = run(QStringLiteral(".npy"));
        QVERIFY(npy.startsWith(QByteArray("\x93NUMPY\x01\x00", 8)));
        const int headerLen = uchar(npy[8]) | (uchar(npy[9]) << 8);
        QCOMPARE((10 + headerLen) % 64, 0);
        const QString dict = QString::fromLatin1(npy.mid(10, headerLen));
        const char* descr[] = {"|u1", "|i1", "", "<i2", "<i4", "<f4", "<f8"};
        const int di = t == DType::UInt8     ? 0
                       : t == DType::Int8    ? 1
                       : t == DType::Int16   ? 3
                       : t == DType::Int32   ? 4
                       : t == DType::Float32 ? 5
                                             : 6;
        QVERIFY2(dict.contains(QStringLiteral("'descr': '%1'").arg(QLatin1String(descr[di]))),
                 qPrintable(dict));
        QVERIFY2(dict.contains(QStringLiteral("'fortran_order': False")), qPrintable(dict));
        QVERIFY2(dict.contains(QStringLiteral("'shape': (5, 2, 3)")), qPrintable(dict));
        const QByteArray data = npy.mid(10 + headerLen);
        const int es = idx::elementSize(t);
        QCOMPARE(data.size(), qsizetype(values.size()) * es);
        for (size_t i = 0; i < values.size(); ++i)
            QCOMPARE(idx::decodeElement(reinterpret_cast<const uchar*>(data.constData()) + i * size_t(es), t,
                                        idx::ByteOrder::Little),
                     values[i]);

        // CSV: one record per line, its values flattened.
        const QStringList lines =
            QString::fromUtf8(run(QStringLiteral(".csv"))).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        for (int r = 0; r < 5; ++r) {
            const QStringList cells = lines[r].trimmed().split(QLatin1Char(','));
            QCOMPARE(cells.size(), 6);
            for (int k = 0; k < 6; ++k) {
                // float32 is written in its own shortest round-trip form: compare as float.
                if (t == DType::Float32)
                    QCOMPARE(float(cells[k].toDouble()), float(values[size_t(r * 6 + k)]));
                else
                    QCOMPARE(cells[k].toDouble(), values[size_t(r * 6 + k)]);
            }
        }
    }

    // A compressed file converted as it is decoded: a broken one is refused, named with its reason, the
    // target kept; a warning (bytes after the payload) is printed with its repair hints, and the payload
    // written.
    void convertStreamedRefusesBrokenInput()
    {
        const QByteArray plain =
            fx::idxBytes(DType::Int16, {300, 40, 40}, fx::sampleValues(DType::Int16, 480000));
        const QByteArray gz = fx::gzip(plain, 1);
        const QString target = put(QStringLiteral("stream-target.idx"), QByteArray("keep me"));
        for (const auto& [name, bytes, reason] :
             {std::tuple{QStringLiteral("stream-truncated.gz"), gz.left(gz.size() / 2),
                         QStringLiteral("truncated")},
              std::tuple{QStringLiteral("stream-badcrc.gz"), fx::withBadCrc(gz), QStringLiteral("CRC")}}) {
            const QString in = put(name, bytes);
            const Run r = runCli({QStringLiteral("convert"), in, target});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.errText().contains(in) && r.errText().contains(reason), qPrintable(r.errText()));
            QCOMPARE(readAll(target), QByteArray("keep me"));
            // The same into .npy (streamed too).
            const QString npy = put(QStringLiteral("stream-target.npy"), QByteArray("keep me too"));
            const Run n = runCli({QStringLiteral("convert"), in, npy});
            QCOMPARE(n.exitCode, 1);
            QVERIFY2(n.errText().contains(in) && n.errText().contains(reason), qPrintable(n.errText()));
            QCOMPARE(readAll(npy), QByteArray("keep me too"));
        }
        const QString trailing =
            put(QStringLiteral("stream-trailing.gz"), fx::gzip(plain + QByteArray("extra"), 1));
        const Run r = runCli({QStringLiteral("convert"), trailing, target});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.errText().contains(QStringLiteral("warning")) && r.errText().contains(trailing),
                 qPrintable(r.errText()));
        QCOMPARE(readAll(target), plain);
        // Its repair hints too, the same as when the file is loaded whole (--records takes that path).
        const auto hints = [](const Run& run) {
            QStringList lines = run.errText().split(QLatin1Char('\n'));
            lines.removeIf([](const QString& l) { return !l.contains(QStringLiteral(": hint: ")); });
            return lines;
        };
        const Run whole = runCli({QStringLiteral("convert"), QStringLiteral("--records"),
                                  QStringLiteral("0:300"), trailing, target + QStringLiteral(".whole")});
        QCOMPARE(whole.exitCode, 0);
        QVERIFY2(!hints(whole).isEmpty(), qPrintable(whole.errText()));
        QVERIFY2(hints(whole).join(QLatin1Char('\n')).contains(QStringLiteral("--ignore-trailing")),
                 qPrintable(whole.errText()));
        QCOMPARE(hints(r), hints(whole));
    }

    // A file of many compressed blocks (gzip is compressed in 1 MiB blocks on all cores, xz in 4 MiB ones),
    // noise and repetition mixed: `gzip -t` / `xz -t`, Python's gzip / lzma modules and our own reader all
    // read back the original bytes.
    void convertLargeReadByOtherTools_data()
    {
        QTest::addColumn<QString>("suffix");
        QTest::newRow("gzip") << QStringLiteral(".gz");
        QTest::newRow("xz") << QStringLiteral(".xz");
    }
    void convertLargeReadByOtherTools()
    {
        QFETCH(QString, suffix);
        const auto h = idx::Header::make(DType::UInt8, {5 * 1024, 1024});
        QByteArray plain = h->encode();
        QRandomGenerator rng(5);
        for (quint64 i = 0; i < h->dataBytes; ++i)
            plain += i < h->dataBytes / 3 ? char(rng.bounded(256)) : char((i / 7) % 251);
        const QString in = put(QStringLiteral("large-idx2-ubyte"), plain);
        const QString out = sub(QStringLiteral("large-idx2-ubyte") + suffix);
        const Run r = runCli({QStringLiteral("convert"), in, out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        const bool gz = suffix == QStringLiteral(".gz");
        const auto exitCodeOf = [](const QString& program, const QStringList& args, QByteArray* output) {
            QProcess p;
            p.start(program, args);
            if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit)
                return -1; // also when it is not installed (xz-utils, python3: build.sh installs them)
            if (output)
                *output = p.readAllStandardOutput();
            return p.exitCode();
        };
        QCOMPARE(exitCodeOf(gz ? QStringLiteral("gzip") : QStringLiteral("xz"), {QStringLiteral("-t"), out},
                            nullptr),
                 0);
        QByteArray digest;
        const QString script =
            QStringLiteral("import %1, hashlib, sys\n"
                           "print(hashlib.sha256(%1.open(sys.argv[1]).read()).hexdigest())")
                .arg(gz ? QStringLiteral("gzip") : QStringLiteral("lzma"));
        QCOMPARE(exitCodeOf(QStringLiteral("python3"), {QStringLiteral("-c"), script, out}, &digest), 0);
        QCOMPARE(digest.trimmed(), QCryptographicHash::hash(plain, QCryptographicHash::Sha256).toHex());
        const auto reread = idx::IdxFile::open(out);
        QCOMPARE(reread->container(), gz ? idx::Container::Gzip : idx::Container::Xz);
        QVERIFY(reread->load());
        QVERIFY(reread->diagnostics().isEmpty());
        QCOMPARE(reread->header().encode() + QByteArray(reinterpret_cast<const char*>(reread->view().data()),
                                                        qsizetype(reread->view().availableBytes())),
                 plain);
    }
};

QTEST_GUILESS_MAIN(TestCliData)
#include "tst_cli_data.moc"
