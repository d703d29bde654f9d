// The PNG encoder (one piece with libdeflate, strips on all cores with ISA-L): every image it encodes is a
// well-formed PNG (each chunk's CRC, one zlib stream with its Adler-32, checked with zlib) that Qt's reader
// and PIL decode to the same pixels; large images take the strip route.
#include "pngcheck.h"
#include "pngencode.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

namespace {

enum Route { Auto, Whole, Strips };
enum Content { Noise, Records };

// Noise does not compress (ISA-L falls back to stored blocks); "records" are mostly black with bright blobs,
// like the data the exports see, and take the Huffman paths.
QImage makeImage(QImage::Format format, int w, int h, Content content)
{
    QImage image(w, h, format);
    QRandomGenerator rng(uint(w * 31 + h * 7 + int(format)));
    const int rowBytes = int(image.bytesPerLine());
    for (int y = 0; y < h; ++y) {
        uchar* row = image.scanLine(y);
        for (int x = 0; x < rowBytes; ++x)
            row[x] = content == Noise                                   ? uchar(rng.bounded(256))
                     : ((x / 28 + y / 28) % 3 == 0 && (x + y) % 28 > 6) ? uchar((x * y) % 251)
                                                                        : uchar(0);
    }
    return image;
}

} // namespace

class TstPngEncode : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("level");
        QTest::addColumn<int>("route");
        QTest::addColumn<int>("rowsPerStrip");
        QTest::addColumn<int>("content");
        QTest::addColumn<int>("idatChunks"); // expected: 1 in one piece, strips + 1 (the Adler-32) in strips
        for (auto [name, format] :
             {std::pair{"gray", int(QImage::Format_Grayscale8)}, std::pair{"rgb", int(QImage::Format_RGB888)},
              std::pair{"rgb32", int(QImage::Format_RGB32)}}) {
            QTest::addRow("%s-1x1", name) << format << 1 << 1 << 1 << int(Auto) << 0 << int(Noise) << 1;
            QTest::addRow("%s-28x28", name) << format << 28 << 28 << 1 << int(Auto) << 0 << int(Records) << 1;
            QTest::addRow("%s-37x5-odd-rows", name)
                << format << 37 << 5 << 6 << int(Auto) << 0 << int(Noise) << 1;
            QTest::addRow("%s-300x200-level12", name)
                << format << 300 << 200 << 12 << int(Whole) << 0 << int(Records) << 1;
            // The strip route forced on small images: a strip per row, strips that do not divide the height,
            // one strip for all.
            QTest::addRow("%s-strips-1x1", name)
                << format << 1 << 1 << 1 << int(Strips) << 0 << int(Noise) << 2;
            QTest::addRow("%s-strips-of-1-row", name)
                << format << 29 << 17 << 1 << int(Strips) << 1 << int(Records) << 18;
            QTest::addRow("%s-strips-of-7-rows", name)
                << format << 301 << 100 << 1 << int(Strips) << 7 << int(Records) << 16;
            QTest::addRow("%s-strips-noise", name)
                << format << 301 << 100 << 1 << int(Strips) << 7 << int(Noise) << 16;
            QTest::addRow("%s-one-strip", name)
                << format << 64 << 64 << 1 << int(Strips) << 64 << int(Records) << 2;
            QTest::addRow("%s-strips-level6", name)
                << format << 200 << 90 << 6 << int(Strips) << 10 << int(Records) << 10;
            QTest::addRow("%s-strips-level9", name)
                << format << 200 << 90 << 9 << int(Strips) << 10 << int(Records) << 10;
        }
        // Past kParallelPngBytes: encodePng takes the strip route by itself (about 256 KiB a strip).
        QTest::addRow("gray-2800x2800-auto")
            << int(QImage::Format_Grayscale8) << 2800 << 2800 << 1 << int(Auto) << 0 << int(Records) << 32;
        QTest::addRow("rgb-1000x700-auto")
            << int(QImage::Format_RGB888) << 1000 << 700 << 1 << int(Auto) << 0 << int(Records) << 10;
        QTest::addRow("gray-1024x1023-below-threshold")
            << int(QImage::Format_Grayscale8) << 1024 << 1023 << 1 << int(Auto) << 0 << int(Records) << 1;
    }
    void roundTrip()
    {
        QFETCH(int, format);
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, level);
        QFETCH(int, route);
        QFETCH(int, rowsPerStrip);
        QFETCH(int, content);
        QFETCH(int, idatChunks);
        const QImage image = makeImage(QImage::Format(format), width, height, Content(content));
        const QByteArray png = route == Whole    ? idx::encodePngWhole(image, level)
                               : route == Strips ? idx::encodePngStrips(image, level, rowsPerStrip)
                                                 : idx::encodePng(image, level);
        QVERIFY(!png.isEmpty());

        // What PNG is expected to hold, from the image itself: RGB32 is stored as RGB.
        const bool gray = format == QImage::Format_Grayscale8;
        const QImage expected = gray ? image : image.convertToFormat(QImage::Format_RGB888);
        const qsizetype rowBytes = qsizetype(width) * (gray ? 1 : 3);
        QByteArray rows;
        for (int y = 0; y < height; ++y)
            rows.append(reinterpret_cast<const char*>(expected.constScanLine(y)), rowBytes);

        const pngcheck::Structure s = pngcheck::structure(png);
        QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
        QCOMPARE(s.idatChunks, idatChunks);
        QCOMPARE(s.scanlines.size(), qsizetype(height) * (rowBytes + 1));
        for (int y = 0; y < height; ++y) {
            QCOMPARE(int(s.scanlines[y * (rowBytes + 1)]), 0); // filter None
            QVERIFY(s.scanlines.mid(y * (rowBytes + 1) + 1, rowBytes) == rows.mid(y * rowBytes, rowBytes));
        }

        QImage decoded = QImage::fromData(png, "PNG");
        QVERIFY(!decoded.isNull());
        QCOMPARE(decoded.size(), image.size());
        decoded = decoded.convertToFormat(expected.format());
        for (int y = 0; y < height; ++y)
            QVERIFY(std::memcmp(decoded.constScanLine(y), expected.constScanLine(y), size_t(rowBytes)) == 0);

        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("image.png")));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(png) == png.size());
        f.close();
        const pngcheck::PilImage pil = pngcheck::pilDecode(f.fileName());
        QVERIFY2(pil.error.isEmpty(), qPrintable(pil.error));
        QCOMPARE(pil.mode, gray ? QStringLiteral("L") : QStringLiteral("RGB"));
        QCOMPARE(pil.size, image.size());
        QVERIFY(pil.pixels == rows);
    }

    void unsupportedFormatFallsBack()
    {
        QImage argb(4, 4, QImage::Format_ARGB32);
        argb.fill(Qt::red);
        QVERIFY(idx::encodePng(argb).isEmpty());
        QVERIFY(idx::encodePngWhole(argb).isEmpty());
        QVERIFY(idx::encodePngStrips(argb).isEmpty());
        QVERIFY(idx::encodePng(QImage()).isEmpty());
        QVERIFY(idx::encodePngWhole(QImage()).isEmpty());
        QVERIFY(idx::encodePngStrips(QImage()).isEmpty());
    }

    // The zlib check above can fail: a wrong Adler-32 (its chunk's CRC made right again) and a missing strip.
    void structureCheckCatchesDamage()
    {
        const QImage image = makeImage(QImage::Format_Grayscale8, 64, 64, Records);
        const QByteArray png = idx::encodePngStrips(image, 1, 8);
        QVERIFY(pngcheck::structure(png).error.isEmpty());

        QByteArray badAdler = png;
        const qsizetype trailer = badAdler.size() - 12 - 16; // the Adler-32 chunk, before IEND
        QCOMPARE(badAdler.mid(trailer + 4, 4), QByteArray("IDAT"));
        badAdler[trailer + 8] = char(badAdler[trailer + 8] ^ 1);
        auto* p = reinterpret_cast<uchar*>(badAdler.data()) + trailer;
        qToBigEndian<quint32>(quint32(::crc32(0, p + 4, 8)), p + 12);
        const QString adlerError = pngcheck::structure(badAdler).error;
        QVERIFY2(adlerError.contains(QStringLiteral("does not decode")), qPrintable(adlerError));

        // Without its second strip's chunk (the first strip's starts after the 8-byte signature and IHDR).
        QByteArray missing = png;
        const qsizetype first = 8 + 25;
        const qsizetype second = first + 12 + qFromBigEndian<quint32>(png.constData() + first);
        missing.remove(second, 12 + qFromBigEndian<quint32>(png.constData() + second));
        QVERIFY(!pngcheck::structure(missing).error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstPngEncode)
#include "tst_pngencode.moc"
