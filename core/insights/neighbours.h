// k-nearest-neighbour search between rows of features. Exact: every distance is computed (as a matrix product
// per block of rows, OpenBLAS) and the k smallest kept per row, on all cores, memory bounded by the blocks
// and the result (never a rows × rows matrix); its time grows with the square of the rows. Approximate, for
// large files: a hierarchical navigable small-world graph (HNSW, Malkov & Yashunin 2018, from hnswlib) built
// over the base rows and searched for every query row, in time growing as rows × log(rows); how many of the
// true neighbours it finds is measured on a sample (neighbourRecall).
#pragma once

#include "progress.h"
#include "recordfeatures.h"

#include <optional>
#include <vector>

namespace idx {

/// For each query row, its k nearest base rows, nearest first (ties: the lower index first).
struct NeighbourGraph {
    qint64 rows = 0;
    int k = 0;
    std::vector<qint32> index;   // rows × k; -1 where there are fewer than k base rows
    std::vector<float> distance; // rows × k, Euclidean, in the features' units

    [[nodiscard]] const qint32* neighbours(qint64 row) const { return index.data() + row * k; }
    [[nodiscard]] const float* distances(qint64 row) const { return distance.data() + row * k; }
};

/// The largest number of base rows searched: indexes are 32-bit, and the search is quadratic (10⁷ rows would
/// take days on a desktop).
inline constexpr qint64 kMaxNeighbourRows = 10'000'000;

/// How the neighbours are searched: exact, approximate, or chosen by size (automaticSearch).
enum class NeighbourSearch { Automatic, Exact, Approximate };

/// Searches over more rows (base rows, all searches of one job together) than this are approximate when the
/// search is Automatic: exact search of 150,000 rows of 50 features takes about 20 s on two cores and grows
/// with the square; the approximate one is quicker from about 100,000 rows on (docs/insights.md).
inline constexpr qint64 kMaxExactSearchRows = 150'000;

/// Exact or approximate for `rows` rows: `requested` unless Automatic; then exact up to kMaxExactSearchRows.
[[nodiscard]] constexpr bool searchesApproximately(NeighbourSearch requested, qint64 rows)
{
    return requested == NeighbourSearch::Approximate ||
           (requested == NeighbourSearch::Automatic && rows > kMaxExactSearchRows);
}

/// The k nearest rows of `base` to every row of `queries` (same dims). With `self` (queries is base), a row
/// is not its own neighbour (an identical row elsewhere is). k is capped at the rows available. nullopt when
/// cancelled or when the matrices do not fit (dims differ, base over kMaxNeighbourRows). Progress counts
/// distances.
[[nodiscard]] std::optional<NeighbourGraph> nearestNeighbours(const FeatureMatrix& queries,
                                                              const FeatureMatrix& base, int k, bool self,
                                                              const Control& control = {});

/// As nearestNeighbours, approximately: an HNSW graph of the base rows (built on all cores, so the result may
/// differ slightly between runs), searched for each query row; the kept neighbours' distances are then
/// computed exactly and sorted. nullopt when cancelled or when the matrices do not fit.
[[nodiscard]] std::optional<NeighbourGraph> approximateNeighbours(const FeatureMatrix& queries,
                                                                  const FeatureMatrix& base, int k, bool self,
                                                                  const Control& control = {});

/// The nearest `k` of each row's neighbours in `g` (all of them when k ≥ g.k): a graph of fewer neighbours
/// without searching again.
[[nodiscard]] NeighbourGraph nearestOf(const NeighbourGraph& g, int k);

/// nearestNeighbours or approximateNeighbours, as `approximate` says.
[[nodiscard]] std::optional<NeighbourGraph> findNeighbours(const FeatureMatrix& queries,
                                                           const FeatureMatrix& base, int k, bool self,
                                                           bool approximate, const Control& control = {});

/// The recall of `g` (of `queries` among `base`, `self` as searched): for `sample` query rows drawn at random
/// (seeded; every row when there are fewer), their true k nearest are found exactly, and each neighbour g
/// gives them counts as found when it lies no farther than the true k-th (a tie at the k-th distance is not a
/// miss). The share found, in [0, 1]; 1 for a graph without neighbours; nullopt when cancelled.
[[nodiscard]] std::optional<double> neighbourRecall(const NeighbourGraph& g, const FeatureMatrix& queries,
                                                    const FeatureMatrix& base, bool self, qint64 sample,
                                                    quint64 seed, const Control& control = {});

} // namespace idx
