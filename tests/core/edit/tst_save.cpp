// Tests for saving edited tensors: save then reopen with IdxFile equals the expected tensor for raw, gzip and
// xz and every dtype (little-endian bases converted), saving over the file that is memory-mapped, Save As by
// suffix, cancel, and failures (a failing device, a missing folder, an unwritable location, a full tmpfs)
// that leave the original byte-identical and the edits in the tensor; subset export of an aligned pair.
#include "editablepair.h"
#include "fixtures.h"
#include "idxfile.h"
#include "memoryview.h"
#include "save.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace idx;
using namespace Qt::StringLiterals;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The canonical IDX bytes of the tensor's current content (header + big-endian payload).
QByteArray expectedBytes(const EditableTensor& t)
{
    QByteArray out = t.header().encode();
    const int es = elementSize(t.dtype());
    for (quint64 i = 0; i < t.recordCount(); ++i) {
        QByteArray r(reinterpret_cast<const char*>(t.recordBytes(i)), qsizetype(t.recordBytes()));
        if (t.byteOrder() == ByteOrder::Little)
            for (qsizetype k = 0; k + es <= r.size(); k += es)
                std::reverse(r.data() + k, r.data() + k + es);
        out += r;
    }
    return out;
}

/// What IdxFile reads back from `path`: header + payload.
QByteArray reopened(const QString& path, Container* container = nullptr)
{
    const auto f = IdxFile::open(path);
    if (!f->headerValid() || !f->load())
        return "reopen failed";
    if (container)
        *container = f->container();
    const TensorView v = f->view();
    return v.header().encode() +
           QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.availableBytes()));
}

void someEdits(EditableTensor& t)
{
    QVERIFY(t.setElement(1, 0, 5));
    QVERIFY(t.deleteRecords(3, 2));
    QVERIFY(t.duplicateRecords(0, 2));
    QVERIFY(t.insertRecords(4, QByteArray(qsizetype(t.recordBytes()) * 2, '\x01')));
    QVERIFY(t.moveRecords(0, 3, 5));
    QVERIFY(t.setElement(7, 1, 3));
}

/// A device whose writes fail once `limit` bytes have gone through.
class FailingDevice : public QIODevice {
public:
    explicit FailingDevice(qint64 limit) : m_limit(limit) { open(QIODevice::WriteOnly); }

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char*, qint64 len) override
    {
        if (m_written + len > m_limit) {
            setErrorString(u"No space left on device (simulated)"_s);
            return -1;
        }
        m_written += len;
        return len;
    }

private:
    qint64 m_limit;
    qint64 m_written = 0;
};

} // namespace

