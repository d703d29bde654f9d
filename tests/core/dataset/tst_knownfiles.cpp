// The MNIST family's known files: each recognised from the facts measured on the published file (its type,
// dims and SHA-256 digests, which no test can regenerate without the file), the digests computed over what an
// IDX file stores whatever byte order a view was read in, a file that can be generated (EMNIST Letters'
// sorted test labels) recognised end to end, files with only the shape and class balance of one refused,
// QMNIST's tables without a known digest judged by their column ranges, and the class names of each split
// checked against the dataset's own mapping files.
#include "classnames.h"
#include "dataset.h"
#include "memoryview.h"
#include "qmnistfixture.h"

#include <QCryptographicHash>
#include <QTest>

#include <algorithm>
#include <random>

using namespace idx;

namespace {
QByteArray sha256Hex(const QByteArray& bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

std::vector<double> asValues(const std::vector<int>& v)
{
    return {v.begin(), v.end()};
}

// Labels `first`…`first + classes - 1`, each `each` times, in a fixed shuffled order.
std::vector<double> balanced(int classes, int each, int first = 0, unsigned seed = 7)
{
    std::vector<double> v;
    for (int c = 0; c < classes; ++c)
        v.insert(v.end(), size_t(each), double(first + c));
    std::mt19937 rng(seed);
    std::shuffle(v.begin(), v.end(), rng);
    return v;
}
} // namespace

class TestKnownFiles : public QObject {
    Q_OBJECT
private slots:
    // The facts of every measured file: dims, SHA-256 of the payload as stored and of its first 16 records.
    void everyMeasuredFile_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<std::vector<quint64>>("dims");
        QTest::addColumn<QByteArray>("payload");
        QTest::addColumn<QByteArray>("first16");
        QTest::addColumn<QString>("title");
        const auto row = [](const char* name, DType t, std::vector<quint64> dims, const char* payload,
                            const char* first, const char* title) {
            QTest::newRow(name) << int(t) << dims << QByteArray(payload) << QByteArray(first)
                                << QString::fromUtf8(title);
        };
        const auto u8 = DType::UInt8;
        const auto i32 = DType::Int32;
        row("MNIST train labels", u8, {60000},
            "1feba77c54802fa5339a11837ea4b2866434b83314ec45192930f1df69120c13",
            "0c97416007bd7f947b42059d76d0679072f2a20200b4bb8567da8e5fc9ea6bce", "MNIST, training labels");
        row("MNIST test images", u8, {10000, 28, 28},
            "6d87418db22cc8025d05968bec9bd5c3932904b23485740db143a061a2c9d161",
            "9424743f810dfce42e848da9da58136bb1ab7c0fad7b6d386d9ff257f1e46c2d", "MNIST, test images");
        // Known by their first 16 records only (read from unfinished downloads): no whole digest.
        row("MNIST train images", u8, {60000, 28, 28}, "",
            "b72be252ad746f920c972b6b8f0063d5e8973bb401881405783dff81ca106670", "MNIST, training images");
        row("KMNIST train images", u8, {60000, 28, 28}, "",
            "6e560bab979cee2bf3fd9e110ad90e73df24c1dee842313bcf123b37039cbc67", "KMNIST, training images");
        row("EMNIST Balanced test images", u8, {18800, 28, 28}, "",
            "b7d575535cdf60f3581f457bd133574f93210dcc3c75ef13ef6a8891b7cbf806",
            "EMNIST Balanced, test images");
        row("MNIST test labels", u8, {10000},
            "ddeff807876a9661a1110d45c266c86239a3a1b7d37da0c3716a7a683c852ff5",
            "452e19e44480e0e35d80c493b0699e4d676e58c811cd14ea683f9787a4697e67", "MNIST, test labels");
        row("KMNIST train labels", u8, {60000},
            "691c5342313eaef4a0b4d33645442ae1b98f13bd2066e67b551fdd4972ef71ea",
            "c53ab77fd1b875438ea0d74ef5766743ff2629805747a5a80ed165ab49c18b2e", "KMNIST, training labels");
        row("KMNIST test images", u8, {10000, 28, 28},
            "dc10e73c6e83fb3fb3586eafece217ab6602e7825fa7d49399359bde3fc66f07",
            "14c7452894e0a6127d20467072f4cb17d9695c8968f1fb1293e76196a4e446fd", "KMNIST, test images");
        row("KMNIST test labels", u8, {10000},
            "77d83a49ca5434c5da77399edc7143065cb3a7b0834e2898ea3094e8c2b21a3c",
            "d3bd1c602ce8defbc26554da43a011c66a3770f197f224b51f77475b87a45c81", "KMNIST, test labels");
        row("EMNIST Balanced train labels", u8, {112800},
            "9909d861181d52ebb2b5d06498db211ca04680276c3e597ce66358fc3d93a369",
            "7ddb2d5583c0d6e55280e732881f92a3468cde4d6c1de8808a102c81ac020067",
            "EMNIST Balanced, training labels");
        row("EMNIST Balanced test labels", u8, {18800},
            "3a04035853036eafee72845b4452e8f11459850c039ba8747c4212d15cd25155",
            "1b0244ca4288149f95db7b44042d1c59d3a8b47dfac91b652b32a9e820ab19a0",
            "EMNIST Balanced, test labels");
        row("EMNIST Letters train labels", u8, {124800},
            "0d99903cfb9cfa946e8e96c93075e89b12c678328a2f4085c707533e4d93a43d",
            "5e5d8930b6feba1f25609dc1bc4e2a328ed72040a883f8b1df9221f28984240e",
            "EMNIST Letters, training labels");
        row("EMNIST Letters test labels", u8, {20800},
            "062d118d0459ebc21715245cb2d003ea28c7af7420a1b42c1f0fa61f3afa4da4",
            "cc8cd41cef907c4d216069122c4b89936211361f9050a717a1e37ad1862e952f",
            "EMNIST Letters, test labels");
        row("EMNIST Digits train labels", u8, {240000},
            "5637d7b93354311598843ad5d51152e74516ad3bdc65dcbde6272748827dabb8",
            "c1966d42a5af413194302185570e84d19f88c2e872379dcffe6caa520c6eaac3",
            "EMNIST Digits, training labels");
        row("EMNIST Digits test labels", u8, {40000},
            "6d521d4905127badea13b2415a25efa1abc8a88fcb737355ae43ab8d8d60abbb",
            "08a9c7c477f9ceebe60797c9e80ed345dc5d0274eee93313045bbcef0dbc2ec0", "EMNIST Digits, test labels");
        row("QMNIST train table", i32, {60000, 8},
            "69d38b36ac9b86f1b198ee9b2fa7434a2013be2947fc11b5d8a94beb36d9a1da",
            "88fbf6a4c016f1265e1023406b75009c0f84d2793556b1a536b949c306d65f8d",
            "QMNIST, training label table");
        row("QMNIST test table", i32, {60000, 8},
            "3aee714dbd3fe270d84d9cbcc928d0858cdd5e52022ffca569ac263dadb6276f",
            "dc06564ba82a335298f50a1c1a92049ebac927c6726355b8032415bcb10e487b", "QMNIST, test label table");
        row("QMNIST test labels", u8, {60000},
            "345d044ae3c895fa4a9bb02d95611b705912608481cf5613f70445a1ae95485b",
            "452e19e44480e0e35d80c493b0699e4d676e58c811cd14ea683f9787a4697e67", "QMNIST, test labels");
        row("xnist table", i32, {402953, 8},
            "d556770422073ac750292f93cd4ad6887cb9d3914df601faeeadb47a32ce3ecf",
            "14d07c9e463235da5fa450cfb4396d71b2408198612e134e319d2cb71b582095",
            "QMNIST, NIST (xnist) label table");
    }
    void everyMeasuredFile()
    {
        QFETCH(int, dtype);
        QFETCH(std::vector<quint64>, dims);
        QFETCH(QByteArray, payload);
        QFETCH(QByteArray, first16);
        QFETCH(QString, title);
        const ContentFacts facts{DType(dtype), dims, payload, first16};
        const auto id = identifyByFacts(facts);
        QVERIFY(id);
        QCOMPARE(id->title(), title);
        QVERIFY(!id->evidence.isEmpty());
        const bool emnist = title.startsWith(QStringLiteral("EMNIST"));
        QCOMPARE(id->transposed, emnist);
        QCOMPARE(id->classes, knownClassNames(id->dataset));
        QVERIFY(!id->classes.isEmpty());
        QCOMPARE(id->columns, id->part == DatasetPart::LabelTable ? fx::qmnistColumnNames() : QStringList());

        // One digit of the digest the file is matched by changed, or another record count: not the file.
        const bool images = id->part == DatasetPart::Images;
        ContentFacts other = facts;
        QByteArray& digest = images ? other.firstSha256 : other.payloadSha256;
        digest[5] = digest[5] == '0' ? '1' : '0';
        QVERIFY(!identifyByFacts(other));
        other = facts;
        other.dims[0] += 1;
        QVERIFY(!identifyByFacts(other));
        // Labels and tables are matched by every byte: their first 16 records alone are not enough (QMNIST's
        // test labels begin with all of MNIST's first test labels).
        if (!images) {
            other = facts;
            other.payloadSha256.clear();
            QVERIFY(!identifyByFacts(other));
        }
    }

