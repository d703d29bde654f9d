// idxbench: measures idxscope's core on the Fashion-MNIST train set and prints each figure beside a baseline
// measured in the same run: the decompressors alone (zlib, ISA-L, libdeflate), a plain memory scan, numpy
// / PIL doing the same work (baseline.py), and gzip, pigz and xz compressing the same file. Ratios > 1 mean
// idxscope is faster than the baseline, except for saves, whose ratios are idxscope's time over the tool's.
#include "benchutil.h"
#include "editabletensor.h"
#include "idxfile.h"
#include "inflaters.h"
#include "pngbench.h"
#include "recordexport.h"
#include "render.h"
#include "save.h"
#include "stats.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>
#include <QRandomGenerator>
#include <QStorageInfo>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QtEndian>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

// The contact sheet of the benchmark: 10,000 records in 100 columns (2800 x 2800 for 28 x 28 records).
constexpr int kSheetRecords = 10000;
constexpr int kSheetColumns = 100;

// "a / b" as a ratio to two decimals.
QString ratio(double a, double b)
{
    return QString::number(a / b, 'f', a / b >= 10 ? 0 : 1) + QLatin1Char('x');
}

QTextStream& out()
{
    static QTextStream s(stdout);
    return s;
}

void row(const QString& what, double value, const QString& note = {},
         const QString& unit = QStringLiteral("ms"))
{
    out() << QStringLiteral("  %1 %2 %3").arg(what, -56).arg(value, 9, 'f', 2).arg(unit, -2);
    if (!note.isEmpty())
        out() << QStringLiteral("   ") << note;
    out() << Qt::endl;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

// Starts idxscope on `file` offscreen and waits for its "first-paint RSS" line: wall time from process start
// to the first image on screen, and the resident memory then (KiB).
std::pair<double, qint64> firstPaint(const QString& file)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    QElapsedTimer t;
    t.start();
    p.start(QStringLiteral(IDXSCOPE_BINARY_DIR "/app/idxscope"),
            {QStringLiteral("--new-instance"), QStringLiteral("--quit-after-first-paint"), file});
    while (p.waitForReadyRead(60000)) {
        const QByteArray line = p.readLine();
        if (line.startsWith("first-paint")) {
            const double ms = double(t.nsecsElapsed()) / 1e6;
            p.waitForFinished(60000);
            return {ms, line.mid(12).trimmed().toLongLong()};
        }
    }
    p.kill();
    p.waitForFinished();
    return {-1, -1};
}

// A whole process's wall time in milliseconds (standard output to `outFile` when given); -1 when it failed.
double processMs(const QString& program, const QStringList& args, const QString& outFile = {},
                 bool offscreen = false)
{
    QProcess p;
    if (!outFile.isEmpty())
        p.setStandardOutputFile(outFile);
    if (offscreen) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
    }
    QElapsedTimer t;
    t.start();
    p.start(program, args);
    if (!p.waitForFinished(600000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return -1;
    return double(t.nsecsElapsed()) / 1e6;
}

/// The median of `runs` alternated runs of each of two commands (milliseconds); a negative median when one
/// failed.
std::pair<double, double> alternatedMedians(int runs, const std::function<double()>& a,
                                            const std::function<double()>& b)
{
    std::vector<double> x, y;
    for (int i = 0; i < runs; ++i) {
        x.push_back(a());
        y.push_back(b());
    }
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    const bool failed = x.front() < 0 || y.front() < 0;
    return {failed ? -1 : x[x.size() / 2], failed ? -1 : y[y.size() / 2]};
}

// Peak resident memory (KiB) of a child process running `fn` (fork), so each figure is measured alone.
template <typename Fn> qint64 childPeakKiB(Fn&& fn)
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        fn();
        ::_exit(0);
    }
    int status = 0;
    rusage ru{};
    ::wait4(pid, &status, 0, &ru);
    return ru.ru_maxrss;
}

