// idxscope-cli reading misread files another way and repairing them: --type, --byte-order and
// --ignore-trailing on the reading commands, the hints that name them, `info --json` repairs, and `repair`
// (explicit options, --auto on unambiguous cases, exit 1 with the candidates otherwise, every error path).
#include "clitest.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTest>

#include <cmath>

using namespace clitest;
using idx::ByteOrder;
using idx::DType;

namespace {} // namespace

class TestCliRepair : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::vector<double> m_doubles = fx::coordinates(400 * 5);
    std::vector<double> m_ints = fx::smallIntegers(50 * 3 * 2);
    QString put(const QString& name, const QByteArray& bytes) { return fx::writeFile(m_dir, name, bytes); }
    Run run(const QStringList& args) { return runCli(inDir(m_dir, args)); }
    QString path(const QString& name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFileInfo(cliPath()).isExecutable(),
                 qPrintable(cliPath() + QStringLiteral(" is not built")));
        // t10k-images-pca.idx2-double's case: float64 (here little-endian) under the uint8 code.
        put(QStringLiteral("pca"),
            fx::rawHeader(0x08, {400, 5}) + fx::encodeValues(DType::Float64, m_doubles, ByteOrder::Little));
        put(QStringLiteral("pca.gz"),
            fx::gzip(fx::rawHeader(0x08, {400, 5}) + fx::encodeValues(DType::Float64, m_doubles)));
        put(QStringLiteral("le"),
            fx::reversedHeader(0x0B, {50, 3, 2}) + fx::encodeValues(DType::Int16, m_ints, ByteOrder::Little));
        put(QStringLiteral("code0a.xz"),
            fx::xz(fx::rawHeader(0x0A, {300}) + fx::encodeValues(DType::Int16, fx::smallIntegers(300))));
        put(QStringLiteral("noise"), fx::rawHeader(0x08, {1000, 4}) + fx::noise(16000));
        put(QStringLiteral("trailing"), fx::idxSample(DType::UInt8, {3, 2, 2}) + QByteArray(5, '\x07'));
        put(QStringLiteral("good"), fx::idxSample(DType::Int32, {4, 3}));
        put(QStringLiteral("badmagic"), QByteArray("\x01\x00\x08\x01\x00\x00\x00\x01\x07", 9));
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("folder")));
    }

    void readOptionsReadTheRealValues()
    {
        Run r = run({"stats", "@pca", "--type", "float64", "--byte-order", "little", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject stats = QJsonDocument::fromJson(r.out).object();
        const auto [lo, hi] = std::minmax_element(m_doubles.begin(), m_doubles.end());
        QCOMPARE(stats.value(QStringLiteral("min")).toDouble(), *lo);
        QCOMPARE(stats.value(QStringLiteral("max")).toDouble(), *hi);
        QCOMPARE(stats.value(QStringLiteral("count")).toDouble(), 2000.0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());

        // --byte-order little on a reversed header reads the whole file little-endian.
        r = run({"convert", "@le", "@le.csv", "--byte-order", "little"});
        QCOMPARE(r.exitCode, 0);
        QFile csv(path(QStringLiteral("le.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 50);
        QCOMPARE(lines.at(0), QByteArray("0,37,74,111,148,185"));

        r = run({"info", "@code0a.xz", "--type", "int16"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.outText().contains(QStringLiteral("0x0A (int16)")), r.out.constData());
        QVERIFY2(r.outText().contains(QStringLiteral("read as:         read as int16")), r.out.constData());

        r = run({"validate", "@trailing", "--ignore-trailing"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.outText(),
                 QDir::toNativeSeparators(path(QStringLiteral("trailing"))) + QStringLiteral(": OK\n"));
    }

    void hintsNameTheOptions()
    {
        Run r = run({"info", "@pca"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.errText().contains(QStringLiteral("hint: ") + path(QStringLiteral("pca")) +
                                      QStringLiteral(": --type float64 --byte-order little: ")),
                 r.err.constData());
        r = run({"stats", "@code0a.xz"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.errText().startsWith(errorPrefix(path(QStringLiteral("code0a.xz")))), r.err.constData());
        QVERIFY2(r.errText().contains(QStringLiteral(": --type int16: read the payload as int16")),
                 r.err.constData());
        r = run({"validate", "@le"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.outText().contains(
                     QStringLiteral("(try --byte-order little: read the whole file as little-endian")),
                 r.out.constData());
        // Noise has no plausible reading: no hint but ignoring the trailing bytes.
        r = run({"info", "@noise"});
        QVERIFY2(!r.errText().contains(QStringLiteral("--type")), r.err.constData());
        QVERIFY2(r.outText().contains(QStringLiteral("implausible")), r.out.constData());
    }

    void infoJsonListsRepairs()
    {
        Run r = run({"info", "--json", "@pca.gz"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonArray repairs = o.value(QStringLiteral("repairs")).toArray();
        QCOMPARE(repairs.size(), 2);
        const QJsonObject first = repairs.at(0).toObject();
        QCOMPARE(first.value(QStringLiteral("kind")).toString(), QStringLiteral("read-as-type"));
        QVERIFY(first.value(QStringLiteral("plausible")).toBool());
        QVERIFY(first.value(QStringLiteral("unambiguous")).toBool());
        QCOMPARE(first.value(QStringLiteral("options")).toObject().value(QStringLiteral("type")).toString(),
                 QStringLiteral("float64"));
        QCOMPARE(
            first.value(QStringLiteral("options")).toObject().value(QStringLiteral("byte_order")).toString(),
            QStringLiteral("big"));
        QCOMPARE(first.value(QStringLiteral("arguments")).toArray(), (QJsonArray{"--type", "float64"}));
        QVERIFY(first.value(QStringLiteral("description")).toString().contains(QStringLiteral("float64")));
        QCOMPARE(repairs.at(1).toObject().value(QStringLiteral("kind")).toString(),
                 QStringLiteral("ignore-trailing"));
        QCOMPARE(o.value(QStringLiteral("read_as")).toString(), QString());

        // A file that does not open says why and still lists its repairs.
        r = run({"info", "--json", "@le"});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject failed = QJsonDocument::fromJson(r.out).object();
        QVERIFY(failed.value(QStringLiteral("error")).toString().contains(QStringLiteral("reversed")));
        const QJsonArray leRepairs = failed.value(QStringLiteral("repairs")).toArray();
        QCOMPARE(leRepairs.size(), 1);
        QCOMPARE(leRepairs.at(0).toObject().value(QStringLiteral("kind")).toString(),
                 QStringLiteral("little-endian-file"));
        QVERIFY(leRepairs.at(0)
                    .toObject()
                    .value(QStringLiteral("options"))
                    .toObject()
                    .value(QStringLiteral("little_endian_file"))
                    .toBool());

        r = run({"info", "--json", "@good", "--type", "int32"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject good = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(good.value(QStringLiteral("repairs")).toArray().size(), 0);
        QCOMPARE(good.value(QStringLiteral("read_as")).toString(), QStringLiteral("read as int32"));
    }

    void repairWritesCanonicalIdx_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("out");
        QTest::addColumn<int>("dtype");
        QTest::addColumn<QString>("how");
        QTest::newRow("auto, little-endian doubles")
            << QStringList{"repair", "@pca", "@pca-fixed", "--auto"} << "pca-fixed" << int(DType::Float64)
            << "read as float64 · little-endian payload";
        QTest::newRow("auto, gzip in, xz out") << QStringList{"repair", "@pca.gz", "@pca-fixed.xz", "--auto"}
                                               << "pca-fixed.xz" << int(DType::Float64) << "read as float64";
        QTest::newRow("auto, whole file little-endian")
            << QStringList{"repair", "@le", "@le-fixed.gz", "--auto"} << "le-fixed.gz" << int(DType::Int16)
            << "whole file little-endian";
        QTest::newRow("explicit type")
            << QStringList{"repair", "@code0a.xz", "@code0a-fixed", "--type", "int16"} << "code0a-fixed"
            << int(DType::Int16) << "read as int16";
        QTest::newRow("trailing bytes dropped") << QStringList{"repair", "@trailing", "@trailing-fixed"}
                                                << "trailing-fixed" << int(DType::UInt8) << QString();
    }

    void repairWritesCanonicalIdx()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, out);
        QFETCH(int, dtype);
        QFETCH(QString, how);
        const Run r = run(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(how.isEmpty() ? !r.outText().contains(QStringLiteral("read as"))
                               : r.outText().trimmed().endsWith(how),
                 r.out.constData());
        // The written file is clean IDX: nothing to warn about, nothing to repair, the type it was read as.
        const Run check = run({"info", "--json", QStringLiteral("@") + out});
        QCOMPARE(check.exitCode, 0);
        QVERIFY2(check.err.isEmpty(), check.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(check.out).object();
        QCOMPARE(o.value(QStringLiteral("type_code")).toInt(), dtype);
        QCOMPARE(o.value(QStringLiteral("warnings")).toArray().size(), 0);
        QCOMPARE(o.value(QStringLiteral("repairs")).toArray().size(), 0);
        QCOMPARE(o.value(QStringLiteral("trailing_bytes")).toDouble(), 0.0);
        if (out.startsWith(QLatin1String("pca"))) {
            const Run stats = run({"stats", QStringLiteral("@") + out, "--json"});
            const QJsonObject s = QJsonDocument::fromJson(stats.out).object();
            QCOMPARE(s.value(QStringLiteral("max")).toDouble(),
                     *std::max_element(m_doubles.begin(), m_doubles.end()));
        }
    }

    void repairErrorPaths_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("errFile");
        QTest::addColumn<QString>("errContains");
        QTest::addColumn<QString>("notWritten");
        auto row = [](const char* name, QStringList args, int code, QString file, QString contains,
                      QString target) { QTest::newRow(name) << args << code << file << contains << target; };
        row("no arguments", {"repair"}, 2, {}, "--help", {});
        row("one argument", {"repair", "@pca"}, 2, {}, "too few", {});
        row("bad type name", {"repair", "@pca", "@x1", "--type", "complex64"}, 2, {}, "--type wants", "x1");
        row("bad byte order", {"repair", "@pca", "@x2", "--byte-order", "middle"}, 2, {},
            "--byte-order wants", "x2");
        row("missing input", {"repair", "@missing", "@x3"}, 1, "@missing", "no such file", "x3");
        row("folder as output", {"repair", "@pca", "@folder"}, 1, "@folder", "is a folder", {});
        row("unknown code without --type", {"repair", "@code0a.xz", "@x4"}, 1, "@code0a.xz", "--type int16",
            "x4");
        row("reversed header without options", {"repair", "@le", "@x5"}, 1, "@le", "--byte-order little",
            "x5");
        row("auto on noise: candidates only", {"repair", "@noise", "@x6", "--auto"}, 1, "@noise",
            "candidates (give their options instead of --auto)", "x6");
        row("auto on trailing bytes: a choice", {"repair", "@trailing", "@x7", "--auto"}, 1, "@trailing",
            "--ignore-trailing", "x7");
        row("auto without a known repair", {"repair", "@badmagic", "@x8", "--auto"}, 1, "@badmagic",
            "no repair is known", "x8");
        row("wrong type truncates", {"repair", "@good", "@x9", "--type", "float64"}, 1, "@good", "truncated",
            "x9");
    }

    void repairErrorPaths()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, errFile);
        QFETCH(QString, errContains);
        QFETCH(QString, notWritten);
        const Run r = run(args);
        QCOMPARE(r.exitCode, exitCode);
        if (!errFile.isEmpty())
            QVERIFY2(r.errText().startsWith(errorPrefix(path(errFile.mid(1)))), r.err.constData());
        QVERIFY2(r.errText().contains(errContains), r.err.constData());
        if (!notWritten.isEmpty())
            QVERIFY(!QFileInfo::exists(path(notWritten)));
    }
};

QTEST_GUILESS_MAIN(TestCliRepair)
#include "tst_cli_repair.moc"
