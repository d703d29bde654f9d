// Saving fails midway: the disk fills up (a 64 KiB tmpfs mounted by the test when it runs as root and
// mounting works; otherwise a fault-injecting device stands in, and the log says so), permission is denied
// (the test drops its effective uid), or the target folder is removed during the save; raw, gzip and xz. In
// every case the existing file is byte-identical afterwards, no temporary file is left behind, the error is
// reported, and an edited tensor keeps its edits.
#include "fixtures.h"
#include "idxfile.h"
#include "memoryview.h"
#include "save.h"
#include "writer.h"

#include <QCryptographicHash>
#include <QDir>
#include <QRandomGenerator>
#include <QTest>

#include <sys/mount.h>
#include <unistd.h>

using namespace idx;

namespace {
// A small tmpfs over `dir` for the lifetime of this object (root only).
class Tmpfs {
public:
    explicit Tmpfs(const QString& dir) : m_dir(dir)
    {
        m_ok = ::geteuid() == 0 && ::mount("tmpfs", QFile::encodeName(dir).constData(), "tmpfs",
                                           MS_NOSUID | MS_NODEV, "size=64k") == 0;
    }
    ~Tmpfs()
    {
        if (m_ok)
            ::umount2(QFile::encodeName(m_dir).constData(), MNT_DETACH);
    }
    [[nodiscard]] bool ok() const { return m_ok; }

private:
    QString m_dir;
    bool m_ok = false;
};

// Drops the effective uid (root → nobody) for its lifetime; file permission checks then apply.
class AsNobody {
public:
    AsNobody() { m_ok = ::geteuid() == 0 && ::seteuid(65534) == 0; }
    ~AsNobody()
    {
        if (m_ok)
            (void)!::seteuid(0);
    }
    [[nodiscard]] bool ok() const { return m_ok; }

private:
    bool m_ok = false;
};

// A device that accepts `room` bytes and then fails every write, as a full disk does.
class FullDevice : public QIODevice {
public:
    explicit FullDevice(qint64 room) : m_room(room) { open(WriteOnly); }

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char*, qint64 len) override
    {
        if (m_room <= 0) {
            setErrorString(QStringLiteral("No space left on device"));
            return -1;
        }
        const qint64 n = std::min(len, m_room);
        m_room -= n;
        return n;
    }

private:
    qint64 m_room;
};

QByteArray sha(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// Everything in `dir` but `keep`: leftovers of a failed atomic save.
QStringList leftovers(const QString& dir, const QString& keep)
{
    QStringList l = QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
    l.removeAll(keep);
    return l;
}

const QByteArray kOriginal = fx::idxSample(DType::UInt8, {10, 8, 8}, 3);
} // namespace

class TestFaultSave : public QObject {
    Q_OBJECT
private slots:
    void diskFull_data();
    void diskFull();
    void permissionDenied_data();
    void permissionDenied();
    void folderRemovedDuringSave();
    void folderRemovedBeforeSave();
};

void TestFaultSave::diskFull_data()
{
    QTest::addColumn<bool>("editable"); // saveEditable, else writeIdx
    QTest::addColumn<Container>("container");
    for (Container c : {Container::Raw, Container::Gzip, Container::Xz}) {
        QTest::addRow("writeIdx %s", qPrintable(containerName(c))) << false << c;
        QTest::addRow("saveEditable %s", qPrintable(containerName(c))) << true << c;
    }
}

void TestFaultSave::diskFull()
{
    QFETCH(bool, editable);
    QFETCH(Container, container);
    QTemporaryDir dir;
    const QString mnt = dir.filePath(QStringLiteral("small"));
    QVERIFY(QDir().mkpath(mnt));
    Tmpfs fs(mnt);
    // 1 MiB of noise: larger than the 64 KiB file system even compressed.
    std::vector<double> noise(256 * 64 * 64);
    QRandomGenerator rng(6);
    for (double& x : noise)
        x = double(rng.bounded(256));
    const auto big = fx::memoryView(DType::UInt8, {256, 64, 64}, noise);
    QByteArray noiseBytes(64 * 8000, Qt::Uninitialized);
    for (char& b : noiseBytes)
        b = char(rng.bounded(256));
    if (!fs.ok()) {
        // Fallback: the device overload fails midway like a full disk (no atomicity to check here).
        qInfo("tmpfs could not be mounted (not root, or no permission): using a fault-injecting device");
        FullDevice dev(32 * 1024);
        const WriteResult r = writeIdx(dev, big, {}, container);
        QVERIFY(!r);
        QVERIFY2(r.error.contains(QStringLiteral("space"), Qt::CaseInsensitive), qPrintable(r.error));
        return;
    }
    qInfo("disk full: a real 64 KiB tmpfs");
    const QString target = QDir(mnt).filePath(QStringLiteral("t10k-images-idx3-ubyte"));
    {
        QFile f(target);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(kOriginal) == kOriginal.size());
    }
    const QByteArray before = sha(target);
    WriteResult r;
    std::optional<EditableTensor> edited;
    auto opened = IdxFile::open(target);
    if (editable) {
        // Edits that make the file too large for the disk (compressed too): 8256 inserted records.
        edited.emplace(opened->view());
        QVERIFY(edited->insertRecords(5, QByteArray(64 * 256, '\x11')));
        QVERIFY(edited->insertRecords(0, noiseBytes));
        r = saveEditable(target, *edited, container);
    } else {
        r = writeIdx(target, big, {}, container);
    }
    QVERIFY(!r);
    QVERIFY2(!r.error.isEmpty(), "the user must be told why");
    qInfo("reported: %s", qPrintable(r.error));
    QCOMPARE(sha(target), before);
    QCOMPARE(leftovers(mnt, QStringLiteral("t10k-images-idx3-ubyte")), QStringList());
    if (edited) {
        QVERIFY(edited->isModified()); // the document still holds the edits
        QCOMPARE(edited->recordCount(), quint64(10 + 256 + 8000));
    }
}

