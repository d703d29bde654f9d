// Byte-order check: plausible data of every multi-byte type written big- and little-endian gets the right
// verdict; single-byte types are big; data that cannot tell (zeros, palindromic bytes, noise) is undecided.
#include "byteorder.h"
#include "fixtures.h"

#include <QtTest>

#include <cmath>

using namespace idx;

namespace {
std::shared_ptr<QByteArray> keep(QByteArray b)
{
    return std::make_shared<QByteArray>(std::move(b));
}

TensorView viewOf(DType t, const std::vector<double>& values, ByteOrder order)
{
    const auto bytes = keep(fx::encodeValues(t, values, order));
    const auto h = Header::make(t, {quint64(values.size())});
    return TensorView(*h, reinterpret_cast<const uchar*>(bytes->constData()), quint64(bytes->size()), bytes);
}

// Real-world-looking data per kind.
std::vector<double> plausible(const QString& kind, int n)
{
    std::vector<double> v(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
        const double x = double((i * 7919) % 1000) / 1000.0; // 0..1
        if (kind == QLatin1String("labels"))
            v[size_t(i)] = double(i % 10);
        else if (kind == QLatin1String("pixels"))
            v[size_t(i)] = std::floor(x * 255);
        else if (kind == QLatin1String("signed"))
            v[size_t(i)] = std::floor((x - 0.5) * 4000);
        else if (kind == QLatin1String("unit"))
            v[size_t(i)] = std::floor(x * 255) / 255.0;
        else if (kind == QLatin1String("gauss"))
            v[size_t(i)] = std::sin(i * 0.37) * 3.7 + 0.01 * i;
        else if (kind == QLatin1String("large"))
            v[size_t(i)] = 1000.0 + x * 50000.0;
    }
    return v;
}
} // namespace

class TstByteOrder : public QObject {
    Q_OBJECT
private slots:
    void verdicts_data();
    void verdicts();
    void singleByte();
    void undecided_data();
    void undecided();
    void names();
    void boundedOnPartialView();
};

void TstByteOrder::verdicts_data()
{
    QTest::addColumn<int>("type");
    QTest::addColumn<QString>("kind");
    const QList<QPair<DType, QStringList>> cases{
        {DType::Int16, {QStringLiteral("labels"), QStringLiteral("pixels"), QStringLiteral("signed")}},
        {DType::Int32,
         {QStringLiteral("labels"), QStringLiteral("pixels"), QStringLiteral("signed"),
          QStringLiteral("large")}},
        {DType::Float32,
         {QStringLiteral("unit"), QStringLiteral("gauss"), QStringLiteral("pixels"),
          QStringLiteral("large")}},
        {DType::Float64,
         {QStringLiteral("unit"), QStringLiteral("gauss"), QStringLiteral("pixels"),
          QStringLiteral("large")}},
    };
    for (const auto& [t, kinds] : cases)
        for (const QString& k : kinds)
            QTest::addRow("%s-%s", qPrintable(dtypeName(t)), qPrintable(k)) << int(t) << k;
}

void TstByteOrder::verdicts()
{
    QFETCH(int, type);
    QFETCH(QString, kind);
    const auto t = DType(type);
    const auto values = plausible(kind, 5000);
    const ByteOrderCheck big = checkByteOrder(viewOf(t, values, ByteOrder::Big));
    QVERIFY2(big.verdict == ByteOrderVerdict::Big,
             qPrintable(verdictName(big.verdict) + QStringLiteral(": ") + big.evidence));
    QVERIFY(!big.evidence.isEmpty());
    const ByteOrderCheck little = checkByteOrder(viewOf(t, values, ByteOrder::Little));
    QVERIFY2(little.verdict == ByteOrderVerdict::Little,
             qPrintable(verdictName(little.verdict) + QStringLiteral(": ") + little.evidence));
    // The view's own reading order does not change what the bytes are.
    const ByteOrderCheck again =
        checkByteOrder(viewOf(t, values, ByteOrder::Little).withByteOrder(ByteOrder::Little));
    QCOMPARE(again.verdict, ByteOrderVerdict::Little);
}

void TstByteOrder::singleByte()
{
    for (DType t : {DType::UInt8, DType::Int8}) {
        const auto c = checkByteOrder(viewOf(t, {1, 2, 3}, ByteOrder::Big));
        QCOMPARE(c.verdict, ByteOrderVerdict::Big);
        QVERIFY(c.evidence.contains(QStringLiteral("single-byte")));
    }
}

void TstByteOrder::undecided_data()
{
    QTest::addColumn<int>("type");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("word");
    QTest::newRow("zeros") << int(DType::Int32) << QByteArray(4000, '\0') << "zero";
    QTest::newRow("empty") << int(DType::Float32) << QByteArray() << "no data";
    QTest::newRow("palindromes") << int(DType::Float64) << QByteArray(800, '\x40') << "plausible";
    QByteArray noise(8000, '\0');
    quint32 s = 12345;
    for (auto& c : noise) {
        s = s * 1664525u + 1013904223u;
        c = char(s >> 24);
    }
    QTest::newRow("noise-int16") << int(DType::Int16) << noise << "entropy";
    QTest::newRow("noise-int32") << int(DType::Int32) << noise << "entropy";
}

void TstByteOrder::undecided()
{
    QFETCH(int, type);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, word);
    const auto t = DType(type);
    const auto kept = keep(bytes);
    const auto h = Header::make(t, {quint64(bytes.size() / elementSize(t))});
    const ByteOrderCheck c = checkByteOrder(
        TensorView(*h, reinterpret_cast<const uchar*>(kept->constData()), quint64(kept->size()), kept));
    QCOMPARE(c.verdict, ByteOrderVerdict::Undecided);
    QVERIFY2(c.evidence.contains(word, Qt::CaseInsensitive), qPrintable(c.evidence));
}

void TstByteOrder::names()
{
    QCOMPARE(verdictName(ByteOrderVerdict::Big), QStringLiteral("big"));
    QCOMPARE(verdictName(ByteOrderVerdict::Little), QStringLiteral("little"));
    QCOMPARE(verdictName(ByteOrderVerdict::Undecided), QStringLiteral("undecided"));
}

void TstByteOrder::boundedOnPartialView()
{
    // Only the available bytes are read: a view whose header declares far more than it holds.
    const auto values = plausible(QStringLiteral("signed"), 3000);
    const auto bytes = keep(fx::encodeValues(DType::Int16, values, ByteOrder::Little));
    const auto h = Header::make(DType::Int16, {1u << 30});
    const TensorView v(*h, reinterpret_cast<const uchar*>(bytes->constData()), quint64(bytes->size()) - 1,
                       bytes);
    QCOMPARE(checkByteOrder(v).verdict, ByteOrderVerdict::Little);
}

QTEST_GUILESS_MAIN(TstByteOrder)
#include "tst_byteorder.moc"
