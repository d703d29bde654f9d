// The audit: features (PCA fitted on the first file), the neighbour graphs (first → first, second → first,
// second → second; cached by content), then the findings drawn from them.
#include "audit.h"

#include "auditcache_p.h"
#include "dataset.h"
#include "recordfeatures.h"

#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <unordered_map>

namespace idx {

namespace {

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

AuditProblem checkInput(const AuditFile& first, const AuditFile* second)
{
    const Header& h = first.images.header();
    const quint64 n0 = first.images.recordCount();
    if (h.ndim() < 2)
        return {0,
                Tr::tr("the audit compares records of several values (images); this file holds one value per "
                       "record")};
    if (!first.images.isComplete())
        return {0, Tr::tr("the file is not completely loaded")};
    if (n0 < 2)
        return {0, Tr::tr("the audit needs at least two records; this file has %1").arg(n0)};
    if (qint64(n0) > kMaxNeighbourRows)
        return {
            0,
            Tr::tr("the file has %1 records; the audit searches at most %2").arg(n0).arg(kMaxNeighbourRows)};
    if (!first.labels.empty() && first.labels.size() != n0)
        return {0, Tr::tr("the labels are %1 but the records %2").arg(first.labels.size()).arg(n0)};
    if (!second)
        return {};
    const Header& g = second->images.header();
    const quint64 n1 = second->images.recordCount();
    if (!second->images.isComplete())
        return {1, Tr::tr("the file is not completely loaded")};
    if (g.ndim() < 2 || g.recordElements() != h.recordElements())
        return {1, Tr::tr("its records have %1 values, those of the file it is audited against %2")
                       .arg(g.ndim() < 2 ? 1 : g.recordElements())
                       .arg(h.recordElements())};
    if (n1 < 1 || qint64(n1) > kMaxNeighbourRows)
        return {1, Tr::tr("the file has %1 records; the audit takes 1 to %2").arg(n1).arg(kMaxNeighbourRows)};
    if (!second->labels.empty() && second->labels.size() != n1)
        return {1, Tr::tr("the labels are %1 but the records %2").arg(second->labels.size()).arg(n1)};
    return {};
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    const auto mid = v.begin() + qsizetype(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    if (v.size() % 2)
        return *mid;
    return (*mid + *std::max_element(v.begin(), mid)) / 2;
}

/// A record's values as numbers (−0 as 0, NaNs alike), for records whose bytes are not comparable.
void recordValues(const TensorView& t, quint64 r, std::vector<double>& out)
{
    const int size = t.header().elementSize();
    out.resize(size_t(t.header().recordElements()));
    for (size_t e = 0; e < out.size(); ++e) {
        const double v = decodeElement(t.recordData(r) + e * size_t(size), t.dtype(), t.byteOrder()) + 0.0;
        out[e] = std::isnan(v) ? std::numeric_limits<double>::quiet_NaN() : v;
    }
}

/// Groups of records with equal values, by hashing and then comparing: their bytes when the files share one
/// element type and byte order, else their values (a record may be another file's, written as another type).
std::vector<std::vector<RecordRef>> exactGroups(const std::vector<const TensorView*>& files)
{
    const quint64 bytes = files[0]->header().recordBytes();
    const bool sameBytes = std::all_of(files.begin(), files.end(), [&](const TensorView* t) {
        return t->dtype() == files[0]->dtype() && t->byteOrder() == files[0]->byteOrder();
    });
    std::vector<double> a, b;
    const auto hashOf = [&](const RecordRef& r) {
        const TensorView& t = *files[size_t(r.file)];
        if (sameBytes)
            return qHash(QByteArrayView(reinterpret_cast<const char*>(t.recordData(quint64(r.record))),
                                        qsizetype(bytes)));
        recordValues(t, quint64(r.record), a);
        return qHash(QByteArrayView(reinterpret_cast<const char*>(a.data()), qsizetype(a.size() * 8)));
    };
    const auto equal = [&](const RecordRef& x, const RecordRef& y) {
        const TensorView& tx = *files[size_t(x.file)];
        const TensorView& ty = *files[size_t(y.file)];
        if (sameBytes)
            return std::memcmp(tx.recordData(quint64(x.record)), ty.recordData(quint64(y.record)), bytes) ==
                   0;
        recordValues(tx, quint64(x.record), a);
        recordValues(ty, quint64(y.record), b);
        return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                          [](double u, double v) { return u == v || (std::isnan(u) && std::isnan(v)); });
    };
    std::unordered_map<size_t, std::vector<RecordRef>> buckets;
    for (int f = 0; f < int(files.size()); ++f)
        for (qint64 r = 0; r < qint64(files[size_t(f)]->recordCount()); ++r)
            buckets[hashOf({f, r})].push_back({f, r});
    std::vector<std::vector<RecordRef>> groups;
    for (auto& [hash, members] : buckets) {
        if (members.size() < 2)
            continue;
        // Split a bucket by content (different records may share a hash).
        std::vector<bool> taken(members.size(), false);
        for (size_t i = 0; i < members.size(); ++i) {
            if (taken[i])
                continue;
            std::vector<RecordRef> group{members[i]};
            for (size_t j = i + 1; j < members.size(); ++j)
                if (!taken[j] && equal(members[i], members[j])) {
                    taken[j] = true;
                    group.push_back(members[j]);
                }
            if (group.size() > 1) {
                std::sort(group.begin(), group.end());
                groups.push_back(std::move(group));
            }
        }
    }
    std::sort(groups.begin(), groups.end(),
              [](const auto& a, const auto& b) { return a.front() < b.front(); });
    return groups;
}

/// Pairs (query, neighbour) whose values lie within (0, limit]. Features are a projection of pooled,
/// scaled-down values, which never lengthens a distance, but of images centred each by its own mass: two
/// records a little apart can move by slightly different amounts. So a neighbour's values are compared when
/// its features lie within `limit`, and the nearest kNearChecked neighbours always.
void nearPairs(const NeighbourGraph& g, const TensorView& queries, int queryFile, const TensorView& base,
               int baseFile, double limit, std::vector<NearDuplicate>& out)
{
    constexpr int kNearChecked = 4;
    const double candidate = limit * (1 + 1e-4) + 1e-3;
    for (qint64 r = 0; r < g.rows; ++r) {
        for (int j = 0; j < g.k; ++j) {
            const qint32 n = g.neighbours(r)[j];
            if (n < 0 || (j >= kNearChecked && double(g.distances(r)[j]) > candidate))
                break;
            const double d = recordDistance(queries, quint64(r), base, quint64(n));
            if (d <= 0 || d > limit)
                continue;
            RecordRef a{queryFile, r}, b{baseFile, n};
            if (b < a)
                std::swap(a, b);
            out.push_back({a, b, d});
        }
    }
}

/// The neighbour at rank j (from 1) votes with weight 1 / j^kRankPower; a suspect's score is one minus its
/// own label's share plus kMarginWeight times the margin (the most voted other label's share minus its own).
/// Chosen by measurement (docs/insights.md, bench/insights): on MNIST's test set this ranking holds 10 of the
/// 15 label errors validated by Northcutt et al. (2021) in its first 100 suspects (an unweighted share of 50
/// neighbours 4, a 10-neighbour vote 9); on Fashion-MNIST's training set 8 of 20 items Müller & Markert
/// (2019) name as mislabelled in the first 100 and 14 in the first 500 (the unweighted share 3 and 13). The
/// margin orders what the share alone leaves tied.
constexpr double kRankPower = 1.0;
constexpr double kMarginWeight = 0.1;

/// How a record's neighbours vote: each for its label, the nearest weighing most, which gives the record a
/// probability per label.
class Ballot {
public:
    explicit Ballot(int k)
    {
        m_weight.resize(size_t(k));
        for (int j = 0; j < k; ++j)
            m_weight[size_t(j)] = 1.0 / std::pow(double(j + 1), kRankPower);
    }
    struct Count {
        double own = 0;       // the share of the votes for the record's label
        double top = 0;       // … for the most voted other label
        qint64 topLabel = -1; // that label (ties: the one met first, that is the nearer)
        bool any = false;     // the record has neighbours
    };
    Count count(const NeighbourGraph& g, qint64 r, qint64 label, const std::vector<qint64>& baseLabels)
    {
        m_votes.clear();
        double total = 0;
        for (int j = 0; j < g.k; ++j) {
            const qint32 n = g.neighbours(r)[j];
            if (n < 0)
                break;
            const qint64 l = baseLabels[size_t(n)];
            auto it =
                std::find_if(m_votes.begin(), m_votes.end(), [l](const auto& c) { return c.first == l; });
            if (it == m_votes.end())
                m_votes.emplace_back(l, m_weight[size_t(j)]);
            else
                it->second += m_weight[size_t(j)];
            total += m_weight[size_t(j)];
        }
        Count c;
        if (total <= 0)
            return c;
        c.any = true;
        for (const auto& [l, w] : m_votes) {
            if (l == label) {
                c.own = w / total;
            } else if (c.topLabel < 0 || w / total > c.top) {
                c.top = w / total;
                c.topLabel = l;
            }
        }
        return c;
    }

private:
    std::vector<double> m_weight;
    std::vector<std::pair<qint64, double>> m_votes; // label, weight, in order of first appearance
};

/// Records whose neighbours mostly vote for another label, scored as kMarginWeight says (the share is
/// confident learning's self-confidence, the margin cleanlab's "normalized margin").
void suspects(const NeighbourGraph& g, const std::vector<qint64>& labels,
              const std::vector<qint64>& baseLabels, int file, double share, std::vector<LabelSuspect>& out)
{
    Ballot ballot(g.k);
    for (qint64 r = 0; r < g.rows; ++r) {
        const qint64 label = labels[size_t(r)];
        const Ballot::Count c = ballot.count(g, r, label, baseLabels);
        if (!c.any || c.topLabel < 0 || !(c.top > c.own) || c.own > share + 1e-12)
            continue;
        out.push_back({{file, r}, label, c.topLabel, (1 - c.own) + kMarginWeight * (c.top - c.own), c.top});
    }
}

double meanDistance(const NeighbourGraph& g, qint64 r)
{
    double sum = 0;
    int n = 0;
    for (int j = 0; j < g.k && g.neighbours(r)[j] >= 0; ++j, ++n)
        sum += double(g.distances(r)[j]);
    return n ? sum / n : 0;
}

} // namespace

std::optional<AuditResult> audit(const AuditFile& first, const AuditFile* second, const AuditOptions& options,
                                 const Control& control, AuditProblem* problem)
{
    if (AuditProblem bad = checkInput(first, second); !bad.reason.isEmpty()) {
        if (problem)
            *problem = std::move(bad);
        return std::nullopt;
    }
    AuditResult result;
    result.files = second ? 2 : 1;
    const qint64 n0 = qint64(first.images.recordCount());
    const qint64 n1 = second ? qint64(second->images.recordCount()) : 0;
    result.records = {n0, n1};
    const int k = std::max(1, options.neighbours);

    detail::CachedGraphs expected;
    expected.files = result.files;
    expected.first.rows = n0;
    expected.first.k = int(std::min<qint64>(k, n0 - 1));
    if (second) {
        expected.across.rows = n1;
        expected.across.k = int(std::min<qint64>(k, n0));
        expected.second.rows = n1;
        expected.second.k = int(std::min<qint64>(k, n1 - 1));
    }
    const bool approximate = searchesApproximately(options.search, n0 + n1);
    QString key;
    std::optional<detail::CachedGraphs> graphs;
    if (!options.cacheDir.isEmpty()) {
        const auto digest = contentDigest(first.images, {{}, control.cancel});
        const auto other = second ? contentDigest(second->images, {{}, control.cancel}) : QByteArray();
        if (!digest || !other)
            return std::nullopt;
        result.firstDigest = QString::fromLatin1(digest->toHex());
        result.secondDigest = QString::fromLatin1(other->toHex());
        key = detail::graphCacheKey(options.components, options.neighbours, approximate, *digest,
                                    first.images.byteOrder(), *other,
                                    second ? second->images.byteOrder() : ByteOrder::Big);
        graphs = detail::readCachedGraphs(options.cacheDir, key, expected);
    }
    result.fromCache = graphs.has_value();
    if (!graphs) {
        std::optional<FeatureMatrix> f0, f1;
        double explained = 1; // the values themselves keep all of it
        if (options.components > 0) {
            const auto pca = fitPca(first.images, options.components, stageOf(control, 0, 80));
            if (!pca) {
                // Two records or more: only a cancel, or LAPACK failing to converge, stops the fit.
                if (problem && !control.cancelled())
                    *problem = {0, Tr::tr("the principal components could not be computed")};
                return std::nullopt;
            }
            const Control projecting = stageOf(control, 80, 110);
            f0 = project(first.images, *pca, projecting);
            if (f0 && second)
                f1 = project(second->images, *pca, projecting);
            explained = pca->explained();
        } else {
            const double scale = std::min(rawScale(first.images), second ? rawScale(second->images) : 1.0);
            const Control reading = stageOf(control, 0, 110);
            f0 = rawFeatures(first.images, scale, reading);
            if (f0 && second)
                f1 = rawFeatures(second->images, scale, reading);
        }
        if (!f0 || (second && !f1))
            return std::nullopt;
        // The searches' shares of the rest: by the distances each computes when exact, by the rows each
        // inserts and searches when approximate; an approximate search's recall is measured at the end.
        const double pairs =
            approximate ? 3 * double(n0) + 3 * double(n1) // across builds its own graph of the first file
                        : double(n0) * double(n0) + 2 * double(n1) * double(n0) + double(n1) * double(n1);
        const qint64 searchEnd = approximate ? 940 : 980;
        const auto upTo = [&](double p) { return 110 + qint64(double(searchEnd - 110) * p / pairs); };
        const double firstShare = approximate ? 2 * double(n0) : double(n0) * double(n0);
        const double acrossShare = approximate ? double(n0) + double(n1) : double(n1) * double(n0);
        graphs.emplace();
        graphs->files = result.files;
        graphs->explainedVariance = explained;
        auto g = findNeighbours(*f0, *f0, k, true, approximate, stageOf(control, 110, upTo(firstShare)));
        if (!g)
            return std::nullopt;
        graphs->first = std::move(*g);
        if (second) {
            g = findNeighbours(*f1, *f0, k, false, approximate,
                               stageOf(control, upTo(firstShare), upTo(firstShare + acrossShare)));
            if (!g)
                return std::nullopt;
            graphs->across = std::move(*g);
            g = findNeighbours(*f1, *f1, k, true, approximate,
                               stageOf(control, upTo(firstShare + acrossShare), searchEnd));
            if (!g)
                return std::nullopt;
            graphs->second = std::move(*g);
        }
        if (approximate) {
            const qint64 sample = std::min(std::max<qint64>(options.recallSample, 1), n0);
            const auto recall =
                neighbourRecall(graphs->first, *f0, *f0, true, sample, 1, stageOf(control, searchEnd, 980));
            if (!recall)
                return std::nullopt;
            graphs->recall = *recall;
            graphs->recallSample = sample;
        }
        if (!key.isEmpty())
            detail::writeCachedGraphs(options.cacheDir, key, *graphs);
    }
    if (control.cancelled())
        return std::nullopt;
    result.first = std::move(graphs->first);
    result.across = std::move(graphs->across);
    result.second = std::move(graphs->second);

    AuditThresholds& t = result.thresholds;
    t.neighbours = result.first.k;
    // At most the inputs a record gives the PCA: its values, averaged in runs down to kMaxPcaInput.
    const quint64 values = first.images.header().recordElements();
    const quint64 pool = (values + kMaxPcaInput - 1) / kMaxPcaInput;
    t.components =
        int(std::min<quint64>(quint64(std::max(options.components, 0)), (values + pool - 1) / pool));
    t.explainedVariance = graphs->explainedVariance;
    t.nearDuplicateFactor = options.nearDuplicateFactor;
    t.outlierFactor = options.outlierFactor;
    t.suspectShare = options.suspectShare;
    t.approximate = approximate;
    t.recall = graphs->recall;
    t.recallSample = graphs->recallSample;

    // The typical nearest-neighbour distance, on the values: each record's distance to its nearest neighbour
    // in the features (equal records left out, so that duplicates do not make every other pair look close).
    std::vector<double> nearest;
    nearest.reserve(size_t(n0));
    for (qint64 r = 0; r < n0; ++r) {
        const qint32 n = result.first.neighbours(r)[0];
        if (n < 0)
            continue;
        if (const double d = recordDistance(first.images, quint64(r), first.images, quint64(n)); d > 0)
            nearest.push_back(d);
    }
    t.medianNearestDistance = median(std::move(nearest));
    t.nearDuplicateDistance = options.nearDuplicateFactor * t.medianNearestDistance;
    if (control.cancelled())
        return std::nullopt;

    std::vector<const TensorView*> views{&first.images};
    if (second)
        views.push_back(&second->images);
    result.exactDuplicates = exactGroups(views);

    auto& near = result.nearDuplicates;
    nearPairs(result.first, first.images, 0, first.images, 0, t.nearDuplicateDistance, near);
    if (second) {
        nearPairs(result.across, second->images, 1, first.images, 0, t.nearDuplicateDistance, near);
        nearPairs(result.second, second->images, 1, second->images, 1, t.nearDuplicateDistance, near);
    }
    std::sort(near.begin(), near.end(), [](const NearDuplicate& a, const NearDuplicate& b) {
        return std::tie(a.distance, a.a, a.b) < std::tie(b.distance, b.a, b.b);
    });
    near.erase(
        std::unique(near.begin(), near.end(),
                    [](const NearDuplicate& a, const NearDuplicate& b) { return a.a == b.a && a.b == b.b; }),
        near.end());

    result.labelSuspects = labelSuspects(
        result, first.labels, second ? second->labels : std::vector<qint64>(), options.suspectShare);
    result.confusion = classConfusion(result.first, first.labels);

    std::vector<double> spread(static_cast<size_t>(n0));
    for (qint64 r = 0; r < n0; ++r)
        spread[size_t(r)] = meanDistance(result.first, r);
    const double typical = median(spread);
    if (typical > 0) {
        for (qint64 r = 0; r < n0; ++r)
            if (const double s = spread[size_t(r)] / typical; s >= options.outlierFactor)
                result.outliers.push_back({{0, r}, s});
        for (qint64 r = 0; r < n1; ++r)
            if (const double s = meanDistance(result.across, r) / typical; s >= options.outlierFactor)
                result.outliers.push_back({{1, r}, s});
        std::stable_sort(result.outliers.begin(), result.outliers.end(),
                         [](const Outlier& a, const Outlier& b) { return a.score > b.score; });
    }
    control.report(1000, 1000);
    return result;
}

std::vector<LabelSuspect> labelSuspects(const AuditResult& graphs, const std::vector<qint64>& first,
                                        const std::vector<qint64>& second, double share)
{
    std::vector<LabelSuspect> found;
    if (first.empty() || first.size() != size_t(graphs.first.rows))
        return found;
    suspects(graphs.first, first, first, 0, share, found);
    if (!second.empty() && second.size() == size_t(graphs.across.rows))
        suspects(graphs.across, second, first, 1, share, found);
    std::stable_sort(found.begin(), found.end(), [](const LabelSuspect& a, const LabelSuspect& b) {
        return std::tie(b.score, b.support) < std::tie(a.score, a.support);
    });
    return found;
}

std::vector<ClassConfusion> classConfusion(const NeighbourGraph& g, const std::vector<qint64>& labels)
{
    std::map<std::pair<qint64, qint64>, std::vector<qint64>> cells;
    if (labels.size() != size_t(g.rows))
        return {};
    Ballot ballot(g.k);
    for (qint64 r = 0; r < g.rows; ++r) {
        const Ballot::Count c = ballot.count(g, r, labels[size_t(r)], labels);
        if (c.any && c.topLabel >= 0 && c.top > c.own)
            cells[{labels[size_t(r)], c.topLabel}].push_back(r);
    }
    std::vector<ClassConfusion> out;
    out.reserve(cells.size());
    for (auto& [key, records] : cells)
        out.push_back({key.first, key.second, std::move(records)});
    return out;
}

std::vector<ClassOverlap> classOverlap(const std::vector<ClassConfusion>& confusion,
                                       const std::vector<qint64>& labels)
{
    std::map<qint64, qint64> sizes;
    for (qint64 l : labels)
        ++sizes[l];
    std::map<std::pair<qint64, qint64>, qint64> pairs;
    for (const ClassConfusion& c : confusion)
        pairs[{std::min(c.label, c.favoured), std::max(c.label, c.favoured)}] += qint64(c.records.size());
    std::vector<ClassOverlap> out;
    for (const auto& [key, count] : pairs) {
        const qint64 both = sizes[key.first] + sizes[key.second];
        out.push_back({key.first, key.second, count, both > 0 ? double(count) / double(both) : 0.0});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const ClassOverlap& x, const ClassOverlap& y) { return x.count > y.count; });
    return out;
}

QString defaultAuditCacheDir()
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    return base.isEmpty() ? QString() : QDir(base).filePath(QStringLiteral("idxscope/neighbours"));
}

} // namespace idx
