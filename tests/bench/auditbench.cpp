// auditbench: the audit of Fashion-MNIST's training set against its test set (70,000 records), timed beside
// scikit-learn doing the same neighbour searches on the same features in the same run (audit_baseline.py):
// PCA to 50 components, then brute-force k-nearest neighbours train → train, test → train and test → test.
// Also: each stage alone, a second audit from the graph cache, the peak memory, and the label-suspect ranking
// beside scikit-learn's (ranking_baseline.py: the same rule on its own centring, PCA and brute-force search,
// and a plain 10-neighbour vote): where the training items Müller & Markert (2019) published as mislabelled
// land, and, with IDXSCOPE_MNIST_DIR set, the MNIST test errors Northcutt et al. (2021) validated. Not a
// test: ./build.sh bench.
#include "audit.h"
#include "benchutil.h"
#include "companion.h"
#include "idxfile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
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

// Northcutt, Athalye & Mueller, "Pervasive Label Errors in Test Sets Destabilize Machine Learning Benchmarks"
// (NeurIPS 2021 Datasets and Benchmarks): the MNIST test records where fewer than 3 of 5 MTurk annotators
// kept the given label (cleanlab/label-errors, mturk/mnist_mturk.json).
const std::vector<int> kNorthcutt{947,  1621, 1901, 2130, 2462, 2597, 2654, 3520,
                                  3558, 5937, 6651, 6783, 8527, 9679, 9729};

/// "7 of 20 in the top 100, 13 in the top 500 (19 flagged of 3824 suspects); ranks …" for places (0-based;
/// -1: not flagged).
QString ranks(const std::vector<int>& r, qint64 suspects)
{
    int top100 = 0, top500 = 0, listed = 0;
    QStringList shown;
    for (int x : r) {
        top100 += x >= 0 && x < 100;
        top500 += x >= 0 && x < 500;
        listed += x >= 0;
        shown << (x >= 0 ? QString::number(x + 1) : QStringLiteral("-"));
    }
    return QStringLiteral("%1 of %2 in the top 100, %3 in the top 500 (%4 flagged of %5 suspects); ranks %6")
        .arg(top100)
        .arg(r.size())
        .arg(top500)
        .arg(listed)
        .arg(suspects)
        .arg(shown.join(QLatin1Char(' ')));
}

/// The places of `known` among the suspects of file 0 (0-based; -1: not flagged); `count`: file 0's suspects.
std::vector<int> placesOf(const idx::AuditResult& r, qint64 rows, const std::vector<int>& known,
                          qint64& count)
{
    std::vector<int> order(size_t(rows), -1);
    count = 0;
    for (const auto& s : r.labelSuspects)
        if (s.record.file == 0)
            order[size_t(s.record.record)] = int(count++);
    std::vector<int> places;
    for (int i : known)
        places.push_back(order[size_t(i)]);
    return places;
}

