// Memory stays bounded when whole-tensor work scans a huge memory-mapped file: a full statistics pass over a
// 2 GiB sparse IDX must not leave the file's pages resident in this process, whether it reads the file's
// view, an edit overlay's pieces (what the GUI reads once a document is editable) or a set of record runs (a
// selection).
#include "editabletensor.h"
#include "idxfile.h"
#include "stats.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {
qint64 residentKiB(const char* field = "VmRSS:")
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(qsizetype(qstrlen(field))).trimmed().split(' ').value(0).toLongLong();
    return -1;
}
} // namespace

class TstMappedMemory : public QObject {
    Q_OBJECT
private slots:
    void statsOverHugeMappingStayBounded_data()
    {
        QTest::addColumn<QString>("over");
        QTest::newRow("the file's view") << QStringLiteral("view");
        QTest::newRow("an overlay's pieces, unedited") << QStringLiteral("pieces");
        QTest::newRow("an overlay's pieces, edited") << QStringLiteral("edited");
        QTest::newRow("record runs (a selection)") << QStringLiteral("runs");
    }
    void statsOverHugeMappingStayBounded()
    {
        QFETCH(QString, over);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big-idx3-ubyte"));
        const quint64 records = (2ull << 30) / 784;
        const auto h = idx::Header::make(idx::DType::UInt8, {records, 28, 28});
        QVERIFY(h);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QCOMPARE(f.write(h->encode()), h->headerBytes);
            QVERIFY(f.resize(h->headerBytes + qint64(h->dataBytes))); // sparse: no disk blocks
        }
        const auto file = idx::IdxFile::open(path);
        const idx::TensorView v = file->view();
        QVERIFY(v.isMapped());
        QVERIFY(v.isComplete());
        idx::EditableTensor overlay(v);
        quint64 elements = h->dataBytes, zeros = h->dataBytes;
        if (over == QLatin1String("edited")) {
            QVERIFY(overlay.setElement(5, 0, 1));      // an overlay record between two runs of the file
            QVERIFY(overlay.duplicateRecords(100, 2)); // duplicates of file records read from the mapping
            elements += 2 * 784;
            zeros += 2 * 784 - 1;
        }
        const idx::RecordSet runs = [&] {
            idx::RecordSet r = idx::RecordSet::span(0, 1000);
            r.add(records / 2, records - 1);
            return r;
        }();
        if (over == QLatin1String("runs"))
            elements = zeros = runs.count() * 784;
        const qint64 before = residentKiB();
        QVERIFY(before > 0);
        const auto s = over == QLatin1String("view")   ? idx::computeStats(v)
                       : over == QLatin1String("runs") ? idx::computeStats(idx::TensorPieces(v), runs)
                                                       : idx::computeStats(overlay.pieces());
        QVERIFY(s);
        QCOMPARE(s->count, elements);
        QCOMPARE(s->zeros, zeros);
        const qint64 grown = residentKiB() - before;
        // Without releasing, 2 GiB (a selection of half the file: 1 GiB) of page-cache pages would be mapped
        // into this process.
        QVERIFY2(grown < 256 * 1024,
                 qPrintable(QStringLiteral("resident set grew by %1 KiB (file %2, anon %3)")
                                .arg(grown)
                                .arg(residentKiB("RssFile:"))
                                .arg(residentKiB("RssAnon:"))));
    }
};

QTEST_GUILESS_MAIN(TstMappedMemory)
#include "tst_mappedmemory.moc"
