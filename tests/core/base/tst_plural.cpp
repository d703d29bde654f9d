// translateCount: a message's plural form for counts of any size (QCoreApplication::translate's %n is an
// int): within int as translate has it, beyond it the plural form with the whole count written.
#include "plural.h"

#include <QCoreApplication>
#include <QTest>
#include <QTranslator>

#include <climits>

namespace {
// A translation of one message, its form chosen by the count as a .qm file's rules would choose it.
class Plurals : public QTranslator {
public:
    QString translate(const char* context, const char* source, const char*, int n) const override
    {
        if (qstrcmp(context, "tst") != 0 || qstrcmp(source, "%n byte(s) left") != 0)
            return {};
        m_lastN = n;
        return n == 1 ? QStringLiteral("one: %n byte left") : QStringLiteral("many: %n bytes left");
    }
    bool isEmpty() const override { return false; }
    mutable int m_lastN = -1;
};
} // namespace

class TestPlural : public QObject {
    Q_OBJECT
private slots:
    void untranslatedSourceGetsTheCount()
    {
        QCOMPARE(idx::translateCount("tst", QT_TRANSLATE_N_NOOP("tst", "%n byte(s) left"), 3),
                 QStringLiteral("3 byte(s) left"));
        QCOMPARE(idx::translateCount("tst", QT_TRANSLATE_N_NOOP("tst", "%n byte(s) left"), 5000000000ull),
                 QStringLiteral("5000000000 byte(s) left"));
    }

    void formsChosenByTheCount()
    {
        Plurals plurals;
        QVERIFY(QCoreApplication::installTranslator(&plurals));
        QCOMPARE(idx::translateCount("tst", "%n byte(s) left", 1), QStringLiteral("one: 1 byte left"));
        QCOMPARE(plurals.m_lastN, 1);
        QCOMPARE(idx::translateCount("tst", "%n byte(s) left", 0), QStringLiteral("many: 0 bytes left"));
        QCOMPARE(idx::translateCount("tst", "%n byte(s) left", quint64(INT_MAX)),
                 QStringLiteral("many: 2147483647 bytes left"));
        // Beyond int: the form of a large count, and the count itself, not int's largest value.
        QCOMPARE(idx::translateCount("tst", "%n byte(s) left", quint64(INT_MAX) + 1),
                 QStringLiteral("many: 2147483648 bytes left"));
        QCOMPARE(plurals.m_lastN, INT_MAX);
        QCOMPARE(idx::translateCount("tst", "%n byte(s) left", 18446744073709551615ull),
                 QStringLiteral("many: 18446744073709551615 bytes left"));
        QCoreApplication::removeTranslator(&plurals);
        QCOMPARE(idx::translateCount("tst", "%n byte(s) left", 1), QStringLiteral("1 byte(s) left"));
    }
};

QTEST_GUILESS_MAIN(TestPlural)
#include "tst_plural.moc"
