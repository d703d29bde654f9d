// Memory stays bounded when whole-tensor work scans a huge memory-mapped file: a full statistics pass or a
// write over a 2 GiB sparse IDX must not leave the file's pages resident in this process, whether it reads
// the file's view, an edit overlay's pieces (what the GUI reads once a document is editable) or a set of
// record runs (a selection).
#include "editabletensor.h"
#include "idxfile.h"
#include "save.h"
#include "stats.h"
#include "writer.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstring>

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

// Reads everything written, as a file would when copying it, and keeps none of it: sums the payload's bytes
// (after the 16 header bytes of a 3-dimensional IDX file). Chunks equal to zeros are read by memcmp, which is
// fast even in a sanitizer build; only the others are summed byte by byte.
class Discard : public QIODevice {
public:
    Discard() : m_zeros(1 << 20, '\0') { open(QIODevice::WriteOnly); }
    quint64 payloadSum = 0;

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char* data, qint64 n) override
    {
        for (qint64 at = std::max<qint64>(0, 16 - pos()); at < n;) {
            const qint64 step = std::min<qint64>(n - at, m_zeros.size());
            if (std::memcmp(data + at, m_zeros.constData(), size_t(step)) != 0)
                for (qint64 i = at; i < at + step; ++i)
                    payloadSum += quint8(data[i]);
            at += step;
        }
        return n;
    }

private:
    QByteArray m_zeros;
};

// A sparse file of 2 GiB of 28 × 28 uint8 records (no disk blocks).
QString sparseFile(const QTemporaryDir& dir, quint64* records)
{
    const QString path = dir.filePath(QStringLiteral("big-idx3-ubyte"));
    *records = (2ull << 30) / 784;
    const auto h = idx::Header::make(idx::DType::UInt8, {*records, 28, 28});
    QFile f(path);
    if (!h || !f.open(QIODevice::WriteOnly) || f.write(h->encode()) != h->headerBytes ||
        !f.resize(h->headerBytes + qint64(h->dataBytes)))
        return {};
    return path;
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
        quint64 records = 0;
        const QString path = sparseFile(dir, &records);
        QVERIFY(!path.isEmpty());
        const auto file = idx::IdxFile::open(path);
        const idx::TensorView v = file->view();
        QVERIFY(v.isMapped());
        QVERIFY(v.isComplete());
        idx::EditableTensor overlay(v);
        quint64 elements = records * 784, zeros = records * 784; // uint8: one element per byte
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

    // Writers read the mapping once from start to end: they release its pages as they go (saving, converting
    // or exporting an 8 GiB file must not make it resident).
    void writingHugeMappingStaysBounded_data()
    {
        QTest::addColumn<QString>("how");
        QTest::newRow("writeIdx of the file's view") << QStringLiteral("writeIdx");
        QTest::newRow("saveEditable of an edited overlay") << QStringLiteral("saveEditable");
        QTest::newRow("saveRecords of record runs") << QStringLiteral("saveRecords");
    }
    void writingHugeMappingStaysBounded()
    {
        QFETCH(QString, how);
        QTemporaryDir dir;
        quint64 records = 0;
        const QString path = sparseFile(dir, &records);
        QVERIFY(!path.isEmpty());
        const auto file = idx::IdxFile::open(path);
        QVERIFY(file->view().isMapped());
        idx::EditableTensor overlay(file->view());
        QVERIFY(overlay.setElement(records / 2, 3, 9)); // an overlay record between two runs of the file
        idx::RecordSet runs = idx::RecordSet::span(0, records / 3);
        runs.add(records / 2, records);
        Discard out;
        const qint64 before = residentKiB();
        const idx::WriteResult w = how == QLatin1String("writeIdx") ? idx::writeIdx(out, file->view())
                                   : how == QLatin1String("saveEditable")
                                       ? idx::saveEditable(out, overlay, idx::Container::Raw)
                                       : idx::saveRecords(out, overlay, runs, idx::Container::Raw);
        QVERIFY2(w, qPrintable(w.error));
        QVERIFY(out.pos() > qint64(1) << 30);
        QCOMPARE(out.payloadSum,
                 how == QLatin1String("writeIdx") ? 0u : 9u); // the edited byte, where written
        const qint64 grown = residentKiB() - before;
        QVERIFY2(grown < 256 * 1024,
                 qPrintable(QStringLiteral("resident set grew by %1 KiB (file %2, anon %3)")
                                .arg(grown)
                                .arg(residentKiB("RssFile:"))
                                .arg(residentKiB("RssAnon:"))));
    }
};

QTEST_GUILESS_MAIN(TstMappedMemory)
#include "tst_mappedmemory.moc"
