// numberText: whole numbers in full, fractions in the shortest form that reads back exactly, the special
// values as Qt writes them.
#include "numbertext.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>

using namespace idx;

class TstNumberText : public QObject {
    Q_OBJECT
private slots:
    void text_data();
    void text();
    void readsBack();
};

void TstNumberText::text_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("zero") << 0.0 << QStringLiteral("0");
    QTest::newRow("negative zero") << -0.0 << QStringLiteral("0");
    QTest::newRow("byte") << 255.0 << QStringLiteral("255");
    QTest::newRow("three billion") << 3e9 << QStringLiteral("3000000000");
    QTest::newRow("negative whole") << -2147483648.0 << QStringLiteral("-2147483648");
    QTest::newRow("float max") << double(std::numeric_limits<float>::max())
                               << QStringLiteral("3.4028234663852886e+38");
    QTest::newRow("1e18 is an exponent") << 1e18 << QStringLiteral("1e+18");
    QTest::newRow("tenth") << 0.1 << QStringLiteral("0.1");
    QTest::newRow("a float's tenth") << double(0.1f) << QStringLiteral("0.10000000149011612");
    QTest::newRow("half") << -0.5 << QStringLiteral("-0.5");
    QTest::newRow("tiny") << 1e-300 << QStringLiteral("1e-300");
    QTest::newRow("nan") << std::numeric_limits<double>::quiet_NaN() << QStringLiteral("nan");
    QTest::newRow("infinity") << std::numeric_limits<double>::infinity() << QStringLiteral("inf");
    QTest::newRow("-infinity") << -std::numeric_limits<double>::infinity() << QStringLiteral("-inf");
}

void TstNumberText::text()
{
    QFETCH(double, value);
    QFETCH(QString, expected);
    QCOMPARE(numberText(value), expected);
}

// Every double written comes back as itself: the change log and the journal rely on it.
void TstNumberText::readsBack()
{
    quint64 bits = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 10000; ++i) {
        bits = bits * 6364136223846793005ull + 1442695040888963407ull;
        double v;
        std::memcpy(&v, &bits, sizeof v);
        if (!std::isfinite(v))
            continue;
        bool ok = false;
        QCOMPARE(numberText(v).toDouble(&ok), v);
        QVERIFY(ok);
    }
}

QTEST_GUILESS_MAIN(TstNumberText)
#include "tst_numbertext.moc"
