// The CLI's read options both ways: openArguments writes OpenOptions as --type, --byte-order and
// --ignore-trailing, and CommandLine::addReadOptions reads them back: every combination of options survives
// the round trip (a whole-file little-endian reading through the loader, which finds the reversed header
// itself), and bad values are usage errors.
#include "commandline.h"
#include "fixtures.h"
#include "loadedfile.h"

#include <QTemporaryDir>
#include <QTest>

using namespace idx;
using namespace idx::cli;

Q_DECLARE_METATYPE(idx::OpenOptions)

namespace {

// Parses `arguments` after "idxscope-cli read" with the read options; the exit status when parse stops.
std::optional<int> parseRead(CommandLine& cl, const QStringList& arguments)
{
    cl.addReadOptions();
    return cl.parse(QStringList{QStringLiteral("idxscope-cli"), QStringLiteral("read")} + arguments, 0, 0);
}

// Every OpenOptions: no type or each stored type, either data order, whole file little-endian or not,
// trailing bytes ignored or not.
std::vector<OpenOptions> allOptions()
{
    std::vector<std::optional<StoredType>> types{std::nullopt};
    for (int t = int(StoredType::UInt8); t <= int(StoredType::Bool); ++t)
        types.push_back(StoredType(t));
    std::vector<OpenOptions> all;
    for (const auto& type : types)
        for (ByteOrder order : {ByteOrder::Big, ByteOrder::Little})
            for (bool wholeFile : {false, true})
                for (bool ignoreTrailing : {false, true}) {
                    OpenOptions o;
                    o.elementType = type;
                    o.dataOrder = order;
                    o.littleEndianFile = wholeFile;
                    o.ignoreTrailing = ignoreTrailing;
                    all.push_back(o);
                }
    return all;
}

QString name(const OpenOptions& o)
{
    return QStringLiteral("%1 %2%3%4")
        .arg(o.elementType ? storedTypeName(*o.elementType) : QStringLiteral("as-declared"),
             o.dataOrder == ByteOrder::Little ? QStringLiteral("little") : QStringLiteral("big"),
             o.littleEndianFile ? QStringLiteral(" whole-file") : QString(),
             o.ignoreTrailing ? QStringLiteral(" ignore-trailing") : QString());
}

} // namespace

class TestReadOptions : public QObject {
    Q_OBJECT

private slots:
    void openArguments_data()
    {
        QTest::addColumn<OpenOptions>("options");
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("byteOrder");
        OpenOptions o;
        QTest::newRow("default") << o << QStringList() << QStringLiteral("big");
        o.elementType = StoredType::Float64;
        o.dataOrder = ByteOrder::Little;
        o.ignoreTrailing = true;
        QTest::newRow("all three") << o
                                   << QStringList{"--type", "float64", "--byte-order", "little",
                                                  "--ignore-trailing"}
                                   << QStringLiteral("little");
        OpenOptions le;
        le.littleEndianFile = true;
        QTest::newRow("whole file little-endian")
            << le << QStringList{"--byte-order", "little"} << QStringLiteral("little");
        OpenOptions widened;
        widened.elementType = StoredType::UInt16;
        QTest::newRow("a widened type")
            << widened << QStringList{"--type", "uint16"} << QStringLiteral("big");
        OpenOptions trailing;
        trailing.ignoreTrailing = true;
        QTest::newRow("trailing only")
            << trailing << QStringList{"--ignore-trailing"} << QStringLiteral("big");
    }
    void openArguments()
    {
        QFETCH(OpenOptions, options);
        QFETCH(QStringList, arguments);
        QFETCH(QString, byteOrder);
        QCOMPARE(idx::cli::openArguments(options), arguments);
        QCOMPARE(byteOrderArgument(options), byteOrder);
    }

    // What openArguments writes, the read options read back as the same options. A whole-file little-endian
    // reading is asked for as "--byte-order little" (the loader sees the reversed header), so the parser
    // gives the little-endian data order and the loader the whole-file reading.
    void roundTrip()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString reversed =
            fx::writeFile(dir, QStringLiteral("reversed.idx"),
                          fx::reversedHeader(0x0B, {2, 2}) +
                              fx::encodeValues(DType::Int16, {1, 2, 3, 4}, ByteOrder::Little));
        QVERIFY(!reversed.isEmpty());
        int wholeFile = 0;
        for (const OpenOptions& o : allOptions()) {
            CommandLine cl(QStringLiteral("read"), QString(), QString());
            const QStringList arguments = idx::cli::openArguments(o);
            QVERIFY2(!parseRead(cl, arguments), qPrintable(name(o)));
            OpenOptions expected = o;
            if (o.littleEndianFile) {
                expected.dataOrder = ByteOrder::Little;
                expected.littleEndianFile = false;
            }
            QVERIFY2(cl.openOptions() == expected,
                     qPrintable(name(o) + QStringLiteral(": ") + arguments.join(QLatin1Char(' '))));
            if (o.littleEndianFile) {
                const LoadedFile f = loadFile(reversed, cl.openOptions());
                expected.littleEndianFile = true;
                QVERIFY2(f.file->options() == expected, qPrintable(name(o)));
                ++wholeFile;
            }
        }
        QCOMPARE(wholeFile, 13 * 2 * 2); // every type (and none), either order, trailing ignored or not
    }

    // Values are read case-insensitively and trimmed, as people type them.
    void lenientValues()
    {
        CommandLine cl(QStringLiteral("read"), QString(), QString());
        QVERIFY(!parseRead(cl, {"--type", " Float32 ", "--byte-order", "LITTLE"}));
        QCOMPARE(cl.openOptions().elementType, std::optional(StoredType::Float32));
        QCOMPARE(cl.openOptions().dataOrder, ByteOrder::Little);
        CommandLine big(QStringLiteral("read"), QString(), QString());
        QVERIFY(!parseRead(big, {"--byte-order", "big"}));
        QVERIFY(big.openOptions().isDefault());
    }

    void badValuesAreUsageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("unknown type") << QStringList{"--type", "complex64"};
        QTest::newRow("empty type") << QStringList{"--type", ""};
        QTest::newRow("middle-endian") << QStringList{"--byte-order", "middle"};
        QTest::newRow("empty order") << QStringList{"--byte-order", ""};
    }
    void badValuesAreUsageErrors()
    {
        QFETCH(QStringList, arguments);
        CommandLine cl(QStringLiteral("read"), QString(), QString());
        QCOMPARE(parseRead(cl, arguments), std::optional<int>(Usage));
    }
};

QTEST_GUILESS_MAIN(TestReadOptions)
#include "tst_readoptions.moc"
