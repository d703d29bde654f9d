// The export's own PNG framing: every image it encodes decodes with Qt's PNG reader to the same pixels.
#include "pngencode.h"

#include <QRandomGenerator>
#include <QTest>

class TstPngEncode : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("level");
        for (auto [name, format] : {std::pair{"gray", int(QImage::Format_Grayscale8)},
                                    std::pair{"rgb", int(QImage::Format_RGB888)}}) {
            QTest::addRow("%s-1x1", name) << format << 1 << 1 << 1;
            QTest::addRow("%s-28x28", name) << format << 28 << 28 << 1;
            QTest::addRow("%s-37x5-odd-rows", name) << format << 37 << 5 << 6;
            QTest::addRow("%s-300x200-level12", name) << format << 300 << 200 << 12;
        }
    }
    void roundTrip()
    {
        QFETCH(int, format);
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, level);
        QImage image(width, height, QImage::Format(format));
        QRandomGenerator rng(uint(width * 31 + height));
        const int rowBytes = width * (format == QImage::Format_Grayscale8 ? 1 : 3);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < rowBytes; ++x)
                image.scanLine(y)[x] = uchar(rng.bounded(256));
        const QByteArray png = idx::encodePng(image, level);
        QVERIFY(png.startsWith("\x89PNG\r\n\x1a\n"));
        QImage decoded = QImage::fromData(png, "PNG");
        QVERIFY(!decoded.isNull());
        QCOMPARE(decoded.size(), image.size());
        decoded = decoded.convertToFormat(image.format());
        for (int y = 0; y < height; ++y)
            QVERIFY(std::memcmp(decoded.constScanLine(y), image.constScanLine(y), size_t(rowBytes)) == 0);
    }
    void unsupportedFormatFallsBack()
    {
        QImage argb(4, 4, QImage::Format_ARGB32);
        argb.fill(Qt::red);
        QVERIFY(idx::encodePng(argb).isEmpty());
        QVERIFY(idx::encodePng(QImage()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstPngEncode)
#include "tst_pngencode.moc"
