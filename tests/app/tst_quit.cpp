// Closing a document (as quitting does) while its background work runs stops that work rather than waiting
// for it: loading a large .gz, the statistics of a large file, its map and its audit each hear the cancel and
// return (JobBase's run observer tells which job heard it). Each input would keep its job busy for seconds or
// more; the test's time limit is the hang guard. And in a window, the features that start such work come only
// after the first image is painted.
#include "appfixtures.h"
#include "document.h"
#include "documentview.h"
#include "featurelist.h"
#include "imageview.h"
#include "insightscontroller.h"
#include "job.h"
#include "mapcontroller.h"
#include "statscontroller.h"

#include <QFile>
#include <QMutex>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace idx::gui;

namespace {

// The jobs whose workers returned having heard their cancel short of the end of their work, and the others.
QMutex g_mutex;
std::set<const JobBase*> g_stopped;
std::set<const JobBase*> g_finished;

QByteArray header(std::initializer_list<quint32> dims)
{
    QByteArray h("\0\0\x08", 3);
    h.append(char(dims.size()));
    for (quint32 d : dims)
        for (int shift = 24; shift >= 0; shift -= 8)
            h.append(char((d >> shift) & 0xff));
    return h;
}

// `n` records of 28 × 28 noise in `dir`.
QString noiseImages(const QTemporaryDir& dir, quint32 n)
{
    return fx::writeFile(dir, QStringLiteral("noise-images-idx3-ubyte"),
                         header({n, 28, 28}) + fx::noise(qsizetype(n) * 784));
}

// Deletes `view` and returns whether `job` (one of its document's jobs) stopped on the cancel: its worker
// heard it and returned short of the end of its work. The close must end within the hang guard.
bool closeStops(DocumentView* view, const JobBase* job)
{
    {
        const QMutexLocker lock(&g_mutex);
        g_stopped.clear();
        g_finished.clear();
    }
    delete view; // cancels the document's jobs and waits for their workers (the test's timeout: the guard)
    const QMutexLocker lock(&g_mutex);
    return g_stopped.count(job) == 1 && g_finished.count(job) == 0;
}

} // namespace

class TestQuit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerFeatures();
        appfx::isolateSettings();
        JobBase::setRunObserver([](const JobBase* job, bool heardCancel, int permille) {
            const QMutexLocker lock(&g_mutex);
            (heardCancel && permille < 1000 ? g_stopped : g_finished).insert(job);
        });
    }

    // 16 GiB of zeros behind a header, gzipped (about 16 MB): decoding it all would take many seconds.
    void whileLoadingAGzip()
    {
        QTemporaryDir dir;
        const quint32 n = quint32((quint64(16) << 30) / 784);
        const QString path = fx::writeFile(dir, QStringLiteral("zeros-images-idx3-ubyte.gz"),
                                           fx::gzipZeroBomb(header({n, 28, 28}), quint64(n) * 784 >> 20));
        auto* view = new DocumentView(path);
        JobBase* load = view->document()->loadJob();
        QTRY_VERIFY_WITH_TIMEOUT(load->isActive() && load->progress() > 0, 20000);
        QVERIFY(!view->document()->isLoaded());
        QVERIFY(closeStops(view, load));
    }

    // A 64 GiB sparse file: its statistics would read every byte.
    void whileComputingStatistics()
    {
        QTemporaryDir dir;
        const quint32 n = quint32((quint64(64) << 30) / 784);
        const QString path = dir.filePath(QStringLiteral("sparse-images-idx3-ubyte"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QCOMPARE(f.write(header({n, 28, 28})), qint64(16));
            QVERIFY2(f.resize(qint64(16 + quint64(n) * 784)), qPrintable(f.errorString()));
        }
        auto* view = new DocumentView(path);
        QTRY_VERIFY_WITH_TIMEOUT(view->controller<StatsController>() != nullptr, 20000);
        JobBase* stats = view->controller<StatsController>()->tensorJob();
        QTRY_VERIFY_WITH_TIMEOUT(stats->isActive() && stats->progress() > 0, 20000);
        QVERIFY(closeStops(view, stats));
    }

    // The map of 20,000 records of noise: it waits for the insights' neighbour search (which it shares), then
    // lays them out for seconds.
    void whileMapping()
    {
        QTemporaryDir dir;
        const QString path = noiseImages(dir, 20000);
        auto* view = new DocumentView(path);
        QTRY_VERIFY_WITH_TIMEOUT(view->controller<MapController>() && view->document()->isLoaded(), 20000);
        MapController* map = view->controller<MapController>();
        map->start();
        JobBase* job = map->job();
        QTRY_VERIFY_WITH_TIMEOUT(job->isActive() && job->progress() > 0, 120000);
        QVERIFY(closeStops(view, job));
    }

    // The insights' audit of 12,000 records of noise, by the exact search: seconds of distances.
    void whileAuditing()
    {
        QTemporaryDir dir;
        const QString path = noiseImages(dir, 12000);
        auto* view = new DocumentView(path);
        QTRY_VERIFY_WITH_TIMEOUT(view->controller<InsightsController>() && view->document()->isLoaded(),
                                 20000);
        InsightsController* insights = view->controller<InsightsController>();
        idx::AuditOptions o = insights->options();
        o.search = idx::NeighbourSearch::Exact;
        insights->setOptions(o);
        insights->start();
        JobBase* job = insights->job();
        QTRY_VERIFY_WITH_TIMEOUT(job->isActive() && job->progress() > 0, 20000);
        QVERIFY(closeStops(view, job));
    }

    // In a window, the features (whose controllers start the statistics and the audit) come after the first
    // image is painted, so that their work does not delay it; without the setting, with the content.
    void featuresAfterTheFirstPaint()
    {
        QTemporaryDir dir;
        const QString path = noiseImages(dir, 2000);
        {
            DocumentView plain(path);
            QVERIFY(plain.imageView()); // a raw file's content is built at once
            QVERIFY(plain.controller<StatsController>());
        }
        DocumentView::setFeaturesAfterFirstPaint(true);
        auto* view = new DocumentView(path);
        DocumentView::setFeaturesAfterFirstPaint(false);
        QVERIFY(view->imageView());
        QVERIFY(!view->controller<StatsController>());
        int paintedBefore = -1;
        int painted = 0;
        connect(view->imageView(), &ImageView::imagePainted, view, [&] { ++painted; });
        connect(view, &DocumentView::panelsChanged, view, [&] {
            if (paintedBefore < 0)
                paintedBefore = painted;
        });
        view->resize(800, 600);
        view->show();
        QTRY_VERIFY_WITH_TIMEOUT(view->controller<StatsController>(), 20000);
        QVERIFY(paintedBefore >= 1);
        delete view;
    }
};

QTEST_MAIN(TestQuit)
#include "tst_quit.moc"
