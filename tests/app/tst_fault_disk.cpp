// Faults while a document is open: its file is truncated in place, replaced (an atomic save by another
// program) or deleted. The Document must emit changedOnDisk, and rendering records afterwards, from the
// current view and from a view a worker took before the change, must not crash (a truncated mapping reads
// zeros and reports mappingDamaged()). Also: cancelling a PNG export at random moments leaves no files
// behind.
#include "document.h"
#include "fixtures.h"
#include "recordexport.h"
#include "render.h"

#include <QDir>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <unistd.h>

using namespace idx::gui;

using namespace idx;

class TestFaultDisk : public QObject {
    Q_OBJECT
private slots:
    void changedWhileOpen_data();
    void changedWhileOpen();
    void cancelExport();
};

void TestFaultDisk::changedWhileOpen_data()
{
    QTest::addColumn<QString>("change");
    QTest::newRow("truncated in place") << QStringLiteral("truncate");
    QTest::newRow("replaced (atomic save elsewhere)") << QStringLiteral("replace");
    QTest::newRow("deleted") << QStringLiteral("delete");
}

void TestFaultDisk::changedWhileOpen()
{
    QFETCH(QString, change);
    QTemporaryDir dir;
    // 4 MiB of non-zero bytes, 1024 records of 64×64.
    const auto h = Header::make(DType::UInt8, {1024, 64, 64});
    const QString path = fx::writeFile(dir, QStringLiteral("big-images-idx3-ubyte"),
                                       h->encode() + QByteArray(4 << 20, char(9)));
    Document doc(path);
    QSignalSpy loaded(&doc, &Document::loadFinished);
    QVERIFY(loaded.wait(10000) || doc.isLoaded());
    QVERIFY(doc.headerValid());
    const TensorView before = doc.view(); // as a rendering worker would hold it
    QCOMPARE(before.availableRecords(), quint64(1024));

    QSignalSpy changed(&doc, &Document::changedOnDisk);
    if (change == QStringLiteral("truncate")) {
        QVERIFY(::truncate(QFile::encodeName(path).constData(), 1000) == 0);
    } else if (change == QStringLiteral("replace")) {
        QSaveFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(fx::idxSample(DType::Int16, {3, 2, 2}));
        QVERIFY(f.commit());
    } else {
        QVERIFY(QFile::remove(path));
    }
    QVERIFY(changed.wait(10000));
    QCOMPARE(changed.first().first().toBool(), change == QStringLiteral("delete"));
    QVERIFY(doc.isStale());

    // Rendering the next records: from the document's current view and from the view taken before.
    const TensorView now = doc.view();
    for (quint64 r = 0; r < now.availableRecords(); r += 97)
        QVERIFY(renderRecord(now, r, {}));
    for (quint64 r = 0; r < before.availableRecords(); r += 97) {
        const auto px = renderRecord(before, r, {});
        QVERIFY(px && !px->isNull());
        // Replaced or deleted: the old inode stays mapped and intact. Truncated: zeros past the new end.
        QCOMPARE(int(px->pixels.back()), change == QStringLiteral("truncate") ? 0 : 9);
    }
    QCOMPARE(doc.file()->mappingDamaged(), change == QStringLiteral("truncate"));
}

void TestFaultDisk::cancelExport()
{
    QTemporaryDir dir;
    const auto h = Header::make(DType::UInt8, {400, 28, 28});
    auto bytes = std::make_shared<QByteArray>(fx::idxSample(DType::UInt8, {400, 28, 28}).mid(16));
    const TensorView v(*h, reinterpret_cast<const uchar*>(bytes->constData()), h->dataBytes, bytes);
    RecordExportOptions o;
    o.records = recordSpan(v);
    // Polls in a full export, to pick moments inside it.
    std::atomic<int> total{0};
    {
        o.folder = dir.filePath(QStringLiteral("full"));
        Control c;
        c.cancel = [&] {
            total++;
            return false;
        };
        const auto r = exportRecords(v, o, c);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.written, quint64(400));
    }
    QVERIFY(total > 2);
    QRandomGenerator rng(42);
    for (int round = 0; round < 6; ++round) {
        const int after = round == 0 ? 0 : int(rng.bounded(total.load()));
        std::atomic<int> polls{0};
        Control c;
        c.cancel = [&] { return polls++ >= after; };
        o.folder = dir.filePath(QStringLiteral("cancelled-%1").arg(round));
        const auto r = exportRecords(v, o, c);
        QVERIFY(!r.ok);
        QVERIFY(r.cancelled);
        QCOMPARE(r.written, quint64(0));
        QVERIFY(r.remaining.isEmpty());
        // No stale result: not one PNG left in the folder.
        QCOMPARE(QDir(o.folder).entryList(QDir::Files), QStringList());
    }
}

QTEST_MAIN(TestFaultDisk)
#include "tst_fault_disk.moc"
