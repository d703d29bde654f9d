// Tests for the label change log: derived from the overlay (merged, undone, deleted records left out), CSV
// written and parsed back, applied to another copy with per-line reports for mismatches and bad rows.
#include "changelog.h"
#include "fixtures.h"
#include "memoryview.h"

#include <QTemporaryDir>
#include <QTest>

using namespace idx;
using namespace Qt::StringLiterals;

namespace {
TensorView labels(quint64 n)
{
    std::vector<double> v;
    for (quint64 i = 0; i < n; ++i)
        v.push_back(double(i % 10));
    return fx::memoryView(DType::UInt8, {n}, v);
}
} // namespace

class TestChangeLog : public QObject {
    Q_OBJECT

private slots:
    void derivedFromOverlay()
    {
        EditableTensor t(labels(30));
        QVERIFY(t.setElement(12, 0, 7));
        QVERIFY(t.setElement(12, 0, 9)); // repeated edit: one row, first old, last new
        QVERIFY(t.setElement(3, 0, 1));
        const Edit back = *t.setElement(25, 0, 0).edit;
        QVERIFY(t.setElement(20, 0, 4));
        t.undo(back);                    // undone: gone from the log
        QVERIFY(t.setElement(21, 0, 1)); // set to its own value: no change
        QVERIFY(t.setElement(5, 0, 8));
        QVERIFY(t.deleteRecords(4, 2));     // record 5 deleted: its edit leaves the log
        QVERIFY(t.duplicateRecords(0, 12)); // copies are not original records
        const std::vector<LabelChange> expected{{3, 3, 1}, {12, 2, 9}, {20, 0, 4}};
        QCOMPARE(labelChanges(t), expected);
        QCOMPARE(changeLogCsv(expected), QByteArray("index,old,new\n3,3,1\n12,2,9\n20,0,4\n"));
    }

    void roundTripAppliesToAnotherCopy()
    {
        EditableTensor edited(labels(100));
        for (quint64 i : {1, 17, 50, 99})
            QVERIFY(edited.setElement(i, 0, double((i + 3) % 10)));
        QTemporaryDir dir;
        const QString path = dir.filePath(u"changes.csv"_s);
        QVERIFY(writeChangeLog(path, labelChanges(edited)));
        const ChangeLogParse parsed = readChangeLog(path);
        QVERIFY(parsed.ok());
        QCOMPARE(parsed.entries.size(), size_t(4));
        QCOMPARE(parsed.entries[0].line, 2);
        EditableTensor copy(labels(100));
        const ChangeLogApply r = applyChangeLog(copy, parsed.entries);
        QCOMPARE(r.applied, 4);
        QVERIFY(r.issues.isEmpty());
        for (quint64 i = 0; i < 100; ++i)
            QCOMPARE(copy.value(i, 0), edited.value(i, 0));
        copy.undo(*r.edit); // one compound edit for the undo stack
        QVERIFY(!copy.isModified());
        QVERIFY(!readChangeLog(dir.filePath(u"missing.csv"_s)).ok());
    }

