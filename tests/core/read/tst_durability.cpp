// Durability::SyncedWhenReplacing (writeresult.h): a file that replaces nothing is written unnamed and takes
// its name only when whole (newfile_p.h), with the bytes and permissions a synced save gives; a failure or a
// cancel leaves no file and no temporary; a name taken while it was written is left as it is; a file that
// replaces another goes through QSaveFile as before. Every writer that takes it (IDX, .npy, CSV, the streamed
// conversion) writes the same bytes either way.
#include "fixtures.h"
#include "idxfile.h"
#include "memoryview.h"
#include "sink.h"
#include "streamconvert.h"
#include "writer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

#ifdef Q_OS_LINUX
#include <fcntl.h>
#include <unistd.h>
#endif

using namespace idx;
using namespace Qt::StringLiterals;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList entries(const QTemporaryDir& dir)
{
    return QDir(dir.path())
        .entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

// Whether this system and the file system of `dir` make unnamed files (Linux's O_TMPFILE; tmpfs, ext4, XFS,
// Btrfs do, overlayfs before Linux 6.6 and NFS do not). Where not, a new file goes through QSaveFile as any
// other: what the tests then expect.
bool unnamedFilesIn(const QTemporaryDir& dir)
{
#if defined(Q_OS_LINUX) && defined(O_TMPFILE)
    const int fd = ::open(QFile::encodeName(dir.path()).constData(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0)
        return false;
    ::close(fd);
    return ::access("/proc/self/fd", X_OK) == 0;
#else
    Q_UNUSED(dir);
    return false;
#endif
}

// 4 MiB of int16 in 2048 records: four chunks, four progress reports.
TensorView bigView()
{
    return fx::memoryView(DType::Int16, {2048, 1024}, fx::sampleValues(DType::Int16, 2048 * 1024));
}

} // namespace

class TestDurability : public QObject {
    Q_OBJECT

private slots:
    void sameBytesEitherWay_data();
    void sameBytesEitherWay();
    void unnamedUntilWhole();
    void permissionsOfANewFile();
    void failureLeavesNothing();
    void cancelKeepsTheReplacedFile();
    void nameTakenMeanwhile();
    void missingFolder();
    void streamedConversion();
};

void TestDurability::sameBytesEitherWay_data()
{
    QTest::addColumn<int>("kind"); // 0 raw IDX, 1 gzip IDX, 2 xz IDX, 3 npy, 4 csv
    QTest::newRow("idx") << 0;
    QTest::newRow("gzip") << 1;
    QTest::newRow("xz") << 2;
    QTest::newRow("npy") << 3;
    QTest::newRow("csv") << 4;
}

void TestDurability::sameBytesEitherWay()
{
    QFETCH(int, kind);
    QTemporaryDir dir;
    const auto v = fx::memoryView(DType::Float32, {5, 3, 2}, fx::sampleValues(DType::Float32, 30));
    const auto write = [&](const QString& path, Durability d) {
        switch (kind) {
        case 0:
            return writeIdx(path, v, {}, Container::Raw, {}, d);
        case 1:
            return writeIdx(path, v, {}, Container::Gzip, {}, d);
        case 2:
            return writeIdx(path, v, {}, Container::Xz, {}, d);
        case 3:
            return writeNpy(path, v, {}, {}, d);
        default:
            return writeCsv(path, v, {}, {}, {}, d);
        }
    };
    const QString synced = dir.filePath(u"synced"_s);
    const QString fresh = dir.filePath(u"new"_s);
    const QString replaced = dir.filePath(u"replaced"_s);
    QVERIFY(!fx::writeFile(dir, u"replaced"_s,
                           "an older file, longer than some of the outputs: "
                           "it must not leave its tail behind"_ba)
                 .isEmpty());
    QVERIFY(write(synced, Durability::Synced));
    QVERIFY(write(fresh, Durability::SyncedWhenReplacing));
    QVERIFY(write(replaced, Durability::SyncedWhenReplacing));
    const QByteArray expected = readAll(synced);
    QVERIFY(expected.size() > 16);
    QCOMPARE(readAll(fresh), expected);
    QCOMPARE(readAll(replaced), expected);
    QCOMPARE(entries(dir), (QStringList{u"new"_s, u"replaced"_s, u"synced"_s}));
}

void TestDurability::unnamedUntilWhole()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"out.idx"_s);
    int reports = 0;
    bool namedEarly = false;
    QStringList seen;
    Control c;
    c.progress = [&](qint64, qint64) {
        ++reports;
        namedEarly = namedEarly || QFile::exists(path);
        seen = entries(dir);
    };
    QVERIFY(writeIdx(path, bigView(), {}, Container::Raw, c, Durability::SyncedWhenReplacing));
    QVERIFY(reports >= 4);
    QVERIFY(!namedEarly);
    if (unnamedFilesIn(dir)) // no temporary name either (QSaveFile's fallback has one)
        QVERIFY2(seen.isEmpty(), qPrintable(seen.join(u", "_s)));
    QCOMPARE(QFileInfo(path).size(), qint64(12 + 2048 * 1024 * 2)); // header: magic and two sizes
}

