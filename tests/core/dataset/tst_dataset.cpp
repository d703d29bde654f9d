// Knowing the dataset: Debian's real Fashion-MNIST files are recognised as Fashion-MNIST with its ten names;
// files of the same shapes with other content are not claimed; class names read from the forms people keep
// them in (one per line, EMNIST's mapping files, CSV, KMNIST's class map) and written back as a CSV that
// reads the same. (The rest of the MNIST family: tst_knownfiles.)
#include "classnames.h"
#include "dataset.h"
#include "fixtures.h"
#include "idxfile.h"
#include "memoryview.h"

#include <QCryptographicHash>
#include <QTemporaryDir>
#include <QTest>

#include <random>

using namespace idx;

namespace {
QString fashion(const QString& name)
{
    return QStringLiteral(IDXSCOPE_FASHION_DIR "/") + name;
}

// A complete view over bytes held by the caller.
TensorView viewOf(const QByteArray& bytes, DType t, const std::vector<quint64>& dims)
{
    const auto h = Header::make(t, dims);
    auto keep = std::make_shared<QByteArray>(bytes);
    return TensorView(*h, reinterpret_cast<const uchar*>(keep->constData()), quint64(keep->size()), keep);
}
} // namespace

class TestDataset : public QObject {
    Q_OBJECT
private slots:
    void fashionMnistIsKnown_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("part");
        QTest::addColumn<QString>("title");
        QTest::newRow("train images")
            << QStringLiteral("train-images-idx3-ubyte.gz") << int(DatasetPart::Images)
            << QStringLiteral("Fashion-MNIST, training images");
        QTest::newRow("train labels")
            << QStringLiteral("train-labels-idx1-ubyte.gz") << int(DatasetPart::Labels)
            << QStringLiteral("Fashion-MNIST, training labels");
        QTest::newRow("test images") << QStringLiteral("t10k-images-idx3-ubyte.gz")
                                     << int(DatasetPart::Images)
                                     << QStringLiteral("Fashion-MNIST, test images");
        QTest::newRow("test labels") << QStringLiteral("t10k-labels-idx1-ubyte.gz")
                                     << int(DatasetPart::Labels)
                                     << QStringLiteral("Fashion-MNIST, test labels");
    }
    void fashionMnistIsKnown()
    {
        QFETCH(QString, file);
        QFETCH(int, part);
        QFETCH(QString, title);
        const auto f = IdxFile::open(fashion(file));
        QVERIFY(f->load());
        const auto id = identifyDataset(f->view());
        QVERIFY(id.has_value());
        QCOMPARE(int(id->part), part);
        QCOMPARE(id->dataset, QStringLiteral("Fashion-MNIST"));
        QCOMPARE(id->title(), title);
        QVERIFY(!id->transposed);
        QVERIFY(!id->evidence.isEmpty());
        const QStringList names{QStringLiteral("T-shirt/top"), QStringLiteral("Trouser"),
                                QStringLiteral("Pullover"),    QStringLiteral("Dress"),
                                QStringLiteral("Coat"),        QStringLiteral("Sandal"),
                                QStringLiteral("Shirt"),       QStringLiteral("Sneaker"),
                                QStringLiteral("Bag"),         QStringLiteral("Ankle boot")};
        QCOMPARE(id->classes.byValue(), names);
        QCOMPARE(id->classes.caption(9), QStringLiteral("9 · Ankle boot"));
        QCOMPARE(id->classes.fileSafeName(9), QStringLiteral("Ankle-boot"));
        QCOMPARE(id->classes.fileSafeName(0), QStringLiteral("T-shirt-top"));
        // An images file labelled by these labels gets their names, and says why.
        if (id->part == DatasetPart::Labels) {
            const auto images =
                datasetOfImages(*id, *Header::make(DType::UInt8, {f->header().dims[0], 28, 28}));
            QVERIFY(images);
            QCOMPARE(images->part, DatasetPart::Images);
            QCOMPARE(images->classes, id->classes);
            QVERIFY2(images->evidence.contains(QStringLiteral("labels")), qPrintable(images->evidence));
        }
    }

    // The right shape and even the right class counts, other content: not claimed.
    void lookalikesAreNotClaimed()
    {
        const auto real = IdxFile::open(fashion(QStringLiteral("train-labels-idx1-ubyte.gz")));
        QVERIFY(real->load());
        QByteArray labels(reinterpret_cast<const char*>(real->view().data()), 60000);
        QVERIFY(identifyDataset(viewOf(labels, DType::UInt8, {60000})));
        std::mt19937 rng(7);
        std::shuffle(labels.begin(), labels.end(), rng); // 6,000 of each class, in another order
        QVERIFY(!identifyDataset(viewOf(labels, DType::UInt8, {60000})));
        labels[0] = char(labels[0] == 1 ? 2 : 1);
        QVERIFY(!identifyDataset(viewOf(labels, DType::UInt8, {60000})));

        const auto images = IdxFile::open(fashion(QStringLiteral("t10k-images-idx3-ubyte.gz")));
        QVERIFY(images->load());
        QByteArray pixels(reinterpret_cast<const char*>(images->view().data()), 10000 * 784);
        QVERIFY(identifyDataset(viewOf(pixels, DType::UInt8, {10000, 28, 28})));
        pixels[5 * 784 + 400] = char(pixels[5 * 784 + 400] ^ 1); // one pixel of the sixth image
        QVERIFY(!identifyDataset(viewOf(pixels, DType::UInt8, {10000, 28, 28})));
        // Incomplete views are never judged.
        const auto cut = Header::make(DType::UInt8, {60000});
        auto keep =
            std::make_shared<QByteArray>(QByteArray(reinterpret_cast<const char*>(real->view().data()), 100));
        QVERIFY(
            !identifyDataset(TensorView(*cut, reinterpret_cast<const uchar*>(keep->constData()), 100, keep)));
        // Other types and shapes.
        QVERIFY(!identifyDataset(viewOf(QByteArray(16, '\0'), DType::Int16, {8})));
    }

    void parseForms_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("byValue");
        QTest::newRow("one per line")
            << QByteArray("zero\none\n\nthree\n") << QStringList{"zero", "one", "", "three"};
        QTest::newRow("CRLF, BOM, blanks")
            << QByteArray("\xef\xbb\xbf  cat \r\ndog\r\n\r\n") << QStringList{"cat", "dog"};
        QTest::newRow("EMNIST mapping")
            << QByteArray("0 48\n1 49\n2 65 97\n3 100\n") << QStringList{"0", "1", "A", "d"};
        QTest::newRow("EMNIST letters (from 1)")
            << QByteArray("1 65 97\n2 66 98\n") << QStringList{"", "A", "B"};
        QTest::newRow("CSV with header") << QByteArray("label,name\n1,Trouser\n0,\"T-shirt, top\"\n")
                                         << QStringList{"T-shirt, top", "Trouser"};
        QTest::newRow("CSV without header")
            << QByteArray("0,cat\n2,bird\n") << QStringList{"cat", "", "bird"};
        QTest::newRow("KMNIST class map")
            << QByteArray("index,codepoint,char\n0,U+304A,\xe3\x81\x8a\n1,U+304D,\xe3\x81\x8d\n")
            << QStringList{QStringLiteral("\u304A"), QStringLiteral("\u304D")};
        QTest::newRow("names with commas, one per line")
            << QByteArray("a, b\nc, d\n") << QStringList{"a, b", "c, d"};
        // Files joined with cat: the second one's byte-order mark is not part of its first name.
        QTest::newRow("a BOM starting a later line") << QByteArray("cat\n\xef\xbb\xbf"
                                                                   "dog\n")
                                                     << QStringList{"cat", "dog"};
    }
    void parseForms()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, byValue);
        QString error;
        const ClassNames names = ClassNames::parse(text, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(names.byValue(), byValue);
        // Written as CSV, read back the same.
        QCOMPARE(ClassNames::parse(names.toCsv()), names);
    }

    void parseErrors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("the file holds no names");
        QTest::newRow("only blank lines")
            << QByteArray("\n  \n\n") << QStringLiteral("the file holds no names");
        QTest::newRow("label twice") << QByteArray("label,name\n1,a\n1,b\n")
                                     << QStringLiteral("line 3, column 1: label 1 is named twice");
        QTest::newRow("long name") << QByteArray(300, 'x')
                                   << QStringLiteral("line 1: the name is longer than 200 characters");
        // One bad line in a file of another form is named, not read as names of one per line.
        QTest::newRow("CSV, a row without a label")
            << QByteArray("label,name\n0,cat\nx,dog\n2,bird\n")
            << QStringLiteral("line 3, column 1: not a 'label,name' row (the label is a whole number)");
        QTest::newRow("CSV, header only")
            << QByteArray("label,name\n") << QStringLiteral("the CSV holds no 'label,name' rows");
        QTest::newRow("CSV, unclosed quote")
            << QByteArray("0,cat\n1,\"dog\n2,bird\n") << QStringLiteral("line 2, column 3: ");
        QTest::newRow("mapping, a bad line")
            << QByteArray("0 48\n1 49\n2 x\n3 51\n")
            << QStringLiteral("line 3: not a mapping line 'label code-point' (decimal numbers, a printable "
                              "character's code)");
        QTest::newRow("mapping, a control character")
            << QByteArray("0 48\n1 7\n")
            << QStringLiteral("line 2: not a mapping line 'label code-point' (decimal numbers, a printable "
                              "character's code)");
        // Found by fuzz_classnames: rows whose names are all empty gave no names and no reason; a quoted
        // name across two lines was taken whole.
        QTest::newRow("CSV, names all empty")
            << QByteArray("label,name\n1,\n2, \n") << QStringLiteral("the file holds no names");
        QTest::newRow("CSV, a name with a line break")
            << QByteArray("0,cat\n1,\"dog\nfood\"\n2,bird\n")
            << QStringLiteral("line 2, column 3: the name holds a line break");
        QTest::newRow("tab-separated")
            << QByteArray("label\tclass\n9\tAnkle boot\n")
            << QStringLiteral("line 1: a tab inside a name (tab-separated files are "
                              "not read: give a CSV 'label,name' or one name per line)");
    }
    void parseErrors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        QString got;
        QVERIFY(ClassNames::parse(text, &got).isEmpty());
        if (error.endsWith(QStringLiteral(": "))) // the CSV reader's own reason follows the position
            QVERIFY2(got.startsWith(error) && got.size() > error.size(), qPrintable(got));
        else
            QCOMPARE(got, error);
    }

    void captions()
    {
        ClassNames n({QStringLiteral("cat"), QString(), QStringLiteral("2")});
        QCOMPARE(n.caption(0), QStringLiteral("0 · cat"));
        QCOMPARE(n.caption(1), QStringLiteral("1"));
        QCOMPARE(n.caption(2), QStringLiteral("2")); // a digit named by itself is not repeated
        QCOMPARE(n.text(0), QStringLiteral("cat"));
        QCOMPARE(n.text(7), QStringLiteral("7"));
        n.set(0, QString());
        QCOMPARE(n.name(0), QString());
        QCOMPARE(n.size(), 1);
        ClassNames odd({QStringLiteral(" /a  b?/ ")});
        QCOMPARE(odd.fileSafeName(0), QStringLiteral("a-b"));
        // A long name is cut to 100 bytes of UTF-8, whole characters only: 33 of 3 bytes each.
        const ClassNames longNames({QString(150, QChar(0x304A)), QString(150, QLatin1Char('x'))});
        QCOMPARE(longNames.fileSafeName(0), QString(33, QChar(0x304A)));
        QCOMPARE(longNames.fileSafeName(1), QString(100, QLatin1Char('x')));
    }

    // What a person typed or picked in Edit Label: a caption, a name in any case, or a number.
    void labelOf()
    {
        const ClassNames n({QStringLiteral("T-shirt/top"), QStringLiteral("Trouser")});
        QCOMPARE(n.labelOf(QStringLiteral("1 · Trouser")), std::optional<qint64>(1));
        QCOMPARE(n.labelOf(QStringLiteral("  trouser ")), std::optional<qint64>(1));
        QCOMPARE(n.labelOf(QStringLiteral("t-shirt/TOP")), std::optional<qint64>(0));
        QCOMPARE(n.labelOf(QStringLiteral("7")), std::optional<qint64>(7));
        QCOMPARE(n.labelOf(QStringLiteral("-3")), std::optional<qint64>(-3));
        QVERIFY(!n.labelOf(QStringLiteral("Sneaker")));
        // EMNIST Balanced names both "A" (10) and "a" (36): typed exactly, each is itself.
        const ClassNames emnist = knownClassNames(QStringLiteral("EMNIST Balanced"));
        QCOMPARE(emnist.labelOf(QStringLiteral("a")), std::optional<qint64>(36));
        QCOMPARE(emnist.labelOf(QStringLiteral("A")), std::optional<qint64>(10));
        QCOMPARE(emnist.labelOf(QStringLiteral("c")),
                 std::optional<qint64>(12)); // merged: only "C" is a name
        const ClassNames twice({QStringLiteral("Cat"), QStringLiteral("CAT")});
        QVERIFY(!twice.labelOf(QStringLiteral("cat"))); // ambiguous ignoring case
        QVERIFY(!n.labelOf(QString()));
    }

    // The content key: equal for equal content, different for another value, another shape, an incomplete
    // view; nothing for a view beyond the limit.
    void contentKey()
    {
        const QByteArray labels("\x00\x01\x02\x01", 4);
        const QString key = labelsContentKey(viewOf(labels, DType::UInt8, {4}));
        QCOMPARE(key.size(), 64);
        QCOMPARE(labelsContentKey(viewOf(QByteArray(labels), DType::UInt8, {4})), key);
        QByteArray changed = labels;
        changed[3] = 3;
        QVERIFY(labelsContentKey(viewOf(changed, DType::UInt8, {4})) != key);
        QVERIFY(labelsContentKey(viewOf(labels, DType::UInt8, {2, 2})) != key);
        QVERIFY(labelsContentKey(viewOf(labels, DType::Int8, {4})) != key);
        const auto header = Header::make(DType::UInt8, {8});
        QVERIFY(
            labelsContentKey(TensorView(*header, reinterpret_cast<const uchar*>(labels.constData()), 4, {}))
                .isEmpty()); // 4 of its 8 bytes
        const auto huge = Header::make(DType::UInt8, {kMaxKeyedBytes + 1});
        const QByteArray big(qsizetype(kMaxKeyedBytes + 1), '\0');
        QVERIFY(labelsContentKey(TensorView(*huge, reinterpret_cast<const uchar*>(big.constData()),
                                            quint64(big.size()), {}))
                    .isEmpty());
    }

    // The digest of a large view, a piece at a time: the same bytes hashed as a whole (shape line, then the
    // payload), progress up to every byte, and a cancel obeyed between pieces.
    void contentDigestInPieces()
    {
        const qint64 size = kDigestPiece * 3 + 12345;
        QByteArray bytes(qsizetype(size), '\0');
        for (qint64 i = 0; i < size; ++i)
            bytes[qsizetype(i)] = char((i * 7919) >> 3);
        const auto header = Header::make(DType::UInt8, {quint64(size)});
        const TensorView view(*header, reinterpret_cast<const uchar*>(bytes.constData()), quint64(size), {});
        QCryptographicHash expected(QCryptographicHash::Sha256);
        expected.addData(QByteArray("8 ") + QByteArray::number(size) + '\n');
        expected.addData(bytes);
        QCOMPARE(contentDigest(view), expected.result());

        qint64 reported = 0;
        Control progress;
        progress.progress = [&](qint64 done, qint64 total) {
            QCOMPARE(total, size);
            QVERIFY(done > reported);
            reported = done;
        };
        QCOMPARE(contentDigest(view, progress), std::optional<QByteArray>(expected.result()));
        QCOMPARE(reported, size);

        int polls = 0;
        Control stop;
        stop.cancel = [&] { return ++polls == 2; }; // during the second piece's turn
        QVERIFY(!contentDigest(view, stop));
        QCOMPARE(polls, 2);
    }

    // Reading a names file: its errors say what is wrong.
    void loadNamesFile()
    {
        QTemporaryDir dir;
        QString error;
        QVERIFY(ClassNames::load(dir.filePath(QStringLiteral("none.txt")), &error).isEmpty());
        QVERIFY2(error.startsWith(QStringLiteral("cannot read the class names")), qPrintable(error));
        const QString big = fx::writeFile(dir, QStringLiteral("big.txt"),
                                          QByteArray(qsizetype(ClassNames::kMaxFileBytes) + 1, 'x'));
        QVERIFY(ClassNames::load(big, &error).isEmpty());
        QVERIFY2(error.contains(QStringLiteral("larger than 4 MB")), qPrintable(error));
        const QString ok = fx::writeFile(dir, QStringLiteral("ok.txt"), QByteArrayLiteral("a\nb\n"));
        QCOMPARE(ClassNames::load(ok, &error), ClassNames({QStringLiteral("a"), QStringLiteral("b")}));
    }
};

QTEST_GUILESS_MAIN(TestDataset)
#include "tst_dataset.moc"
