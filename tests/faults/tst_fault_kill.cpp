// Killing the process during a save: a child (fault_saver) saves a 50 MB IDX over an existing file with
// idx::writeIdx and is sent SIGKILL at random moments of the save (after a random number of its progress
// reports, at once, or after its last report while it commits). Afterwards the target is always either the
// old file or the new one, byte for byte (SHA-256), never a mix or a partial file.
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

namespace {
QByteArray sha(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return h.result();
}

// Runs the saver; kills it after `killAfter` progress lines (-1: let it finish). Returns the progress lines
// seen.
int runSaver(const QString& target, int seed, int killAfter, bool* finished)
{
    QProcess p;
    p.start(QStringLiteral(IDXSCOPE_FAULT_SAVER), {target, QString::number(seed)});
    if (!p.waitForStarted())
        return -1;
    int lines = 0;
    if (killAfter == 0)
        p.kill();
    while (p.state() != QProcess::NotRunning) {
        p.waitForReadyRead(1000); // returns at once when output arrives or the child ends
        while (p.canReadLine()) {
            if (p.readLine().startsWith("progress"))
                ++lines;
            if (killAfter > 0 && lines >= killAfter && p.state() != QProcess::NotRunning)
                p.kill(); // SIGKILL
        }
    }
    p.waitForFinished();
    *finished = p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    return lines;
}
} // namespace

class TestFaultKill : public QObject {
    Q_OBJECT
private slots:
    void killDuringSave();
};

void TestFaultKill::killDuringSave()
{
    QTemporaryDir dir;
    const QString oldPath = dir.filePath(QStringLiteral("old-idx3-ubyte"));
    const QString newPath = dir.filePath(QStringLiteral("new-idx3-ubyte"));
    bool finished = false;
    // Reference files: the old content (seed 1) and the new one (seed 2), each saved completely.
    QVERIFY(runSaver(oldPath, 1, -1, &finished) > 0 && finished);
    const int reports = runSaver(newPath, 2, -1, &finished);
    QVERIFY(reports > 1 && finished);
    const QByteArray oldHash = sha(oldPath);
    const QByteArray newHash = sha(newPath);
    QVERIFY(oldHash != newHash);

    QRandomGenerator rng(20261202);
    std::vector<int> moments{0, 1, reports}; // at once, at the first report, after the last one (committing)
    for (int i = 0; i < 5; ++i)
        moments.push_back(1 + int(rng.bounded(reports)));
    const QString target = dir.filePath(QStringLiteral("train-images-idx3-ubyte"));
    int sawOld = 0, sawNew = 0;
    for (int killAfter : moments) {
        QFile::remove(target);
        QVERIFY(QFile::copy(oldPath, target));
        runSaver(target, 2, killAfter, &finished);
        const QByteArray h = sha(target);
        QVERIFY2(
            h == oldHash || h == newHash,
            qPrintable(QStringLiteral("killed after %1 reports: the target is neither file").arg(killAfter)));
        (h == oldHash ? sawOld : sawNew)++;
        QCOMPARE(QFileInfo(target).size(), QFileInfo(oldPath).size()); // same size, both complete
    }
    qInfo("%d kills: %d left the old file, %d the new one (%d progress reports per save)",
          int(moments.size()), sawOld, sawNew, reports);
    QVERIFY(sawOld > 0);
}

QTEST_GUILESS_MAIN(TestFaultKill)
#include "tst_fault_kill.moc"