void TestFaultSave::permissionDenied_data()
{
    QTest::addColumn<Container>("container");
    for (Container c : {Container::Raw, Container::Gzip, Container::Xz})
        QTest::newRow(qPrintable(containerName(c))) << c;
}

void TestFaultSave::permissionDenied()
{
    QFETCH(Container, container);
    // A folder the user may not write to. (A read-only file in a writable folder is replaced by an atomic
    // save, as in every editor that renames: the folder's permission decides.)
    if (::geteuid() != 0)
        QSKIP("needs root to drop the effective uid");
    QTemporaryDir dir;
    QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::Permissions(0x7555)));
    const QString target = fx::writeFile(dir, QStringLiteral("train-labels-idx1-ubyte"), kOriginal);
    QVERIFY(!target.isEmpty());
    QVERIFY(QFile::setPermissions(target, QFileDevice::Permissions(0x4444)));
    const QByteArray before = sha(target);
    const auto other = fx::memoryView(DType::UInt8, {20, 8, 8}, fx::sampleValues(DType::UInt8, 20 * 64));
    WriteResult r;
    {
        AsNobody nobody;
        QVERIFY(nobody.ok());
        r = writeIdx(target, other, {}, container);
    }
    QVERIFY(!r);
    qInfo("reported: %s", qPrintable(r.error));
    QVERIFY2(r.error.contains(QStringLiteral("ermission")) || r.error.contains(QStringLiteral("denied")),
             qPrintable(r.error));
    QCOMPARE(sha(target), before);
    QCOMPARE(leftovers(dir.path(), QStringLiteral("train-labels-idx1-ubyte")), QStringList());
}

void TestFaultSave::folderRemovedDuringSave()
{
    QTemporaryDir dir;
    const QString source = fx::writeFile(dir, QStringLiteral("train-images-idx3-ubyte"), kOriginal);
    const QByteArray before = sha(source);
    const QString folder = dir.filePath(QStringLiteral("export"));
    QVERIFY(QDir().mkpath(folder));
    const QString target = QDir(folder).filePath(QStringLiteral("copy-idx3-ubyte"));
    // 32 MiB in several chunks, so progress is reported before the end; the folder goes at the first report.
    const auto big = fx::memoryView(DType::UInt8, {512, 256, 256}, std::vector<double>(512 * 256 * 256, 1.0));
    bool removed = false;
    Control control;
    control.progress = [&](qint64, qint64) {
        if (!removed)
            removed = QDir(folder).removeRecursively();
    };
    const WriteResult r = writeIdx(target, big, {}, Container::Raw, control);
    QVERIFY(removed);
    QVERIFY(!r);
    qInfo("reported: %s", qPrintable(r.error));
    QVERIFY(!r.error.isEmpty());
    QVERIFY(!QFileInfo::exists(target));
    QCOMPARE(sha(source), before);
}

void TestFaultSave::folderRemovedBeforeSave()
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("gone"));
    const auto v = fx::memoryView(DType::Int16, {3, 2}, fx::sampleValues(DType::Int16, 6));
    const WriteResult r = writeIdx(QDir(folder).filePath(QStringLiteral("x-idx2-short")), v);
    QVERIFY(!r);
    QVERIFY(!r.error.isEmpty());
    QVERIFY(!QFileInfo::exists(folder));
}

QTEST_GUILESS_MAIN(TestFaultSave)
#include "tst_fault_save.moc"
