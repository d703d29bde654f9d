// scalebench [--quick]: figures for docs/reliability.md, Scale. Creates sparse IDX files (47 MB, 8 GiB uint8,
// 4 GiB float32) in a temporary folder and prints, for each: time to open (median of 25 opens), time to the
// first rendered record, random record access, how fast a statistics job stops when cancelled at its first
// progress report, and this process's memory (VmRSS / VmHWM from /proc/self/status) after opening and
// rendering. Output is "name.key: value" lines; tst_scale_memory parses the figures and checks them. --quick:
// only the 8 GiB file, 5 opens, 50 random records. (Random records of a sparse file cost a kernel page fault
// on the hole each: sys time, not ours.)
#include "idxfile.h"
#include "render.h"
#include "stats.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <vector>

using namespace idx;

namespace {
qint64 statusKiB(const char* key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray k(key);
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(k))
            return line.mid(k.size()).trimmed().split(' ').first().toLongLong();
    return -1;
}

double ms(qint64 ns)
{
    return double(ns) / 1e6;
}

void bench(const QTemporaryDir& dir, const char* name, DType t, std::vector<quint64> dims, int opens,
           int randoms)
{
    const auto h = Header::make(t, dims);
    const QString path = dir.filePath(QString::fromLatin1(name));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(h->encode()) != h->headerBytes ||
            !f.resize(h->headerBytes + qint64(h->dataBytes))) {
            std::printf("%s.error: cannot create the sparse file\n", name);
            return;
        }
    }
    std::printf("%s.file_bytes: %lld\n", name, qlonglong(h->headerBytes + qint64(h->dataBytes)));
    std::vector<qint64> times;
    std::shared_ptr<IdxFile> file;
    for (int i = 0; i < opens; ++i) {
        QElapsedTimer timer;
        timer.start();
        file = IdxFile::open(path);
        const TensorView v = file->view();
        const volatile uchar first = v.recordData(0)[0]; // first record touched
        (void)first;
        times.push_back(timer.nsecsElapsed());
    }
    std::sort(times.begin(), times.end());
    std::printf("%s.open_to_first_record_ms: %.3f (median of %d)\n", name, ms(times[times.size() / 2]),
                opens);
    const TensorView v = file->view();
    QElapsedTimer timer;
    timer.start();
    const auto px = renderRecord(v, v.availableRecords() - 1, {});
    std::printf("%s.render_last_record_ms: %.3f (%dx%d)\n", name, ms(timer.nsecsElapsed()),
                px ? px->width : 0, px ? px->height : 0);
    int rendered = px && px->width * px->height == int(v.header().recordElements()) ? 1 : 0;
    QRandomGenerator rng(1);
    timer.restart();
    for (int i = 0; i < randoms; ++i) {
        const auto r = renderRecord(v, rng.bounded(quint64(v.availableRecords())), {});
        rendered += r && r->width * r->height == int(v.header().recordElements()) ? 1 : 0;
    }
    std::printf("%s.random_record_render_us: %.1f (mean of %d)\n", name,
                ms(timer.nsecsElapsed()) * 1000 / randoms, randoms);
    std::printf("%s.records_rendered: %d\n", name, rendered); // full-size images: the last + the random ones
    std::atomic<bool> cancel{false};
    qint64 firstReportNs = -1;
    Control c;
    c.progress = [&](qint64, qint64) {
        if (!cancel.exchange(true))
            firstReportNs = timer.nsecsElapsed();
    };
    c.cancel = [&] { return cancel.load(); };
    timer.restart();
    const bool result = computeStats(v, {}, c).has_value();
    std::printf("%s.stats_first_progress_ms: %.1f\n", name, ms(firstReportNs));
    std::printf("%s.stats_cancel_latency_ms: %.1f\n", name, ms(timer.nsecsElapsed() - firstReportNs));
    // 1 when the statistics cancelled at their first progress report still returned a result.
    std::printf("%s.stats_result_after_cancel: %d\n", name, result ? 1 : 0);
    std::printf("%s.rss_kib: %lld\n", name, qlonglong(statusKiB("VmRSS:")));
    std::printf("%s.peak_rss_kib: %lld\n", name, qlonglong(statusKiB("VmHWM:")));
    std::fflush(stdout);
}
} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    QTemporaryDir dir;
    if (!dir.isValid())
        return 1;
    if (!quick)
        bench(dir, "fashion_size_47MB_u8", DType::UInt8, {60000, 28, 28}, 25, 1000);
    bench(dir, "sparse_8GiB_u8", DType::UInt8, {10956549, 28, 28}, quick ? 5 : 25, quick ? 50 : 1000);
    if (!quick)
        bench(dir, "sparse_4GiB_f32", DType::Float32, {1369569, 28, 28}, 25, 1000);
    return 0;
}
