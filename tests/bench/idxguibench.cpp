// idxguibench: GUI figures for idxbench, measured in a real (offscreen) main window: the time to repaint a
// full gallery viewport of thumbnails, the time from a gallery jump to a far record until every visible
// thumbnail is painted, and resident memory split into anonymous (copied) and file-backed (mapped) pages with
// a file open. Usage: idxguibench FILE
// `idxguibench --load-gap [FILE.gz]`: the GUI thread's longest pause while a compressed file loads in the
// background (tests/app/helpers/loadgap.h), median and worst of 5 loads, beside the load's own time. Without
// a file it measures loadgap::writeWorkload (240,000 pseudo-random images at gzip level 1).
// `idxguibench --map-frames TRAIN`: the dataset map of TRAIN with its other split (Fashion-MNIST: 70,000
// points) in the Map dock, the time until its final layout, then frames per second while zooming (each frame
// drawn again in full, 1280 × 720).
#include "benchutil.h"
#include "document.h"
#include "documentview.h"
#include "featurelist.h"
#include "galleryview.h"
#include "insightscontroller.h"
#include "loadgap.h"
#include "mainwindow.h"
#include "mapcontroller.h"
#include "mappanel.h"
#include "mapview.h"

#include "gallerygrid.h"
#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QRandomGenerator>
#include <QTextStream>
#include <QTimer>

#include <algorithm>

using namespace idx::gui;

