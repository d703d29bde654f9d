// Exact k-nearest-neighbour search between rows of features: every distance is computed (as a matrix product
// per block of rows, OpenBLAS) and the k smallest kept per row, on all cores, memory bounded by the blocks
// and the result (never a rows × rows matrix).
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

/// The k nearest rows of `base` to every row of `queries` (same dims). With `self` (queries is base), a row
/// is not its own neighbour (an identical row elsewhere is). k is capped at the rows available. nullopt when
/// cancelled or when the matrices do not fit (dims differ, base over kMaxNeighbourRows). Progress counts
/// distances.
[[nodiscard]] std::optional<NeighbourGraph> nearestNeighbours(const FeatureMatrix& queries,
                                                              const FeatureMatrix& base, int k, bool self,
                                                              const Control& control = {});

} // namespace idx