    void messagesNameTheFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"changes.csv"_s);
        fx::writeFile(dir, u"changes.csv"_s, "index,old,new\r\n1,2,3\r\n4,five,6\r\n");
        const ChangeLogParse p = readChangeLog(path);
        QCOMPARE(p.entries.size(), size_t(1));
        QCOMPARE(p.errors, QStringList{QDir::toNativeSeparators(path) +
                                       u", line 3, column 3: \"five\" is not a number"_s});
    }

    void parseErrors_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<int>("entries");
        QTest::addColumn<QStringList>("errors");
        const QString stopped = u"; the rest of the file was not read"_s;
        QTest::newRow("header and CRLF")
            << QByteArray("index,old,new\r\n1,2,3\r\n\r\n4,5,6\r\n") << 2 << QStringList();
        QTest::newRow("no header") << QByteArray("1,2,3\n") << 1 << QStringList();
        QTest::newRow("quoted fields")
            << QByteArray("\"index\",\"old\",\"new\"\r\n\"1\",\" 2 \",\"3\"\n") << 1 << QStringList();
        // Without the byte-order mark skipped, "\xEF\xBB\xBF" + "1" would not be a record index.
        QTest::newRow("byte-order mark") << QByteArray("\xEF\xBB\xBF"
                                                       "1,2,3\n")
                                         << 1 << QStringList();
        QTest::newRow("spaces, blank lines, no last line end")
            << QByteArray("  1 , 2 ,\t3  \n   \n\n4,5,6") << 2 << QStringList();
        QTest::newRow("header only first")
            << QByteArray("1,2,3\nindex,old,new\n") << 1
            << QStringList{u"line 2, column 1: \"index\" is not a record index"_s};
        QTest::newRow("fields") << QByteArray("index,old,new\n1,2\n3,4,5\n") << 1
                                << QStringList{
                                       u"line 2, column 1: expected 3 fields (index,old,new), found 2"_s};
        QTest::newRow("too many fields")
            << QByteArray("1,2,3,4\n") << 0
            << QStringList{u"line 1, column 1: expected 3 fields (index,old,new), found 4"_s};
        QTest::newRow("index") << QByteArray("x,2,3\n-1,2,3\n") << 0
                               << QStringList{u"line 1, column 1: \"x\" is not a record index"_s,
                                              u"line 2, column 1: \"-1\" is not a record index"_s};
        QTest::newRow("value") << QByteArray("1,two,3\n1,2,three\n") << 0
                               << QStringList{u"line 1, column 3: \"two\" is not a number"_s,
                                              u"line 2, column 5: \"three\" is not a number"_s};
        QTest::newRow("line break inside quotes")
            << QByteArray("1,\"x\ny\",3\n5,6,7q\n") << 0
            << QStringList{u"line 1, column 3: \"x\ny\" is not a number"_s,
                           u"line 3, column 5: \"7q\" is not a number"_s};
        QTest::newRow("quote inside an unquoted field")
            << QByteArray("1,2,3\n4,5\"x,6\n7,8,9\n") << 1
            << QStringList{u"line 2, column 4: a quote inside an unquoted field (a field with quotes must be "
                           u"quoted whole, its own quotes written twice)"_s +
                           stopped};
        QTest::newRow("text after a closing quote")
            << QByteArray("1,\"2\"x,3\n") << 0
            << QStringList{
                   u"line 1, column 6: text after the closing quote of a field (a quote inside quotes "
                   u"is written twice)"_s +
                   stopped};
        QTest::newRow("no closing quote")
            << QByteArray("1,2,3\n4,\"5,6\n7,8,9\n") << 1
            << QStringList{u"line 2, column 3: the quoted field that starts here has no closing quote"_s +
                           stopped};
        QTest::newRow("record too long")
            << QByteArray("1,2,3\n4,5," + QByteArray(70000, '9') + "\n") << 1
            << QStringList{u"line 2, column 1: the record that starts here is longer than 64 KiB, the most "
                           u"allowed here"_s +
                           stopped};
        QTest::newRow("file too long")
            << QByteArray(qsizetype(64) << 20, ' ') + "1,2,3\n"
            << 0
            << QStringList{u"line 1, column 67108865: the data goes on past 64 MiB, the most read here"_s +
                           stopped};
        QByteArray manyBad;
        QStringList manyErrors;
        for (int line = 1; line <= 101; ++line) {
            manyBad += "x,1,2\n";
            manyErrors << (line <= 100
                               ? u"line %1, column 1: \"x\" is not a record index"_s.arg(line)
                               : u"line 101, column 1: more than 100 lines could not be read; the rest "
                                 u"of the file was not read"_s);
        }
        QTest::newRow("too many bad lines") << manyBad + "1,2,3\n" << 0 << manyErrors;
    }
    void parseErrors()
    {
        QFETCH(QByteArray, csv);
        QFETCH(int, entries);
        QFETCH(QStringList, errors);
        const ChangeLogParse p = parseChangeLog(csv);
        QCOMPARE(int(p.entries.size()), entries);
        QCOMPARE(p.errors, errors);
    }

    void applyMismatches_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<bool>("force");
        QTest::addColumn<int>("applied");
        QTest::addColumn<QStringList>("issues");
        QTest::addColumn<QList<double>>("labels"); // labels of records 0..4 afterwards
        QTest::newRow("all match") << QByteArray("index,old,new\n0,0,5\n4,4,9\n") << false << 2
                                   << QStringList() << QList<double>{5, 1, 2, 3, 9};
        QTest::newRow("mismatch skipped")
            << QByteArray("index,old,new\n1,7,5\n2,2,6\n") << false << 1
            << QStringList{u"line 2: record 1 has label 1, not 7 as the log says; not applied"_s}
            << QList<double>{0, 1, 6, 3, 4};
        QTest::newRow("mismatch forced")
            << QByteArray("index,old,new\n1,7,5\n") << true << 1
            << QStringList{u"line 2: record 1 had label 1, not 7 as the log says; applied anyway"_s}
            << QList<double>{0, 5, 2, 3, 4};
        QTest::newRow("index out of range")
            << QByteArray("index,old,new\n10,0,1\n") << true << 0
            << QStringList{u"line 2: index 10 is out of range (the labels have 10 records); not applied"_s}
            << QList<double>{0, 1, 2, 3, 4};
        QTest::newRow("new value out of range")
            << QByteArray("index,old,new\n3,3,300\n") << false << 0
            << QStringList{u"line 2: value 300 is out of range for uint8 (0..255); not applied"_s}
            << QList<double>{0, 1, 2, 3, 4};
    }
    void applyMismatches()
    {
        QFETCH(QByteArray, csv);
        QFETCH(bool, force);
        QFETCH(int, applied);
        QFETCH(QStringList, issues);
        QFETCH(QList<double>, labels);
        EditableTensor t(::labels(10));
        const ChangeLogParse p = parseChangeLog(csv);
        QVERIFY(p.ok());
        const ChangeLogApply r = applyChangeLog(t, p.entries, force);
        QCOMPARE(r.applied, applied);
        QCOMPARE(r.issues, issues);
        QCOMPARE(r.edit.has_value(), applied > 0);
        for (int i = 0; i < labels.size(); ++i)
            QCOMPARE(t.value(quint64(i), 0), labels[i]);
    }
};

QTEST_GUILESS_MAIN(TestChangeLog)
#include "tst_changelog.moc"
