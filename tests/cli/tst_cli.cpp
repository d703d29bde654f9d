// idxscope-cli run as a process: exit codes and messages of every command's error paths, usage, info (text
// and JSON for every dtype and container), validate, thumbnail, and the real Fashion-MNIST files.
#include "clitest.h"

#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTest>
#include <QUrl>

using namespace clitest;
using idx::DType;

class TestCli : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString put(const QString& name, const QByteArray& bytes)
    {
        const QString path = fx::writeFile(m_dir, name, bytes);
        if (path.isEmpty())
            qFatal("cannot write fixture %s", qPrintable(name));
        return path;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFileInfo(cliPath()).isExecutable(),
                 qPrintable(cliPath() + QStringLiteral(" is not built")));
        put(QStringLiteral("good.idx"), fx::idxSample(DType::UInt8, {3, 2, 2}));
        put(QStringLiteral("good.idx.gz"), fx::gzip(fx::idxSample(DType::UInt8, {3, 2, 2})));
        put(QStringLiteral("labels3.idx"), fx::idxBytes(DType::UInt8, {3}, {1, 2, 1}));
        put(QStringLiteral("labels4.idx"), fx::idxBytes(DType::UInt8, {4}, {1, 2, 1, 0}));
        put(QStringLiteral("badmagic.idx"), QByteArray("\x01\x00\x08\x01\x00\x00\x00\x01\x07", 9));
        put(QStringLiteral("truncated.idx"), fx::idxSample(DType::UInt8, {4, 2, 2}).chopped(6));
        put(QStringLiteral("truncated.idx.gz"), fx::gzip(fx::idxSample(DType::Int16, {4, 2, 2}).chopped(5)));
        put(QStringLiteral("trailing.idx"), fx::idxSample(DType::UInt8, {3, 2, 2}) + QByteArray(3, '\x07'));
        put(QStringLiteral("empty.idx"), QByteArray());
        put(QStringLiteral("text.idx"), QByteArray("hello, this is not an IDX file\n"));
        put(QStringLiteral("cube.idx"), fx::idxSample(DType::UInt8, {2, 3, 4, 5}));
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("folder")));
    }

    // ---- exit codes and messages ----
    void exitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("errFile"); // when set: stderr starts with the error prefix for this file
        QTest::addColumn<QString>("errContains");

        auto row = [](const char* name, QStringList args, int code, QString errFile = {},
                      QString contains = {}) { QTest::newRow(name) << args << code << errFile << contains; };
        const QString err = QStringLiteral("idxscope-cli: error:");
        row("no args", {}, 2, {}, err);
        row("unknown command", {"frobnicate"}, 2, {}, QStringLiteral("--help"));
        row("top help", {"--help"}, 0);
        row("version", {"--version"}, 0);
        row("help command", {"help", "info"}, 0);
        for (const char* cmd : {"info", "stats", "export", "convert", "validate", "thumbnail"})
            row(qPrintable(QStringLiteral("%1 --help").arg(QLatin1String(cmd))), {cmd, "--help"}, 0);
        row("info no file", {"info"}, 2, {}, QStringLiteral("--help"));
        row("info unknown option", {"info", "--bogus", "@good.idx"}, 2, {}, QStringLiteral("bogus"));
        row("info missing", {"info", "@missing.idx"}, 1, "@missing.idx");
        row("info folder", {"info", "@folder"}, 1, "@folder");
        row("info bad magic", {"info", "@badmagic.idx"}, 1, "@badmagic.idx");
        row("info truncated", {"info", "@truncated.idx"}, 1, "@truncated.idx");
        row("info truncated gz", {"info", "@truncated.idx.gz"}, 1, "@truncated.idx.gz");
        row("info empty", {"info", "@empty.idx"}, 1, "@empty.idx");
        row("info text", {"info", "@text.idx"}, 1, "@text.idx");
        row("info json truncated", {"info", "--json", "@truncated.idx"}, 1, "@truncated.idx");
        row("info good and bad", {"info", "@good.idx", "@missing.idx"}, 1, "@missing.idx");
        row("info trailing is a warning", {"info", "@trailing.idx"}, 0, {},
            QStringLiteral("idxscope-cli: warning: @trailing.idx:"));
        row("stats ok", {"stats", "@good.idx"}, 0);
        row("stats two files", {"stats", "@good.idx", "@good.idx"}, 2);
        row("stats truncated", {"stats", "@truncated.idx"}, 1, "@truncated.idx");
        row("stats range reversed", {"stats", "@good.idx", "--records", "2:1"}, 2);
        row("stats range past end", {"stats", "@good.idx", "--records", "0:4"}, 2);
        row("stats range start past end", {"stats", "@good.idx", "--records", "4:"}, 2);
        row("stats range malformed", {"stats", "@good.idx", "--records", "a:b"}, 2);
        row("stats range negative", {"stats", "@good.idx", "--records", "-1:2"}, 2);
        row("stats range open", {"stats", "@good.idx", "--records", ":"}, 0);
        row("stats range single", {"stats", "@good.idx", "--records", "2"}, 0);
        row("stats bins zero", {"stats", "@good.idx", "--bins", "0"}, 2);
        row("stats labels mismatch", {"stats", "@good.idx", "--labels", "@labels4.idx"}, 1, "@labels4.idx");
        row("stats labels missing", {"stats", "@good.idx", "--labels", "@nolabels.idx"}, 1, "@nolabels.idx");
        row("stats labels ok", {"stats", "@good.idx", "--labels", "@labels3.idx"}, 0);
        row("export no out", {"export", "@good.idx"}, 2, {}, QStringLiteral("--out"));
        row("export bad colormap", {"export", "@good.idx", "--out", "@e1", "--colormap", "rainbow"}, 2);
        row("export bad scale", {"export", "@good.idx", "--out", "@e1", "--scale", "0"}, 2);
        row("export bad window", {"export", "@good.idx", "--out", "@e1", "--window", "5:1"}, 2);
        row("export bad axes syntax", {"export", "@cube.idx", "--out", "@e1", "--axes", "1"}, 2);
        row("export axis 0", {"export", "@cube.idx", "--out", "@e1", "--axes", "0,2"}, 2);
        row("export same axis twice", {"export", "@cube.idx", "--out", "@e1", "--axes", "2,2"}, 2);
        row("export axis past the end", {"export", "@cube.idx", "--out", "@e1", "--axes", "1,4"}, 2);
        row("export axes on 1-D", {"export", "@labels3.idx", "--out", "@e1", "--axes", "1,2"}, 2);
        row("export bad range", {"export", "@good.idx", "--out", "@e1", "--records", "0:9"}, 2);
        row("export gap without grid", {"export", "@good.idx", "--out", "@e1", "--gap", "2"}, 2);
        row("export grid zero", {"export", "@good.idx", "--out", "@s.png", "--grid", "0"}, 2);
        row("export truncated", {"export", "@truncated.idx", "--out", "@e2"}, 1, "@truncated.idx");
        row("export missing", {"export", "@missing.idx", "--out", "@e2"}, 1, "@missing.idx");
        row("export labels mismatch", {"export", "@good.idx", "--out", "@e2", "--labels", "@labels4.idx"}, 1,
            "@labels4.idx");
        row("export grid onto folder", {"export", "@good.idx", "--out", "@folder", "--grid", "2"}, 1,
            "@folder");
        row("convert one arg", {"convert", "@good.idx"}, 2);
        row("convert three args", {"convert", "@good.idx", "@a", "@b"}, 2);
        row("convert truncated", {"convert", "@truncated.idx", "@c1.idx"}, 1, "@truncated.idx");
        row("convert bad magic", {"convert", "@badmagic.idx", "@c1.npy"}, 1, "@badmagic.idx");
        row("convert bad range", {"convert", "@good.idx", "@c1.idx", "--records", "1:0"}, 2);
        row("convert into folder", {"convert", "@good.idx", "@folder"}, 1, "@folder");
        row("validate none", {"validate"}, 2);
        row("validate good", {"validate", "@good.idx", "@good.idx.gz"}, 0);
        row("validate mixed", {"validate", "@good.idx", "@truncated.idx"}, 1);
        row("thumbnail no size", {"thumbnail", "@good.idx", "@t0.png"}, 2);
        row("thumbnail bad size", {"thumbnail", "--size", "x", "@good.idx", "@t0.png"}, 2);
        row("thumbnail text", {"thumbnail", "--size", "64", "@text.idx", "@t1.png"}, 1, "@text.idx");
        row("thumbnail missing", {"thumbnail", "--size", "64", "@missing.idx", "@t1.png"}, 1, "@missing.idx");
        row("thumbnail folder", {"thumbnail", "--size", "64", "@folder", "@t1.png"}, 1, "@folder");
    }

    void exitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, errFile);
        QFETCH(QString, errContains);
        const Run r = runCli(inDir(m_dir, args));
        QVERIFY(r.started);
        QVERIFY2(r.exitCode == exitCode,
                 qPrintable(QStringLiteral("exit %1, stderr: %2").arg(r.exitCode).arg(r.errText())));
        if (!errFile.isEmpty()) {
            const QString file = inDir(m_dir, {errFile}).first();
            QVERIFY2(r.errText().startsWith(errorPrefix(file)), qPrintable(r.errText()));
            QVERIFY(r.errText().size() > errorPrefix(file).size() + 2); // a reason follows
        }
        if (!errContains.isEmpty()) {
            const QString expected = errContains.replace(QLatin1Char('@'), m_dir.path() + QLatin1Char('/'));
            QVERIFY2(r.errText().contains(expected), qPrintable(r.errText()));
        }
        if (exitCode == 2)
            QVERIFY2(r.errText().contains(QStringLiteral("--help")), qPrintable(r.errText()));
        if (exitCode == 0 && args.contains(QStringLiteral("--help")))
            QVERIFY(r.outText().startsWith(QStringLiteral("Usage: idxscope-cli")));
    }

    void noOutputOnFailure()
    {
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("t1.png"))));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("c1.idx"))));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("c1.npy"))));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("e1"))));
    }

    // ---- info --json for every dtype and container ----
    void infoJson_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<int>("wrap");
        for (const DType t :
             {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Float32, DType::Float64})
            for (const fx::Wrap w : {fx::Wrap::Raw, fx::Wrap::Gzip, fx::Wrap::GzipMulti, fx::Wrap::Xz})
                QTest::addRow("%s %s", qPrintable(idx::dtypeName(t)), fx::wrapName(w)) << int(t) << int(w);
    }

    void infoJson()
    {
        QFETCH(int, code);
        QFETCH(int, wrap);
        const auto t = DType(code);
        const std::vector<quint64> dims{20, 6, 7};
        std::vector<double> values(20 * 6 * 7);
        for (size_t i = 0; i < values.size(); ++i) // small magnitudes: unmistakably big-endian
            values[i] = double(i % 97) - (idx::isSigned(t) ? 40 : 0) + (idx::isFloat(t) ? 0.25 : 0);
        const QString path = put(QStringLiteral("info-%1-%2.idx").arg(code).arg(wrap),
                                 fx::wrap(fx::idxBytes(t, dims, values), fx::Wrap(wrap)));
        const Run r = runCli({QStringLiteral("info"), QStringLiteral("--json"), path});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &pe);
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(r.outText()));
        QVERIFY(doc.isObject());
        const QJsonObject o = doc.object();
        const char* containers[] = {"raw", "gzip", "gzip", "xz"};
        QCOMPARE(o.value(QStringLiteral("file")).toString(), QDir::toNativeSeparators(path));
        QCOMPARE(o.value(QStringLiteral("container")).toString(), QLatin1String(containers[wrap]));
        QCOMPARE(o.value(QStringLiteral("type_code")).toInt(), code);
        QCOMPARE(o.value(QStringLiteral("dtype")).toString(), idx::dtypeName(t));
        QCOMPARE(o.value(QStringLiteral("dims")).toArray(), (QJsonArray{20, 6, 7}));
        QCOMPARE(o.value(QStringLiteral("element_size")).toInt(), idx::elementSize(t));
        QCOMPARE(o.value(QStringLiteral("header_bytes")).toInt(), 16);
        QCOMPARE(o.value(QStringLiteral("data_bytes")).toInteger(),
                 qint64(values.size()) * idx::elementSize(t));
        QCOMPARE(o.value(QStringLiteral("trailing_bytes")).toInteger(), 0);
        QCOMPARE(o.value(QStringLiteral("byte_order")).toString(), QStringLiteral("big"));
        QVERIFY(o.contains(QStringLiteral("companion")));
        QVERIFY(o.value(QStringLiteral("companion")).isNull());
        QVERIFY(o.value(QStringLiteral("warnings")).isArray());
        QCOMPARE(o.value(QStringLiteral("warnings")).toArray().size(), 0);
    }

    void infoJsonWarningsAndOrder()
    {
        // Trailing bytes: a warning, exit 0, counted.
        Run r = runCli({QStringLiteral("info"), QStringLiteral("--json"),
                        m_dir.filePath(QStringLiteral("trailing.idx"))});
        QCOMPARE(r.exitCode, 0);
        QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("trailing_bytes")).toInteger(), 3);
        QCOMPARE(o.value(QStringLiteral("warnings")).toArray().size(), 1);

        // int16 data written little-endian behind the big-endian header: suspected, a warning, still exit 0.
        std::vector<double> values(20 * 6 * 7);
        for (size_t i = 0; i < values.size(); ++i)
            values[i] = double(i % 97);
        const QString le = put(QStringLiteral("le.idx"),
                               fx::idxBytes(DType::Int16, {20, 6, 7}, values, idx::ByteOrder::Little));
        r = runCli({QStringLiteral("info"), QStringLiteral("--json"), le});
        QCOMPARE(r.exitCode, 0);
        o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("byte_order")).toString(), QStringLiteral("little"));
        QVERIFY(o.value(QStringLiteral("warnings")).toArray().size() >= 1);
    }

    void infoJsonSeveralAndCompanion()
    {
        QTemporaryDir dir;
        const QString images =
            fx::writeFile(dir, QStringLiteral("x-images-idx3-ubyte"), fx::idxSample(DType::UInt8, {3, 2, 2}));
        const QString labels = fx::writeFile(dir, QStringLiteral("x-labels-idx1-ubyte.gz"),
                                             fx::gzip(fx::idxBytes(DType::UInt8, {3}, {0, 1, 2})));
        const Run r = runCli({QStringLiteral("info"), QStringLiteral("--json"), images, labels});
        QCOMPARE(r.exitCode, 0);
        const QJsonDocument doc = QJsonDocument::fromJson(r.out);
        QVERIFY(doc.isArray());
        const QJsonArray a = doc.array();
        QCOMPARE(a.size(), 2);
        QCOMPARE(a[0].toObject().value(QStringLiteral("companion")).toString(),
                 QDir::toNativeSeparators(labels));
        QCOMPARE(a[1].toObject().value(QStringLiteral("companion")).toString(),
                 QDir::toNativeSeparators(images));
        QCOMPARE(a[1].toObject().value(QStringLiteral("container")).toString(), QStringLiteral("gzip"));

        const Run text = runCli({QStringLiteral("info"), images});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.outText().contains(QStringLiteral("3 x 2 x 2")));
        QVERIFY(text.outText().contains(QDir::toNativeSeparators(labels)));
    }

    // ---- validate ----
    void validateLines()
    {
        const QString good = m_dir.filePath(QStringLiteral("good.idx"));
        const QString trailing = m_dir.filePath(QStringLiteral("trailing.idx"));
        const QString truncated = m_dir.filePath(QStringLiteral("truncated.idx"));
        const QString missing = m_dir.filePath(QStringLiteral("missing.idx"));
        const Run r = runCli({QStringLiteral("validate"), good, trailing, truncated, missing});
        QCOMPARE(r.exitCode, 1);
        const QStringList lines = r.outText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0], QDir::toNativeSeparators(good) + QStringLiteral(": OK"));
        QVERIFY2(
            lines[1].startsWith(QDir::toNativeSeparators(trailing) + QStringLiteral(": OK with warnings: ")),
            qPrintable(lines[1]));
        QVERIFY2(lines[2].startsWith(QDir::toNativeSeparators(truncated) + QStringLiteral(": error: ")),
                 qPrintable(lines[2]));
        QVERIFY(lines[3].startsWith(QDir::toNativeSeparators(missing) + QStringLiteral(": error: ")));
    }

    // ---- thumbnail ----
    void thumbnail_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("size");
        QTest::newRow("28x28 grid in 128") << fx::gzip(fx::idxSample(DType::UInt8, {10, 28, 28})) << 128;
        QTest::newRow("28x28 in 16") << fx::idxSample(DType::UInt8, {10, 28, 28}) << 16;
        QTest::newRow("one record") << fx::idxSample(DType::UInt8, {1, 5, 3}) << 64;
        QTest::newRow("float wide") << fx::xz(fx::idxSample(DType::Float32, {2, 10, 300})) << 100;
        QTest::newRow("labels 1-D") << fx::idxSample(DType::UInt8, {50}) << 32;
        QTest::newRow("truncated shows what is there")
            << fx::idxSample(DType::UInt8, {10, 4, 4}).left(8 + 12 + 40) << 48;
    }

    void thumbnail()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, size);
        const QString in = put(QStringLiteral("thumb-in-%1").arg(QTest::currentDataTag()), bytes);
        const QString out = m_dir.filePath(QStringLiteral("thumb-%1.png").arg(QTest::currentDataTag()));
        const Run r =
            runCli({QStringLiteral("thumbnail"), QStringLiteral("--size"), QString::number(size), in, out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        const QImage image(out);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() <= size && image.height() <= size);
        QVERIFY(image.width() >= 1 && image.height() >= 1);
    }

    void thumbnailUri()
    {
        // File managers may pass file: URIs (%u) instead of paths.
        const QString in = m_dir.filePath(QStringLiteral("good.idx.gz"));
        const QString out = m_dir.filePath(QStringLiteral("uri.png"));
        const Run r = runCli({QStringLiteral("thumbnail"), QStringLiteral("-s"), QStringLiteral("32"),
                              QUrl::fromLocalFile(in).toString(), QUrl::fromLocalFile(out).toString()});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QVERIFY(!QImage(out).isNull());
    }

    // ---- the real data set ----
    void realData()
    {
        const QString images = QStringLiteral(IDXSCOPE_FASHION_DIR "/t10k-images-idx3-ubyte.gz");
        const QString labels = QStringLiteral(IDXSCOPE_FASHION_DIR "/t10k-labels-idx1-ubyte.gz");
        if (!QFileInfo::exists(images) || !QFileInfo::exists(labels))
            QFAIL("Fashion-MNIST is missing: install Debian's dataset-fashion-mnist (the build script does)");
        Run r = runCli({QStringLiteral("info"), QStringLiteral("--json"), images});
        QCOMPARE(r.exitCode, 0);
        QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("dims")).toArray(), (QJsonArray{10000, 28, 28}));
        QCOMPARE(o.value(QStringLiteral("dtype")).toString(), QStringLiteral("uint8"));
        QCOMPARE(o.value(QStringLiteral("container")).toString(), QStringLiteral("gzip"));
        QCOMPARE(o.value(QStringLiteral("companion")).toString(), QDir::toNativeSeparators(labels));

        r = runCli(
            {QStringLiteral("stats"), QStringLiteral("--json"), images, QStringLiteral("--labels"), labels});
        QCOMPARE(r.exitCode, 0);
        o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("count")).toInteger(), 7840000);
        QCOMPARE(o.value(QStringLiteral("min")).toDouble(), 0.0);
        QCOMPARE(o.value(QStringLiteral("max")).toDouble(), 255.0);
        const QJsonObject perLabel = o.value(QStringLiteral("per_label")).toObject();
        QCOMPARE(perLabel.size(), 10);
        for (int label = 0; label < 10; ++label)
            QCOMPARE(
                perLabel.value(QString::number(label)).toObject().value(QStringLiteral("count")).toInteger(),
                1000);

        r = runCli({QStringLiteral("validate"), images, labels});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.outText().count(QStringLiteral(": OK\n")), 2);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
