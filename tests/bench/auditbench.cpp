// auditbench: the audit of Fashion-MNIST's training set against its test set (70,000 records), timed beside
// scikit-learn doing the same neighbour searches on the same features in the same run (audit_baseline.py):
// PCA to 50 components, then brute-force k-nearest neighbours train → train, test → train and test → test.
// Also: each stage alone, a second audit from the graph cache, the peak memory, and where the training items
// Müller & Markert (2019) published as mislabelled land among the suspects. Not a test: ./build.sh bench.
#include "audit.h"
#include "benchutil.h"
#include "companion.h"
#include "idxfile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
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

// Müller & Markert, "Identifying Mislabeled Instances in Classification Datasets" (IJCNN 2019): the
// Fashion-MNIST training items they name as mislabelled (their labelfix repository's example and README, and
// their report in zalandoresearch/fashion-mnist issue #166).
const std::vector<int> kPublished{1600,  3415,  9059,  16691, 18188, 22264, 22750, 28264, 29599, 33982,
                                  34381, 36049, 37286, 38208, 39620, 40513, 42018, 45592, 50494, 53257};

/// "7 of 20 in the top 100, …" for places (0-based; -1: not flagged).
QString ranks(const std::vector<int>& r, bool flagged = true)
{
    int top100 = 0, top500 = 0, listed = 0;
    QStringList shown;
    for (int x : r) {
        top100 += x >= 0 && x < 100;
        top500 += x >= 0 && x < 500;
        listed += x >= 0;
        shown << (x >= 0 ? QString::number(x + 1) : QStringLiteral("-"));
    }
    return QStringLiteral("%1 of %2 in the top 100, %3 in the top 500%4; ranks %5")
        .arg(top100)
        .arg(r.size())
        .arg(top500)
        .arg(flagged ? QStringLiteral(", %1 flagged").arg(listed) : QString())
        .arg(shown.join(QLatin1Char(' ')));
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("idxscope audit benchmark"));
    parser.addHelpOption();
    QCommandLineOption noPython(QStringLiteral("no-python"),
                                QStringLiteral("Skip the scikit-learn baseline."));
    QCommandLineOption noRaw(
        QStringLiteral("no-raw"),
        QStringLiteral("Skip the audit on the pixels themselves (about a minute here)."));
    QCommandLineOption repeatOpt(QStringLiteral("repeat"), QStringLiteral("Audits timed (best kept)."),
                                 QStringLiteral("N"), QStringLiteral("3"));
    parser.addOptions({noPython, noRaw, repeatOpt});
    parser.process(app);
    const int repeat = std::max(1, parser.value(repeatOpt).toInt());

    const QString dir = QStringLiteral(IDXSCOPE_FASHION_DIR);
    const QString trainPath = dir + QStringLiteral("/train-images-idx3-ubyte.gz");
    const QString trainLabelsPath = dir + QStringLiteral("/train-labels-idx1-ubyte.gz");
    const QString testPath = dir + QStringLiteral("/t10k-images-idx3-ubyte.gz");
    const QString testLabelsPath = dir + QStringLiteral("/t10k-labels-idx1-ubyte.gz");
    std::shared_ptr<idx::IdxFile> k1, k2, k3, k4;
    const idx::AuditFile train{bench::loadOrExit(trainPath, k1),
                               idx::labelClasses(bench::loadOrExit(trainLabelsPath, k2))};
    const idx::AuditFile test{bench::loadOrExit(testPath, k3),
                              idx::labelClasses(bench::loadOrExit(testLabelsPath, k4))};
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());

    out() << "Audit of Fashion-MNIST train (60,000) against test (10,000), " << cores << " cores" << Qt::endl;
    idx::AuditOptions options; // 50 components, 50 neighbours, no cache
    std::optional<idx::AuditResult> result;
    bench::resetPeak();
    const qint64 before = bench::procStatusKiB("VmRSS");
    const bench::Timing whole =
        bench::time(repeat, [&] { result = idx::audit(train, &test, options, {}, nullptr); });
    const qint64 peak = bench::procStatusKiB("VmHWM");
    if (!result) {
        out() << "the audit failed" << Qt::endl;
        return 1;
    }
    out() << "  idxscope audit, whole (features, 3 searches, findings): " << bench::seconds(whole.best)
          << " (best of " << repeat << ", median " << bench::seconds(whole.median) << ")" << Qt::endl;
    out() << "  peak memory above the loaded files: " << (peak - before) / 1024 << " MiB" << Qt::endl;

    // The stages alone, as the baseline times them.
    std::optional<idx::Pca> pca;
    std::optional<idx::FeatureMatrix> f0, f1;
    const auto pcaTime = bench::time(1, [&] {
        pca = idx::fitPca(train.images, 50);
        f0 = idx::project(train.images, *pca);
        f1 = idx::project(test.images, *pca);
    });
    const auto trainTime = bench::time(1, [&] { (void)idx::nearestNeighbours(*f0, *f0, 50, true); });
    const auto acrossTime = bench::time(1, [&] { (void)idx::nearestNeighbours(*f1, *f0, 50, false); });
    const auto testTime = bench::time(1, [&] { (void)idx::nearestNeighbours(*f1, *f1, 50, true); });
    out() << "  stages: PCA-50 fit + projections " << bench::seconds(pcaTime.best) << ", train→train "
          << bench::seconds(trainTime.best) << ", test→train " << bench::seconds(acrossTime.best)
          << ", test→test " << bench::seconds(testTime.best) << Qt::endl;

    QTemporaryDir cache;
    options.cacheDir = cache.path();
    (void)idx::audit(train, &test, options, {}, nullptr);
    const auto cached = bench::time(repeat, [&] { (void)idx::audit(train, &test, options, {}, nullptr); });
    out() << "  again, graphs from the cache (hashing both files included): " << bench::seconds(cached.best)
          << Qt::endl;

    const idx::AuditResult& r = *result;
    out() << "  findings: " << r.exactDuplicates.size() << " exact duplicate groups, "
          << r.nearDuplicates.size() << " near-duplicate pairs, " << r.labelSuspects.size()
          << " label suspects, " << r.outliers.size() << " outliers" << Qt::endl;
    int leaks = 0;
    for (const auto& p : r.nearDuplicates)
        leaks += p.a.file != p.b.file;
    out() << "  leakage: " << leaks << " near-duplicate pairs across train and test" << Qt::endl;

    // Quality: the published items' places among the training suspects (the test's are ranked apart).
    std::vector<int> order(60000, -1);
    int place = 0;
    for (const auto& s : r.labelSuspects)
        if (s.record.file == 0)
            order[size_t(s.record.record)] = place++;
    std::vector<int> ours;
    for (int i : kPublished)
        ours.push_back(order[size_t(i)]);
    out() << "  Müller & Markert's 20 mislabelled training items among idxscope's " << place
          << " training suspects: " << ranks(ours) << Qt::endl;

    if (!parser.isSet(noRaw)) {
        // The same rule on a plain kNN of the raw pixels (784 values), the training set alone.
        idx::AuditOptions raw;
        raw.components = 0;
        std::optional<idx::AuditResult> pixels;
        const auto rawTime = bench::time(1, [&] { pixels = idx::audit(train, nullptr, raw, {}, nullptr); });
        std::vector<int> rawOrder(60000, -1);
        int rawPlace = 0;
        for (const auto& s : pixels->labelSuspects)
            rawOrder[size_t(s.record.record)] = rawPlace++;
        std::vector<int> rawRanks;
        for (int i : kPublished)
            rawRanks.push_back(rawOrder[size_t(i)]);
        out() << "  on the raw pixels instead (train alone, " << bench::seconds(rawTime.best)
              << "): " << rawPlace << " suspects; " << ranks(rawRanks) << Qt::endl;
    }

    if (parser.isSet(noPython))
        return 0;
    QStringList known;
    for (int i : kPublished)
        known << QString::number(i);
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(QStringLiteral("/usr/bin/python3"),
            {QStringLiteral(IDXSCOPE_BENCH_DIR "/audit_baseline.py"), QStringLiteral("--train"), trainPath,
             QStringLiteral("--train-labels"), trainLabelsPath, QStringLiteral("--test"), testPath,
             QStringLiteral("--known"), known.join(QLatin1Char(','))});
    if (!p.waitForFinished(1800000) || p.exitCode() != 0) {
        out() << "  (scikit-learn baseline unavailable: " << p.errorString() << ")" << Qt::endl;
        return 0;
    }
    const QJsonObject b = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    const double total = b.value(QStringLiteral("total_s")).toDouble() * 1000;
    out() << Qt::endl << "scikit-learn, same machine, same run, OpenBLAS on all cores" << Qt::endl;
    out() << "  PCA-50 + NearestNeighbors(brute): " << bench::seconds(total) << " (PCA "
          << bench::seconds(b.value(QStringLiteral("pca_s")).toDouble() * 1000) << ", train→train "
          << bench::seconds(b.value(QStringLiteral("train_train_s")).toDouble() * 1000) << ", test→train "
          << bench::seconds(b.value(QStringLiteral("test_train_s")).toDouble() * 1000) << ", test→test "
          << bench::seconds(b.value(QStringLiteral("test_test_s")).toDouble() * 1000) << ")" << Qt::endl;
    out() << "  idxscope's whole audit: " << QString::number(total / whole.best, 'f', 2)
          << "x faster than scikit-learn's searches alone" << Qt::endl;
    std::vector<int> theirs;
    for (const QJsonValue& v : b.value(QStringLiteral("known_ranks")).toArray())
        theirs.push_back(v.toInt());
    out() << "  the same rule on scikit-learn's graph, whole ranking: " << ranks(theirs, false) << Qt::endl;
    return 0;
}
