// Header parsing: every header diagnostic as a row, sizes for every type and shape, the canonical encoding.
#include "fixtures.h"
#include "header.h"

#include <QtTest>

using namespace idx;

class TstHeader : public QObject {
    Q_OBJECT
private slots:
    void valid_data();
    void valid();
    void invalid_data();
    void invalid();
    void makeChecksOverflow();
    void encodeRoundTrip();
    void recordSizes();
};

void TstHeader::valid_data()
{
    QTest::addColumn<int>("code");
    QTest::addColumn<QList<quint64>>("dims");
    QTest::addColumn<quint64>("elements");
    const QList<QPair<const char*, QList<quint64>>> shapes{
        {"scalar", {}},
        {"1d", {7}},
        {"zero", {0}},
        {"2d", {3, 4}},
        {"zero-mid", {2, 0, 3}},
        {"mnist", {60000, 28, 28}},
        {"max-dim", {0xFFFFFFFFull}},
    };
    for (int code : {0x08, 0x09, 0x0B, 0x0C, 0x0D, 0x0E}) {
        for (const auto& [name, dims] : shapes) {
            quint64 n = 1;
            for (quint64 d : dims)
                n *= d;
            QTest::addRow("%s-%02x", name, code) << code << dims << n;
        }
    }
    QList<quint64> ones(255, 1);
    QTest::addRow("ndim255") << 0x0D << ones << quint64(1);
}

void TstHeader::valid()
{
    QFETCH(int, code);
    QFETCH(QList<quint64>, dims);
    QFETCH(quint64, elements);
    std::vector<quint32> d32(dims.begin(), dims.end());
    const QByteArray bytes =
        fx::rawHeader(quint8(code), d32) + QByteArray(5, '\x7f'); // payload is not looked at
    const HeaderParse p = parseHeader(bytes);
    QVERIFY2(p.diagnostics.isEmpty(), qPrintable(firstError(p.diagnostics)));
    QVERIFY(p.header);
    QCOMPARE(int(p.header->dtype), code);
    QCOMPARE(p.header->typeCode, quint8(code));
    QCOMPARE(p.header->ndim(), int(dims.size()));
    QCOMPARE(p.header->headerBytes, 4 + 4 * qint64(dims.size()));
    QCOMPARE(p.header->elementCount, elements);
    QCOMPARE(p.header->dataBytes, elements * quint64(p.header->elementSize()));
    for (int i = 0; i < int(dims.size()); ++i)
        QCOMPARE(p.header->dims[size_t(i)], dims[i]);
    QCOMPARE(p.header->recordCount(), dims.isEmpty() ? quint64(1) : dims[0]);
}

void TstHeader::invalid_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("code");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<qint64>("expected");
    QTest::addColumn<qint64>("actual");
    QTest::addColumn<QString>("word");
    const auto c = [](DiagCode x) { return int(x); };
    QTest::newRow("empty") << QByteArray() << c(DiagCode::TooShortForMagic) << 0ll << 4ll << 0ll << "magic";
    QTest::newRow("3 bytes") << QByteArray("\0\0\x08", 3) << c(DiagCode::TooShortForMagic) << 0ll << 4ll
                             << 3ll << "4-byte";
    QTest::newRow("bad prefix 01") << QByteArray("\x01\x00\x08\x01\0\0\0\x01", 8)
                                   << c(DiagCode::BadMagicPrefix) << 0ll << 0ll << 0x0100ll << "00 00";
    QTest::newRow("bad prefix 00 ff") << QByteArray("\x00\xff\x08\x01", 4) << c(DiagCode::BadMagicPrefix)
                                      << 0ll << 0ll << 0xffll << "00 ff";
    QTest::newRow("type 0x0a") << fx::rawHeader(0x0A, {1}) << c(DiagCode::UnknownTypeCode) << 2ll << -1ll
                               << 10ll << "0x0a";
    QTest::newRow("type 0x00") << fx::rawHeader(0x00, {1}) << c(DiagCode::UnknownTypeCode) << 2ll << -1ll
                               << 0ll << "unknown";
    QTest::newRow("dims cut") << fx::rawHeader(0x08, {3, 4}).left(9) << c(DiagCode::TooShortForDims) << 9ll
                              << 12ll << 9ll << "2 dimension";
    QTest::newRow("ndim255 cut") << fx::rawHeader(0x08, std::vector<quint32>(255, 1)).left(1000)
                                 << c(DiagCode::TooShortForDims) << 1000ll << 1024ll << 1000ll << "1024";
    QTest::newRow("elements overflow") << fx::rawHeader(0x08, {0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF})
                                       << c(DiagCode::SizeOverflow) << 4ll << -1ll << -1ll << "overflow";
    // 2^32-1 squared fits in 64 bits as elements, but not times 8 bytes.
    QTest::newRow("bytes overflow") << fx::rawHeader(0x0E, {0xFFFFFFFF, 0xFFFFFFFF})
                                    << c(DiagCode::SizeOverflow) << 4ll << -1ll << -1ll << "8-byte";
}

void TstHeader::invalid()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, code);
    QFETCH(qint64, offset);
    QFETCH(qint64, expected);
    QFETCH(qint64, actual);
    QFETCH(QString, word);
    const HeaderParse p = parseHeader(bytes);
    QVERIFY(!p.header);
    QCOMPARE(p.diagnostics.size(), 1);
    const Diagnostic& d = p.diagnostics.first();
    QCOMPARE(int(d.code), code);
    QCOMPARE(d.severity, Severity::Error);
    QCOMPARE(d.offset, offset);
    QCOMPARE(d.expected, expected);
    QCOMPARE(d.actual, actual);
    QVERIFY2(d.message.contains(word, Qt::CaseInsensitive), qPrintable(d.message));
}

void TstHeader::makeChecksOverflow()
{
    QVERIFY(!Header::make(DType::Float64, {0xFFFFFFFFull, 0xFFFFFFFFull}));
    QVERIFY(!Header::make(DType::UInt8, {0x100000000ull}));
    QVERIFY(!Header::make(DType::UInt8, std::vector<quint64>(256, 1)));
    QVERIFY(Header::make(DType::UInt8, {0xFFFFFFFFull, 0xFFFFFFFFull}));
}

void TstHeader::encodeRoundTrip()
{
    const auto h = Header::make(DType::Int16, {2, 3, 5});
    QVERIFY(h);
    const QByteArray enc = h->encode();
    QCOMPARE(enc, QByteArray("\0\0\x0b\x03\0\0\0\x02\0\0\0\x03\0\0\0\x05", 16));
    const auto p = parseHeader(enc);
    QVERIFY(p.header);
    QCOMPARE(p.header->dims, h->dims);
    QCOMPARE(h->shapeString(), QStringLiteral("2 × 3 × 5"));
    QCOMPARE(Header::make(DType::UInt8, {})->shapeString(), QStringLiteral("scalar"));
}

void TstHeader::recordSizes()
{
    const auto h = Header::make(DType::Float32, {10, 28, 28});
    QCOMPARE(h->recordElements(), quint64(784));
    QCOMPARE(h->recordBytes(), quint64(3136));
    const auto s = Header::make(DType::Float64, {});
    QCOMPARE(s->recordCount(), quint64(1));
    QCOMPARE(s->recordBytes(), quint64(8));
    QCOMPARE(s->dataBytes, quint64(8));
}

QTEST_GUILESS_MAIN(TstHeader)
#include "tst_header.moc"
