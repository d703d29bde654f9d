// Container detection and foreign-format identification on leading bytes: one row per signature, plus
// look-alikes that must not be misidentified (a valid IDX header never is).
#include "fixtures.h"
#include "idxfile.h"
#include "sniff.h"

#include <QtTest>

using namespace idx;

class TstSniff : public QObject {
    Q_OBJECT
private slots:
    void container_data();
    void container();
    void foreign_data();
    void foreign();
};

void TstSniff::container_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<int>("container"); // -1: none (raw)
    QTest::newRow("gzip") << fx::gzip("abc") << int(Container::Gzip);
    QTest::newRow("gzip-2-bytes") << QByteArray("\x1f\x8b", 2) << int(Container::Gzip);
    QTest::newRow("xz") << fx::xz("abc") << int(Container::Xz);
    QTest::newRow("xz-5-bytes") << QByteArray("\xfd"
                                              "7zXZ",
                                              5)
                                << -1;
    QTest::newRow("idx") << fx::idxSample(DType::UInt8, {2}) << -1;
    QTest::newRow("empty") << QByteArray() << -1;
    QTest::newRow("one-byte") << QByteArray("\x1f", 1) << -1;
    QTest::newRow("zlib") << QByteArray("\x78\x9c", 2) << -1;
}

void TstSniff::container()
{
    QFETCH(QByteArray, head);
    QFETCH(int, container);
    const auto c = detectContainer(head);
    QCOMPARE(c ? int(*c) : -1, container);
}

void TstSniff::foreign_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<int>("code"); // -1: not foreign
    QTest::addColumn<QString>("word");
    const int ff = int(DiagCode::ForeignFormat);
    QTest::newRow("gzip-inside") << fx::gzip("x") << ff << "gzip";
    QTest::newRow("xz-inside") << fx::xz("x") << ff << "xz";
    QTest::newRow("bzip2") << QByteArray("BZh91AY&SY") << ff << "bzip2";
    QTest::newRow("zstd") << QByteArray("\x28\xb5\x2f\xfd\x00", 5) << ff << "zstd";
    QTest::newRow("npy") << QByteArray("\x93NUMPY\x01\x00") << ff << ".npy";
    QTest::newRow("npz") << QByteArray("PK\x03\x04\x14\x00\x00\x00", 8) << ff << "npz";
    QTest::newRow("empty-zip") << QByteArray("PK\x05\x06\0\0\0\0", 8) << ff << "zip";
    QTest::newRow("png") << QByteArray("\x89PNG\r\n\x1a\n") << ff << "PNG";
    QTest::newRow("html-doctype") << QByteArray("<!DOCTYPE html>\n<html>") << ff << "HTML";
    QTest::newRow("html-lower") << QByteArray("<!doctype html>") << ff << "download";
    QTest::newRow("html-tag") << QByteArray("<HTML><HEAD>") << ff << "HTML";
    QTest::newRow("html-whitespace") << QByteArray(" \r\n\t <html lang=en>") << ff << "HTML";
    QTest::newRow("html-bom") << QByteArray("\xEF\xBB\xBF<!DOCTYPE html>") << ff << "HTML";
    QTest::newRow("lfs") << QByteArray("version https://git-lfs.github.com/spec/v1\noid sha256:0\n") << ff
                         << "LFS";
    for (int x = 1; x <= 6; ++x) {
        const char be[4] = {'\x1e', '\x3d', '\x4c', char(0x50 + x)};
        const char le[4] = {char(0x50 + x), '\x4c', '\x3d', '\x1e'};
        QTest::addRow("lush-be-%d", x) << QByteArray(be, 4) + QByteArray(8, '\0') << ff << "Lush";
        QTest::addRow("lush-le-%d", x) << QByteArray(le, 4) + QByteArray(8, '\0') << ff << "little-endian";
    }
    const int le = int(DiagCode::LittleEndianIdx);
    QTest::newRow("le-idx-u8-3d") << QByteArray("\x03\x08\0\0\x60\xea\0\0", 8) << le << "0x08, 3 dimension";
    QTest::newRow("le-idx-f64-1d") << QByteArray("\x01\x0e\0\0\x05\0\0\0", 8) << le << "little-endian";
    QTest::newRow("le-idx-scalar") << QByteArray("\x00\x0d\0\0", 4) << le << "0x0d";
    // Not foreign: valid IDX, random bytes, unknown type code in reversed position, short input.
    QTest::newRow("idx") << fx::idxSample(DType::Float32, {2, 2}) << -1 << "";
    QTest::newRow("idx-scalar") << fx::idxSample(DType::UInt8, {}) << -1 << "";
    QTest::newRow("text") << QByteArray("hello world") << -1 << "";
    QTest::newRow("reversed-bad-type") << QByteArray("\x03\x07\0\0", 4) << -1 << "";
    QTest::newRow("empty") << QByteArray() << -1 << "";
    QTest::newRow("html-late") << QByteArray("abc <html>") << -1 << "";
}

void TstSniff::foreign()
{
    QFETCH(QByteArray, head);
    QFETCH(int, code);
    QFETCH(QString, word);
    const auto d = identifyForeign(head);
    if (code < 0) {
        QVERIFY2(!d, d ? qPrintable(d->message) : "");
        return;
    }
    QVERIFY(d);
    QCOMPARE(int(d->code), code);
    QVERIFY(d->isError());
    QCOMPARE(d->offset, 0);
    QCOMPARE(d->expected, -1);
    QCOMPARE(d->actual, head.size() >= 4 ? qint64(qFromBigEndian<quint32>(head.constData())) : -1);
    QVERIFY2(d->message.contains(word, Qt::CaseInsensitive), qPrintable(d->message));
}

QTEST_GUILESS_MAIN(TstSniff)
#include "tst_sniff.moc"