// Saving the 47 MB training set compressed: idxscope's writeIdx (.gz, .xz) beside the command-line
// compressors run as processes on the same raw file in the same run (gzip -6 on one core, pigz -6 and xz on
// all cores, xz at idxscope's preset, core/write/xzcompressor.cpp). All write a plain file into `folder` (no
// fsync); the atomic save (QSaveFile: also fsync and rename) has a row of its own. The contenders take turns,
// one run each per round, best of the rounds, so a change in the machine's load treats them alike.
void saveCompressedRows(const QString& rawPath, const QString& folder, int rounds, int xzRounds)
{
    struct Contender {
        QString label;
        std::function<bool(const QString&)> run; // writes the file named
        double best = std::numeric_limits<double>::max();
        qint64 bytes = 0;
        bool ok = true;
    };
    const QString cores = QString::number(QThread::idealThreadCount());
    const auto tool = [&rawPath](const QString& program, const QStringList& args) {
        return [=](const QString& target) {
            QProcess p;
            p.setStandardOutputFile(target);
            p.start(program, args + QStringList{QStringLiteral("-c"), rawPath});
            return p.waitForFinished(-1) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
        };
    };
    const auto idxscope = [&rawPath](idx::Container c) {
        return [=](const QString& target) {
            QFile f(target);
            if (!f.open(QIODevice::WriteOnly))
                return false;
            const auto file = idx::IdxFile::open(rawPath);
            return file->headerValid() && idx::writeIdx(f, file->view(), {}, c).ok;
        };
    };
    const auto race = [&](std::vector<Contender>& cs, int n) {
        for (int round = 0; round < n; ++round)
            for (size_t i = 0; i < cs.size(); ++i) {
                const QString target = QDir(folder).filePath(QStringLiteral("save-%1").arg(i));
                QElapsedTimer t;
                t.start();
                cs[i].ok = cs[i].run(target) && cs[i].ok;
                cs[i].best = std::min(cs[i].best, double(t.nsecsElapsed()) / 1e6);
                cs[i].bytes = QFileInfo(target).size();
                QFile::remove(target);
            }
        for (const Contender& c : cs)
            row(c.label, c.best,
                QStringLiteral("%1 bytes%2")
                    .arg(QLocale::c().toString(c.bytes))
                    .arg(c.ok ? QString() : QStringLiteral(" (FAILED: not installed?)")));
    };

    out() << Qt::endl
          << "Save the training set compressed (47 MB raw to a file; best of " << rounds << ", xz of "
          << xzRounds << ")" << Qt::endl;
    std::vector<Contender> gz{
        {QStringLiteral("gzip -6 (one core)"), tool(QStringLiteral("gzip"), {QStringLiteral("-6")})},
        {QStringLiteral("pigz -6 -p %1").arg(cores),
         tool(QStringLiteral("pigz"), {QStringLiteral("-6"), QStringLiteral("-p"), cores})},
        {QStringLiteral("idxscope writeIdx .gz"), idxscope(idx::Container::Gzip)},
        {QStringLiteral("idxscope writeIdx .gz, atomic (+ fsync, rename)"), [&](const QString& target) {
             const auto file = idx::IdxFile::open(rawPath);
             return idx::writeIdx(target, file->view(), {}, idx::Container::Gzip).ok;
         }}};
    race(gz, rounds);
    out() << QStringLiteral("  idxscope .gz: %1x pigz's time, %2x gzip -6's time, %3x gzip -6's size")
                 .arg(gz[2].best / gz[1].best, 0, 'f', 2)
                 .arg(gz[2].best / gz[0].best, 0, 'f', 2)
                 .arg(double(gz[2].bytes) / double(gz[0].bytes), 0, 'f', 3)
          << Qt::endl;

    std::vector<Contender> xz{
        {QStringLiteral("xz -6 -T%1").arg(cores),
         tool(QStringLiteral("xz"), {QStringLiteral("-6"), QStringLiteral("-T%1").arg(cores)})},
        {QStringLiteral("idxscope writeIdx .xz"), idxscope(idx::Container::Xz)}};
    race(xz, xzRounds);
    out() << QStringLiteral("  idxscope .xz: %1x xz's time, %2x xz's size")
                 .arg(xz[1].best / xz[0].best, 0, 'f', 2)
                 .arg(double(xz[1].bytes) / double(xz[0].bytes), 0, 'f', 3)
          << Qt::endl;
}