    // qmnist-test-labels-idx1-ubyte begins with MNIST's 10,000 test labels: the record count and the whole
    // digest tell them apart.
    void qmnistTestLabelsAreNotMnists()
    {
        const QByteArray mnist("ddeff807876a9661a1110d45c266c86239a3a1b7d37da0c3716a7a683c852ff5");
        const QByteArray qmnist("345d044ae3c895fa4a9bb02d95611b705912608481cf5613f70445a1ae95485b");
        const QByteArray first("452e19e44480e0e35d80c493b0699e4d676e58c811cd14ea683f9787a4697e67");
        QVERIFY(!identifyByFacts({DType::UInt8, {10000}, qmnist, first}));
        QVERIFY(!identifyByFacts({DType::UInt8, {60000}, mnist, first}));
        QVERIFY(!identifyByFacts({DType::Int8, {10000}, mnist, first}));
        QCOMPARE(identifyByFacts({DType::UInt8, {10000}, mnist, first})->dataset, QStringLiteral("MNIST"));
        QCOMPARE(identifyByFacts({DType::UInt8, {60000}, qmnist, first})->dataset, QStringLiteral("QMNIST"));
    }

    // The digests are those of the bytes an IDX file stores (big-endian), whatever order the view was read
    // in; and only those a known file of the view's type and dims is matched by are computed.
    void factsHashWhatIsStored()
    {
        const std::vector<double> table = fx::sampleValues(DType::Int32, 60000 * 8, 5);
        const QByteArray stored = fx::encodeValues(DType::Int32, table, ByteOrder::Big);
        const ContentFacts big = contentFacts(fx::memoryView(DType::Int32, {60000, 8}, table));
        QCOMPARE(big.payloadSha256, sha256Hex(stored));
        QVERIFY(big.firstSha256.isEmpty()); // tables are matched by every value
        const ContentFacts little =
            contentFacts(fx::memoryView(DType::Int32, {60000, 8}, table, ByteOrder::Little));
        QCOMPARE(little.payloadSha256, sha256Hex(stored));

        const std::vector<double> pixels = fx::sampleValues(DType::UInt8, 10000 * 784, 3);
        const ContentFacts images = contentFacts(fx::memoryView(DType::UInt8, {10000, 28, 28}, pixels));
        QCOMPARE(images.firstSha256,
                 sha256Hex(fx::encodeValues(DType::UInt8,
                                            std::vector<double>(pixels.begin(), pixels.begin() + 16 * 784))));
        QVERIFY(images.payloadSha256.isEmpty());

        // No known file of this shape, or not all of it yet: nothing hashed.
        const ContentFacts odd =
            contentFacts(fx::memoryView(DType::UInt8, {5, 3}, std::vector<double>(15, 1)));
        QCOMPARE(odd.dims, (std::vector<quint64>{5, 3}));
        QVERIFY(odd.payloadSha256.isEmpty() && odd.firstSha256.isEmpty());
        const ContentFacts part =
            contentFacts(fx::memoryView(DType::Int32, {60000, 8}, table, ByteOrder::Big, 1000));
        QVERIFY(part.payloadSha256.isEmpty());
    }

