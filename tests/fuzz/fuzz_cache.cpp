// Fuzz target: the neighbour-graph cache read back by the audit (readCachedGraphs, auditcache_p.h), files
// kept on tmpfs. The first bytes choose the graphs' sizes (one file or two, rows and k); then, by the next
// byte:
// - even: the rest of the input is the cache file. Oracle: no crash; graphs read back are ones a search could
//   have found (every neighbour a row of the base or −1 after the found ones, distances finite, not negative,
//   in order), of the sizes asked for, and written again they read back the same;
// - odd: graphs of those sizes made from the input, written (writeCachedGraphs) and read back equal; then the
//   file with one byte changed, or cut short, at a fuzzer-chosen place is never read back (the checksum).
#include "fuzz_common.h"

#include "auditcache_p.h"

#include <QFile>

#include <cmath>
#include <cstring>

namespace {

const QString kKey = QStringLiteral("fuzz");

QString cacheDir()
{
    static const QString dir = [] {
        const QString d = fz::scratchPath("cache");
        QDir().mkpath(d);
        return d;
    }();
    return dir;
}

QString cacheFile()
{
    return cacheDir() + QLatin1Char('/') + kKey + QStringLiteral(".knn");
}

void checkPlausible(const idx::NeighbourGraph& g, qint64 rows, int k, qint64 baseRows)
{
    FZ_CHECK(g.rows == rows && g.k == k);
    FZ_CHECK(g.index.size() == size_t(rows) * size_t(k) && g.distance.size() == g.index.size());
    for (qint64 r = 0; r < rows; ++r) {
        bool padding = false;
        for (int j = 0; j < k; ++j) {
            const qint32 n = g.neighbours(r)[j];
            const float d = g.distances(r)[j];
            if (n == -1) {
                padding = true;
                continue;
            }
            FZ_CHECK(!padding && n >= 0 && n < baseRows);
            FZ_CHECK(std::isfinite(d) && d >= 0 && (j == 0 || d >= g.distances(r)[j - 1]));
        }
    }
}

bool sameGraph(const idx::NeighbourGraph& a, const idx::NeighbourGraph& b)
{
    return a.rows == b.rows && a.k == b.k && a.index == b.index && a.distance.size() == b.distance.size() &&
           (a.distance.empty() ||
            std::memcmp(a.distance.data(), b.distance.data(), a.distance.size() * sizeof(float)) == 0);
}

bool sameGraphs(const idx::detail::CachedGraphs& a, const idx::detail::CachedGraphs& b)
{
    return a.files == b.files && sameGraph(a.first, b.first) && sameGraph(a.across, b.across) &&
           sameGraph(a.second, b.second) && a.recall == b.recall && a.recallSample == b.recallSample &&
           std::memcmp(&a.explainedVariance, &b.explainedVariance, sizeof(double)) == 0;
}

/// A plausible graph of `rows` × `k` over `baseRows` rows, its choices from the input.
idx::NeighbourGraph makeGraph(FuzzedDataProvider& fdp, qint64 rows, int k, qint64 baseRows)
{
    idx::NeighbourGraph g;
    g.rows = rows;
    g.k = k;
    g.index.assign(size_t(rows) * size_t(k), -1);
    g.distance.assign(g.index.size(), 0.0F);
    for (qint64 r = 0; r < rows; ++r) {
        const int found = fdp.ConsumeIntegralInRange<int>(0, k);
        float d = 0;
        for (int j = 0; j < found; ++j) {
            g.index[size_t(r) * size_t(k) + size_t(j)] =
                fdp.ConsumeIntegralInRange<qint32>(0, qint32(baseRows - 1));
            d += float(fdp.ConsumeIntegralInRange<int>(0, 1000)) / 8;
            g.distance[size_t(r) * size_t(k) + size_t(j)] = d;
        }
    }
    return g;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    FuzzedDataProvider fdp(data, size);
    idx::detail::CachedGraphs expected;
    expected.files = fdp.ConsumeBool() ? 2 : 1;
    expected.first.rows = fdp.ConsumeIntegralInRange<qint64>(2, 12);
    expected.first.k = fdp.ConsumeIntegralInRange<int>(1, int(expected.first.rows - 1));
    if (expected.files == 2) {
        expected.across.rows = expected.second.rows = fdp.ConsumeIntegralInRange<qint64>(2, 8);
        expected.across.k = fdp.ConsumeIntegralInRange<int>(1, int(expected.first.rows));
        expected.second.k = fdp.ConsumeIntegralInRange<int>(1, int(expected.second.rows - 1));
    }
    const qint64 rows0 = expected.first.rows;
    if (fdp.ConsumeIntegral<quint8>() % 2 == 0) {
        FZ_CHECK(fz::writeScratch(cacheFile(), fz::rest(fdp)));
        const auto read = idx::detail::readCachedGraphs(cacheDir(), kKey, expected);
        if (!read)
            return 0;
        FZ_CHECK(read->files == expected.files);
        checkPlausible(read->first, rows0, expected.first.k, rows0);
        if (read->files == 2) {
            checkPlausible(read->across, expected.across.rows, expected.across.k, rows0);
            checkPlausible(read->second, expected.second.rows, expected.second.k, expected.second.rows);
        }
        FZ_CHECK(read->recall >= 0 && read->recall <= 1 && read->recallSample >= 0 &&
                 read->recallSample <= rows0 && std::isfinite(read->explainedVariance));
        idx::detail::writeCachedGraphs(cacheDir(), kKey, *read);
        const auto again = idx::detail::readCachedGraphs(cacheDir(), kKey, expected);
        FZ_CHECK(again && sameGraphs(*again, *read));
        return 0;
    }
    idx::detail::CachedGraphs g;
    g.files = expected.files;
    g.explainedVariance = fdp.ConsumeProbability<double>();
    g.recall = fdp.ConsumeProbability<double>();
    g.recallSample = fdp.ConsumeIntegralInRange<qint64>(0, rows0);
    g.first = makeGraph(fdp, rows0, expected.first.k, rows0);
    if (g.files == 2) {
        g.across = makeGraph(fdp, expected.across.rows, expected.across.k, rows0);
        g.second = makeGraph(fdp, expected.second.rows, expected.second.k, expected.second.rows);
    }
    idx::detail::writeCachedGraphs(cacheDir(), kKey, g);
    const auto read = idx::detail::readCachedGraphs(cacheDir(), kKey, expected);
    FZ_CHECK(read && sameGraphs(*read, g));
    QFile f(cacheFile());
    FZ_CHECK(f.open(QIODevice::ReadOnly));
    QByteArray bytes = f.readAll();
    f.close();
    const auto at = fdp.ConsumeIntegralInRange<qsizetype>(0, bytes.size() - 1);
    if (fdp.ConsumeBool())
        bytes.truncate(at);
    else
        bytes[at] = char(bytes[at] ^ fdp.ConsumeIntegralInRange<int>(1, 255));
    FZ_CHECK(fz::writeScratch(cacheFile(), bytes));
    FZ_CHECK(!idx::detail::readCachedGraphs(cacheDir(), kKey, expected));
    return 0;
}