void TestDurability::permissionsOfANewFile()
{
    QTemporaryDir dir;
    // What any new file gets here (0666 less the umask), as QFile creates it.
    QFile plain(dir.filePath(u"plain"_s));
    QVERIFY(plain.open(QIODevice::WriteOnly));
    plain.close();
    const QString path = dir.filePath(u"out.npy"_s);
    QVERIFY(writeNpy(path, fx::memoryView(DType::UInt8, {4}, {1, 2, 3, 4}), {}, {},
                     Durability::SyncedWhenReplacing));
    QCOMPARE(QFileInfo(path).permissions(), QFileInfo(plain.fileName()).permissions());
}

void TestDurability::failureLeavesNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"out.idx"_s);
    std::atomic<int> polls{0};
    Control c;
    c.cancel = [&] { return polls.fetch_add(1) >= 2; };
    for (const Container container : {Container::Raw, Container::Gzip, Container::Xz}) {
        polls = 0;
        const WriteResult r = writeIdx(path, bigView(), {}, container, c, Durability::SyncedWhenReplacing);
        QVERIFY(!r);
        QCOMPARE(r.error, u"cancelled"_s);
        QVERIFY(entries(dir).isEmpty());
    }
    const WriteResult failed = detail::saveAtomically(
        path,
        [](QIODevice& out) {
            out.write("half of it");
            return detail::failure(u"it went wrong"_s);
        },
        Durability::SyncedWhenReplacing);
    QCOMPARE(failed.error, u"it went wrong"_s);
    QVERIFY(entries(dir).isEmpty());
}

void TestDurability::cancelKeepsTheReplacedFile()
{
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, u"out.idx"_s, "previous");
    std::atomic<int> polls{0};
    Control c;
    c.cancel = [&] { return polls.fetch_add(1) >= 2; };
    const WriteResult r = writeIdx(path, bigView(), {}, Container::Raw, c, Durability::SyncedWhenReplacing);
    QCOMPARE(r.error, u"cancelled"_s);
    QCOMPARE(readAll(path), "previous"_ba);
    QCOMPARE(entries(dir), QStringList{u"out.idx"_s});
}

void TestDurability::nameTakenMeanwhile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"out.idx"_s);
    const WriteResult r = detail::saveAtomically(
        path,
        [&](QIODevice& out) {
            QFile other(path); // another program takes the name while this file is written
            if (!other.open(QIODevice::WriteOnly) || other.write("theirs") != 6)
                return detail::failure(u"the test could not write the other file"_s);
            other.close();
            out.write("ours");
            return WriteResult{};
        },
        Durability::SyncedWhenReplacing);
    QCOMPARE(entries(dir), QStringList{u"out.idx"_s});
    if (!unnamedFilesIn(dir)) { // QSaveFile's fallback replaces what it finds, as any save does
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(readAll(path), "ours"_ba);
        return;
    }
    QVERIFY(!r);
    QCOMPARE(r.error,
             u"cannot save the file: another file took its name while it was written (left as it is)"_s);
    QCOMPARE(readAll(path), "theirs"_ba);
}

void TestDurability::missingFolder()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"no/such/folder/out.idx"_s);
    const WriteResult r = writeIdx(path, fx::memoryView(DType::UInt8, {2}, {1, 2}), {}, Container::Raw, {},
                                   Durability::SyncedWhenReplacing);
    QVERIFY(!r);
    QVERIFY2(r.error.startsWith(u"cannot create the file: "_s), qPrintable(r.error));
    QVERIFY(entries(dir).isEmpty());
}

void TestDurability::streamedConversion()
{
    QTemporaryDir dir;
    const QByteArray idx = fx::idxSample(DType::Int16, {300, 10, 10});
    const QString gz = fx::writeFile(dir, u"in.idx.gz"_s, fx::gzipMembers(idx, 3));
    QVERIFY(!gz.isEmpty());
    for (const Durability d : {Durability::Synced, Durability::SyncedWhenReplacing}) {
        const QString out = dir.filePath(d == Durability::Synced ? u"synced.idx"_s : u"new.idx"_s);
        const auto file = IdxFile::open(gz);
        QVERIFY(streamsToIdx(*file));
        const WriteResult r = streamToIdx(*file, out, Container::Raw, {}, d);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(readAll(out), idx);
    }
    // A truncated stream: nothing at the new name.
    const QString cut = fx::writeFile(dir, u"cut.idx.gz"_s, fx::gzip(idx).chopped(100));
    const auto file = IdxFile::open(cut);
    const QString out = dir.filePath(u"from-cut.idx"_s);
    QVERIFY(!streamToIdx(*file, out, Container::Raw, {}, Durability::SyncedWhenReplacing));
    QVERIFY(!QFile::exists(out));
    QCOMPARE(entries(dir), (QStringList{u"cut.idx.gz"_s, u"in.idx.gz"_s, u"new.idx"_s, u"synced.idx"_s}));
}

QTEST_GUILESS_MAIN(TestDurability)
#include "tst_durability.moc"
