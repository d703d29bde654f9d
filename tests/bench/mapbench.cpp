// mapbench: the dataset map of Fashion-MNIST. Its test records (10,000) are mapped beside scikit-learn's
// t-SNE of the same records in the same run (PCA to 50 components, then t-SNE: map_baseline.py), timed, and
// every map scored alike: the 5-fold 10-nearest-neighbour accuracy of the labels from the 2-D points. Then
// the time to the final layout of all 70,000 records (train and test together). Then the training records
// (60,000) mapped by `idxscope-cli map` and by R's uwot (map_uwot.R: PCA 50, 10 neighbours, 200 epochs, every
// core), whole processes alternated, three runs each, medians, both maps scored alike. Not a test:
// ./build.sh bench.
#include "benchutil.h"
#include "idxfile.h"
#include "mapexport.h"
#include "maplayout.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <thread>
#include <utility>
#include <vector>

namespace {

QTextStream& out()
{
    static QTextStream s(stdout);
    return s;
}

/// A whole process's wall time in seconds, and its standard output; a negative time when it failed.
std::pair<double, QByteArray> timedRun(const QString& program, const QStringList& args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QElapsedTimer timer;
    timer.start();
    p.start(program, args);
    if (!p.waitForFinished(3600000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {-1.0, {}};
    return {double(timer.nsecsElapsed()) / 1e9, p.readAllStandardOutput()};
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

/// Fashion-MNIST's training records mapped by idxscope-cli and by uwot (map_uwot.R), alternated; false when
/// idxscope's map failed. uwot missing (Debian's r-cran-uwot) is said, not a failure.
bool mapBesideUwot(const QString& dir, unsigned cores, bool score)
{
    const QString images = dir + QStringLiteral("/train-images-idx3-ubyte.gz");
    const QString labels = dir + QStringLiteral("/train-labels-idx1-ubyte.gz");
    QTemporaryDir tmp;
    const QString ours = tmp.filePath(QStringLiteral("idxscope.csv"));
    const QString theirs = tmp.filePath(QStringLiteral("uwot.csv"));
    const QString rscript = QStringLiteral("/usr/bin/Rscript");
    const bool withUwot = QFileInfo(rscript).isExecutable();
    out()
        << Qt::endl
        << "Map of Fashion-MNIST train (60,000 records), " << cores
        << " cores: idxscope-cli map beside R's uwot (PCA 50, 10 neighbours, 200 epochs, every core), whole "
           "processes alternated, medians of 3"
        << Qt::endl;
    std::vector<double> oursS, uwotS, uwotOwn;
    for (int run = 0; run < 3; ++run) {
        const auto [s, output] = timedRun(QStringLiteral(IDXSCOPE_CLI),
                                          {QStringLiteral("map"), images, QStringLiteral("--out"), ours});
        if (s < 0) {
            out() << "  idxscope-cli map failed" << Qt::endl;
            return false;
        }
        oursS.push_back(s);
        if (!withUwot)
            continue;
        const auto [u, printed] = timedRun(rscript, {QStringLiteral(IDXSCOPE_BENCH_DIR "/map_uwot.R"), images,
                                                     theirs, QString::number(cores)});
        if (u < 0) {
            out() << "  (uwot failed: is r-cran-uwot installed?)" << Qt::endl;
            return true;
        }
        uwotS.push_back(u);
        uwotOwn.push_back(printed.trimmed().toDouble());
    }
    out() << "  idxscope-cli map: " << bench::seconds(median(oursS) * 1000) << Qt::endl;
    if (uwotS.empty()) {
        out() << "  (uwot not run: Debian's r-cran-uwot and r-base-core)" << Qt::endl;
        return true;
    }
    out() << "  Rscript map_uwot.R: " << bench::seconds(median(uwotS) * 1000) << " (uwot itself "
          << bench::seconds(median(uwotOwn) * 1000) << ")" << Qt::endl;
    out()
        << "  idxscope's map: " << QString::number(median(uwotS) / median(oursS), 'f', 2)
        << "x faster than uwot's whole process, " << QString::number(median(uwotOwn) / median(oursS), 'f', 2)
        << "x than uwot's own time (R's start, reading the file and writing the CSV left out; uwot with its "
           "exact power, approx_pow = FALSE); target: 3x or more at uwot's accuracy or better"
        << Qt::endl;
    if (!score)
        return true;
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(QStringLiteral("/usr/bin/python3"),
            {QStringLiteral(IDXSCOPE_BENCH_DIR "/map_baseline.py"), QStringLiteral("--images"), images,
             QStringLiteral("--labels"), labels, QStringLiteral("--no-tsne"), QStringLiteral("--map"), ours,
             QStringLiteral("--map"), theirs});
    if (!p.waitForFinished(3600000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        out() << "  (scoring unavailable: map_baseline.py "
              << (p.exitStatus() == QProcess::NormalExit ? QStringLiteral("exited with %1").arg(p.exitCode())
                                                         : p.errorString())
              << ")" << Qt::endl;
        return true;
    }
    const QJsonArray acc =
        QJsonDocument::fromJson(p.readAllStandardOutput()).object().value(QStringLiteral("maps")).toArray();
    out() << "  5-fold 10-NN accuracy of the 2-D points: idxscope "
          << QString::number(acc.at(0).toDouble(), 'f', 4) << ", uwot "
          << QString::number(acc.at(1).toDouble(), 'f', 4) << Qt::endl;
    bench::recordRatio(
        QStringLiteral("map of Fashion-MNIST train, 60,000 (process, median of 3; 10-NN accuracy %1)")
            .arg(acc.at(0).toDouble(), 0, 'f', 4),
        median(oursS) * 1000,
        QStringLiteral("R uwot (PCA 50, 10 neighbours, 200 epochs, both cores; accuracy %1)")
            .arg(acc.at(1).toDouble(), 0, 'f', 4),
        median(uwotS) * 1000, QStringLiteral(">= 3 at uwot's accuracy or better"));
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("idxscope map benchmark"));
    parser.addHelpOption();
    QCommandLineOption noPython(QStringLiteral("no-python"),
                                QStringLiteral("Skip the scikit-learn baseline."));
    QCommandLineOption noTsne(QStringLiteral("no-tsne"), QStringLiteral("Score the maps, but run no t-SNE."));
    QCommandLineOption noFull(QStringLiteral("no-full"),
                              QStringLiteral("Skip the map of all 70,000 records."));
    QCommandLineOption noUwot(QStringLiteral("no-uwot"),
                              QStringLiteral("Skip the map of the training records beside uwot."));
    QCommandLineOption seedOpt(QStringLiteral("seed"), QStringLiteral("The layout's seed."),
                               QStringLiteral("N"), QStringLiteral("1"));
    parser.addOptions({noPython, noTsne, noFull, noUwot, seedOpt});
    parser.process(app);

    const QString dir = QStringLiteral(IDXSCOPE_FASHION_DIR);
    const QString testPath = dir + QStringLiteral("/t10k-images-idx3-ubyte.gz");
    const QString testLabelsPath = dir + QStringLiteral("/t10k-labels-idx1-ubyte.gz");
    std::shared_ptr<idx::IdxFile> k1, k2;
    const idx::TensorView test = bench::loadOrExit(testPath, k1);
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    idx::MapOptions options;
    options.seed = parser.value(seedOpt).toULongLong();

    out() << "Map of Fashion-MNIST test (10,000 records), " << cores << " cores" << Qt::endl;
    std::optional<idx::MapPoints> map;
    int reports = 0;
    const auto t = bench::time(1, [&] {
        map = idx::computeMap(
            {test}, options, {}, [&](const idx::MapPoints&, bool) { ++reports; }, nullptr);
    });
    if (!map) {
        out() << "the map failed" << Qt::endl;
        return 1;
    }
    out() << "  idxscope map (PCA-50, 10 neighbours, layout of 500 epochs): " << bench::seconds(t.best)
          << ", " << reports << " layouts reported on the way" << Qt::endl;
    QTemporaryDir tmp;
    const QString csv = tmp.filePath(QStringLiteral("map.csv"));
    if (!idx::writeMapCsv(csv, *map)) {
        out() << "cannot write " << csv << Qt::endl;
        return 1;
    }

    if (!parser.isSet(noPython)) {
        QStringList args{QStringLiteral(IDXSCOPE_BENCH_DIR "/map_baseline.py"),
                         QStringLiteral("--images"),
                         testPath,
                         QStringLiteral("--labels"),
                         testLabelsPath,
                         QStringLiteral("--map"),
                         csv};
        if (parser.isSet(noTsne))
            args << QStringLiteral("--no-tsne");
        QProcess p;
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p.start(QStringLiteral("/usr/bin/python3"), args);
        if (!p.waitForFinished(3600000) || p.exitCode() != 0) {
            out() << "  (scikit-learn baseline unavailable: " << p.errorString() << ")" << Qt::endl;
        } else {
            const QJsonObject b = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
            const double ours = b.value(QStringLiteral("maps")).toArray().at(0).toDouble();
            out() << "  5-fold 10-NN accuracy of the 2-D points: idxscope " << QString::number(ours, 'f', 4)
                  << ", first two PCA components "
                  << QString::number(b.value(QStringLiteral("pca2_accuracy")).toDouble(), 'f', 4) << Qt::endl;
            if (b.contains(QStringLiteral("tsne_s"))) {
                const double tsne = b.value(QStringLiteral("total_s")).toDouble() * 1000;
                const double acc = b.value(QStringLiteral("tsne_accuracy")).toDouble();
                out() << "scikit-learn, same machine, same run, OpenBLAS on all cores" << Qt::endl;
                out() << "  PCA-50 + TSNE (Barnes-Hut, n_jobs=-1): " << bench::seconds(tsne) << " (t-SNE "
                      << bench::seconds(b.value(QStringLiteral("tsne_s")).toDouble() * 1000) << "), accuracy "
                      << QString::number(acc, 'f', 4) << Qt::endl;
                out() << "  idxscope's map: " << QString::number(tsne / t.best, 'f', 2)
                      << "x faster; accuracy " << QString::number(ours - acc, 'f', 4) << " beside t-SNE's"
                      << Qt::endl;
                bench::recordRatio(QStringLiteral("map of Fashion-MNIST test, 10,000 (10-NN accuracy %1)")
                                       .arg(ours, 0, 'f', 4),
                                   t.best,
                                   QStringLiteral("scikit-learn PCA 50 + t-SNE, n_jobs=-1 (accuracy %1)")
                                       .arg(acc, 0, 'f', 4),
                                   tsne, QStringLiteral("faster, accuracy within 0.03"));
            }
        }
    }

    if (!parser.isSet(noUwot) && !mapBesideUwot(dir, cores, !parser.isSet(noPython)))
        return 1;
    if (parser.isSet(noFull))
        return 0;
    std::shared_ptr<idx::IdxFile> k3;
    const idx::TensorView train = bench::loadOrExit(dir + QStringLiteral("/train-images-idx3-ubyte.gz"), k3);
    out() << Qt::endl << "Map of Fashion-MNIST train and test together (70,000 records)" << Qt::endl;
    bench::resetPeak();
    const qint64 before = bench::procStatusKiB("VmRSS");
    qint64 firstMs = -1;
    QElapsedTimer clock;
    clock.start();
    const auto full = bench::time(1, [&] {
        map = idx::computeMap(
            {train, test}, options, {},
            [&](const idx::MapPoints&, bool) {
                if (firstMs < 0)
                    firstMs = clock.elapsed();
            },
            nullptr);
    });
    const qint64 peak = bench::procStatusKiB("VmHWM");
    out() << "  linear layout (PCA) shown after " << bench::seconds(double(firstMs))
          << "; final layout (200 epochs) after " << bench::seconds(full.best) << " (target: 60 s or less)"
          << Qt::endl;
    out() << "  peak memory above the loaded files: " << (peak - before) / 1024 << " MiB" << Qt::endl;
    return 0;
}