class TestSave : public QObject {
    Q_OBJECT

private slots:
    void saveAndReopen_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<bool>("little");
        QTest::addColumn<int>("container");
        for (DType t :
             {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Float32, DType::Float64}) {
            for (Container c : {Container::Raw, Container::Gzip, Container::Xz}) {
                const QByteArray name = dtypeName(t).toLatin1() + ' ' + containerName(c).toLatin1();
                QTest::newRow(name.constData()) << int(t) << false << int(c);
            }
        }
        QTest::newRow("int16 little-endian base raw") << int(DType::Int16) << true << int(Container::Raw);
        QTest::newRow("float64 little-endian base gzip")
            << int(DType::Float64) << true << int(Container::Gzip);
    }
    void saveAndReopen()
    {
        QFETCH(int, dtype);
        QFETCH(bool, little);
        QFETCH(int, container);
        const DType t = DType(dtype);
        const std::vector<quint64> dims{10, 3, 2};
        EditableTensor et(fx::memoryView(t, dims, fx::sampleValues(t, fx::elementCount(dims)),
                                         little ? ByteOrder::Little : ByteOrder::Big));
        someEdits(et);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"out.idx"_s);
        qint64 lastDone = 0, lastTotal = -1;
        Control control;
        control.progress = [&](qint64 done, qint64 total) {
            lastDone = done;
            lastTotal = total;
        };
        const WriteResult r = saveEditable(path, et, Container(container), control);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(lastDone, lastTotal);
        QCOMPARE(lastTotal, qint64(et.recordCount() * et.recordBytes()));
        Container found = Container::Raw;
        QCOMPARE(reopened(path, &found), expectedBytes(et));
        QCOMPARE(found, Container(container));
        QVERIFY(et.isModified()); // saving never changes the tensor
    }

    void saveOverMappedFile_data()
    {
        QTest::addColumn<int>("container");
        QTest::newRow("raw (mapped)") << int(Container::Raw);
        QTest::newRow("gzip") << int(Container::Gzip);
        QTest::newRow("xz") << int(Container::Xz);
    }
    void saveOverMappedFile()
    {
        QFETCH(int, container);
        QTemporaryDir dir;
        const QByteArray original = fx::idxSample(DType::UInt8, {100, 4, 4});
        const QString path =
            fx::writeFile(dir, u"data.idx"_s,
                          fx::wrap(original, container == int(Container::Raw)    ? fx::Wrap::Raw
                                             : container == int(Container::Gzip) ? fx::Wrap::Gzip
                                                                                 : fx::Wrap::Xz));
        const auto file = IdxFile::open(path);
        QVERIFY(file->load());
        const TensorView before = file->view();
        const double oldValue = before.value(17 * 16 + 3);
        EditableTensor et(before);
        QVERIFY(et.setElement(17, 3, oldValue == 0 ? 1 : 0));
        const WriteResult r = saveEditable(path, et, file->container());
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(before.value(17 * 16 + 3),
                 oldValue); // the old mapping (or buffer) stays valid and unchanged
        QCOMPARE(et.value(17, 3), oldValue == 0 ? 1.0 : 0.0);
        Container found = Container::Raw;
        QCOMPARE(reopened(path, &found), expectedBytes(et));
        QCOMPARE(found, file->container());
    }

    void saveAllDeletedAndPairAligned()
    {
        // Every record deleted: a valid empty tensor.
        QTemporaryDir dir;
        EditableTensor empty(fx::memoryView(DType::Int16, {4, 2}, {1, 2, 3, 4, 5, 6, 7, 8}));
        QVERIFY(empty.deleteRecords(0, 4));
        const QString ep = dir.filePath(u"empty.idx.gz"_s);
        QVERIFY(saveEditable(ep, empty, containerForPath(ep)));
        QCOMPARE(reopened(ep), expectedBytes(empty));
        QCOMPARE(IdxFile::open(ep)->header().dims, (std::vector<quint64>{0, 2}));

        // An edited pair saved as two files reopens aligned: image i is filled with i, label i is i % 10.
        const quint64 n = 40;
        std::vector<double> iv, lv;
        for (quint64 i = 0; i < n; ++i) {
            iv.insert(iv.end(), 4, double(i));
            lv.push_back(double(i % 10));
        }
        EditableTensor images(fx::memoryView(DType::UInt8, {n, 2, 2}, iv));
        EditableTensor labels(fx::memoryView(DType::UInt8, {n}, lv));
        EditablePair pair(&images, &labels);
        QVERIFY(pair.deleteRecords(5, 10));
        QVERIFY(pair.moveRecords(0, 5, 20));
        QVERIFY(pair.duplicateRecords(3, 7));
        const QString ip = dir.filePath(u"i.idx"_s), lp = dir.filePath(u"l.idx.xz"_s);
        QVERIFY(saveEditable(ip, images, containerForPath(ip)));
        QVERIFY(saveEditable(lp, labels, containerForPath(lp)));
        const auto fi = IdxFile::open(ip), fl = IdxFile::open(lp);
        QVERIFY(fi->load() && fl->load());
        QCOMPARE(fl->container(), Container::Xz);
        QCOMPARE(fi->header().dims[0], fl->header().dims[0]);
        for (quint64 k = 0; k < fl->header().dims[0]; ++k)
            QCOMPARE(fl->view().value(k), std::fmod(fi->view().value(k * 4), 10.0));
    }

    void containerForPathBySuffix()
    {
        QCOMPARE(containerForPath(u"/a/train-images-idx3-ubyte"_s), Container::Raw);
        QCOMPARE(containerForPath(u"/a/train-images-idx3-ubyte.gz"_s), Container::Gzip);
        QCOMPARE(containerForPath(u"/a/x.XZ"_s), Container::Xz);
    }

    void cancelLeavesTargetUntouched()
    {
        QTemporaryDir dir;
        const QString path = fx::writeFile(dir, u"t.idx"_s, "existing");
        EditableTensor et(fx::memoryView(DType::UInt8, {4096, 32, 32}, std::vector<double>(4096 * 1024, 1)));
        QVERIFY(et.setElement(0, 0, 2));
        Control control;
        bool stop = false;
        control.progress = [&](qint64, qint64) { stop = true; };
        control.cancel = [&] { return stop; };
        const WriteResult r = saveEditable(path, et, Container::Raw, control);
        QVERIFY(!r);
        QCOMPARE(r.error, u"cancelled"_s);
        QCOMPARE(readAll(path), QByteArray("existing"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{u"t.idx"_s}); // no temporary left
    }

    void failuresKeepOriginalAndEdits_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("reason"); // part of the error message
        QTest::newRow("failing device") << u"device"_s << u"No space left on device (simulated)"_s;
        QTest::newRow("target folder gone") << u"missing"_s << u"cannot create the file"_s;
        QTest::newRow("unwritable location (/proc)") << u"proc"_s << u"cannot create the file"_s;
        QTest::newRow("full filesystem (64 KiB tmpfs)") << u"tmpfs"_s << u"No space left on device"_s;
    }
    void failuresKeepOriginalAndEdits()
    {
        QFETCH(QString, kind);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        QString folder = dir.path();
        bool mounted = false;
        const auto unmount = qScopeGuard([&] {
            if (mounted)
                QProcess::execute(u"umount"_s, {folder});
        });
        if (kind == "tmpfs"_L1) {
            folder = dir.filePath(u"small"_s);
            QVERIFY(QDir().mkpath(folder));
            QProcess mount;
            mount.start(u"mount"_s, {u"-t"_s, u"tmpfs"_s, u"-o"_s, u"size=64k"_s, u"tmpfs"_s, folder});
            if (!mount.waitForFinished(-1) || mount.exitStatus() != QProcess::NormalExit ||
                mount.exitCode() != 0)
                QSKIP(qPrintable(
                    u"cannot mount a tmpfs here (mount says: %1); the failing-device row covers a full disk"_s
                        .arg(QString::fromLocal8Bit(mount.readAllStandardError()).trimmed())));
            mounted = true;
        }
        // The original: 40 KiB that fits the small filesystem; the edits make it grow past it.
        const QByteArray original = fx::idxSample(DType::UInt8, {40, 32, 32});
        const QString path = QDir(folder).filePath(u"data.idx"_s);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QCOMPARE(f.write(original), original.size());
        }
        const auto file = IdxFile::open(path);
        QVERIFY(file->load());
        EditableTensor et(file->view());
        QVERIFY(et.setElement(3, 5, 77));
        QVERIFY(et.duplicateRecords(0, 40)); // 80 KiB now
        WriteResult r;
        if (kind == "device"_L1) {
            FailingDevice device(5000);
            r = saveEditable(device, et, Container::Raw);
        } else if (kind == "missing"_L1) {
            r = saveEditable(dir.filePath(u"gone/data.idx"_s), et, Container::Raw);
        } else if (kind == "proc"_L1) {
            r = saveEditable(u"/proc/idxscope-test/data.idx"_s, et, Container::Raw);
        } else {
            r = saveEditable(path, et, Container::Raw);
        }
        QVERIFY(!r);
        qInfo("%s", qPrintable(r.error)); // the message a person would see
        QVERIFY2(r.error.contains(reason), qPrintable(r.error));
        QCOMPARE(readAll(path), original); // the original is byte-identical
        QVERIFY(et.isModified());          // and the edits are still there
        QCOMPARE(et.value(3, 5), 77.0);
        QCOMPARE(et.recordCount(), quint64(80));
        QCOMPARE(QDir(folder).entryList(QDir::Files), QStringList{u"data.idx"_s}); // no temporary file left
    }

    void subsetExportKeepsPairAligned_data()
    {
        QTest::addColumn<int>("container");
        QTest::newRow("raw") << int(Container::Raw);
        QTest::newRow("gzip") << int(Container::Gzip);
    }
    void subsetExportKeepsPairAligned()
    {
        QFETCH(int, container);
        const quint64 n = 20;
        std::vector<double> iv, lv;
        for (quint64 i = 0; i < n; ++i) {
            iv.insert(iv.end(), 4, double(i));
            lv.push_back(double(i % 10));
        }
        EditableTensor images(fx::memoryView(DType::UInt8, {n, 2, 2}, iv));
        EditableTensor labels(fx::memoryView(DType::UInt8, {n}, lv));
        QVERIFY(labels.setElement(7, 0, 3)); // an edited label travels with its image
        QTemporaryDir dir;
        const RecordSet records{3, 1, 7, 19, 7}; // a set: ascending, each once
        const std::vector<quint64> expected{1, 3, 7, 19};
        qint64 lastDone = 0, lastTotal = 0;
        Control control;
        control.progress = [&](qint64 d, qint64 t) {
            lastDone = d;
            lastTotal = t;
        };
        const QString ip = dir.filePath(u"sub-images.idx"_s), lp = dir.filePath(u"sub-labels.idx"_s);
        const WriteResult r = exportSubset(images, &labels, records, ip, lp, Container(container), control);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(lastTotal, qint64(8));
        QCOMPARE(lastDone, lastTotal);
        const auto fi = IdxFile::open(ip), fl = IdxFile::open(lp);
        QVERIFY(fi->load() && fl->load());
        QCOMPARE(fi->header().dims, (std::vector<quint64>{4, 2, 2}));
        QCOMPARE(fl->header().dims, (std::vector<quint64>{4}));
        for (size_t k = 0; k < expected.size(); ++k) {
            QCOMPARE(fi->view().value(k * 4 + 3), double(expected[k]));
            QCOMPARE(fl->view().value(k), expected[k] == 7 ? 3.0 : double(expected[k] % 10));
        }
        // A labels file that cannot be written: neither file is created.
        const QString ip2 = dir.filePath(u"b-images.idx"_s);
        const WriteResult bad = exportSubset(images, &labels, records, ip2,
                                             dir.filePath(u"gone/b-labels.idx"_s), Container(container));
        QVERIFY(!bad);
        QVERIFY2(bad.error.contains(u"b-labels.idx"_s), qPrintable(bad.error));
        QVERIFY(!QFile::exists(ip2));
        QVERIFY(!exportSubset(images, &labels, {20}, ip2, {}, Container::Raw));
    }

    void largeRawSaveStreams()
    {
        // 60000 × 28 × 28 with one changed label-sized edit: the save walks runs of the base (no copy).
        const quint64 n = 60000;
        auto bytes = std::make_shared<QByteArray>(qsizetype(n * 784), '\x05');
        const auto h = Header::make(DType::UInt8, {n, 28, 28});
        EditableTensor et(
            TensorView(*h, reinterpret_cast<const uchar*>(bytes->constData()), h->dataBytes, bytes));
        QVERIFY(et.setElement(59999, 783, 6));
        QTemporaryDir dir;
        const QString path = dir.filePath(u"big.idx"_s);
        int reports = 0;
        Control control;
        control.progress = [&](qint64, qint64) { ++reports; };
        QVERIFY(saveEditable(path, et, Container::Raw, control));
        QVERIFY(reports >= 40); // ~1 MiB pieces, not one big buffer
        const QByteArray out = readAll(path);
        QCOMPARE(out.size(), qsizetype(16 + n * 784));
        QCOMPARE(int(out.at(out.size() - 1)), 6);
        QCOMPARE(int(out.at(out.size() - 2)), 5);
    }
};

QTEST_GUILESS_MAIN(TestSave)
#include "tst_save.moc"
