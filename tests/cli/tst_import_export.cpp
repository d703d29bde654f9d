// Tests for the image-layer import and export formats: PNG folders into IDX images + labels (natural order,
// labels from names or a CSV, colour converted with a note, errors naming files and sizes, nothing written on
// error), a PNG export read back by the import, QImage → record bytes, and the TensorBoard Projector sprite
// sheet (grid geometry, tile placement decoded from the PNG, metadata.tsv lines, the 8192 limit).
#include "clitest.h"

#include "exportformats.h"
#include "idxfile.h"
#include "pngimport.h"
#include "recordexport.h"

#include <QImageReader>
#include <QStandardPaths>
#include <QTest>

using namespace idx;
using namespace Qt::StringLiterals;

namespace {

QImage grayImage(int w, int h, int value)
{
    QImage img(w, h, QImage::Format_Grayscale8);
    img.fill(QColor(value, value, value));
    img.setPixel(0, 0, qRgb(255 - value, 255 - value, 255 - value)); // a distinct corner pixel
    return img;
}

bool savePngFile(const QImage& img, const QString& path)
{
    return img.save(path, "PNG");
}

TensorView viewOf(const QByteArray& idxBytes)
{
    const auto parsed = parseHeader(idxBytes);
    auto keep = std::make_shared<QByteArray>(idxBytes);
    const auto* data = reinterpret_cast<const uchar*>(keep->constData()) + parsed.header->headerBytes;
    return TensorView(*parsed.header, data, quint64(keep->size() - parsed.header->headerBytes), keep);
}

/// N×h×w uint8 records, record i filled with i*3 % 256.
TensorView recordsView(quint64 n, quint64 h, quint64 w)
{
    std::vector<double> v;
    for (quint64 i = 0; i < n; ++i)
        v.insert(v.end(), size_t(h * w), double(i * 3 % 256));
    return viewOf(fx::idxBytes(DType::UInt8, {n, h, w}, v));
}

QStringList filesIn(const QString& dir)
{
    return QDir(dir).entryList(QDir::Files, QDir::Name);
}

} // namespace

class TestImportExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void naturalOrder_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("sorted");
        QTest::newRow("numbers") << QStringList{u"img10.png"_s, u"img2.png"_s, u"img1.png"_s}
                                 << QStringList{u"img1.png"_s, u"img2.png"_s, u"img10.png"_s};
        QTest::newRow("zero padded") << QStringList{u"00010_3.png"_s, u"00002_1.png"_s}
                                     << QStringList{u"00002_1.png"_s, u"00010_3.png"_s};
        QTest::newRow("case") << QStringList{u"b.png"_s, u"A.png"_s, u"a2.png"_s}
                              << QStringList{u"A.png"_s, u"a2.png"_s, u"b.png"_s};
        QTest::newRow("huge numbers")
            << QStringList{u"x99999999999999999999.png"_s, u"x100000000000000000000.png"_s}
            << QStringList{u"x99999999999999999999.png"_s, u"x100000000000000000000.png"_s};
    }
    void naturalOrder()
    {
        QFETCH(QStringList, names);
        QFETCH(QStringList, sorted);
        std::sort(names.begin(), names.end(), naturalLess);
        QCOMPARE(names, sorted);
    }

    void labelsFromNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<qint64>("label"); // -999: none
        QTest::newRow("export naming") << u"00042_7.png"_s << qint64(7);
        QTest::newRow("negative") << u"cat_-1.png"_s << qint64(-1);
        QTest::newRow("upper-case suffix") << u"a_12.PNG"_s << qint64(12);
        QTest::newRow("no label") << u"00042.png"_s << qint64(-999);
        QTest::newRow("not a number") << u"a_b.png"_s << qint64(-999);
    }
    void labelsFromNames()
    {
        QFETCH(QString, name);
        QFETCH(qint64, label);
        const auto got = labelFromFileName(name);
        QCOMPARE(got.value_or(-999), label);
    }

    void importFolder_data()
    {
        QTest::addColumn<int>("labelSource");
        QTest::addColumn<int>("container");
        QTest::newRow("names raw") << int(LabelSource::FileNames) << int(Container::Raw);
        QTest::newRow("names gzip") << int(LabelSource::FileNames) << int(Container::Gzip);
        QTest::newRow("names xz") << int(LabelSource::FileNames) << int(Container::Xz);
        QTest::newRow("csv") << int(LabelSource::Csv) << int(Container::Raw);
        QTest::newRow("no labels") << int(LabelSource::None) << int(Container::Raw);
    }
    void importFolder()
    {
        QFETCH(int, labelSource);
        QFETCH(int, container);
        QTemporaryDir dir;
        const QString folder = dir.filePath(u"pngs"_s);
        QVERIFY(QDir().mkpath(folder));
        // Written out of order; natural order is img1, img2, img10 with values 10, 20, 30.
        const struct {
            const char* name;
            int value;
            int label;
        } files[] = {{"img10_3.png", 30, 3}, {"img2_300.png", 20, 300}, {"img1_0.png", 10, 0}};
        QByteArray csv = "filename,label\n";
        for (const auto& f : files) {
            QVERIFY(
                savePngFile(grayImage(5, 4, f.value), QDir(folder).filePath(QString::fromLatin1(f.name))));
            csv += QByteArray(f.name) + ',' + QByteArray::number(f.label) + '\n';
        }
        PngImportOptions o;
        o.folder = folder;
        o.imagesPath = dir.filePath(u"images.idx"_s);
        o.labels = LabelSource(labelSource);
        o.labelsPath = dir.filePath(u"labels.idx"_s);
        o.labelsCsv = fx::writeFile(dir, u"labels.csv"_s, csv);
        o.container = Container(container);
        const PngImportResult r = importPngFolder(o);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.width, 5);
        QCOMPARE(r.height, 4);
        QVERIFY(r.notes.isEmpty());
        QCOMPARE(r.files.size(), 3);
        QVERIFY(r.files[2].endsWith(u"img10_3.png"_s));
        const auto images = IdxFile::open(o.imagesPath);
        QVERIFY(images->load());
        QCOMPARE(images->container(), o.container);
        QCOMPARE(images->header().dims, (std::vector<quint64>{3, 4, 5}));
        const int expected[] = {10, 20, 30};
        for (int k = 0; k < 3; ++k) {
            QCOMPARE(images->view().value(quint64(k) * 20), double(255 - expected[k]));
            QCOMPARE(images->view().value(quint64(k) * 20 + 7), double(expected[k]));
        }
        if (o.labels == LabelSource::None) {
            QVERIFY(!QFile::exists(o.labelsPath));
            return;
        }
        const auto labels = IdxFile::open(o.labelsPath);
        QVERIFY(labels->load());
        QCOMPARE(labels->header().dtype, DType::Int32); // 300 does not fit uint8
        QCOMPARE(r.labelType, DType::Int32);
        QCOMPARE(labels->view().value(0), 0.0);
        QCOMPARE(labels->view().value(1), 300.0);
        QCOMPARE(labels->view().value(2), 3.0);
    }

    void colourIsConvertedWithANote()
    {
        QTemporaryDir dir;
        QImage colour(3, 3, QImage::Format_RGB32);
        colour.fill(QColor(200, 10, 10));
        QVERIFY(savePngFile(colour, dir.filePath(u"a_1.png"_s)));
        QVERIFY(savePngFile(grayImage(3, 3, 9), dir.filePath(u"b_2.png"_s)));
        PngImportOptions o;
        o.folder = dir.path();
        o.imagesPath = dir.filePath(u"out/images.idx"_s);
        o.labelsPath = dir.filePath(u"out/labels.idx"_s);
        QVERIFY(QDir().mkpath(dir.filePath(u"out"_s)));
        const PngImportResult r = importPngFolder(o);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.notes, QStringList{u"1 of 2 images were in colour and were converted to gray"_s});
        const auto images = IdxFile::open(o.imagesPath);
        QVERIFY(images->load());
        // Qt's own gray conversion decides the value (the same one the GUI uses to show the image).
        QCOMPARE(images->view().value(4),
                 double(qGray(colour.convertToFormat(QImage::Format_Grayscale8).pixel(1, 1))));
        QCOMPARE(images->header().dtype, DType::UInt8);
    }

    void importErrors_data()
    {
        QTest::addColumn<QString>("setup");
        QTest::addColumn<QString>("error"); // with {dir} for the folder
        QTest::newRow("size mismatch")
            << u"size"_s << u"b_1.png is 6×4 but a_0.png is 5×4; all images must have the same size"_s;
        QTest::newRow("unreadable") << u"unreadable"_s << u"cannot read {dir}/b_1.png: "_s;
        QTest::newRow("missing label in name")
            << u"nolabel"_s
            << u"b.png has no label in its name (expected NAME_LABEL.png, e.g. "
               u"00042_7.png)"_s;
        QTest::newRow("missing label in csv") << u"csv"_s << u"b_1.png has no label in {dir}/labels.csv"_s;
        QTest::newRow("bad csv line")
            << u"badcsv"_s << u"{dir}/labels.csv, line 2, column 9: \"x\" is not a whole-number label"_s;
        QTest::newRow("empty folder") << u"empty"_s << u"{dir} holds no PNG files"_s;
        QTest::newRow("missing folder") << u"missing"_s << u"the folder {dir}/nope does not exist"_s;
    }
    void importErrors()
    {
        QFETCH(QString, setup);
        QFETCH(QString, error);
        QTemporaryDir dir;
        QTemporaryDir out;
        PngImportOptions o;
        o.folder = dir.path();
        o.imagesPath = out.filePath(u"images.idx"_s);
        o.labelsPath = out.filePath(u"labels.idx"_s);
        if (setup != "empty"_L1 && setup != "missing"_L1)
            QVERIFY(savePngFile(grayImage(5, 4, 1), dir.filePath(u"a_0.png"_s)));
        if (setup == "size"_L1) {
            QVERIFY(savePngFile(grayImage(6, 4, 1), dir.filePath(u"b_1.png"_s)));
        } else if (setup == "unreadable"_L1) {
            fx::writeFile(dir, u"b_1.png"_s, "not a png at all");
        } else if (setup == "nolabel"_L1) {
            QVERIFY(savePngFile(grayImage(5, 4, 1), dir.filePath(u"b.png"_s)));
        } else if (setup == "csv"_L1 || setup == "badcsv"_L1) {
            QVERIFY(savePngFile(grayImage(5, 4, 1), dir.filePath(u"b_1.png"_s)));
            o.labels = LabelSource::Csv;
            o.labelsCsv = fx::writeFile(dir, u"labels.csv"_s,
                                        setup == "csv"_L1 ? "a_0.png,0\n" : "a_0.png,0\nb_1.png,x\n");
        } else if (setup == "missing"_L1) {
            o.folder = dir.filePath(u"nope"_s);
        }
        const PngImportResult r = importPngFolder(o);
        QVERIFY(!r);
        const QString expected = QString(error).replace(u"{dir}"_s, QDir::toNativeSeparators(dir.path()));
        QVERIFY2(r.error.startsWith(expected), qPrintable(r.error + u" ≠ "_s + expected));
        QVERIFY(filesIn(out.path()).isEmpty()); // nothing written
    }

    // The labels CSV: RFC 4180 quoting, BOM, CRLF, spaces and blank lines, and a message with the file, line
    // and column for every kind of bad record (the rules of the change log: both read with CsvReader).
    void labelsCsv_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QList<int>>("labels"); // of a.png and "b,c.png" when the import succeeds
        QTest::addColumn<QString>("error");     // else the whole message, {csv} standing for the CSV's path
        const QString quoteInside =
            u"a quote inside an unquoted field (a field with quotes must be quoted whole, "
            u"its own quotes written twice)"_s;
        QTest::newRow("quoted name with a comma, CRLF")
            << QByteArray("filename,label\r\na.png,7\r\n\"b,c.png\",300\r\n") << QList<int>{7, 300}
            << QString();
        // Without the mark skipped, the first name would be "\xEF\xBB\xBF" "a.png" and have no label.
        QTest::newRow("byte-order mark") << QByteArray("\xEF\xBB\xBF"
                                                       "a.png,1\n\"b,c.png\",2")
                                         << QList<int>{1, 2} << QString();
        QTest::newRow("spaces, blank lines, doubled quotes, paths")
            << QByteArray("  a.png , 5 \n\n   \n\"dir/b,c.png\" , \"6\"\n\"\"\"q\"\".png\",9\n")
            << QList<int>{5, 6} << QString();
        QTest::newRow("unquoted comma in a name")
            << QByteArray("a.png,1\nb,c.png,2\n") << QList<int>{}
            << u"{csv}, line 2, column 1: expected 2 fields (filename,label), found 3"_s;
        QTest::newRow("one field")
            << QByteArray("a.png\n") << QList<int>{}
            << u"{csv}, line 1, column 1: expected 2 fields (filename,label), found 1"_s;
        QTest::newRow("label not whole") << QByteArray("a.png, 1.5\n") << QList<int>{}
                                         << u"{csv}, line 1, column 8: \"1.5\" is not a whole-number label"_s;
        QTest::newRow("label not a number after the header")
            << QByteArray("filename,label\r\na.png,x\r\n") << QList<int>{}
            << u"{csv}, line 2, column 7: \"x\" is not a whole-number label"_s;
        QTest::newRow("quote inside an unquoted field") << QByteArray("a.png,1\nb\"c.png,2\n") << QList<int>{}
                                                        << u"{csv}, line 2, column 2: "_s + quoteInside;
        QTest::newRow("text after a closing quote")
            << QByteArray("\"a.png\"x,1\n") << QList<int>{}
            << u"{csv}, line 1, column 8: text after the closing quote of a field (a quote inside quotes is "
               u"written twice)"_s;
        QTest::newRow("no closing quote")
            << QByteArray("a.png,1\n\"b,c.png,2\n") << QList<int>{}
            << u"{csv}, line 2, column 1: the quoted field that starts here has no closing quote"_s;
        QTest::newRow("record too long")
            << QByteArray("a.png,1\n" + QByteArray(70000, 'x') + ",2\n") << QList<int>{}
            << u"{csv}, line 2, column 1: the record that starts here is longer than 64 KiB, the most "
               u"allowed "
               u"here"_s;
        QTest::newRow("file too long")
            << QByteArray(qsizetype(64) << 20, '\n') + "a.png,1\n"
            << QList<int>{}
            << u"{csv}, line 67108865, column 1: the data goes on past 64 MiB, the most read here"_s;
        QTest::newRow("unreadable") << QByteArray() << QList<int>{} << u"cannot read {csv}: "_s;
    }
    void labelsCsv()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QList<int>, labels);
        QFETCH(QString, error);
        QTemporaryDir dir;
        QTemporaryDir out;
        QVERIFY(savePngFile(grayImage(3, 2, 1), dir.filePath(u"a.png"_s)));
        QVERIFY(savePngFile(grayImage(3, 2, 2), dir.filePath(u"b,c.png"_s)));
        PngImportOptions o;
        o.folder = dir.path();
        o.imagesPath = out.filePath(u"images.idx"_s);
        o.labelsPath = out.filePath(u"labels.idx"_s);
        o.labels = LabelSource::Csv;
        const bool unreadable = qstrcmp(QTest::currentDataTag(), "unreadable") == 0;
        o.labelsCsv = unreadable ? out.filePath(u"none.csv"_s) : fx::writeFile(out, u"labels.csv"_s, csv);
        const PngImportResult r = importPngFolder(o);
        if (!error.isEmpty()) {
            QVERIFY(!r);
            const QString expected =
                QString(error).replace(u"{csv}"_s, QDir::toNativeSeparators(o.labelsCsv));
            if (unreadable)
                QVERIFY2(r.error.startsWith(expected), qPrintable(r.error));
            else
                QCOMPARE(r.error, expected);
            QCOMPARE(r.errorPath, QDir::toNativeSeparators(o.labelsCsv));
            QVERIFY(!QFile::exists(o.imagesPath) && !QFile::exists(o.labelsPath)); // nothing written
            return;
        }
        QVERIFY2(r, qPrintable(r.error));
        const auto written = IdxFile::open(o.labelsPath);
        QVERIFY(written->load());
        QCOMPARE(written->header().dims, (std::vector<quint64>{2}));
        for (int k = 0; k < 2; ++k)
            QCOMPARE(written->view().value(quint64(k)), double(labels[k]));
    }

    void exportThenImportRoundTrip()
    {
        QTemporaryDir dir;
        const TensorView v = recordsView(12, 3, 4);
        std::vector<qint64> labels;
        for (int i = 0; i < 12; ++i)
            labels.push_back(i % 10);
        RecordExportOptions eo;
        eo.folder = dir.filePath(u"pngs"_s);
        eo.records = recordSpan(v);
        eo.labels = labels;
        const RecordExportResult er = exportRecords(v, eo);
        QVERIFY2(er, qPrintable(er.error));
        PngImportOptions o;
        o.folder = eo.folder;
        o.imagesPath = dir.filePath(u"back-images.idx"_s);
        o.labelsPath = dir.filePath(u"back-labels.idx"_s);
        const PngImportResult r = importPngFolder(o);
        QVERIFY2(r, qPrintable(r.error));
        const auto images = IdxFile::open(o.imagesPath);
        const auto back = IdxFile::open(o.labelsPath);
        QVERIFY(images->load() && back->load());
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(images->view().data()), 12 * 12),
                 QByteArray(reinterpret_cast<const char*>(v.data()), 12 * 12));
        QCOMPARE(back->header().dtype, DType::UInt8);
        for (quint64 i = 0; i < 12; ++i)
            QCOMPARE(back->view().value(i), double(i % 10));
    }

    void recordFromImageChecks_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("error");
        QTest::newRow("uint8") << int(DType::UInt8) << QSize(4, 3) << QString();
        QTest::newRow("int16") << int(DType::Int16) << QSize(4, 3) << QString();
        QTest::newRow("float32") << int(DType::Float32) << QSize(4, 3) << QString();
        QTest::newRow("wrong size") << int(DType::UInt8) << QSize(3, 4)
                                    << u"the image is 3×4 but the records are 4×3"_s;
    }
    void recordFromImageChecks()
    {
        QFETCH(int, dtype);
        QFETCH(QSize, size);
        QFETCH(QString, error);
        const DType t = DType(dtype);
        const Header h = *Header::make(t, {10, 3, 4});
        const RecordFromImage r = recordFromImage(grayImage(size.width(), size.height(), 40), h);
        QCOMPARE(r.error, error);
        if (!error.isEmpty())
            return;
        QCOMPARE(r.bytes.size(), qsizetype(12 * elementSize(t)));
        const auto* p = reinterpret_cast<const uchar*>(r.bytes.constData());
        QCOMPARE(decodeElement(p, t), 215.0);
        QCOMPARE(decodeElement(p + elementSize(t), t), 40.0);
        // Straight into an edit.
        EditableTensor et(recordsView(10, 3, 4));
        if (t == DType::UInt8) {
            QVERIFY(et.setRecord(5, r.bytes));
            QCOMPARE(et.value(5, 1), 40.0);
        }
        const Header flat = *Header::make(t, {10, 12});
        QCOMPARE(recordFromImage(grayImage(4, 3, 1), flat).error,
                 u"records of shape %1 are not images"_s.arg(flat.shapeString()));
    }

    void spriteGeometry_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<QSize>("tile");
        QTest::addColumn<int>("side");
        QTest::addColumn<QString>("error");
        QTest::newRow("1") << 1 << QSize(28, 28) << 1 << QString();
        QTest::newRow("2") << 2 << QSize(28, 28) << 2 << QString();
        QTest::newRow("4") << 4 << QSize(28, 28) << 2 << QString();
        QTest::newRow("5") << 5 << QSize(28, 28) << 3 << QString();
        QTest::newRow("10000 mnist") << 10000 << QSize(28, 28) << 100 << QString();
        QTest::newRow("85264 fits 8176") << 85264 << QSize(28, 28) << 292 << QString();
        QTest::newRow("60000 mnist") << 60000 << QSize(28, 28) << 245 << QString();
        QTest::newRow("90000 too big")
            << 90000 << QSize(28, 28) << 0
            << u"90000 records of 28×28 need a 8400×8400 sprite; the Projector accepts at "
               u"most 8192×8192 (choose fewer records or a smaller scale)"_s;
        QTest::newRow("wide tiles")
            << 4 << QSize(5000, 10) << 0
            << u"4 records of 5000×10 need a 10000×20 sprite; the Projector accepts at most "
               u"8192×8192 (choose fewer records or a smaller scale)"_s;
    }
    void spriteGeometry()
    {
        QFETCH(int, count);
        QFETCH(QSize, tile);
        QFETCH(int, side);
        QFETCH(QString, error);
        QString why;
        const auto l = spriteSheetLayout(quint64(count), tile, &why);
        QCOMPARE(why, error);
        QCOMPARE(l.has_value(), error.isEmpty());
        if (l) {
            QCOMPARE(l->side, side);
            QCOMPARE(l->sheet, QSize(side * tile.width(), side * tile.height()));
        }
    }

    void spriteAndMetadata()
    {
        QTemporaryDir dir;
        const TensorView v = recordsView(20, 3, 2);
        SpriteSheetOptions o;
        o.records = {4, 0, 19, 7, 12}; // a set: tiled in ascending order
        const std::vector<quint64> order{0, 4, 7, 12, 19};
        for (int i = 0; i < 20; ++i)
            o.labels.push_back(i % 10);
        o.spritePath = dir.filePath(u"sprite.png"_s);
        o.metadataPath = dir.filePath(u"metadata.tsv"_s);
        const SpriteSheetResult r = writeProjectorSprite(v, o);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.layout.side, 3);
        const QImage sheet = QImageReader(o.spritePath).read();
        QCOMPARE(sheet.size(), QSize(6, 9));
        for (size_t k = 0; k < 9; ++k) {
            const int x = int(k % 3) * 2 + 1, y = int(k / 3) * 3 + 2;            // a pixel inside tile k
            const int expected = k < order.size() ? int(order[k] * 3 % 256) : 0; // empty cells black
            QCOMPARE(qGray(sheet.pixel(x, y)), expected);
        }
        QFile tsv(o.metadataPath);
        QVERIFY(tsv.open(QIODevice::ReadOnly));
        QCOMPARE(tsv.readAll(), QByteArray("0\n4\n7\n2\n9\n")); // one label per line, no header
        QCOMPARE(filesIn(dir.path()), (QStringList{u"metadata.tsv"_s, u"sprite.png"_s}));

        // Over an edited tensor: the edit shows in the sprite.
        EditableTensor et(v);
        QVERIFY(et.setRecord(0, QByteArray(6, char(250))));
        QVERIFY(et.deleteRecords(1, 3)); // record 4 is now at position 1
        o.records = {0, 1};
        o.labels.clear();
        o.metadataPath.clear();
        const SpriteSheetResult e = writeProjectorSprite(et, o);
        QVERIFY2(e, qPrintable(e.error));
        const QImage edited = QImageReader(o.spritePath).read();
        QCOMPARE(edited.size(), QSize(4, 6));
        QCOMPARE(qGray(edited.pixel(0, 0)), 250);
        QCOMPARE(qGray(edited.pixel(2, 0)), 12);

        o.records = {25};
        QCOMPARE(writeProjectorSprite(v, o).error,
                 u"record 25 is out of range (the tensor has 20 records)"_s);
    }
};

QTEST_MAIN(TestImportExport)
#include "tst_import_export.moc"