namespace {
int loadGap(const QString& file)
{
    QTextStream out(stdout);
    QTemporaryDir dir;
    QString path = file;
    if (path.isEmpty()) {
        path = loadgap::writeWorkload(dir);
        out << "  " << loadgap::kRecords
            << " x 28 x 28 pseudo-random images, gzip -1 (tst_mainwindow's workload)" << Qt::endl;
    }
    std::vector<qint64> gaps, loads;
    for (int i = 0; i < 5; ++i) {
        const loadgap::Result r = loadgap::measure(path, 300000);
        if (!r.loaded) {
            out << "cannot load " << path << " in the background" << Qt::endl;
            return 1;
        }
        gaps.push_back(r.longestMs);
        loads.push_back(r.loadMs);
    }
    std::sort(gaps.begin(), gaps.end());
    std::sort(loads.begin(), loads.end());
    out << QStringLiteral("  event loop while loading, longest gap between 5 ms ticks, median / worst of 5   "
                          "%1 / %2 ms (load %3 ms, median)")
               .arg(gaps[gaps.size() / 2])
               .arg(gaps.back())
               .arg(loads[loads.size() / 2])
        << Qt::endl;
    return 0;
}
int mapFrames(const QString& file)
{
    QTextStream out(stdout);
    bool ok = true;
    const auto waitFor = [&ok](auto done, int ms) {
        QElapsedTimer t;
        t.start();
        while (!done() && t.elapsed() < ms)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
        ok = ok && done();
    };
    registerFeatures();
    DocumentView view(file);
    waitFor(
        [&] {
            return view.controller<InsightsController>() &&
                   view.controller<InsightsController>()->state() == InsightsController::State::Ready;
        },
        600000);
    if (!ok || !view.controller<MapController>()->otherSplitAvailable()) {
        out << "the insights did not load the other split of " << file << Qt::endl;
        return 1;
    }
    view.controller<MapController>()->setWithOtherSplit(true);
    MapPanel* panel = view.panel<MapPanel>();
    QElapsedTimer clock;
    clock.start();
    panel->show();
    qint64 firstMs = -1;
    QObject::connect(view.controller<MapController>(), &MapController::pointsChanged, [&] {
        if (firstMs < 0 && view.controller<MapController>()->points())
            firstMs = clock.elapsed();
    });
    // The GUI thread's longest pause while the layout settles (each step shown costs it a pass over the
    // points): a 5 ms precise timer's largest gap between ticks.
    qint64 lastTick = clock.elapsed(), longest = 0;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 now = clock.elapsed();
        longest = std::max(longest, now - lastTick);
        lastTick = now;
    });
    ticker.start();
    waitFor([&] { return view.controller<MapController>()->state() == MapController::State::Ready; }, 600000);
    ticker.stop();
    if (!ok) {
        out << "the map was not made: " << view.controller<MapController>()->message() << Qt::endl;
        return 1;
    }
    const qint64 finalMs = clock.elapsed();
    const qint64 rows = view.controller<MapController>()->points()->rows;
    MapView* mv = panel->view();
    mv->resize(1280, 720);
    const int frames = 120;
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < frames; ++i) {
        mv->zoomBy(i % 2 ? 1 / 0.97 : 0.97, QPointF(640, 360)); // the whole frame drawn again
        (void)mv->grab();
    }
    const double ms = double(t.nsecsElapsed()) / 1e6;
    out << "Map dock, " << rows << " points: first layout shown after " << firstMs
        << " ms, final layout after " << QString::number(double(finalMs) / 1000, 'f', 1) << " s" << Qt::endl;
    out << "  longest pause of the GUI thread while it settled: " << longest << " ms" << Qt::endl;
    out << "  redraw while zooming at 1280x720: " << QString::number(ms / frames, 'f', 2) << " ms per frame, "
        << QString::number(frames * 1000.0 / ms, 'f', 0) << " frames per second (target: 30 or more)"
        << Qt::endl;
    return 0;
}
} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.value(1) == QStringLiteral("--load-gap"))
        return loadGap(args.value(2));
    if (args.value(1) == QStringLiteral("--map-frames") && args.size() > 2)
        return mapFrames(args.value(2));
    if (args.size() < 2) {
        QTextStream(stderr) << "usage: idxguibench FILE | idxguibench --load-gap [FILE.gz] | idxguibench "
                               "--map-frames TRAIN\n";
        return 2;
    }
    QTextStream out(stdout);
    MainWindow w;
    w.setSaveSettings(false);
    w.resize(1280, 800);
    w.show();
    DocumentView* v = w.openFile(args.at(1));
    if (!v || v->showsError()) {
        out << "cannot open " << args.at(1) << Qt::endl;
        return 1;
    }
    // Wait (on events, bounded) for the first image, the load, the statistics and the visible thumbnails.
    QElapsedTimer waited;
    waited.start();
    QEventLoop loop;
    QTimer poll;
    poll.callOnTimeout([&] {
        if ((v->isReady() && v->visibleThumbnailsReady()) || waited.elapsed() > 120000)
            loop.quit();
    });
    poll.start(5);
    loop.exec();
    out << "  ready after                                              " << waited.elapsed() << " ms"
        << (v->isReady() ? "" : " (NOT READY)") << Qt::endl;

    if (GalleryView* g = v->gallery()) {
        QWidget* viewport = g->listView()->viewport();
        const int n = 50;
        std::vector<double> t;
        for (int i = 0; i < n; ++i) {
            QElapsedTimer timer;
            timer.start();
            viewport->repaint();
            t.push_back(double(timer.nsecsElapsed()) / 1e6);
        }
        std::sort(t.begin(), t.end());
        out << QStringLiteral("  gallery viewport repaint (%1x%2 px), median / worst          %3 / %4 ms")
                   .arg(viewport->width())
                   .arg(viewport->height())
                   .arg(t[t.size() / 2], 0, 'f', 2)
                   .arg(t.back(), 0, 'f', 2)
            << Qt::endl;
    }
    if (GalleryView* g = v->gallery()) {
        // Scrolling: jumps to records spread over the whole file (seeded), each timed until every visible
        // thumbnail is painted fresh.
        QRandomGenerator rng(7);
        const quint64 records = v->document()->availableRecords();
        std::vector<double> t;
        for (int i = 0; i < 15 && records > 0; ++i) {
            const quint64 target = i == 0 ? records - 1 : rng.bounded(records);
            QElapsedTimer timer;
            timer.start();
            g->jumpTo(target);
            QEventLoop wait;
            QTimer check;
            check.callOnTimeout([&] {
                if (v->visibleThumbnailsReady() || timer.elapsed() > 30000)
                    wait.quit();
            });
            check.start(1);
            wait.exec();
            t.push_back(double(timer.nsecsElapsed()) / 1e6);
        }
        if (!t.empty()) {
            std::sort(t.begin(), t.end());
            out << QStringLiteral(
                       "  gallery jump to a far record, all visible thumbnails painted, median / worst"
                       " %1 / %2 ms (%3 jumps)")
                       .arg(t[t.size() / 2], 0, 'f', 1)
                       .arg(t.back(), 0, 'f', 1)
                       .arg(t.size())
                << Qt::endl;
        }
    }
    out << QStringLiteral("  resident memory: total %1 MiB = anonymous %2 MiB + file-backed (mapped) %3 MiB")
               .arg(double(bench::procStatusKiB("VmRSS")) / 1024, 0, 'f', 1)
               .arg(double(bench::procStatusKiB("RssAnon")) / 1024, 0, 'f', 1)
               .arg(double(bench::procStatusKiB("RssFile")) / 1024, 0, 'f', 1)
        << Qt::endl;
    return 0;
}
