// The GUI thread's longest pause while a file loads: the file is opened in a fresh MainWindow and a 5 ms
// precise timer ticks until the document's loadFinished; the largest gap between ticks is the figure, which
// idxguibench --load-gap reports (a timing, so a benchmark's figure and no test's pass or fail).
#pragma once

#include "appfixtures.h"
#include "document.h"
#include "documentview.h"
#include "mainwindow.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <algorithm>

namespace loadgap {
using namespace idx::gui;

/// The workload: 240,000 × 28 × 28 pseudo-random images (188 MB) at gzip level 1, a load (0.9–1.7 s here)
/// that lasts many times the longest gap (26–49 ms).
constexpr quint32 kRecords = 240000;
inline QString writeWorkload(const QTemporaryDir& dir)
{
    return fx::writeFile(dir, QStringLiteral("big-images-idx3-ubyte.gz"),
                         fx::gzip(appfx::randomImages(kRecords), 1));
}

struct Result {
    bool loaded = false;  // loadFinished(true) arrived within the time allowed
    quint64 records = 0;  // records available then
    qint64 longestMs = 0; // longest gap between ticks
    qint64 loadMs = 0;    // open to loadFinished
};

/// Opens `path` and waits at most `guardMs` for the end of its load. Gaps count from the return of
/// openFile() (opening a tab, parsing the header and showing the first image are not the load), unless the
/// file was loaded by then: a load done inside openFile() shows as one gap as long as openFile().
inline Result measure(const QString& path, int guardMs)
{
    Result r;
    MainWindow w;
    w.setSaveSettings(false);
    w.resize(1200, 800);
    w.show();
    QElapsedTimer clock;
    clock.start();
    DocumentView* v = w.openFile(path);
    if (!v)
        return r;
    Document* doc = v->document();
    qint64 last = doc->isLoaded() ? 0 : clock.elapsed();
    QEventLoop loop;
    QObject::connect(doc, &Document::loadFinished, &loop, [&](bool ok) {
        r.loaded = ok;
        r.loadMs = clock.elapsed();
        loop.quit();
    });
    QTimer tick;
    tick.setInterval(5);
    tick.setTimerType(Qt::PreciseTimer);
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        const qint64 now = clock.elapsed();
        r.longestMs = std::max(r.longestMs, now - last);
        last = now;
    });
    QTimer::singleShot(guardMs, &loop, &QEventLoop::quit);
    tick.start();
    if (doc->isLoading()) {
        loop.exec();
    } else {
        r.loaded = doc->isLoaded(); // loaded before openFile() returned
        r.loadMs = clock.elapsed();
    }
    // The pause from the last tick to the end of the load counts too.
    r.longestMs = std::max(r.longestMs, clock.elapsed() - last);
    r.records = doc->availableRecords();
    return r;
}

} // namespace loadgap
