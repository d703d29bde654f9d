// mapbench: the dataset map of Fashion-MNIST. Its test records (10,000) are mapped beside scikit-learn's
// t-SNE of the same records in the same run (PCA to 50 components, then t-SNE: map_baseline.py), timed, and
// every map scored alike: the 5-fold 10-nearest-neighbour accuracy of the labels from the 2-D points. Then
// the time to the final layout of all 70,000 records (train and test together). Not a test: ./build.sh bench.
#include "benchutil.h"
#include "idxfile.h"
#include "mapexport.h"
#include "maplayout.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <thread>

namespace {

QTextStream& out()
{
    static QTextStream s(stdout);
    return s;
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
    QCommandLineOption seedOpt(QStringLiteral("seed"), QStringLiteral("The layout's seed."),
                               QStringLiteral("N"), QStringLiteral("1"));
    parser.addOptions({noPython, noTsne, noFull, seedOpt});
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
            }
        }
    }

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