    // EMNIST Letters' test labels are sorted (800 of each letter in turn): generated, they are the published
    // file, and known as it end to end.
    void generatedEmnistLettersTest()
    {
        std::vector<double> labels;
        for (int letter = 1; letter <= 26; ++letter)
            labels.insert(labels.end(), 800, double(letter));
        const TensorView view = fx::memoryView(DType::UInt8, {20800}, labels);
        QCOMPARE(contentFacts(view).payloadSha256,
                 QByteArray("062d118d0459ebc21715245cb2d003ea28c7af7420a1b42c1f0fa61f3afa4da4"));
        const auto id = identifyDataset(view);
        QVERIFY(id);
        QCOMPARE(id->title(), QStringLiteral("EMNIST Letters, test labels"));
        QVERIFY(id->transposed);
        QCOMPARE(id->classes.caption(1), QStringLiteral("1 · A"));
        QCOMPARE(id->classes.caption(26), QStringLiteral("26 · Z"));
        QCOMPARE(id->evidence, QStringLiteral("every label matches the published file's"));
        const auto images = datasetOfImages(*id, *Header::make(DType::UInt8, {20800, 28, 28}));
        QVERIFY(images && images->transposed);
        QCOMPARE(images->title(), QStringLiteral("EMNIST Letters, test images"));
        // The same labels read from a little-endian container are the same file.
        QVERIFY(identifyDataset(fx::memoryView(DType::UInt8, {20800}, labels, ByteOrder::Little)));
        // Any other order of the same balanced labels is not.
        std::vector<double> roundRobin;
        for (int round = 0; round < 800; ++round)
            for (int letter = 1; letter <= 26; ++letter)
                roundRobin.push_back(letter);
        QVERIFY(!identifyDataset(fx::memoryView(DType::UInt8, {20800}, roundRobin)));
    }

