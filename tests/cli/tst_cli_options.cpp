// The options several idxscope-cli commands share, checked in every command that takes them: the read
// options, --records, integer options and their ranges, options that need another, required ones, --labels
// (loaded, checked against the images, its warnings and repair hints), --class-names, and the files the
// commands write (a folder where a file goes, an existing file without --overwrite). A usage error names
// the problem and exits 2; a file error names the file and exits 1.
#include "clitest.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace clitest;
using idx::DType;

namespace {
const QString kUsagePrefix = QStringLiteral("idxscope-cli: error: ");

// The arguments every command needs besides the one under test (its files and --out).
QStringList base(const QString& command)
{
    static const QHash<QString, QStringList> args{
        {"info", {"@good.idx"}},
        {"validate", {"@good.idx"}},
        {"stats", {"@good.idx"}},
        {"export", {"@good.idx", "--out", "@e"}},
        {"sprite", {"@good.idx", "--out", "@s"}},
        {"convert", {"@good.idx", "@c.idx"}},
        {"repair", {"@good.idx", "@r.idx"}},
        {"diff", {"@good.idx", "@good.idx"}},
        {"map", {"@good.idx", "--out", "@m.csv"}},
        {"audit", {"@good.idx", "--no-cache"}},
    };
    return QStringList{command} + args.value(command);
}
} // namespace

