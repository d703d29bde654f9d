// Knowing the dataset: the MNIST family's files recognised by their content, never by their names — the exact
// label values (their SHA-256, or the class counts and first labels as published) and a hash of the first
// records — with what comes with them: class names, QMNIST's column names, EMNIST's transposed storage. A
// file that only has the shape of one (other values) is not claimed.
#pragma once

#include "classnames.h"
#include "header.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace idx {

class TensorView;

enum class DatasetPart { Images, Labels, LabelTable };

struct DatasetIdentity {
    QString dataset; // "Fashion-MNIST", "EMNIST Balanced"
    QString split;   // "training", "test"
    DatasetPart part = DatasetPart::Labels;
    ClassNames classes;
    QStringList columns;     // the columns of a QMNIST label table
    bool transposed = false; // EMNIST: each image is stored transposed (shown upright by default)
    QString evidence;        // what matched, for the header panel and `info`
    /// "Fashion-MNIST, training images".
    [[nodiscard]] QString title() const;
};

/// Recognises a known dataset file from its complete view (nullopt when the view is incomplete or no known
/// file matches). Reads at most the labels (under 1 MB for every known file) or the first 16 records.
[[nodiscard]] std::optional<DatasetIdentity> identifyDataset(const TensorView& view);

/// What a recognised labels file tells about the images it labels (the same number of records): the
/// dataset's class names and, for EMNIST, that the images are stored transposed. The identity names the
/// labels as its evidence: it does not claim the images' own content.
[[nodiscard]] std::optional<DatasetIdentity> datasetOfImages(const DatasetIdentity& labels,
                                                             const Header& images);

/// A key to remember things about a labels file by (the class names a person gave it): the SHA-256 of its
/// element type, dimensions and bytes, in hex, so that a renamed or recompressed copy has the same key. Empty
/// for an incomplete view or one larger than kMaxKeyedBytes (labels files are far smaller: EMNIST ByClass's
/// 814,255 labels take 0.8 MB, QMNIST's largest table 12.9 MB).
[[nodiscard]] QString labelsContentKey(const TensorView& labels);
/// SHA-256 of a tensor's type code, dims and available payload bytes (as stored): the same content under any
/// file name, compression or container gives the same digest.
[[nodiscard]] QByteArray contentDigest(const TensorView& t);
inline constexpr quint64 kMaxKeyedBytes = 64 << 20;

/// The class names of the known datasets, by name ("Fashion-MNIST", "KMNIST", "EMNIST Letters", …); empty for
/// an unknown name.
[[nodiscard]] ClassNames knownClassNames(const QString& dataset);

} // namespace idx
