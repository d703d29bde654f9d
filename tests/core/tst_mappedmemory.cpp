// Memory stays bounded when whole-tensor work scans a huge memory-mapped file: a full statistics pass over a
// 2 GiB sparse IDX must not leave the file's pages resident in this process.
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
    void statsOverHugeMappingStayBounded()
    {
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
        const qint64 before = residentKiB();
        QVERIFY(before > 0);
        const auto s = idx::computeStats(v);
        QVERIFY(s);
        QCOMPARE(s->count, h->dataBytes);
        QCOMPARE(s->zeros, h->dataBytes);
        const qint64 grown = residentKiB() - before;
        // Without releasing, 2 GiB of page-cache pages would be mapped into this process.
        QVERIFY2(grown < 256 * 1024,
                 qPrintable(QStringLiteral("resident set grew by %1 KiB (file %2, anon %3)")
                                .arg(grown)
                                .arg(residentKiB("RssFile:"))
                                .arg(residentKiB("RssAnon:"))));
    }
};

QTEST_GUILESS_MAIN(TstMappedMemory)
#include "tst_mappedmemory.moc"