QJsonObject runPython(const QString& gz, const QString& raw, int exportCount, const QString& exportDir,
                      const QString& sheetPng)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(QStringLiteral("/usr/bin/python3"),
            {QStringLiteral(IDXSCOPE_BENCH_DIR "/baseline.py"), QStringLiteral("--gz"), gz,
             QStringLiteral("--raw"), raw, QStringLiteral("--export-count"), QString::number(exportCount),
             QStringLiteral("--export-dir"), exportDir, QStringLiteral("--sheet-count"),
             QString::number(kSheetRecords), QStringLiteral("--sheet-columns"),
             QString::number(kSheetColumns), QStringLiteral("--check-sheet"), sheetPng});
    if (!p.waitForFinished(600000) || p.exitCode() != 0) {
        out() << "  (numpy/PIL baseline unavailable: " << p.errorString() << ")" << Qt::endl;
        return {};
    }
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("idxscope benchmark"));
    parser.addHelpOption();
    QCommandLineOption noPython(QStringLiteral("no-python"), QStringLiteral("Skip the numpy/PIL baselines."));
    QCommandLineOption repeatOpt(QStringLiteral("repeat"), QStringLiteral("Repetitions per figure."),
                                 QStringLiteral("N"), QStringLiteral("5"));
    QCommandLineOption exportOpt(QStringLiteral("export-count"), QStringLiteral("PNG files to export."),
                                 QStringLiteral("N"), QStringLiteral("10000"));
    QCommandLineOption exportDirOpt(
        QStringLiteral("export-dir"),
        QStringLiteral("Folder the PNG exports (idxscope's and PIL's) are written under "
                       "(default: a memory file system when there is one)."),
        QStringLiteral("DIR"));
    QCommandLineOption saveOnly(QStringLiteral("save-only"),
                                QStringLiteral("Only the compressed saves beside gzip, pigz and xz."));
    parser.addOptions({noPython, repeatOpt, exportOpt, exportDirOpt, saveOnly});
    parser.process(app);
    const int repeat = qMax(1, parser.value(repeatOpt).toInt());
    const int exportCount = qMax(1, parser.value(exportOpt).toInt());

    const QString gzPath = QStringLiteral(IDXSCOPE_FASHION_DIR "/train-images-idx3-ubyte.gz");
    QTemporaryDir work;
    // PNG exports write tens of thousands of small files. On a disk, the time is then mostly the file
    // system's write-back, which swings by an order of magnitude from run to run depending on what is still
    // being flushed; idxscope and PIL would be compared on the disk's mood. By default both write to a memory
    // file system, so the figures compare encoding and file creation; --export-dir measures a chosen disk.
    const QString shm = QStringLiteral("/dev/shm");
    const QString exportParent =
        parser.isSet(exportDirOpt) ? parser.value(exportDirOpt)
        : QStorageInfo(shm).fileSystemType() == "tmpfs" && QFileInfo(shm).isWritable() ? shm
                                                                                       : work.path();
    QTemporaryDir exportRoot(QDir(exportParent).filePath(QStringLiteral("idxbench-XXXXXX")));
    if (!exportRoot.isValid())
        qFatal("cannot create a folder under %s", qPrintable(exportParent));
    const QString rawPath = work.filePath(QStringLiteral("train-images-idx3-ubyte"));

    out() << "idxbench: Fashion-MNIST train images (60000 x 28 x 28 uint8), " << QThread::idealThreadCount()
          << " cores, best of " << repeat << Qt::endl;
    const int xzRounds = qMin(repeat, 2); // xz takes half a minute a run
    if (parser.isSet(saveOnly)) {
        const QByteArray gz = readAll(gzPath);
        std::vector<uchar> raw(bench::gzipIsize(gz));
        bench::isalInflate(gz, raw.data(), raw.size());
        QFile f(rawPath);
        if (!f.open(QIODevice::WriteOnly) ||
            f.write(reinterpret_cast<const char*>(raw.data()), qint64(raw.size())) != qint64(raw.size()))
            qFatal("cannot write the raw copy");
        f.close();
        saveCompressedRows(rawPath, work.path(), repeat, xzRounds);
        return 0;
    }

    // 1. Decoding the .gz, against each decompressor alone.
    out() << Qt::endl << "Open the 26 MB .gz to fully decoded" << Qt::endl;
    const QByteArray gz = readAll(gzPath);
    std::vector<uchar> dst(bench::gzipIsize(gz));
    // Each baseline also gets a fresh output buffer per run, as any real open must: writing into pages
    // already faulted in by the previous run would leave out part of the work.
    auto fresh = [&](auto inflateFn) {
        return [&, inflateFn] {
            std::vector<uchar> out;
            out.reserve(dst.size()); // allocated, not touched
            inflateFn(gz, out.data(), dst.size());
        };
    };
    const double zlibMs = bench::time(repeat, fresh(bench::zlibInflate)).best;
    const double isalMs = bench::time(repeat, fresh(bench::isalInflate)).best;
    const double deflMs = bench::time(repeat, fresh(bench::deflateInflate)).best;
    bench::isalInflate(gz, dst.data(), dst.size());
    {
        QFile f(rawPath);
        if (!f.open(QIODevice::WriteOnly) ||
            f.write(reinterpret_cast<const char*>(dst.data()), qint64(dst.size())) != qint64(dst.size()))
            qFatal("cannot write the raw copy");
    }
    bench::resetPeak();
    const qint64 rssBefore = bench::procStatusKiB("VmRSS");
    bool ok = true;
    const double openGzMs = bench::time(repeat, [&] {
                                auto f = idx::IdxFile::open(gzPath);
                                ok = ok && f->load() && f->view().isComplete();
                            }).best;
    const qint64 gzPeak = bench::procStatusKiB("VmHWM") - rssBefore;
    const double fastest = std::min({zlibMs, isalMs, deflMs});
    row(QStringLiteral("zlib inflate alone (memory to fresh memory)"), zlibMs);
    row(QStringLiteral("ISA-L inflate alone (memory to fresh memory)"), isalMs);
    row(QStringLiteral("libdeflate alone (memory to fresh memory)"), deflMs);
    row(QStringLiteral("idxscope open + load (file to tensor)"), openGzMs,
        QStringLiteral("%1x the fastest decompressor%2, peak +%3 MiB")
            .arg(openGzMs / fastest, 0, 'f', 2)
            .arg(ok ? QString() : QStringLiteral(" (LOAD FAILED)"))
            .arg(double(gzPeak) / 1024, 0, 'f', 0));

    // 2. Raw open to first record: 47 MB and an 8 GiB sparse file.
    out() << Qt::endl << "Open a raw file to the first record (memory-mapped)" << Qt::endl;
    const QString sparsePath = work.filePath(QStringLiteral("sparse-images-idx3-ubyte"));
    {
        const quint64 records = (8ull << 30) / 784;
        auto h = idx::Header::make(idx::DType::UInt8, {records, 28, 28});
        QFile f(sparsePath);
        if (!f.open(QIODevice::WriteOnly) || f.write(h->encode()) != h->headerBytes ||
            !f.resize(h->headerBytes + qint64(h->dataBytes)))
            qFatal("cannot create the sparse file");
    }
    // And a 4 GiB float32 one (for the application's figures below).
    const QString sparseFloatPath = work.filePath(QStringLiteral("sparse-float-images-idx3-float"));
    {
        const quint64 records = (4ull << 30) / (784 * 4);
        auto h = idx::Header::make(idx::DType::Float32, {records, 28, 28});
        QFile f(sparseFloatPath);
        if (!f.open(QIODevice::WriteOnly) || f.write(h->encode()) != h->headerBytes ||
            !f.resize(h->headerBytes + qint64(h->dataBytes)))
            qFatal("cannot create the sparse float file");
    }
    auto firstRecord = [](const QString& path) {
        auto f = idx::IdxFile::open(path);
        const auto v = f->view();
        quint64 sum = 0;
        if (v.availableRecords() > 0)
            for (quint64 i = 0; i < v.header().recordBytes(); ++i)
                sum += v.recordData(0)[i];
        return sum;
    };
    const auto raw47 = bench::time(repeat * 4, [&] { firstRecord(rawPath); });
    const auto raw8g = bench::time(repeat * 4, [&] { firstRecord(sparsePath); });
    row(QStringLiteral("idxscope open 47 MB raw to first record (median)"), raw47.median);
    row(QStringLiteral("idxscope open 8 GiB sparse raw to first record (median)"), raw8g.median,
        QStringLiteral("%1x the 47 MB time").arg(raw8g.median / raw47.median, 0, 'f', 2));

    // 3. Random record access on the mapped 47 MB file.
    out() << Qt::endl << "Random record access (mapped 47 MB file)" << Qt::endl;
    {
        auto f = idx::IdxFile::open(rawPath);
        const auto v = f->view();
        const int n = 100000;
        std::vector<quint64> order(n);
        for (auto& o : order)
            o = QRandomGenerator::global()->bounded(quint64(v.recordCount()));
        double sink = 0;
        const double valuesMs = bench::time(repeat, [&] {
                                    for (quint64 r : order)
                                        sink += v.recordValues(r)[400];
                                }).best;
        idx::RenderOptions ro;
        const double renderMs = bench::time(repeat, [&] {
                                    for (quint64 r : order)
                                        sink += idx::renderRecord(v, r, ro)->pixels[400];
                                }).best;
        row(QStringLiteral("record as 784 doubles, per record"), valuesMs / n * 1000.0, {},
            QStringLiteral("µs"));
        row(QStringLiteral("record rendered to 8-bit pixels, per record"), renderMs / n * 1000.0,
            sink < 0 ? QStringLiteral(" ") : QString(), QStringLiteral("µs"));
    }

    // 4. Full statistics.
    out() << Qt::endl << "Full statistics (min, max, mean, std, zeros, 256-bin histogram)" << Qt::endl;
    double statsMs = 0;
    double scanMs = 0;
    {
        auto f = idx::IdxFile::open(rawPath);
        const auto v = f->view();
        volatile quint64 scanSink = 0;
        scanMs = bench::time(repeat, [&] {
                     quint64 s = 0;
                     const uchar* p = v.data();
                     for (quint64 i = 0; i < v.availableBytes(); ++i)
                         s += p[i];
                     scanSink = s;
                 }).best;
        statsMs = bench::time(repeat, [&] { (void)idx::computeStats(v); }).best;
        row(QStringLiteral("plain memory scan (sum of bytes, one core)"), scanMs);
        row(QStringLiteral("idxscope computeStats (all cores)"), statsMs,
            QStringLiteral("%1x the memory scan time").arg(statsMs / scanMs, 0, 'f', 2));
    }

    // 5. PNG export of the first N records (all cores), files written to a temporary folder.
    out() << Qt::endl
          << "Export records as PNG files (written under " << exportParent << ", "
          << QStorageInfo(exportParent).fileSystemType() << ")" << Qt::endl;
    double exportMs = 0;
    {
        auto f = idx::IdxFile::open(rawPath);
        const auto v = f->view();
        idx::RecordExportOptions eo;
        eo.records = idx::recordSpan(v, 0, quint64(exportCount));
        eo.overwrite = true;
        eo.folder = exportRoot.filePath(QStringLiteral("png"));
        bool exported = true;
        // Best of up to 3 runs, each into an empty folder (removing the files is not timed).
        exportMs = std::numeric_limits<double>::max();
        for (int run = 0; run < qMin(repeat, 3); ++run) {
            QElapsedTimer t;
            t.start();
            exported = idx::exportRecords(v, eo).ok && exported;
            exportMs = std::min(exportMs, double(t.nsecsElapsed()) / 1e6);
            QDir(eo.folder).removeRecursively();
        }
        row(QStringLiteral("idxscope exportRecords, %1 PNG files").arg(exportCount), exportMs,
            QStringLiteral("%1 files/s%2")
                .arg(exportCount / exportMs * 1000.0, 0, 'f', 0)
                .arg(exported ? QString() : QStringLiteral(" (EXPORT FAILED)")));
    }

    // 5b. The PNG encoders on the same images at the same zlib level (1) and on the same cores: the records
    // of the export above (in memory, spread over all cores), then one contact sheet.
    out() << Qt::endl << "PNG encoders, zlib level 1, into memory, decoded again and compared" << Qt::endl;
    {
        auto f = idx::IdxFile::open(rawPath);
        const auto v = f->view();
        std::vector<QImage> images;
        for (quint64 r = 0; r < quint64(exportCount) && r < v.recordCount(); ++r)
            images.push_back(idx::renderRecordImage(v, r, idx::RecordImageOptions{}));
        const bench::SmallEncoders e = bench::encodeSmall(images, 1, repeat);
        auto small = [&](const QString& what, const bench::EncoderRun& r) {
            row(QStringLiteral("%1, %2 records (all cores)").arg(what).arg(images.size()), r.ms,
                QStringLiteral("%1 bytes each, %2 the hand-framed time%3")
                    .arg(double(r.bytes) / double(images.size()), 0, 'f', 0)
                    .arg(ratio(r.ms, e.hand.ms))
                    .arg(r.decodes ? QString() : QStringLiteral(" (DECODES WRONG)")));
        };
        small(QStringLiteral("hand-framed over libdeflate"), e.hand);
        small(QStringLiteral("libspng (filter None)"), e.spng);
        small(QStringLiteral("QImageWriter"), e.qt);
    }
    // 5c. The contact-sheet job: open, render, encode, write; then each encoder on the same sheet.
    const QString sheetPng = exportRoot.filePath(QStringLiteral("sheet.png"));
    out() << Qt::endl
          << "Contact sheet: " << kSheetRecords << " records, " << kSheetColumns << " columns, zlib level 1"
          << Qt::endl;
    const bench::SheetJob job =
        bench::contactSheetJob(rawPath, sheetPng, kSheetRecords, kSheetColumns, repeat);
    const bool sheetDecodes = job.ok && bench::decodesTo(sheetPng, job.sheet);
    row(QStringLiteral("idxscope open + render + savePng, %1 x %2")
            .arg(job.sheet.width())
            .arg(job.sheet.height()),
        job.ms,
        QStringLiteral("open %1 + render %2 + encode and write %3 ms; %4 bytes%5")
            .arg(job.openMs, 0, 'f', 1)
            .arg(job.renderMs, 0, 'f', 1)
            .arg(job.saveMs, 0, 'f', 1)
            .arg(QFileInfo(sheetPng).size())
            .arg(sheetDecodes ? QString() : QStringLiteral(" (SHEET FAILED OR DECODES WRONG)")));
    {
        const double cliMs =
            bench::time(repeat, [&] {
                QProcess p;
                p.start(QStringLiteral(IDXSCOPE_BINARY_DIR "/app/idxscope-cli"),
                        {QStringLiteral("export"), rawPath, QStringLiteral("--records"),
                         QStringLiteral(":%1").arg(kSheetRecords), QStringLiteral("--grid"),
                         QString::number(kSheetColumns), QStringLiteral("--overwrite"),
                         QStringLiteral("--out"), exportRoot.filePath(QStringLiteral("cli.png"))});
                p.waitForFinished(120000);
            }).best;
        row(QStringLiteral("idxscope-cli export --grid (process start to exit)"), cliMs);
        if (!job.sheet.isNull()) {
            const bench::SheetEncoders e = bench::encodeSheet(job.sheet, 1, repeat);
            auto encoder = [&](const QString& what, const bench::EncoderRun& r) {
                row(what, r.ms,
                    QStringLiteral("%1 bytes, %2 the strips' time%3")
                        .arg(r.bytes)
                        .arg(ratio(r.ms, e.strips.ms))
                        .arg(r.decodes ? QString() : QStringLiteral(" (DECODES WRONG)")));
            };
            encoder(QStringLiteral("encode: ISA-L strips (all cores)"), e.strips);
            encoder(QStringLiteral("encode: hand-framed over libdeflate (one core)"), e.whole);
            encoder(QStringLiteral("encode: libspng (filter None, one core)"), e.spng);
            encoder(QStringLiteral("encode: QImageWriter (one core)"), e.qt);
        }
    }

    // 6. The application: process start to first image painted, memory, gallery painting.
    out() << Qt::endl << "idxscope (GUI, offscreen): process start to first image painted" << Qt::endl;
    for (const auto& [label, path] :
         {std::pair{QStringLiteral("raw 47 MB"), rawPath}, std::pair{QStringLiteral(".gz 26 MB"), gzPath},
          std::pair{QStringLiteral("raw 8 GiB sparse"), sparsePath},
          std::pair{QStringLiteral("4 GiB float32 sparse"), sparseFloatPath}}) {
        std::vector<double> ms;
        qint64 rss = -1;
        for (int i = 0; i < qMin(repeat, 3); ++i) {
            const auto [t, r] = firstPaint(path);
            ms.push_back(t);
            rss = r;
        }
        std::sort(ms.begin(), ms.end());
        row(QStringLiteral("first image, %1 (median)").arg(label), ms[ms.size() / 2],
            QStringLiteral("resident %1 MiB then").arg(double(rss) / 1024, 0, 'f', 1));
    }
    {
        // Converting the .gz to raw IDX as whole processes, beside igzip (Debian's isal) writing the same
        // file, two ways. Into a new file (removed before each run): neither waits for the disk (idxscope-cli
        // names its unnamed file when whole, Durability::SyncedWhenReplacing). Over an existing file:
        // idxscope-cli flushes the new one to the disk before it replaces the old, so igzip's output is
        // flushed too (fdatasync, timed here after its process).
        const QString cli = QStringLiteral(IDXSCOPE_BINARY_DIR "/app/idxscope-cli");
        const QString converted = work.filePath(QStringLiteral("converted-idx3-ubyte"));
        const auto ours = [&](bool fresh) {
            if (fresh)
                QFile::remove(converted);
            return processMs(cli, {QStringLiteral("convert"), gzPath, converted});
        };
        const auto igzipRun = [&](bool fresh, bool flush) {
            if (fresh)
                QFile::remove(converted);
            const double ms = processMs(QStringLiteral("igzip"), {QStringLiteral("-dc"), gzPath}, converted);
            if (ms < 0 || !flush)
                return ms;
            QElapsedTimer t;
            t.start();
            const int fd = ::open(QFile::encodeName(converted).constData(), O_WRONLY);
            const bool synced = fd >= 0 && ::fdatasync(fd) == 0;
            if (fd >= 0)
                ::close(fd);
            return synced ? ms + double(t.nsecsElapsed()) / 1e6 : -1.0;
        };
        const auto [oursNew, igzipNew] = alternatedMedians(
            9, [&] { return ours(true); }, [&] { return igzipRun(true, false); });
        const auto [oursOver, igzipOver] = alternatedMedians(
            9, [&] { return ours(false); }, [&] { return igzipRun(false, true); });
        if (igzipNew > 0 && igzipOver > 0) {
            row(QStringLiteral("convert .gz to a new raw IDX file, whole process (median of 9)"), oursNew,
                QStringLiteral("igzip -dc > new file %1 ms: %2x its time (want <= 1.3x)")
                    .arg(igzipNew, 0, 'f', 1)
                    .arg(oursNew / igzipNew, 0, 'f', 2));
            row(QStringLiteral("convert .gz over an existing raw IDX file, synced (median of 9)"), oursOver,
                QStringLiteral("igzip -dc > file + fdatasync %1 ms: %2x its time")
                    .arg(igzipOver, 0, 'f', 1)
                    .arg(oursOver / igzipOver, 0, 'f', 2));
            bench::recordRatio(
                QStringLiteral(
                    "convert Fashion-MNIST train .gz to a new raw IDX file (process, median of 9)"),
                oursNew, QStringLiteral("igzip -dc > new file (Debian's isal; neither waits for the disk)"),
                igzipNew, QStringLiteral(">= 0.77 (at most 1.3x its time)"));
            bench::recordRatio(
                QStringLiteral("convert Fashion-MNIST train .gz over an existing file, flushed to the disk "
                               "(process, median of 9)"),
                oursOver, QStringLiteral("igzip -dc > file, then fdatasync of its output"), igzipOver,
                QStringLiteral(">= 0.77 (at most 1.3x its time)"));
        } else
            out() << "  (convert beside igzip not measured: igzip, from Debian's isal, is missing)"
                  << Qt::endl;
        // Open, first paint and quit of a large raw file (630,000 records, make_shifted.py) beside the .gz.
        if (!parser.isSet(noPython)) {
            QProcess make;
            make.start(QStringLiteral("/usr/bin/python3"),
                       {QStringLiteral(IDXSCOPE_BENCH_DIR "/make_shifted.py"), QStringLiteral("--fashion"),
                        QStringLiteral(IDXSCOPE_FASHION_DIR), QStringLiteral("--out"), work.path()});
            const QString big = work.filePath(QStringLiteral("shifted630k-images-idx3-ubyte"));
            if (make.waitForFinished(600000) && make.exitCode() == 0) {
                const QString gui = QStringLiteral(IDXSCOPE_BINARY_DIR "/app/idxscope");
                const auto quit = [&](const QString& file) {
                    return processMs(
                        gui,
                        {QStringLiteral("--new-instance"), QStringLiteral("--quit-after-first-paint"), file},
                        {}, true);
                };
                const auto [large, small] = alternatedMedians(
                    5, [&] { return quit(big); }, [&] { return quit(gzPath); });
                row(QStringLiteral("open, first paint, quit: 630,000-record raw file (median of 5)"), large,
                    QStringLiteral("the .gz 26 MB %1 ms: %2x its time (want <= 1.3x)")
                        .arg(small, 0, 'f', 1)
                        .arg(large / small, 0, 'f', 2));
                bench::recordRatio(
                    QStringLiteral("open, first paint, quit: 630,000-record raw file (process, median of 5)"),
                    large, QStringLiteral("the same for Fashion-MNIST train .gz, 26 MB"), small,
                    QStringLiteral(">= 0.77 (at most 1.3x its time)"));
                QFile::remove(big);
            }
        }
    }
    // The contact sheet and 10,000 PNG files as a person runs them: whole processes from the raw file, beside
    // python3 with numpy and PIL doing the same at the same zlib level (1) on the same cores, alternated.
    if (!parser.isSet(noPython)) {
        const QString cli = QStringLiteral(IDXSCOPE_BINARY_DIR "/app/idxscope-cli");
        const QString python = QStringLiteral("/usr/bin/python3");
        const QString baseline = QStringLiteral(IDXSCOPE_BENCH_DIR "/baseline.py");
        const QString shm =
            QDir(QStringLiteral("/dev/shm")).exists() ? QStringLiteral("/dev/shm") : work.path();
        QTemporaryDir memory(shm + QStringLiteral("/idxbench-XXXXXX"));
        const QString sheetOut = memory.filePath(QStringLiteral("sheet.png"));
        const auto [sheetOurs, sheetPil] = alternatedMedians(
            5,
            [&] {
                return processMs(cli, {QStringLiteral("export"), rawPath, QStringLiteral("--records"),
                                       QStringLiteral(":%1").arg(kSheetRecords), QStringLiteral("--grid"),
                                       QString::number(kSheetColumns), QStringLiteral("--overwrite"),
                                       QStringLiteral("--out"), sheetOut});
            },
            [&] {
                return processMs(python,
                                 {baseline, QStringLiteral("--raw"), rawPath, QStringLiteral("--only"),
                                  QStringLiteral("sheet"), QStringLiteral("--sheet-count"),
                                  QString::number(kSheetRecords), QStringLiteral("--sheet-columns"),
                                  QString::number(kSheetColumns), QStringLiteral("--out"), sheetOut});
            });
        if (sheetOurs > 0) {
            row(QStringLiteral("contact sheet, whole process (median of 5)"), sheetOurs,
                QStringLiteral("python3 numpy + PIL %1 ms: idxscope %2 faster (want >= 3x)")
                    .arg(sheetPil, 0, 'f', 1)
                    .arg(ratio(sheetPil, sheetOurs)));
            bench::recordRatio(QStringLiteral("100 x 100 contact sheet (process, median of 5)"), sheetOurs,
                               QStringLiteral("python3: numpy memmap + PIL paste and save, zlib level 1"),
                               sheetPil, QStringLiteral(">= 3"));
        }
        const QString folder = memory.filePath(QStringLiteral("png"));
        const auto fresh = [&] {
            QDir(folder).removeRecursively(); // not timed
            QDir().mkpath(folder);
        };
        const auto [pngOurs, pngPil] = alternatedMedians(
            5,
            [&] {
                fresh();
                return processMs(cli,
                                 {QStringLiteral("export"), rawPath, QStringLiteral("--records"),
                                  QStringLiteral(":%1").arg(exportCount), QStringLiteral("--out"), folder});
            },
            [&] {
                fresh();
                return processMs(python,
                                 {baseline, QStringLiteral("--raw"), rawPath, QStringLiteral("--only"),
                                  QStringLiteral("export"), QStringLiteral("--export-count"),
                                  QString::number(exportCount), QStringLiteral("--out"), folder});
            });
        QDir(folder).removeRecursively();
        if (pngOurs > 0) {
            row(QStringLiteral("%1 PNG files to memory, whole process (median of 5)").arg(exportCount),
                pngOurs,
                QStringLiteral("python3 PIL level 1, pool of %1: %2 ms: idxscope %3 faster (want >= 3x)")
                    .arg(QThread::idealThreadCount())
                    .arg(pngPil, 0, 'f', 1)
                    .arg(ratio(pngPil, pngOurs)));
            bench::recordRatio(
                QStringLiteral("%1 PNG files to a memory file system (process, median of 5)")
                    .arg(exportCount),
                pngOurs,
                QStringLiteral("python3: numpy memmap + PIL, zlib level 1, pool of %1 processes")
                    .arg(QThread::idealThreadCount()),
                pngPil, QStringLiteral(">= 3"));
        }
    }
    {
        QProcess g;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        g.setProcessEnvironment(env);
        for (const QString& path : {rawPath, sparsePath, sparseFloatPath}) {
            out() << "  with " << QFileInfo(path).fileName()
                  << " open, everything loaded and shown:" << Qt::endl;
            g.start(QStringLiteral(IDXSCOPE_BINARY_DIR "/tests/bench/idxguibench"), {path});
            g.waitForFinished(300000);
            out() << g.readAllStandardOutput();
        }
    }

    // 7. Exporting all 60,000 records, and saving one changed value into the 47 MB raw file and the .gz.
    out() << Qt::endl << "Export all records, save one change" << Qt::endl;
    {
        auto f = idx::IdxFile::open(rawPath);
        const auto v = f->view();
        idx::RecordExportOptions eo;
        eo.records = idx::recordSpan(v);
        eo.folder = exportRoot.filePath(QStringLiteral("all"));
        QElapsedTimer t;
        t.start();
        const bool exported = idx::exportRecords(v, eo).ok;
        const double ms = double(t.nsecsElapsed()) / 1e6;
        row(QStringLiteral("exportRecords, all %1 records").arg(v.recordCount()), ms,
            QStringLiteral("%1 files/s%2")
                .arg(double(v.recordCount()) / ms * 1000.0, 0, 'f', 0)
                .arg(exported ? QString() : QStringLiteral(" (EXPORT FAILED)")));
        QDir(eo.folder).removeRecursively();
    }
    // Copies: the baselines below (and PIL's check of the contact sheet) read the original records.
    const QString gzCopy = work.filePath(QStringLiteral("train-images-idx3-ubyte.gz"));
    QFile::copy(gzPath, gzCopy);
    const QString rawCopy = work.filePath(QStringLiteral("saved/train-images-idx3-ubyte"));
    QDir(work.path()).mkdir(QStringLiteral("saved"));
    QFile::copy(rawPath, rawCopy);
    // The save runs in a child process so its peak memory is its own; the child reports through shared
    // memory.
    auto* shared = static_cast<double*>(
        ::mmap(nullptr, 2 * sizeof(double), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
    for (const QString& path : {rawCopy, gzCopy}) {
        shared[0] = -1;
        shared[1] = 0;
        const qint64 peak = childPeakKiB([&] {
            QElapsedTimer t;
            t.start();
            auto f = idx::IdxFile::open(path);
            f->load();
            idx::EditableTensor e(f->view());
            const bool saved =
                e.setElement(123, 400, 7).edit.has_value() && idx::saveEditable(path, e, f->container()).ok;
            shared[0] = double(t.nsecsElapsed()) / 1e6;
            shared[1] = saved ? 1 : 0;
        });
        row(QStringLiteral("open, change one value, save: %1").arg(QFileInfo(path).fileName()), shared[0],
            QStringLiteral("peak resident %1 MiB%2")
                .arg(double(peak) / 1024, 0, 'f', 1)
                .arg(shared[1] > 0 ? QString() : QStringLiteral(" (SAVE FAILED)")));
    }
    ::munmap(shared, 2 * sizeof(double));

    // 8. Saving the training set compressed, beside gzip, pigz and xz (after 7: its forked children's peak
    // memory includes what this process holds; the one value 7 changed does not matter here).
    saveCompressedRows(rawPath, work.path(), repeat, xzRounds);

    // 9. Numpy / PIL doing the same work, for the table in docs/benchmarks.md.
    if (!parser.isSet(noPython)) {
        out() << Qt::endl << "numpy / PIL, same machine, same run" << Qt::endl;
        const QJsonObject py = runPython(gzPath, rawPath, exportCount, exportRoot.path(), sheetPng);
        if (!py.isEmpty()) {
            auto ms = [&](const char* key) { return py.value(QLatin1String(key)).toDouble(); };
            // Each figure beside idxscope's: like for like (the same settings where a setting exists), then
            // numpy's or PIL's defaults.
            auto both = [&](const QString& what, double like, double byDefault, double ours) {
                row(what, like,
                    QStringLiteral("like for like: idxscope %1 faster; default settings (%2 ms): %3")
                        .arg(ratio(like, ours))
                        .arg(byDefault, 0, 'f', 2)
                        .arg(ratio(byDefault, ours)));
            };
            row(QStringLiteral("numpy gzip.open + frombuffer"), ms("numpy_gzip_open_ms"),
                QStringLiteral("idxscope %1 faster").arg(ratio(ms("numpy_gzip_open_ms"), openGzMs)));
            both(QStringLiteral("numpy memmap, first record (median; fromfile default)"),
                 ms("numpy_memmap_first_ms"), ms("numpy_fromfile_raw_ms"), raw47.median);
            both(QStringLiteral("numpy stats, %1 threads (one thread default)")
                     .arg(QThread::idealThreadCount()),
                 ms("numpy_stats_threads_ms"), ms("numpy_stats_ms"), statsMs);
            both(QStringLiteral("PIL level 1, pool of %1 (level 6, one process default)")
                     .arg(QThread::idealThreadCount()),
                 ms("pil_export_l1_pool_ms"), ms("pil_export_ms"), exportMs);
            both(QStringLiteral("numpy + PIL contact sheet, level 1 (level 6 default)"),
                 ms("pil_sheet_l1_ms"), ms("pil_sheet_ms"), job.ms);
            bench::recordRatio(QStringLiteral("%1 PNGs, in process").arg(exportCount), exportMs,
                               QStringLiteral("PIL, zlib level 1, pool of %1 processes already started")
                                   .arg(QThread::idealThreadCount()),
                               ms("pil_export_l1_pool_ms"), QStringLiteral(">= 3"));
            bench::recordRatio(QStringLiteral("100 x 100 contact sheet, in process"), job.ms,
                               QStringLiteral("numpy memmap + PIL paste and save, zlib level 1"),
                               ms("pil_sheet_l1_ms"), QStringLiteral(">= 3"));
            out() << "  PIL decodes idxscope's sheet to its own sheet's pixels: "
                  << (py.value(QStringLiteral("pil_reads_idxscope_sheet")).toBool() ? "yes" : "NO")
                  << Qt::endl;
        }
    }
    return 0;
}
