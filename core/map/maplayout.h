// The dataset map: every record of one images file (or of two, together) as a point in the plane. First the
// records' two leading principal components, at once; then a layout of their neighbour graph in the manner of
// UMAP (McInnes, Healy & Melville, 2018): each record's neighbours weighted by a fuzzy membership that adapts
// to the local density, symmetrised, and the plane's points moved by stochastic gradient descent so that
// neighbours attract and random pairs repel. Deterministic for a seed.
#pragma once

#include "neighbours.h"
#include "progress.h"
#include "tensorview.h"

#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace idx {

/// Points in the plane, one per record (the first file's records, then the second's).
struct MapPoints {
    std::vector<float> xy; // rows × 2
    qint64 rows = 0;

    [[nodiscard]] float x(qint64 i) const { return xy[size_t(i) * 2]; }
    [[nodiscard]] float y(qint64 i) const { return xy[size_t(i) * 2 + 1]; }
};

struct MapOptions {
    int components = 50; // PCA components the neighbours are found in (0: the records' own values)
    int neighbours = 10; // each record's neighbours in the graph laid out
    int epochs = 0;      // 0: 500 up to 10,000 records, 200 beyond (UMAP's choice)
    /// Exact, approximate, or (Automatic) exact up to kMaxExactSearchRows records.
    NeighbourSearch search = NeighbourSearch::Automatic;
    quint64 seed = 1;
    /// Epochs between the layouts reported while the layout settles (each a copy of the points).
    int reportEvery = 10;
};

/// The neighbour graph's fuzzy, symmetric weights as a list of directed edges (each undirected edge both
/// ways), the form the layout samples from.
struct MapGraph {
    qint64 rows = 0;
    std::vector<qint32> head, tail;
    std::vector<float> weight; // in (0, 1]
};

/// Why a map cannot be made: of which file (0 or 1), and the reason.
struct MapProblem {
    int file = 0;
    QString reason;
};

/// A layout as it settles: the points, and whether it is the final one (the first report is the linear
/// projection). Called on the computing thread.
using MapLayoutFn = std::function<void(const MapPoints& points, bool final)>;

/// The weights of a k-nearest-neighbour graph (of rows among themselves): each row's distances past its
/// nearest become exp(−(d − ρ)/σ), σ chosen so that they sum to log2(k + 1); the two directions of an edge
/// combine as a + b − ab.
[[nodiscard]] MapGraph fuzzyGraph(const NeighbourGraph& knn);

/// The first two columns of `features` (the leading principal components) scaled to at most ±10, with a
/// tiny seeded jitter so that equal records do not coincide exactly.
[[nodiscard]] MapPoints linearLayout(const FeatureMatrix& features, quint64 seed);

/// Moves `points` for `epochs` epochs of the layout's gradient descent over `graph`. Calls `report` every
/// reportEvery epochs and at the end (final). False when cancelled (the points are then partly refined).
/// Progress counts epochs.
bool refineLayout(MapPoints& points, const MapGraph& graph, int epochs, quint64 seed, int reportEvery,
                  const Control& control, const MapLayoutFn& report);

/// The whole map of `files` (one, or two with records of the same size, laid out together): features (a PCA
/// fitted on the first file), the neighbour graph over all records, the linear layout (reported at once),
/// then the refined one. `neighbours`, when given, is that graph already found on the same features (the
/// audit's, of at least options.neighbours per record, over all the records): its nearest options.neighbours
/// are laid out instead of searching again. nullopt when cancelled (`problem` empty) or when the input does
/// not suit (`problem` says why).
[[nodiscard]] std::optional<MapPoints> computeMap(const std::vector<TensorView>& files,
                                                  const MapOptions& options, const Control& control,
                                                  const MapLayoutFn& report, MapProblem* problem,
                                                  const NeighbourGraph* neighbours = nullptr);

namespace detail {
/// x^b for the layout's curve exponent b, as the layout's repulsion computes it (a polynomial approximation
/// of 2^(b·log2 x), relative error below 2e-5 for x > 0). Exposed for its test.
[[nodiscard]] float layoutPower(float x);
} // namespace detail

} // namespace idx