class TestCliOptions : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    Run run(const QStringList& args) { return runCli(inDir(m_dir, args)); }
    void put(const QString& name, const QByteArray& bytes)
    {
        if (fx::writeFile(m_dir, name, bytes).isEmpty())
            qFatal("cannot write fixture %s", qPrintable(name));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFileInfo(cliPath()).isExecutable(),
                 qPrintable(cliPath() + QStringLiteral(" is not built")));
        put(QStringLiteral("good.idx"), fx::idxSample(DType::UInt8, {3, 4, 4}));
        put(QStringLiteral("labels3.idx"), fx::idxBytes(DType::UInt8, {3}, {1, 2, 1}));
        put(QStringLiteral("labels4.idx"), fx::idxBytes(DType::UInt8, {4}, {1, 2, 1, 0}));
        put(QStringLiteral("trailing-labels.idx"), fx::idxBytes(DType::UInt8, {3}, {1, 2, 1}) + "\x07");
        put(QStringLiteral("reversed-labels.idx"),
            fx::reversedHeader(0x08, {3}) + fx::encodeValues(DType::UInt8, {1, 2, 1}));
        put(QStringLiteral("classes.txt"), "zero\none\ntwo\n");
        put(QStringLiteral("empty.txt"), QByteArray());
        put(QStringLiteral("existing.png"), "not a PNG");
        put(QStringLiteral("a.npy"),
            QByteArray("\x93NUMPY\x01\x00\x76\x00", 10) +
                QByteArray("{'descr': '|u1', 'fortran_order': False, 'shape': (4,), }")
                    .leftJustified(117, ' ') +
                "\n\x01\x02\x03\x04");
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("folder")));
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("pngs")));
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("sprites")));
        put(QStringLiteral("sprites/sprite.png"), "old");
    }

    // ---- usage errors: exit 2, "idxscope-cli: error: MESSAGE" and where --help is ----
    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        auto row = [](const QString& name, const QStringList& args, const QString& message) {
            QTest::newRow(qPrintable(name)) << args << message;
        };
        row("no arguments", {"info"}, QStringLiteral("missing arguments"));
        row("too few arguments", {"convert", "@good.idx"}, QStringLiteral("too few arguments"));
        row("an argument too many", {"stats", "@good.idx", "extra"},
            QStringLiteral("unexpected argument 'extra'"));
        const QString badType =
            QStringLiteral("--type wants uint8, int8, int16, int32, float32, float64, or one shown widened: "
                           "uint16, uint32, int64, uint64, float16, bool; not 'complex64'");
        for (const char* c : {"info", "validate", "stats", "export", "sprite", "convert", "repair", "diff"}) {
            const QString cmd = QLatin1String(c);
            row(cmd + QStringLiteral(" --type"), base(cmd) + QStringList{"--type", "complex64"}, badType);
            row(cmd + QStringLiteral(" --byte-order"), base(cmd) + QStringList{"--byte-order", "middle"},
                QStringLiteral("--byte-order wants 'little' or 'big', not 'middle'"));
        }
        for (const char* c : {"stats", "export", "sprite", "convert"}) {
            const QString cmd = QLatin1String(c);
            row(cmd + QStringLiteral(" records malformed"), base(cmd) + QStringList{"--records", "a:b"},
                QStringLiteral("'a:b' is not a record range (A:B, :B, A: or an index)"));
            row(cmd + QStringLiteral(" records reversed"), base(cmd) + QStringList{"--records", "2:1"},
                QStringLiteral("the record range 2:1 ends before it starts"));
            row(cmd + QStringLiteral(" records outside"), base(cmd) + QStringList{"--records", "1:9"},
                QStringLiteral("the record range 1:9 is outside the file's records 0:3"));
        }
        const auto range = [](const char* option, qint64 min, qint64 max, const char* value) {
            return QStringLiteral("--%1 wants a whole number from %2 to %3, not '%4'")
                .arg(QLatin1String(option))
                .arg(min)
                .arg(max)
                .arg(QLatin1String(value));
        };
        row("export --scale", base("export") + QStringList{"--scale", "0"}, range("scale", 1, 64, "0"));
        row("sprite --scale", base("sprite") + QStringList{"--scale", "65"}, range("scale", 1, 64, "65"));
        row("export --grid", base("export") + QStringList{"--grid", "0"}, range("grid", 1, 100000, "0"));
        row("export --gap", base("export") + QStringList{"--grid", "2", "--gap", "-1"},
            range("gap", 0, 1000, "-1"));
        row("stats --bins", base("stats") + QStringList{"--bins", "ten"}, range("bins", 1, 1 << 20, "ten"));
        row("audit --top", base("audit") + QStringList{"--top", "-1"}, range("top", 0, 2147483647, "-1"));
        row("audit --neighbours", base("audit") + QStringList{"--neighbours", "0"},
            range("neighbours", 1, 1000, "0"));
        row("map --neighbours", base("map") + QStringList{"--neighbours", "1001"},
            range("neighbours", 1, 1000, "1001"));
        row("audit --components", base("audit") + QStringList{"--components", "-1"},
            range("components", 0, 1024, "-1"));
        row("map --components", base("map") + QStringList{"--components", "1025"},
            range("components", 0, 1024, "1025"));
        row("map --seed", base("map") + QStringList{"--seed", "-1"},
            range("seed", 0, std::numeric_limits<qint64>::max(), "-1"));
        row("map --epochs", base("map") + QStringList{"--epochs", "0"}, range("epochs", 1, 100000, "0"));
        row("map --size", base("map") + QStringList{"--size", "63"}, range("size", 64, 16384, "63"));
        row("thumbnail --size", {"thumbnail", "--size", "0", "@good.idx", "@t.png"},
            range("size", 1, 4096, "0"));
        row("thumbnail no --size", {"thumbnail", "@good.idx", "@t.png"},
            QStringLiteral("--size is required"));

        const QString classNamesNeedLabels =
            QStringLiteral("--class-names names the labels of --labels: give the labels file too");
        row("stats --class-names alone", base("stats") + QStringList{"--class-names", "@classes.txt"},
            classNamesNeedLabels);
        row("sprite --class-names alone", base("sprite") + QStringList{"--class-names", "@classes.txt"},
            classNamesNeedLabels);
        row("export --name-labels alone", base("export") + QStringList{"--name-labels"},
            QStringLiteral("--name-labels names files by their labels: give the labels file (--labels)"));
        row("export --class-names without --name-labels",
            base("export") + QStringList{"--labels", "@labels3.idx", "--class-names", "@classes.txt"},
            QStringLiteral("--class-names only applies to file names by class (--name-labels)"));
        row("export --gap without --grid", base("export") + QStringList{"--gap", "2"},
            QStringLiteral("--gap only applies to a contact sheet (--grid)"));
        row("export --labels with --grid",
            base("export") + QStringList{"--grid", "2", "--labels", "@labels3.idx"},
            QStringLiteral("--labels does not apply to a contact sheet (--grid)"));
        row("import-png --labels-csv alone", {"import-png", "@pngs", "@i.idx", "--labels-csv", "@l.csv"},
            QStringLiteral("--labels-csv needs --labels-out (the labels file to write)"));
        row("import-png --labels-out empty", {"import-png", "@pngs", "@i.idx", "--labels-out", ""},
            QStringLiteral("--labels-out wants a file name"));
        row("audit --against-labels alone", base("audit") + QStringList{"--against-labels", "@labels3.idx"},
            QStringLiteral("--against-labels names the labels of --against: give the second file too"));
        row("audit --against-labels without --labels",
            base("audit") + QStringList{"--against", "@good.idx", "--against-labels", "@labels3.idx"},
            QStringLiteral(
                "--against-labels judges the second file's labels by the first's: give --labels too"));

        for (const char* c : {"export", "sprite"}) {
            row(QLatin1String(c) + QStringLiteral(" no --out"), {c, "@good.idx"},
                QStringLiteral("--out is required"));
            row(QLatin1String(c) + QStringLiteral(" empty --out"), {c, "@good.idx", "-o", ""},
                QStringLiteral("--out is required"));
        }
        const QString mapOut =
            QStringLiteral("--out COORDS.csv (or .npy) is required: where the coordinates go");
        row("map no --out", {"map", "@good.idx"}, mapOut);
        row("map empty --out", {"map", "@good.idx", "--out", ""}, mapOut);
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(
            r.errText(),
            kUsagePrefix + message +
                QStringLiteral("\nTry 'idxscope-cli %1 --help' for more information.\n").arg(args.first()));
        QVERIFY(r.out.isEmpty());
    }

    // ---- file errors: exit 1, "idxscope-cli: error: FILE: reason" ----
    void fileErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("reason"); // the start of it
        auto row = [](const QString& name, const QStringList& args, const QString& file,
                      const QString& reason) { QTest::newRow(qPrintable(name)) << args << file << reason; };
        for (const char* c : {"stats", "export", "sprite", "map", "audit"}) {
            const QString cmd = QLatin1String(c);
            row(cmd + QStringLiteral(" labels of other records"),
                base(cmd) + QStringList{"--labels", "@labels4.idx"}, "labels4.idx", QString());
            row(cmd + QStringLiteral(" labels missing"), base(cmd) + QStringList{"--labels", "@missing.idx"},
                "missing.idx", QString());
            row(cmd + QStringLiteral(" labels unnamed"), base(cmd) + QStringList{"--labels", ""}, "",
                QString());
        }
        for (const char* c : {"info", "stats", "export", "sprite"}) {
            QStringList args = base(QLatin1String(c));
            if (QLatin1String(c) != QLatin1String("info"))
                args << "--labels"
                     << "@labels3.idx";
            if (QLatin1String(c) == QLatin1String("export"))
                args << "--name-labels";
            row(QLatin1String(c) + QStringLiteral(" class names missing"),
                args + QStringList{"--class-names", "@missing.txt"}, "missing.txt", QString());
            row(QLatin1String(c) + QStringLiteral(" class names empty"),
                args + QStringList{"--class-names", "@empty.txt"}, "empty.txt", QString());
        }
        const QString folder = QStringLiteral("is a folder; give the name of the file to write");
        row("convert into a folder", {"convert", "@good.idx", "@folder"}, "folder", folder);
        row("repair into a folder", {"repair", "@good.idx", "@folder"}, "folder", folder);
        row("import-npy into a folder", {"import-npy", "@a.npy", "@folder"}, "folder", folder);
        row("import-png into a folder", {"import-png", "@pngs", "@folder"}, "folder", folder);
        row("import-png labels into a folder", {"import-png", "@pngs", "@i.idx", "--labels-out", "@folder"},
            "folder", folder);
        const QString exists = QStringLiteral("the file exists already (use --overwrite to replace it)");
        row("export sheet exists", {"export", "@good.idx", "--grid", "2", "--out", "@existing.png"},
            "existing.png", exists);
        row("sprite exists", {"sprite", "@good.idx", "--out", "@sprites"}, "sprites/sprite.png", exists);
        row("export sheet onto a folder", {"export", "@good.idx", "--grid", "2", "--out", "@folder"},
            "folder",
            QStringLiteral("is a folder; --grid writes one image: give a file name such as sheet.png"));
        row("sprite into a file", {"sprite", "@good.idx", "--out", "@existing.png"}, "existing.png",
            QStringLiteral("is a file; --out wants a folder"));
    }
    void fileErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, file);
        QFETCH(QString, reason);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 1);
        const QString path = file.isEmpty() ? QString() : m_dir.filePath(file);
        QVERIFY2(r.errText().startsWith(errorPrefix(path) + QLatin1Char(' ') + reason), r.err.constData());
        QVERIFY2(r.errText().size() > errorPrefix(path).size() + 2, r.err.constData()); // a reason follows
    }

    // The repairs info suggests for a misread file, given as arguments, read it: what openArguments writes
    // is what the read options read, a whole-file little-endian IDX with another type included.
    void suggestedArgumentsReadTheFile_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QStringList>("given"); // the options of the reading that suggests the repair
        QTest::addColumn<QString>("readAs");
        const auto f64 = fx::encodeValues(DType::Float64, fx::coordinates(48), idx::ByteOrder::Little);
        QTest::newRow("a float64 payload declared uint8")
            << fx::rawHeader(0x08, {48}) + fx::encodeValues(DType::Float64, fx::coordinates(48))
            << QStringList() << QStringLiteral("read as float64");
        QTest::newRow("a little-endian payload")
            << fx::idxBytes(DType::Int16, {64}, fx::smallIntegers(64), idx::ByteOrder::Little)
            << QStringList() << QStringLiteral("little-endian payload");
        QTest::newRow("a whole-file little-endian IDX")
            << fx::reversedHeader(0x0B, {48}) +
                   fx::encodeValues(DType::Int16, fx::smallIntegers(48), idx::ByteOrder::Little)
            << QStringList() << QStringLiteral("whole file little-endian");
        QTest::newRow("a whole-file little-endian IDX of float64 declared int16")
            << fx::reversedHeader(0x0B, {48}) + f64 << QStringList{"--byte-order", "little"}
            << QStringLiteral("read as float64 · whole file little-endian");
    }
    void suggestedArgumentsReadTheFile()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QStringList, given);
        QFETCH(QString, readAs);
        put(QStringLiteral("misread.idx"), bytes);
        const Run misread = run(QStringList{"info", "--json", "@misread.idx"} + given);
        QVERIFY2(misread.exitCode == 0 || misread.exitCode == 1, misread.err.constData());
        QStringList arguments; // of the most convincing plausible repair (they come first)
        for (const QJsonValue& r : QJsonDocument::fromJson(misread.out)[QStringLiteral("repairs")].toArray())
            if (r[QStringLiteral("plausible")].toBool() && arguments.isEmpty())
                for (const QJsonValue& a : r[QStringLiteral("arguments")].toArray())
                    arguments << a.toString();
        QVERIFY2(!arguments.isEmpty(), misread.out.constData());
        const Run repaired = run(QStringList{"info", "--json", "@misread.idx"} + arguments);
        QCOMPARE(repaired.exitCode, 0);
        const QJsonValue info = QJsonDocument::fromJson(repaired.out).object();
        QCOMPARE(info[QStringLiteral("read_as")].toString(), readAs);
    }

    // --overwrite lets the commands replace what they refuse to without it.
    void overwrite()
    {
        const Run sheet =
            run({"export", "@good.idx", "--grid", "2", "--out", "@existing.png", "--overwrite"});
        QCOMPARE(sheet.exitCode, 0);
        QVERIFY(readAll(m_dir.filePath(QStringLiteral("existing.png"))).startsWith("\x89PNG"));
        const Run sprite = run({"sprite", "@good.idx", "--out", "@sprites", "--overwrite"});
        QCOMPARE(sprite.exitCode, 0);
        QVERIFY(readAll(m_dir.filePath(QStringLiteral("sprites/sprite.png"))).startsWith("\x89PNG"));
    }

    // A labels file that does not load is named with the reading that would make sense of it (as any file
    // that does not load); one with warnings has them printed, in every command that takes --labels.
    void labelsHintsAndWarnings_data()
    {
        QTest::addColumn<QString>("command");
        for (const char* c : {"stats", "export", "sprite", "map", "audit"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }
    void labelsHintsAndWarnings()
    {
        QFETCH(QString, command);
        const QString reversed = m_dir.filePath(QStringLiteral("reversed-labels.idx"));
        const Run bad = run(base(command) + QStringList{"--labels", "@reversed-labels.idx"});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.errText().startsWith(errorPrefix(reversed)), bad.err.constData());
        QVERIFY2(bad.errText().contains(
                     QStringLiteral("idxscope-cli: hint: %1: --byte-order little: ").arg(reversed)),
                 bad.err.constData());

        const QString trailing = m_dir.filePath(QStringLiteral("trailing-labels.idx"));
        QStringList args = base(command) + QStringList{"--labels", "@trailing-labels.idx"};
        if (command == QLatin1String("export") || command == QLatin1String("sprite"))
            args << "--overwrite"; // the rows of every other test may have written there
        const Run warned = run(args);
        QCOMPARE(warned.exitCode, 0);
        QVERIFY2(warned.errText().startsWith(QStringLiteral("idxscope-cli: warning: %1: ").arg(trailing)),
                 warned.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "tst_cli_options.moc"
