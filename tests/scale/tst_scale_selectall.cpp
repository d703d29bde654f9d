// Select All on a huge file stays flat: the real main window (offscreen) opens an 8 GiB sparse uint8 file
// (10,956,549 records of 28 × 28), Ctrl+A selects every record in the gallery, the statistics of the
// selection are computed over all of it, and a PNG export of the selection is started and cancelled. Memory
// is sampled all along: anonymous memory may grow by less than 64 MB (a list per record was 87 MB for the
// selection alone, copied again into statistics and exports) and resident file pages must stay under 512 MB
// (a scan that kept the pages it read reached 8.4 GB).
#include "appfixtures.h"
#include "document.h"
#include "documentview.h"
#include "exportcontroller.h"
#include "exportjob.h"
#include "gallerygrid.h"
#include "galleryview.h"
#include "mainwindow.h"
#include "recordsetprint.h"
#include "statspanel.h"
#include "viewstate.h"

#include <QDirIterator>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>

using namespace idx::gui;

namespace {

qint64 statusKiB(const char* key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(qsizetype(qstrlen(key))).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

// The largest anonymous and file-backed resident sizes seen, sampled on the GUI thread every few ms
// (workers allocate too, but their memory stays allocated until the GUI thread has their result).
struct Peak {
    qint64 anon = 0;
    qint64 file = 0;
    void sample()
    {
        anon = std::max(anon, statusKiB("RssAnon:"));
        file = std::max(file, statusKiB("RssFile:"));
    }
};

} // namespace

class TestScaleSelectAll : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { appfx::isolateSettings(); }
    void selectAllStaysFlat();
};

void TestScaleSelectAll::selectAllStaysFlat()
{
    QTemporaryDir dir;
    const quint64 n = (quint64(8) << 30) / 784;
    const QString path = dir.filePath(QStringLiteral("big-images-idx3-ubyte"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.write(fx::rawHeader(0x08, {quint32(n), 28, 28})) == 16);
        QVERIFY2(f.resize(qint64(16 + n * 784)), qPrintable(f.errorString()));
    }
    MainWindow w;
    w.setSaveSettings(false);
    w.resize(1000, 700);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    DocumentView* v = w.openFile(path);
    QVERIFY(v);
    QTRY_VERIFY_WITH_TIMEOUT(v->isReady(), 60000);
    QTRY_VERIFY(!v->document()->isLoading());
    auto* exports = w.findChild<ExportController*>();
    auto* stats = v->panel<StatsPanel>();
    QVERIFY(exports && stats);
    GalleryGrid* grid = v->gallery()->listView();
    QTest::qWait(0);
    const qint64 anonBefore = statusKiB("RssAnon:");
    QVERIFY(anonBefore > 0);
    Peak peak;
    QTimer sampler;
    QObject::connect(&sampler, &QTimer::timeout, &sampler, [&] { peak.sample(); });
    sampler.start(5);

    // Select All in the gallery: one run, however many records.
    grid->setFocus();
    QTest::keySequence(grid, QKeySequence::SelectAll);
    peak.sample();
    QCOMPARE(v->viewState()->selection(), idx::RecordSet::span(0, n));

    // The statistics of the selection: every value read (a hang guard only: the scan of 8 GiB took 10 s
    // here).
    const auto shownCount = [&] {
        const auto& s = stats->shownStats(StatsPanel::Selection);
        return s ? s->count : 0;
    };
    QTRY_COMPARE_WITH_TIMEOUT(shownCount(), n * 784, 600000);
    QCOMPARE(stats->shownStats(StatsPanel::Selection)->zeros, n * 784);
    peak.sample();

    // A PNG export of the selection, cancelled once it has begun writing: nothing is left behind.
    const QString out = dir.filePath(QStringLiteral("png"));
    ExportDialog::Request request;
    request.choice.scope = RecordScope::Selected;
    request.folder = out;
    request.image = ExportController::shownImage(v);
    QSignalSpy done(exports, &ExportController::jobFinished);
    ExportJob* job = exports->exportRecordsPng(v, request);
    QVERIFY(job);
    QPointer<ExportJob> guard(job);
    QSignalSpy progress(job, &ExportJob::progressChanged);
    QVERIFY(progress.wait(120000));
    peak.sample();
    guard->cancel();
    QVERIFY(done.count() > 0 || done.wait(120000));
    const JobOutcome outcome = done.constFirst().constFirst().value<JobOutcome>();
    QVERIFY2(outcome.cancelled, qPrintable(outcome.error));
    QVERIFY(QDirIterator(out, QDir::Files).hasNext() == false);
    peak.sample();
    sampler.stop();

    const qint64 anonGrowth = peak.anon - anonBefore;
    qInfo("8 GiB, %llu records: Select All, selection statistics, a cancelled PNG export: anonymous memory "
          "grew "
          "by at most %.1f MiB, resident file pages at most %.1f MiB",
          n, double(anonGrowth) / 1024, double(peak.file) / 1024);
    QVERIFY2(anonGrowth < 64 * 1024,
             qPrintable(QStringLiteral("anonymous memory grew by %1 KiB").arg(anonGrowth)));
    QVERIFY2(peak.file < 512 * 1024,
             qPrintable(QStringLiteral("resident file pages reached %1 KiB").arg(peak.file)));
}

QTEST_MAIN(TestScaleSelectAll)
#include "tst_scale_selectall.moc"
