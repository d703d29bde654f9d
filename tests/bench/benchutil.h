// Small timing and memory helpers for idxbench.
#pragma once

#include <QElapsedTimer>
#include <QFile>
#include <QString>
#include <QTextStream>

#include "benchsummary.h"
#include "idxfile.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <vector>

namespace bench {

/// "1.23 s" for a time in milliseconds.
inline QString seconds(double ms)
{
    return QString::number(ms / 1000.0, 'f', 2) + QStringLiteral(" s");
}

/// Opens and loads `path` (kept alive by `keep`); exits the benchmark when it cannot.
inline idx::TensorView loadOrExit(const QString& path, std::shared_ptr<idx::IdxFile>& keep)
{
    keep = idx::IdxFile::open(path);
    if (!keep || !keep->load()) {
        QTextStream(stdout) << "cannot load " << path << Qt::endl;
        std::exit(1);
    }
    return keep->view();
}

/// Runs fn `repeat` times; returns the best and the median wall time in milliseconds.
struct Timing {
    double best = 0;
    double median = 0;
};

template <typename Fn> Timing time(int repeat, Fn&& fn)
{
    std::vector<double> t;
    for (int i = 0; i < repeat; ++i) {
        QElapsedTimer timer;
        timer.start();
        fn();
        t.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(t.begin(), t.end());
    return {t.front(), t[t.size() / 2]};
}

/// A field of /proc/self/status in KiB (VmRSS, VmHWM), or -1.
inline qint64 procStatusKiB(const char* field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> lines = f.readAll().split('\n');
    for (const QByteArray& line : lines) {
        if (line.startsWith(field)) {
            const QByteArray rest = line.mid(qsizetype(qstrlen(field)) + 1).trimmed();
            return rest.split(' ').value(0).toLongLong();
        }
    }
    return -1;
}

/// Resets the peak-RSS counter (Linux: write 5 to clear_refs), so VmHWM measures what follows.
inline void resetPeak()
{
    QFile f(QStringLiteral("/proc/self/clear_refs"));
    if (f.open(QIODevice::WriteOnly))
        f.write("5");
}

} // namespace bench
