// Records as vectors of numbers for the neighbour search: a principal component projection (PCA) of every
// record, fitted on one file and applied to it or to another file of the same record shape. Records that are
// images (two dimensions each) are first moved so that their centre of mass is the image's centre. The heavy
// algebra is OpenBLAS's: covariance and projection as matrix products, the eigenvectors of the covariance
// from its LAPACK.
#pragma once

#include "progress.h"
#include "tensorview.h"

#include <optional>
#include <vector>

namespace idx {

/// Rows of float features, row-major: rows × dims.
struct FeatureMatrix {
    std::vector<float> values;
    qint64 rows = 0;
    int dims = 0;

    [[nodiscard]] const float* row(qint64 i) const { return values.data() + i * dims; }
};

/// Records with more values than this are averaged in runs of consecutive values down to at most this many
/// before the covariance is taken: its size and the eigen solver's time grow with the square and the cube of
/// it.
inline constexpr int kMaxPcaInput = 1024;

/// A fitted projection: `components` rows of `inputDims` weights, by decreasing variance.
struct Pca {
    quint64 elements = 0;          // values per record of the file it was fitted to
    int pool = 1;                  // consecutive values averaged into one input (1: none)
    int inputDims = 0;             // inputs per record after pooling
    int height = 0, width = 0;     // records read as images of this size, centred (0: not images)
    double scale = 1;              // inputs are values times this (below 1 only for values beyond ±65536)
    std::vector<float> mean;       // inputDims
    std::vector<float> components; // count() × inputDims
    std::vector<double> variance;  // per component
    double totalVariance = 0;      // over all inputs

    [[nodiscard]] int count() const { return inputDims ? int(components.size() / size_t(inputDims)) : 0; }
    /// The share of the inputs' variance the components keep, in [0, 1].
    [[nodiscard]] double explained() const;
};

/// Fits a projection on `components` components (fewer when the records have fewer inputs) to every available
/// record of `t`. Values that are not finite count as 0. nullopt when cancelled or when there are fewer than
/// two records; progress counts records over the two passes.
[[nodiscard]] std::optional<Pca> fitPca(const TensorView& t, int components, const Control& control = {});

/// Projects every available record of `t` (whose records have pca.elements values) with `pca`. nullopt when
/// cancelled.
[[nodiscard]] std::optional<FeatureMatrix> project(const TensorView& t, const Pca& pca,
                                                   const Control& control = {});

/// The records' own values as features (images centred, averaged in runs down to kMaxPcaInput, as for the
/// PCA), times `scale`. nullopt when cancelled.
[[nodiscard]] std::optional<FeatureMatrix> rawFeatures(const TensorView& t, double scale,
                                                       const Control& control = {});
/// The scale rawFeatures needs for `t`: 1, or one over the largest magnitude when values go beyond ±65536 (so
/// that squares stay finite in floats).
[[nodiscard]] double rawScale(const TensorView& t);

/// The Euclidean distance between record i of `a` and record j of `b` (records of equal size), on the values
/// as read, in double. Values that are not finite count as 0, as in the features.
[[nodiscard]] double recordDistance(const TensorView& a, quint64 i, const TensorView& b, quint64 j);

} // namespace idx
