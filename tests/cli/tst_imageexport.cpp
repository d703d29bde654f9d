// The idximage library API used by the CLI and the GUI: PixelBuffer → QImage, nearest-neighbour scaling,
// record file names, the parallel PNG export (conflicts, overwrite, cancel clean-up), contact sheets and
// thumbnails.
#include "clitest.h"
#include "pngcheck.h"

#include "contactsheet.h"
#include "exportformats.h"
#include "idxfile.h"
#include "pixelimage.h"
#include "pngencode.h"
#include "recordexport.h"
#include "thumbnail.h"

#include <QStandardPaths>
#include <QTest>

#include <atomic>
#include <limits>

using idx::DType;

namespace {

// A loaded view over bytes kept alive by the shared pointer.
idx::TensorView viewOf(const QByteArray& idxBytes)
{
    const auto parsed = idx::parseHeader(idxBytes);
    if (!parsed.header)
        qFatal("bad fixture");
    auto keep = std::make_shared<QByteArray>(idxBytes);
    const auto* data = reinterpret_cast<const uchar*>(keep->constData()) + parsed.header->headerBytes;
    return idx::TensorView(*parsed.header, data, quint64(keep->size() - parsed.header->headerBytes), keep);
}

std::vector<double> ramp(quint64 n)
{
    std::vector<double> v(static_cast<size_t>(n));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = double((i * 5) % 256);
    return v;
}

idx::PixelBuffer buffer(int w, int h, int channels)
{
    idx::PixelBuffer b;
    b.width = w;
    b.height = h;
    b.channels = channels;
    b.pixels.resize(size_t(w * h * channels));
    for (size_t i = 0; i < b.pixels.size(); ++i)
        b.pixels[i] = uchar(i * 3 + 1);
    return b;
}

} // namespace

class TestImageExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void toQImage_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("channels");
        QTest::addColumn<bool>("move");
        for (bool move : {false, true}) {
            const char* m = move ? "moved" : "copied";
            QTest::addRow("gray 3x2 unaligned %s", m) << 3 << 2 << 1 << move;
            QTest::addRow("gray 4x3 aligned %s", m) << 4 << 3 << 1 << move;
            QTest::addRow("rgb 5x2 unaligned %s", m) << 5 << 2 << 3 << move;
            QTest::addRow("rgb 4x4 aligned %s", m) << 4 << 4 << 3 << move;
        }
    }

    void toQImage()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, channels);
        QFETCH(bool, move);
        idx::PixelBuffer b = buffer(width, height, channels);
        const idx::PixelBuffer expected = b;
        QImage image = move ? idx::toQImage(std::move(b)) : idx::toQImage(b);
        QCOMPARE(image.size(), QSize(width, height));
        QCOMPARE(image.format(), channels == 1 ? QImage::Format_Grayscale8 : QImage::Format_RGB888);
        QVERIFY(image.bytesPerLine() >= width * channels);
        for (int y = 0; y < height; ++y)
            QCOMPARE(QByteArray(reinterpret_cast<const char*>(image.constScanLine(y)), width * channels),
                     QByteArray(reinterpret_cast<const char*>(expected.pixels.data()) + y * width * channels,
                                width * channels));
        image = QImage(); // the shared buffer is freed here (ASan would see a leak or double free)
        QVERIFY(idx::toQImage(idx::PixelBuffer{}).isNull());
        QVERIFY(idx::toQImage(buffer(2, 2, 2)).isNull()); // unsupported channel count
    }

    void scaleNearest()
    {
        const QImage src = idx::toQImage(buffer(3, 2, 1));
        const QImage big = idx::scaleNearest(src, 4);
        QCOMPARE(big.size(), QSize(12, 8));
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 12; ++x)
                QCOMPARE(big.constScanLine(y)[x], src.constScanLine(y / 4)[x / 4]);
        const QImage rgb = idx::scaleNearest(idx::toQImage(buffer(2, 2, 3)), 2);
        QCOMPARE(rgb.pixel(3, 3), idx::toQImage(buffer(2, 2, 3)).pixel(1, 1));
        QVERIFY(idx::scaleNearest(src, 0).isNull());
        QCOMPARE(idx::scaleNearest(src, 1), src);
    }

    void fitInto_data()
    {
        QTest::addColumn<QSize>("source");
        QTest::addColumn<int>("size");
        QTest::addColumn<QSize>("expected");
        QTest::newRow("28 into 128: x4") << QSize(28, 28) << 128 << QSize(112, 112);
        QTest::newRow("28 into 28") << QSize(28, 28) << 28 << QSize(28, 28);
        QTest::newRow("28 into 16: down") << QSize(28, 28) << 16 << QSize(16, 16);
        QTest::newRow("wide thin down") << QSize(1000, 1) << 64 << QSize(64, 1);
        QTest::newRow("tall up") << QSize(2, 5) << 64 << QSize(24, 60);
    }

    void fitInto()
    {
        QFETCH(QSize, source);
        QFETCH(int, size);
        QFETCH(QSize, expected);
        QImage src(source, QImage::Format_Grayscale8);
        src.fill(Qt::gray);
        QCOMPARE(idx::fitInto(src, size).size(), expected);
    }

    void names_data()
    {
        QTest::addColumn<quint64>("count");
        QTest::addColumn<quint64>("record");
        QTest::addColumn<qint64>("label"); // -1: none
        QTest::addColumn<QString>("name");
        QTest::newRow("60000") << quint64(60000) << quint64(42) << qint64(7) << QStringLiteral("00042_7.png");
        QTest::newRow("10000") << quint64(10000) << quint64(42) << qint64(-1) << QStringLiteral("0042.png");
        QTest::newRow("10001") << quint64(10001) << quint64(10000) << qint64(3)
                               << QStringLiteral("10000_3.png");
        QTest::newRow("one") << quint64(1) << quint64(0) << qint64(-1) << QStringLiteral("0.png");
        QTest::newRow("empty") << quint64(0) << quint64(0) << qint64(-1) << QStringLiteral("0.png");
        QTest::newRow("negative label")
            << quint64(11) << quint64(5) << qint64(-2) << QStringLiteral("05_-2.png");
    }

    void names()
    {
        QFETCH(quint64, count);
        QFETCH(quint64, record);
        QFETCH(qint64, label);
        QFETCH(QString, name);
        if (QByteArray(QTest::currentDataTag()) == "negative label")
            QCOMPARE(idx::recordFileName(record, idx::recordNameWidth(count), label), name);
        else
            QCOMPARE(idx::recordFileName(record, idx::recordNameWidth(count),
                                         label >= 0 ? std::optional<qint64>(label) : std::nullopt),
                     name);
    }

    // Names in file names: made safe ("T-shirt/top" → "T-shirt-top"), the number kept for a label without
    // one.
    void namedFiles()
    {
        const idx::ClassNames names(
            {QStringLiteral("T-shirt/top"), QString(), QStringLiteral("  Ankle boot ")});
        QCOMPARE(idx::recordFileName(42, 5, 0, &names), QStringLiteral("00042_T-shirt-top.png"));
        QCOMPARE(idx::recordFileName(42, 5, 1, &names), QStringLiteral("00042_1.png"));
        QCOMPARE(idx::recordFileName(42, 5, 2, &names), QStringLiteral("00042_Ankle-boot.png"));
        QCOMPARE(idx::recordFileName(42, 5, 7, &names), QStringLiteral("00042_7.png"));
        QCOMPARE(idx::recordFileName(42, 5, std::nullopt, &names), QStringLiteral("00042.png"));
        idx::RecordExportOptions o;
        o.labels = {2, 0};
        o.classNames = names;
        QCOMPARE(idx::exportFileName(1, 60000, o), QStringLiteral("00001_T-shirt-top.png"));
    }

    // metadata.tsv: one column without names; with names the Projector's header line and a class column,
    // a tab inside a name turned into a space, an unnamed label's class empty.
    void projectorMetadataNames()
    {
        const idx::RecordSet records = idx::RecordSet::span(0, 4);
        const std::vector<qint64> labels{1, 0, 5};
        QCOMPARE(idx::projectorMetadata(records, labels), QByteArrayLiteral("1\n0\n5\n\n"));
        idx::ClassNames names({QStringLiteral("cat"), QStringLiteral("big\tdog")});
        QCOMPARE(idx::projectorMetadata(records, labels, names),
                 QByteArrayLiteral("label\tclass\n1\tbig dog\n0\tcat\n5\t\n\t\n"));
    }

    // Caption strips name the class: a name changes the strip, names for other labels do not.
    void captionsNameClasses()
    {
        const auto view = viewOf(fx::idxSample(DType::UInt8, {4, 28, 28}));
        idx::ContactSheetOptions o;
        o.records = idx::recordSpan(view);
        o.columns = 4;
        o.captions = true;
        o.labels = std::vector<qint64>(4, 3);
        const auto plain = idx::renderContactSheet(view, o);
        o.classNames.set(7, QStringLiteral("Sneaker"));
        const auto other = idx::renderContactSheet(view, o);
        o.classNames.set(3, QStringLiteral("Dress"));
        const auto named = idx::renderContactSheet(view, o);
        QVERIFY(plain && other && named);
        QCOMPARE(plain.image.format(), QImage::Format_RGB32); // captions drawn
        QCOMPARE(other.image, plain.image);
        QVERIFY(named.image != plain.image);
    }

    void exportRecords()
    {
        QTemporaryDir dir;
        const auto view = viewOf(fx::idxBytes(DType::UInt8, {11, 2, 3}, ramp(66)));
        idx::RecordExportOptions o;
        o.folder = dir.filePath(QStringLiteral("out/nested"));
        o.records = idx::recordSpan(view, 3, 11);
        o.labels = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}; // record 10 has no label
        std::atomic<qint64> lastDone{0};
        idx::Control control;
        control.progress = [&](qint64 done, qint64) { lastDone = std::max<qint64>(lastDone, done); };
        auto result = idx::exportRecords(view, o, control);
        QVERIFY2(result.ok, qPrintable(result.error));
        QCOMPARE(result.written, quint64(8));
        QCOMPARE(lastDone.load(), 8);
        QCOMPARE(QDir(o.folder).entryList(QDir::Files, QDir::Name),
                 (QStringList{"03_3.png", "04_4.png", "05_5.png", "06_6.png", "07_7.png", "08_8.png",
                              "09_9.png", "10.png"}));
        const QImage seven(QDir(o.folder).filePath(QStringLiteral("07_7.png")));
        QCOMPARE(int(seven.constScanLine(1)[2]), int(ramp(66)[7 * 6 + 5]));

        // Conflicts: refused, nothing written or changed.
        QFile::remove(QDir(o.folder).filePath(QStringLiteral("05_5.png")));
        result = idx::exportRecords(view, o);
        QVERIFY(!result.ok);
        QVERIFY(!result.cancelled);
        QCOMPARE(result.conflictCount, quint64(7));
        QCOMPARE(result.conflicts.size(), 7);
        QCOMPARE(result.errorPath,
                 QDir::toNativeSeparators(QDir(o.folder).filePath(QStringLiteral("03_3.png"))));
        QVERIFY(!QFileInfo::exists(QDir(o.folder).filePath(QStringLiteral("05_5.png"))));
        o.overwrite = true;
        QVERIFY(idx::exportRecords(view, o).ok);
        QCOMPARE(QDir(o.folder).entryList(QDir::Files).size(), 8);

        // A file where the folder should be.
        o.folder = dir.filePath(QStringLiteral("out/nested/03_3.png"));
        result = idx::exportRecords(view, o);
        QVERIFY(!result.ok);
        QVERIFY(!result.error.isEmpty());
    }

    void exportConflictsByListing()
    {
        // Existing targets are found by listing the folder: a file or a folder with a target's name is one;
        // other names, a record outside the export and another name width are not.
        QTemporaryDir dir;
        const auto view = viewOf(fx::idxBytes(DType::UInt8, {100, 2, 2}, ramp(400)));
        idx::RecordExportOptions o;
        o.folder = dir.path();
        o.records = idx::RecordSet{5, 6, 7, 40, 41};
        for (const char* name : {"05.png", "notes.txt", "099.png", "50.png", "7.png", "06_3.png"}) {
            QFile f(dir.filePath(QString::fromLatin1(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("41.png")));
        const auto result = idx::exportRecords(view, o);
        QVERIFY(!result.ok);
        QCOMPARE(result.conflictCount, quint64(2));
        QCOMPARE(result.conflicts,
                 (QStringList{QDir::toNativeSeparators(dir.filePath(QStringLiteral("05.png"))),
                              QDir::toNativeSeparators(dir.filePath(QStringLiteral("41.png")))}));
        QCOMPARE(result.written, quint64(0));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("40.png")))); // nothing written
        // With labels the names change: 06_3.png is record 6's name now.
        o.labels = std::vector<qint64>(100, 3);
        QFile::remove(dir.filePath(QStringLiteral("05.png")));
        QVERIFY(QDir(dir.path()).rmdir(QStringLiteral("41.png")));
        const auto labelled = idx::exportRecords(view, o);
        QCOMPARE(labelled.conflictCount, quint64(1));
        QCOMPARE(labelled.errorPath, QDir::toNativeSeparators(dir.filePath(QStringLiteral("06_3.png"))));
    }

    void exportFailureRemovesWhatItWrote()
    {
        // A folder squats on one target name: that file cannot be written, the export fails and removes the
        // files it had written; the squatter is not touched.
        QTemporaryDir dir;
        const auto view = viewOf(fx::idxBytes(DType::UInt8, {100, 2, 2}, ramp(400)));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("50.png")));
        idx::RecordExportOptions o;
        o.folder = dir.path();
        o.records = idx::recordSpan(view);
        o.overwrite = true;
        const auto result = idx::exportRecords(view, o);
        QVERIFY(!result.ok);
        QVERIFY(!result.cancelled);
        QCOMPARE(result.errorPath, QDir::toNativeSeparators(dir.filePath(QStringLiteral("50.png"))));
        QVERIFY(!result.error.isEmpty());
        QVERIFY(result.remaining.isEmpty());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 0);
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("50.png"))).isDir());
    }

    void exportCancelRemovesWhatItWrote_data()
    {
        QTest::addColumn<int>("records");
        QTest::addColumn<int>("cancelAfter"); // polls of the cancel check before it says yes
        QTest::newRow("at once") << 200 << 0;
        QTest::newRow("after some") << 200 << 40;
        QTest::newRow("near the end") << 200 << 190;
        // Records are written a batch of 4096 at a time: a cancel in the second batch removes the whole
        // first.
        QTest::newRow("in the second batch") << 6000 << 5000;
    }

    void exportCancelRemovesWhatItWrote()
    {
        QFETCH(int, records);
        QFETCH(int, cancelAfter);
        QTemporaryDir dir;
        const auto view =
            viewOf(fx::idxBytes(DType::UInt8, {quint64(records), 4, 4}, ramp(quint64(records) * 16)));
        idx::RecordExportOptions o;
        o.folder = dir.path();
        o.records = idx::recordSpan(view);
        std::atomic<int> polls{0};
        idx::Control control;
        control.cancel = [&] { return polls++ >= cancelAfter; };
        const auto result = idx::exportRecords(view, o, control);
        QVERIFY(!result.ok);
        QVERIFY(result.cancelled);
        QVERIFY(!result.error.isEmpty());
        QVERIFY(result.remaining.isEmpty());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 0);
    }

    void contactSheet_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("columns");
        QTest::addColumn<int>("gap");
        QTest::addColumn<int>("scale");
        QTest::newRow("10 in 4 cols") << 10 << 4 << 0 << 1;
        QTest::newRow("10 in 4 cols gap 3") << 10 << 4 << 3 << 1;
        QTest::newRow("1 record") << 1 << 8 << 5 << 2;
        QTest::newRow("one column") << 6 << 1 << 1 << 1;
        QTest::newRow("exact rows") << 9 << 3 << 2 << 3;
    }

    void contactSheet()
    {
        QFETCH(int, count);
        QFETCH(int, columns);
        QFETCH(int, gap);
        QFETCH(int, scale);
        const auto values = ramp(quint64(count) * 6);
        const auto view = viewOf(fx::idxBytes(DType::UInt8, {quint64(count), 2, 3}, values));
        idx::ContactSheetOptions o;
        o.records = idx::recordSpan(view);
        o.columns = columns;
        o.gap = gap;
        o.image.scale = scale;
        o.background = Qt::white;
        const auto sheet = idx::renderContactSheet(view, o);
        QVERIFY2(sheet, qPrintable(sheet.error));
        const int cols = std::min(columns, count), rows = (count + cols - 1) / cols;
        const int w = 3 * scale, h = 2 * scale;
        QCOMPARE(sheet.image.size(), QSize(cols * w + (cols - 1) * gap, rows * h + (rows - 1) * gap));
        QCOMPARE(sheet.image.format(), QImage::Format_Grayscale8);
        for (int i = 0; i < count; ++i) {
            const int x = (i % cols) * (w + gap), y = (i / cols) * (h + gap);
            QCOMPARE(int(sheet.image.constScanLine(y + h - 1)[x + w - 1]), int(values[size_t(i * 6 + 5)]));
        }
        if (gap > 0 && cols > 1)
            QCOMPARE(int(sheet.image.constScanLine(0)[w]), 255); // the gap has the background

        // Captions add a strip under each tile and make the sheet RGB.
        o.captions = true;
        o.labels = std::vector<qint64>(size_t(count), 4);
        const auto captioned = idx::renderContactSheet(view, o);
        QVERIFY2(captioned, qPrintable(captioned.error));
        const auto layout = idx::contactSheetLayout(view.header(), o);
        QVERIFY(layout.captionHeight > 0);
        QCOMPARE(captioned.image.width(), sheet.image.width());
        QCOMPARE(captioned.image.height(), sheet.image.height() + rows * layout.captionHeight);
        QVERIFY(captioned.image.format() != QImage::Format_Grayscale8);
    }

    // A gray render turns RGB where a non-finite value needs its colour: the sheet is then made in RGB, every
    // tile in it, whichever tile turned first.
    void contactSheetTurnsRgb_data()
    {
        QTest::addColumn<int>("nanRecord");
        QTest::newRow("first tile") << 0;
        QTest::newRow("middle tile") << 7;
        QTest::newRow("last tile") << 11;
    }
    void contactSheetTurnsRgb()
    {
        QFETCH(int, nanRecord);
        std::vector<double> values(12 * 6);
        for (size_t i = 0; i < values.size(); ++i)
            values[i] = double(i % 6) * 51; // 0..255 across each record
        values[size_t(nanRecord) * 6 + 2] = std::numeric_limits<double>::quiet_NaN();
        const auto view = viewOf(fx::idxBytes(DType::Float32, {12, 2, 3}, values));
        idx::ContactSheetOptions o;
        o.records = idx::recordSpan(view);
        o.columns = 4;
        o.gap = 1;
        o.image.render.window = idx::Window{0, 255};
        const auto sheet = idx::renderContactSheet(view, o);
        QVERIFY2(sheet, qPrintable(sheet.error));
        QCOMPARE(sheet.image.format(), QImage::Format_RGB888);
        QCOMPARE(sheet.image.size(), QSize(4 * 3 + 3, 3 * 2 + 2));
        for (int r = 0; r < 12; ++r) {
            const int x = (r % 4) * 4, y = (r / 4) * 3;
            for (int k = 0; k < 6; ++k) {
                const QColor c = sheet.image.pixelColor(x + k % 3, y + k / 3);
                if (r == nanRecord && k == 2)
                    QCOMPARE(c, QColor(255, 0, 255));
                else
                    QCOMPARE(c, QColor(k * 51, k * 51, k * 51));
            }
        }
        QCOMPARE(sheet.image.pixelColor(3, 0), QColor(Qt::black)); // the gap
    }

    void contactSheetErrors()
    {
        const auto view = viewOf(fx::idxBytes(DType::UInt8, {3, 2, 2}, ramp(12)));
        idx::ContactSheetOptions o;
        QVERIFY(!idx::renderContactSheet(view, o)); // no records
        o.records = {0, 1, 2};
        o.columns = 0;
        QVERIFY(!idx::renderContactSheet(view, o).error.isEmpty());
        o.columns = 2;
        o.records = {0, 5};
        QVERIFY(!idx::renderContactSheet(view, o).error.isEmpty()); // record out of range
        o.records = {0};
        o.columns = 1;
        o.records = idx::RecordSet::span(0, 40000); // 40000 rows of 2 pixels: too tall, found first
        const QString tall = idx::renderContactSheet(view, o).error;
        QVERIFY2(tall.contains(QStringLiteral("more than 32767 a side")), qPrintable(tall));
    }

    // The whole sheet of Fashion-MNIST's 10,000 test images (2800 × 2800, compressed in strips on all cores)
    // saved with savePng: Qt's reader and PIL decode it to exactly the records' bytes, tile by tile.
    void contactSheetPngDecodes()
    {
        const QString path = QStringLiteral(IDXSCOPE_FASHION_DIR "/t10k-images-idx3-ubyte.gz");
        if (!QFileInfo::exists(path))
            QFAIL("Fashion-MNIST is missing: install Debian's dataset-fashion-mnist (the build script does)");
        auto file = idx::IdxFile::open(path);
        QVERIFY(file && file->load());
        const idx::TensorView view = file->view();
        QCOMPARE(view.recordCount(), quint64(10000));
        idx::ContactSheetOptions o;
        o.records = idx::recordSpan(view);
        o.columns = 100;
        o.image.render.window = idx::Window{0, 255}; // uint8 values unchanged
        const auto sheet = idx::renderContactSheet(view, o);
        QVERIFY2(sheet, qPrintable(sheet.error));
        QCOMPARE(sheet.image.size(), QSize(2800, 2800));
        QCOMPARE(sheet.image.format(), QImage::Format_Grayscale8);

        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("sheet.png"));
        QCOMPARE(idx::savePng(sheet.image, png), QString());
        QFile f(png);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const pngcheck::Structure s = pngcheck::structure(f.readAll());
        QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
        QCOMPARE(s.idatChunks, 32); // the strip route: 31 strips of about 256 KiB, then the Adler-32

        // The expected pixels come from the records themselves, not from the renderer.
        QByteArray expected(2800 * 2800, Qt::Uninitialized);
        for (quint64 r = 0; r < 10000; ++r)
            for (int y = 0; y < 28; ++y)
                std::memcpy(expected.data() + (qsizetype(r / 100) * 28 + y) * 2800 + qsizetype(r % 100) * 28,
                            view.recordData(r) + y * 28, 28);
        const QImage qt(png);
        QCOMPARE(qt.size(), QSize(2800, 2800));
        const QImage qtGray = qt.convertToFormat(QImage::Format_Grayscale8);
        for (int y = 0; y < 2800; ++y)
            QVERIFY2(std::memcmp(qtGray.constScanLine(y), expected.constData() + qsizetype(y) * 2800, 2800) ==
                         0,
                     qPrintable(QStringLiteral("Qt's reader differs in row %1").arg(y)));
        const pngcheck::PilImage pil = pngcheck::pilDecode(png);
        QVERIFY2(pil.error.isEmpty(), qPrintable(pil.error));
        QCOMPARE(pil.mode, QStringLiteral("L"));
        QCOMPARE(pil.size, QSize(2800, 2800));
        QVERIFY(pil.pixels == expected);
    }

    // A captioned sheet is RGB32 (QPainter): savePng stores it as RGB, in strips, with the same pixels.
    void captionedSheetPngDecodes()
    {
        const auto view = viewOf(fx::idxSample(DType::UInt8, {600, 28, 28}));
        idx::ContactSheetOptions o;
        o.records = idx::recordSpan(view);
        o.columns = 30;
        o.captions = true;
        o.labels = std::vector<qint64>(600, 3);
        const auto sheet = idx::renderContactSheet(view, o);
        QVERIFY2(sheet, qPrintable(sheet.error));
        QCOMPARE(sheet.image.format(), QImage::Format_RGB32);
        QVERIFY(qsizetype(sheet.image.width()) * sheet.image.height() * 4 >= idx::kParallelPngBytes);
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("captioned.png"));
        QCOMPARE(idx::savePng(sheet.image, png), QString());
        QFile f(png);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const pngcheck::Structure s = pngcheck::structure(f.readAll());
        QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
        const int rowsPerStrip = (256 << 10) / (sheet.image.width() * 3 + 1); // strips of about 256 KiB
        QCOMPARE(s.idatChunks, (sheet.image.height() + rowsPerStrip - 1) / rowsPerStrip + 1);
        const QImage rgb = sheet.image.convertToFormat(QImage::Format_RGB888);
        QByteArray expected;
        for (int y = 0; y < rgb.height(); ++y)
            expected.append(reinterpret_cast<const char*>(rgb.constScanLine(y)), qsizetype(rgb.width()) * 3);
        const QImage qt = QImage(png).convertToFormat(QImage::Format_RGB888);
        QCOMPARE(qt.size(), rgb.size());
        for (int y = 0; y < rgb.height(); ++y)
            QVERIFY(std::memcmp(qt.constScanLine(y), rgb.constScanLine(y), size_t(rgb.width()) * 3) == 0);
        const pngcheck::PilImage pil = pngcheck::pilDecode(png);
        QVERIFY2(pil.error.isEmpty(), qPrintable(pil.error));
        QCOMPARE(pil.mode, QStringLiteral("RGB"));
        QVERIFY(pil.pixels == expected);
    }

    void savePngErrors_data()
    {
        QTest::addColumn<QString>("target"); // under the test's folder
        QTest::addColumn<int>("format");
        QTest::newRow("missing folder, encoder")
            << QStringLiteral("missing/sheet.png") << int(QImage::Format_Grayscale8);
        QTest::newRow("missing folder, QImageWriter")
            << QStringLiteral("missing/sheet.png") << int(QImage::Format_ARGB32);
        QTest::newRow("a folder") << QStringLiteral("folder") << int(QImage::Format_Grayscale8);
    }
    void savePngErrors()
    {
        QFETCH(QString, target);
        QFETCH(int, format);
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder")));
        QImage image(1200, 1000, QImage::Format(format)); // large enough for the strip route
        image.fill(Qt::gray);
        const QString why = idx::savePng(image, dir.filePath(target));
        QVERIFY(!why.isEmpty());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 0); // nothing left behind
    }

    // An image of a format the encoder does not take is written by QImageWriter, pixels intact.
    void savePngFallback()
    {
        QImage argb(40, 30, QImage::Format_ARGB32);
        argb.fill(QColor(10, 20, 30, 128));
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("a.png"));
        QCOMPARE(idx::savePng(argb, png), QString());
        const QImage back(png);
        QVERIFY(back.hasAlphaChannel());
        QCOMPARE(back.pixel(5, 5), argb.pixel(5, 5));
    }

    void thumbnail_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("grid");
        QTest::newRow("mnist-like 128: 3x3") << fx::idxSample(DType::UInt8, {20, 28, 28}) << 128 << 3;
        QTest::newRow("mnist-like 64: 2x2") << fx::idxSample(DType::UInt8, {20, 28, 28}) << 64 << 2;
        QTest::newRow("mnist-like 32: 1") << fx::idxSample(DType::UInt8, {20, 28, 28}) << 32 << 1;
        QTest::newRow("three records: 1") << fx::idxSample(DType::UInt8, {3, 28, 28}) << 256 << 1;
        QTest::newRow("large float") << fx::idxSample(DType::Float64, {2, 300, 200}) << 128 << 1;
        QTest::newRow("int16 rows") << fx::idxSample(DType::Int16, {10, 40}) << 64 << 1;
        QTest::newRow("scalar") << fx::idxSample(DType::Int32, {}) << 16 << 1;
    }

    void thumbnail()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, size);
        QFETCH(int, grid);
        const auto view = viewOf(bytes);
        idx::ThumbnailOptions o;
        o.size = size;
        QCOMPARE(idx::thumbnailGrid(view, o), grid);
        const auto thumb = idx::renderThumbnail(view, o);
        QVERIFY2(thumb, qPrintable(thumb.error));
        QVERIFY(thumb.image.width() <= size && thumb.image.height() <= size);
        QVERIFY(thumb.image.width() == size || thumb.image.height() == size ||
                thumb.image.width() * 2 > size || thumb.image.height() * 2 > size); // fills at least half
    }
};

QTEST_MAIN(TestImageExport)
#include "tst_imageexport.moc"
