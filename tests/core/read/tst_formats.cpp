// The formats' table: every format has its row, its patterns and its description; each magic is told from
// real leading bytes (files made by the fixtures' writers, byte strings of the other formats) and from its
// look-alikes, and a valid IDX header never reads as another format.
#include "fixtures.h"
#include "formats.h"

#include <QtTest>

#include <set>

using namespace idx;

class TstFormats : public QObject {
    Q_OBJECT
private slots:
    void everyFormatHasItsRow();
    void patterns();
    void opened();
    void magic_data();
    void magic();
};

void TstFormats::everyFormatHasItsRow()
{
    std::set<Format> seen;
    for (const FormatSpec& s : formats()) {
        QVERIFY2(seen.insert(s.format).second, "a format listed twice");
        QVERIFY(!QByteArray(s.patterns).isEmpty());
        QVERIFY(!formatDescription(s.format).isEmpty());
        QCOMPARE(formatSpec(s.format).format, s.format);
    }
    QCOMPARE(seen.size(), size_t(Format::Svg) + 1); // the last enumerator
}

void TstFormats::patterns()
{
    QCOMPARE(QByteArray(formatSpec(Format::Npy).patterns), QByteArray("*.npy"));
    QCOMPARE(QByteArray(formatSpec(Format::Npz).patterns), QByteArray("*.npz"));
    QCOMPARE(QByteArray(formatSpec(Format::Lush).patterns), QByteArray("*.mat *.lush"));
    QCOMPARE(
        QByteArray(formatSpec(Format::Idx).patterns),
        QByteArray("*-idx?-ubyte *.idx?-ubyte *-idx?-int *-idx?-float *-idx?-double *-idx?-short *.idx"));
    QCOMPARE(formatDescription(Format::Npy), QStringLiteral("NumPy arrays"));
    QCOMPARE(formatDescription(Format::Idx), QStringLiteral("IDX files"));
}

// What the reader opens (IdxFile reads IDX, .npy, .npz members and Lush, raw or in gzip / xz) and nothing
// else.
void TstFormats::opened()
{
    std::set<Format> opens;
    for (const FormatSpec& s : formats())
        if (s.opens)
            opens.insert(s.format);
    const std::set<Format> expected{Format::Idx,  Format::Npy,  Format::Npz,
                                    Format::Lush, Format::Gzip, Format::Xz};
    QVERIFY(opens == expected);
}

void TstFormats::magic_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<int>("format"); // -1: none
    const QByteArray idx = fx::idxSample(DType::UInt8, {2, 2, 2});
    QTest::newRow("idx") << idx << -1;
    QTest::newRow("gzip") << fx::gzip(idx) << int(Format::Gzip);
    QTest::newRow("xz") << fx::xz(idx) << int(Format::Xz);
    QTest::newRow("xz, 5 bytes") << QByteArray("\xfd\x37\x7a\x58\x5a", 5) << -1;
    QTest::newRow("npy") << QByteArray("\x93NUMPY\x01\x00", 8) << int(Format::Npy);
    QTest::newRow("npy, 5 bytes") << QByteArray("\x93NUMP", 5) << -1;
    QTest::newRow("zip") << QByteArray("PK\x03\x04\x14\x00", 6) << int(Format::Npz);
    QTest::newRow("empty zip") << QByteArray("PK\x05\x06\x00\x00", 6) << int(Format::Npz);
    QTest::newRow("zip spanned") << QByteArray("PK\x07\x08", 4) << -1;
    QTest::newRow("lush byte, big-endian") << QByteArray("\x1e\x3d\x4c\x55", 4) << int(Format::Lush);
    QTest::newRow("lush float, little-endian") << QByteArray("\x51\x4c\x3d\x1e", 4) << int(Format::Lush);
    QTest::newRow("lush look-alike") << QByteArray("\x1e\x3d\x4d\x55", 4) << -1;
    QTest::newRow("bzip2") << QByteArray("BZh9", 4) << int(Format::Bzip2);
    QTest::newRow("bzip2 without block size") << QByteArray("BZh0", 4) << -1;
    QTest::newRow("zstd") << QByteArray("\x28\xb5\x2f\xfd", 4) << int(Format::Zstd);
    QTest::newRow("png") << QByteArray("\x89PNG\r\n\x1a\n", 8) << int(Format::Png);
    QTest::newRow("empty") << QByteArray() << -1;
}

void TstFormats::magic()
{
    QFETCH(QByteArray, head);
    QFETCH(int, format);
    const std::optional<Format> found = formatByMagic(head);
    QCOMPARE(found ? int(*found) : -1, format);
    for (const FormatSpec& s : formats())
        QCOMPARE(hasMagic(head, s.format), int(s.format) == format);
}

QTEST_GUILESS_MAIN(TstFormats)
#include "tst_formats.moc"
