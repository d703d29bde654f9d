// Knowing the dataset: the MNIST family's files recognised by their content, never by their names — the exact
// labels (a SHA-256 of every label, or of a QMNIST label table's every value) and a hash of the first images
// — with what comes with them: class names, QMNIST's column names, EMNIST's transposed storage. A file that
// only has the shape or the class balance of one (other values) is not claimed.
#pragma once

#include "classnames.h"
#include "datasetidentity.h"
#include "header.h"
#include "progress.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace idx {

class TensorView;

/// Records of an images file hashed to recognise it (the labels and label tables are hashed whole).
inline constexpr quint64 kFingerprintRecords = 16;

/// What recognising a file looks at: its element type and dims, and SHA-256 digests (hex) of its payload as
/// an IDX file stores it (big-endian, whatever byte order the view was read in): of every byte, and of the
/// first kFingerprintRecords records. An empty digest was not computed.
struct ContentFacts {
    DType dtype = DType::UInt8;
    std::vector<quint64> dims;
    QByteArray payloadSha256;
    QByteArray firstSha256;
};

/// The facts of a complete view that the known files of its element type and dims are matched by (the
/// whole payload's digest for labels and label tables, the first records' for images; none when no known
/// file has its type and dims, so a large unknown file costs nothing).
[[nodiscard]] ContentFacts contentFacts(const TensorView& view);
/// The known file these facts are (the same type, dims and digest), or nullopt.
[[nodiscard]] std::optional<DatasetIdentity> identifyByFacts(const ContentFacts& facts);

/// Recognises a known dataset file from its complete view (nullopt when the view is incomplete or no known
/// file matches): by its digest (identifyByFacts), else, for an int32 N × 8 table, by QMNIST's column
/// ranges. Reads at most the labels (under 1 MB for every known file), a label table (13 MB) or the first
/// kFingerprintRecords records.
[[nodiscard]] std::optional<DatasetIdentity> identifyDataset(const TensorView& view);

/// The names of the columns of a tensor of header `h` that the identity describes: a label table's columns
/// when `h` is its N × columns shape (empty otherwise, and for anything but a label table).
[[nodiscard]] QStringList columnNamesOf(const std::optional<DatasetIdentity>& identity, const Header& h);

/// What a recognised labels file or label table (QMNIST's) tells about the images it labels (the same number
/// of records): the dataset's class names and, for EMNIST, that the images are stored transposed. The
/// identity names the labels as its evidence: it does not claim the images' own content.
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
/// The same, hashed kDigestPiece bytes at a time with `control` polled between pieces (a few milliseconds
/// each) and progress in bytes: nullopt once it is cancelled. For a large file on a worker that may be told
/// to stop (the audit's cache key: 494 MB take seconds).
[[nodiscard]] std::optional<QByteArray> contentDigest(const TensorView& t, const Control& control);
inline constexpr qint64 kDigestPiece = 1 << 20;
inline constexpr quint64 kMaxKeyedBytes = 64 << 20;

/// The class names of the known datasets, by name ("Fashion-MNIST", "KMNIST", "EMNIST Letters", …); empty for
/// an unknown name.
[[nodiscard]] ClassNames knownClassNames(const QString& dataset);

} // namespace idx