    // Perfectly balanced labels of a known file's size (KMNIST, EMNIST Balanced, Letters, Digits), even with
    // the published first labels, are not the file; nor is MNIST's class count with its first labels.
    void balanceIsNeverEnough_data()
    {
        QTest::addColumn<std::vector<double>>("labels");
        QTest::newRow("KMNIST training") << balanced(10, 6000);
        QTest::newRow("KMNIST test") << balanced(10, 1000);
        std::vector<double> kmnistHead = balanced(10, 6000);
        const std::vector<int> head{8, 7, 0, 1, 4, 2, 4, 8, 1, 1, 5, 1, 0, 5, 7, 6, 1, 7, 9, 5};
        for (size_t i = 0; i < head.size(); ++i) // KMNIST's first labels, the balance kept
            std::swap(kmnistHead[i],
                      *std::find(kmnistHead.begin() + qsizetype(i), kmnistHead.end(), head[i]));
        QTest::newRow("KMNIST training, its first labels") << kmnistHead;
        QTest::newRow("EMNIST Digits training") << balanced(10, 24000);
        QTest::newRow("EMNIST Digits test") << balanced(10, 4000);
        QTest::newRow("EMNIST Balanced training") << balanced(47, 2400);
        QTest::newRow("EMNIST Balanced test") << balanced(47, 400);
        QTest::newRow("EMNIST Letters training") << balanced(26, 4800, 1);
        QTest::newRow("MNIST training counts and head") << asValues(fx::mnistTrainingClasses());
    }
    void balanceIsNeverEnough()
    {
        QFETCH(std::vector<double>, labels);
        const auto id = identifyDataset(fx::memoryView(DType::UInt8, {quint64(labels.size())}, labels));
        QVERIFY2(!id, qPrintable(id ? id->title() : QString()));
    }

    // A QMNIST table whose digest is not known: every column within QMNIST's ranges, the split told by its
    // classes (MNIST's training labels; MNIST's first test labels), xnist by its rows.
    void qmnistTableByRanges_data()
    {
        QTest::addColumn<std::vector<int>>("classes");
        QTest::addColumn<bool>("xnist");
        QTest::addColumn<QString>("title");
        QTest::newRow("test") << fx::classesBeginning(fx::mnistTestHead(), 60000) << false
                              << QStringLiteral("QMNIST, test label table");
        QTest::newRow("training") << fx::mnistTrainingClasses() << false
                                  << QStringLiteral("QMNIST, training label table");
        QTest::newRow("xnist") << fx::classesBeginning({}, 402953) << true
                               << QStringLiteral("QMNIST, NIST (xnist) label table");
        QTest::newRow("other classes") << fx::classesBeginning({}, 60000) << false << QString();
    }
    void qmnistTableByRanges()
    {
        QFETCH(std::vector<int>, classes);
        QFETCH(bool, xnist);
        QFETCH(QString, title);
        const std::vector<quint64> dims{quint64(classes.size()), 8};
        std::vector<double> table = fx::qmnistTableValues(classes, xnist);
        const auto id = identifyDataset(fx::memoryView(DType::Int32, dims, table));
        if (title.isEmpty()) {
            QVERIFY(!id);
            return;
        }
        QVERIFY(id);
        QCOMPARE(id->title(), title);
        QCOMPARE(id->columns, fx::qmnistColumnNames());
        QCOMPARE(columnNamesOf(id, *Header::make(DType::Int32, dims)), fx::qmnistColumnNames());
        QVERIFY(columnNamesOf(id, *Header::make(DType::Int32, {dims[0], 4, 2})).isEmpty());
        QVERIFY(id->evidence.contains(QStringLiteral("range")));
        // The images beside it are known through it, without its columns.
        const auto images = datasetOfImages(*id, *Header::make(DType::UInt8, {dims[0], 28, 28}));
        QVERIFY(images);
        QCOMPARE(images->title(),
                 QString(title).replace(QStringLiteral("label table"), QStringLiteral("images")));
        QVERIFY(images->columns.isEmpty());
        QCOMPARE(images->classes.size(), 10);
        // Read little-endian (a .npy of it), the same values: the same table.
        QVERIFY(identifyDataset(fx::memoryView(DType::Int32, dims, table, ByteOrder::Little)));
        // One value outside its column's range anywhere: not claimed (the class code: another class's).
        const size_t row = 12345 * 8;
        const double otherCode = 30 + double((int(table[row]) + 1) % 10);
        for (const auto& [column, value] : std::vector<std::pair<int, double>>{
                 {0, 10}, {1, xnist ? 8 : 2}, {2, xnist ? 4100 : 1000}, {3, 150}, {4, otherCode}, {7, 1}}) {
            std::vector<double> bad = table;
            bad[row + size_t(column)] = value;
            QVERIFY2(!identifyDataset(fx::memoryView(DType::Int32, dims, bad)),
                     qPrintable(QString::number(column)));
        }
        std::vector<double> duplicate = table; // only xnist's digits have duplicates
        duplicate[row + 6] = 7;
        QCOMPARE(bool(identifyDataset(fx::memoryView(DType::Int32, dims, duplicate))), xnist);
    }

