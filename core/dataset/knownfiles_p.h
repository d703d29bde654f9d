// The known files of the MNIST family, for dataset.cpp: each with the digest its content is matched by, the
// names that come with its dataset (classes, QMNIST's columns), and QMNIST's rule for label tables whose
// digest is not known.
#pragma once

#include "classnames.h"
#include "datasetidentity.h"
#include "dtype.h"

#include <QStringList>

#include <optional>
#include <vector>

namespace idx {

class TensorView;

struct KnownFile {
    const char* dataset; // "MNIST", "EMNIST Letters"
    const char* split;   // "training", "test", "NIST (xnist)" (untranslated)
    DatasetPart part;
    DType dtype;
    std::vector<quint64> dims;
    /// SHA-256 (hex) of every payload byte, stored big-endian (labels and label tables); or null.
    const char* payloadSha256;
    /// SHA-256 (hex) of the first kFingerprintRecords (dataset.h) records, stored big-endian (images); or
    /// null.
    const char* firstSha256;
};

/// Every known file, each matched by exactly one of its digests.
[[nodiscard]] const std::vector<KnownFile>& knownFiles();

/// The class names of a known dataset by name; empty for an unknown one.
[[nodiscard]] ClassNames knownClassNamesOf(const QString& dataset);
/// The eight columns of a QMNIST label table, as QMNIST's README names them.
[[nodiscard]] QStringList qmnistColumns();

/// The rule for a QMNIST label table whose digest is not known: int32, N × 8, every column within the range
/// QMNIST gives it; nullopt for anything else.
[[nodiscard]] std::optional<DatasetIdentity> qmnistTableByRanges(const TensorView& view);

} // namespace idx
