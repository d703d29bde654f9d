// Tests for EditablePair: every structural operation applied to images and labels keeps label i the label of
// image i (checked on each record after a mix of operations), undoing everything restores both, and a pair
// that is not aligned, or whose labels refuse an operation, changes neither side; with one side open, the
// pair edits that side alone.
#include "editablepair.h"
#include "editabletensor.h"
#include "fixtures.h"
#include "memoryview.h"
#include "recordfixtures.h"

#include <QTest>

#include <cmath>

using namespace idx;
using namespace Qt::StringLiterals;

namespace {

QByteArray bytesOf(const TensorView& v)
{
    return QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.availableBytes()));
}

} // namespace

class TestEditablePair : public QObject {
    Q_OBJECT

private slots:
    void pairStaysAligned_data()
    {
        QTest::addColumn<QString>("ops");
        QTest::newRow("deletes") << u"del 0 5; del 10 1; del 40 4"_s;
        QTest::newRow("moves") << u"mov 0 10 30; mov 5 3 0; mov 40 9 1"_s;
        QTest::newRow("duplicates") << u"dup 0 10; dup 55 5; dup 3 1"_s;
        QTest::newRow("inserts") << u"ins 0 3; ins 50 2; ins 10 1"_s;
        QTest::newRow("everything")
            << u"del 3 4; dup 0 10; mov 10 5 0; ins 7 2; del 20 10; mov 0 20 15; dup 40 3"_s;
    }
    void pairStaysAligned()
    {
        QFETCH(QString, ops);
        const quint64 n = 50;
        EditableTensor img(fx::imageRecords(n)), lab(fx::labelRecords(n));
        EditablePair pair(&img, &lab);
        std::vector<EditablePair::PairEdit> edits;
        quint64 nextValue = 200; // inserted images get values 200.. and their labels value % 10
        for (const QString& op : ops.split(u';')) {
            const QStringList p = op.trimmed().split(u' ');
            const quint64 a = p[1].toULongLong(), b = p[2].toULongLong();
            EditablePair::PairResult r;
            if (p[0] == "del"_L1)
                r = pair.deleteRecords(a, b);
            else if (p[0] == "dup"_L1)
                r = pair.duplicateRecords(a, b);
            else if (p[0] == "mov"_L1)
                r = pair.moveRecords(a, b, p[3].toULongLong());
            else if (p[0] == "ins"_L1) {
                QByteArray ib, lb;
                for (quint64 k = 0; k < b; ++k, ++nextValue) {
                    ib += QByteArray(6, char(nextValue));
                    lb += char(nextValue % 10);
                }
                r = pair.insertRecords(a, ib, lb);
            }
            QVERIFY2(r, qPrintable(r.error));
            edits.push_back(*r.edit);
            QCOMPARE(img.recordCount(), lab.recordCount());
        }
        for (quint64 i = 0; i < img.recordCount(); ++i) {
            const double v = img.value(i, 0);
            QCOMPARE(img.value(i, 5), v);
            QCOMPARE(lab.value(i, 0), std::fmod(v, 10.0)); // label i still belongs to image i
        }
        for (auto it = edits.rbegin(); it != edits.rend(); ++it)
            pair.undo(*it);
        QVERIFY(!img.isModified());
        QVERIFY(!lab.isModified());
        QCOMPARE(bytesOf(img.snapshot()), bytesOf(fx::imageRecords(n)));
        QCOMPARE(bytesOf(lab.snapshot()), bytesOf(fx::labelRecords(n)));
    }

    void pairRefusesMisaligned()
    {
        EditableTensor img(fx::imageRecords(10)), lab(fx::labelRecords(9));
        EditablePair pair(&img, &lab);
        const auto r = pair.deleteRecords(0, 1);
        QVERIFY(!r);
        QCOMPARE(r.error, u"the images have 10 records but the labels 9"_s);
        QCOMPARE(img.recordCount(), quint64(10));
        // A labels-side failure rolls the images side back.
        EditableTensor lab10(fx::labelRecords(10));
        EditablePair ok(&img, &lab10);
        QVERIFY(!ok.insertRecords(0, QByteArray(6, '\0'), QByteArray(2, '\0')));
        QVERIFY(!img.isModified());
    }

    void labelsRefusalUndoesTheImages()
    {
        // Aligned (one record each), but a scalar's record cannot be deleted: the images' delete is undone.
        EditableTensor img(fx::imageRecords(1)), scalar(fx::memoryView(DType::UInt8, {}, {7}));
        QCOMPARE(scalar.recordCount(), quint64(1));
        EditablePair pair(&img, &scalar);
        const auto r = pair.deleteRecords(0, 1);
        QVERIFY(!r);
        QCOMPARE(r.error, u"a scalar has no records to rearrange"_s);
        QCOMPARE(img.recordCount(), quint64(1));
        QVERIFY(!img.isModified());
    }

    void oneSideOnly()
    {
        EditableTensor img(fx::imageRecords(4));
        EditablePair pair(&img, nullptr);
        QCOMPARE(pair.checkAligned(), QString());
        const auto r = pair.moveRecords(0, 1, 3); // 1 2 3 0
        QVERIFY(r);
        QVERIFY(r.edit->images);
        QVERIFY(!r.edit->labels);
        QCOMPARE(img.value(0, 0), 1.0);
        QCOMPARE(img.value(3, 0), 0.0);
        pair.undo(*r.edit);
        QVERIFY(!img.isModified());
        pair.redo(*r.edit);
        QCOMPARE(img.value(3, 0), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestEditablePair)
#include "tst_editablepair.moc"