    // The names each split's mapping file gives (emnist-*-mapping.txt: "label code-point …", read as
    // ClassNames reads such files) and KMNIST's class map are the names known for the dataset.
    void namesOfEachSplit_data()
    {
        QTest::addColumn<QString>("dataset");
        QTest::addColumn<QByteArray>("mapping");
        const auto mapping = [](int first, const std::vector<int>& codes) {
            QByteArray text;
            for (size_t k = 0; k < codes.size(); ++k)
                text += QByteArray::number(first + int(k)) + ' ' + QByteArray::number(codes[k]) + "\r\n";
            return text;
        };
        const auto run = [](int from, int to) {
            std::vector<int> out;
            for (int c = from; c <= to; ++c)
                out.push_back(c);
            return out;
        };
        const auto join = [](std::vector<int> a, const std::vector<int>& b) {
            a.insert(a.end(), b.begin(), b.end());
            return a;
        };
        const std::vector<int> merged =
            join(join(run(48, 57), run(65, 90)), {97, 98, 100, 101, 102, 103, 104, 110, 113, 114, 116});
        QTest::newRow("ByClass") << QStringLiteral("EMNIST ByClass")
                                 << mapping(0, join(join(run(48, 57), run(65, 90)), run(97, 122)));
        QTest::newRow("ByMerge") << QStringLiteral("EMNIST ByMerge") << mapping(0, merged);
        QTest::newRow("Balanced") << QStringLiteral("EMNIST Balanced") << mapping(0, merged);
        QTest::newRow("Letters") << QStringLiteral("EMNIST Letters") << mapping(1, run(65, 90));
        QTest::newRow("Digits") << QStringLiteral("EMNIST Digits") << mapping(0, run(48, 57));
        QTest::newRow("MNIST split") << QStringLiteral("EMNIST MNIST") << mapping(0, run(48, 57));
        QTest::newRow("MNIST") << QStringLiteral("MNIST") << mapping(0, run(48, 57));
        QTest::newRow("QMNIST") << QStringLiteral("QMNIST") << mapping(0, run(48, 57));
    }
    void namesOfEachSplit()
    {
        QFETCH(QString, dataset);
        QFETCH(QByteArray, mapping);
        QString error;
        const ClassNames fromFile = ClassNames::parse(mapping, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(knownClassNames(dataset), fromFile);
    }

    void kmnistClassMap()
    {
        // kmnist_classmap.csv: index, code point, character.
        const char32_t codes[] = {0x304A, 0x304D, 0x3059, 0x3064, 0x306A,
                                  0x306F, 0x307E, 0x3084, 0x308C, 0x3092};
        const QStringList romanised{QStringLiteral("o"),   QStringLiteral("ki"), QStringLiteral("su"),
                                    QStringLiteral("tsu"), QStringLiteral("na"), QStringLiteral("ha"),
                                    QStringLiteral("ma"),  QStringLiteral("ya"), QStringLiteral("re"),
                                    QStringLiteral("wo")};
        const ClassNames names = knownClassNames(QStringLiteral("KMNIST"));
        QCOMPARE(names.size(), 10);
        for (int k = 0; k < 10; ++k)
            QCOMPARE(names.name(k), QString::fromUcs4(&codes[k], 1) + QLatin1Char(' ') + romanised.at(k));
        QVERIFY(knownClassNames(QStringLiteral("Nothing")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestKnownFiles)
#include "tst_knownfiles.moc"