/// Runs a baseline script of this folder with Debian's python3; its JSON object, or an empty one (said why).
QJsonObject python(const QString& script, const QStringList& args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(QStringLiteral("/usr/bin/python3"),
            QStringList{QStringLiteral(IDXSCOPE_BENCH_DIR "/") + script} + args);
    if (!p.waitForFinished(1800000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        out() << "  (" << script << " unavailable: " << p.errorString() << ")" << Qt::endl;
        return {};
    }
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

std::vector<int> ints(const QJsonValue& v)
{
    std::vector<int> r;
    for (const QJsonValue& x : v.toArray())
        r.push_back(x.toInt());
    return r;
}

/// idxscope's places for `known` beside scikit-learn's, by the same rule and by a plain 10-neighbour vote.
void rankingBeside(const QString& title, const QString& images, const QString& labels,
                   const std::vector<int>& known, const std::vector<int>& ours, qint64 suspects,
                   bool withPython)
{
    out() << "  " << title << Qt::endl;
    out() << "    idxscope, the rule:            " << ranks(ours, suspects) << Qt::endl;
    if (!withPython)
        return;
    QStringList list;
    for (int i : known)
        list << QString::number(i);
    const QJsonObject b = python(QStringLiteral("ranking_baseline.py"),
                                 {QStringLiteral("--images"), images, QStringLiteral("--labels"), labels,
                                  QStringLiteral("--known"), list.join(QLatin1Char(','))});
    if (b.isEmpty())
        return;
    out() << "    scikit-learn, the same rule:   "
          << ranks(ints(b.value(QStringLiteral("rule_ranks"))),
                   b.value(QStringLiteral("rule_suspects")).toInteger())
          << Qt::endl;
    out() << "    scikit-learn, 10-NN majority:  "
          << ranks(ints(b.value(QStringLiteral("vote_ranks"))),
                   b.value(QStringLiteral("vote_suspects")).toInteger())
          << Qt::endl;
    out() << "    (scikit-learn's centring "
          << bench::seconds(b.value(QStringLiteral("centre_s")).toDouble() * 1000) << ", PCA-50 "
          << bench::seconds(b.value(QStringLiteral("pca_s")).toDouble() * 1000)
          << ", 51 brute-force neighbours "
          << bench::seconds(b.value(QStringLiteral("neighbours_s")).toDouble() * 1000) << ")" << Qt::endl;
}

/// MNIST's test set from IDXSCOPE_MNIST_DIR (not in Debian: optional), audited alone; Northcutt et al.'s 15.
void mnistRanking(bool withPython)
{
    const QString dir = qEnvironmentVariable("IDXSCOPE_MNIST_DIR");
    if (dir.isEmpty()) {
        out() << "  MNIST test, Northcutt et al.'s 15: skipped (MNIST is not in Debian); set "
                 "IDXSCOPE_MNIST_DIR to a "
                 "folder holding t10k-images-idx3-ubyte[.gz] and t10k-labels-idx1-ubyte[.gz] to rank them"
              << Qt::endl;
        return;
    }
    const auto find = [&](const QString& name) {
        for (const QString& candidate : {name, name + QStringLiteral(".gz")})
            if (QFileInfo::exists(dir + QLatin1Char('/') + candidate))
                return dir + QLatin1Char('/') + candidate;
        return QString();
    };
    const QString images = find(QStringLiteral("t10k-images-idx3-ubyte"));
    const QString labels = find(QStringLiteral("t10k-labels-idx1-ubyte"));
    if (images.isEmpty() || labels.isEmpty()) {
        out() << "  MNIST test: IDXSCOPE_MNIST_DIR (" << dir
              << ") holds no t10k-images-idx3-ubyte[.gz] and t10k-labels-idx1-ubyte[.gz]" << Qt::endl;
        return;
    }
    std::shared_ptr<idx::IdxFile> k1, k2;
    const idx::AuditFile mnist{bench::loadOrExit(images, k1),
                               idx::labelClasses(bench::loadOrExit(labels, k2))};
    std::optional<idx::AuditResult> r;
    const auto t = bench::time(1, [&] { r = idx::audit(mnist, nullptr, idx::AuditOptions{}, {}, nullptr); });
    if (!r) {
        out() << "  MNIST test: the audit failed" << Qt::endl;
        return;
    }
    qint64 count = 0;
    const std::vector<int> ours = placesOf(*r, qint64(mnist.labels.size()), kNorthcutt, count);
    rankingBeside(
        QStringLiteral("MNIST test (10,000, audited alone in %1), Northcutt et al.'s 15 validated errors:")
            .arg(bench::seconds(t.best)),
        images, labels, kNorthcutt, ours, count, withPython);
}

/// scikit-learn's PCA and brute-force searches of the same audit (audit_baseline.py), beside idxscope's whole
/// one.
void timingBaseline(const QString& trainPath, const QString& testPath, double whole)
{
    const QJsonObject b = python(QStringLiteral("audit_baseline.py"),
                                 {QStringLiteral("--train"), trainPath, QStringLiteral("--test"), testPath});
    if (b.isEmpty())
        return;
    const auto s = [&](const char* key) {
        return bench::seconds(b.value(QLatin1String(key)).toDouble() * 1000);
    };
    const double total = b.value(QStringLiteral("total_s")).toDouble() * 1000;
    out() << Qt::endl << "scikit-learn, same machine, same run, OpenBLAS on all cores" << Qt::endl;
    out() << "  PCA-50 + NearestNeighbors(brute): " << bench::seconds(total) << " (PCA " << s("pca_s")
          << ", train→train " << s("train_train_s") << ", test→train " << s("test_train_s") << ", test→test "
          << s("test_test_s") << ")" << Qt::endl;
    out() << "  idxscope's whole audit: " << QString::number(total / whole, 'f', 2)
          << "x faster than scikit-learn's searches alone" << Qt::endl;
    bench::recordRatio(QStringLiteral("audit of Fashion-MNIST train + test, whole"), whole,
                       QStringLiteral("scikit-learn PCA 50 + NearestNeighbors(brute), searches alone"), total,
                       QStringLiteral("> 1"));
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
    qint64 trainSuspects = 0;
    const std::vector<int> ours = placesOf(r, 60000, kPublished, trainSuspects);

    if (!parser.isSet(noRaw)) {
        // The same rule on a plain kNN of the raw pixels (784 values), the training set alone.
        idx::AuditOptions raw;
        raw.components = 0;
        std::optional<idx::AuditResult> pixels;
        const auto rawTime = bench::time(1, [&] { pixels = idx::audit(train, nullptr, raw, {}, nullptr); });
        qint64 rawSuspects = 0;
        const std::vector<int> rawRanks = placesOf(*pixels, 60000, kPublished, rawSuspects);
        out() << "  Müller & Markert's 20 on the raw pixels instead (train alone, "
              << bench::seconds(rawTime.best) << "): " << ranks(rawRanks, rawSuspects) << Qt::endl;
    }

    const bool withPython = !parser.isSet(noPython);
    if (withPython)
        timingBaseline(trainPath, testPath, whole.best);

    out() << Qt::endl
          << "Label-error ranking: idxscope beside scikit-learn (the same rule: centring, PCA-50, 50 exact "
             "neighbours "
             "voting 1/rank) and a plain 10-NN majority vote"
          << Qt::endl;
    rankingBeside(QStringLiteral("Fashion-MNIST train (60,000), Müller & Markert's 20 published items:"),
                  trainPath, trainLabelsPath, kPublished, ours, trainSuspects, withPython);
    mnistRanking(withPython);
    return 0;
}
