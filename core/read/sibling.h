// The sibling tensor formats idxscope reads besides IDX, recognised by content: NumPy .npy, the arrays of a
// NumPy .npz archive (addressed as ARCHIVE.npz:NAME) and Lush/EBLearn matrices. Each is a plain tensor: a
// type, a byte order, dims and row-major (or, for .npy, column-major) data. IdxFile reads them as IDX
// (see idxfile.h): the layout parsed here becomes a canonical IDX header, the data is converted to
// big-endian while it loads.
#pragma once

#include "storedtype.h"

#include <QByteArrayView>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace idx {

enum class SourceFormat : quint8 { Idx, Npy, Npz, Lush };

/// "IDX", "NumPy .npy", "NumPy .npz", "Lush matrix"
[[nodiscard]] QString sourceFormatName(SourceFormat f);

/// Where a sibling's tensor lies in its (decompressed) stream and how it is stored.
struct SourceLayout {
    SourceFormat format = SourceFormat::Idx;
    StoredType type = StoredType::UInt8;
    ByteOrder order = ByteOrder::Big;
    bool fortran = false; // column-major (.npy fortran_order)
    std::vector<quint64> dims;
    qint64 dataOffset = 0; // bytes before the data
    QString descr;         // the type as the format names it: "<u2", "float matrix"
};

struct LayoutParse {
    std::optional<SourceLayout> layout;
    QString error; // why not, phrased for the user, when layout is empty
};

/// The layout of a .npy from its first bytes (the whole preamble, or all the file has): any version, every
/// dtype with an IDX counterpart or a lossless widening (see storedtype.h), either byte order, C or Fortran
/// order. The data's length is not checked here: a short file reads as truncated.
[[nodiscard]] LayoutParse parseNpyLayout(QByteArrayView prefix);

/// The layout of a Lush/EBLearn matrix (magic 0x1E3D4C5x, either byte order, at least three dims stored,
/// the unused ones 1).
[[nodiscard]] LayoutParse parseLushLayout(QByteArrayView prefix);

/// The bytes a layout's header occupies at most, for reading a prefix: .npy preambles are at most 64 KiB
/// plus 12 bytes in practice (numpy's own limit), Lush headers 8 + 4 × 11.
inline constexpr qint64 kMaxSiblingHeader = 65536 + 12;

/// ARCHIVE.npz:NAME when `path` is not itself a file but ARCHIVE (up to the last ':') is one; NAME may carry
/// its ".npy" or not.
struct ArchiveMember {
    QString archive;
    QString member; // the name inside the archive as written: "x_train" finds x_train.npy (as np.load does)
};
[[nodiscard]] std::optional<ArchiveMember> splitArchivePath(const QString& path);
/// An .npz member's array name: its name without the ".npy" numpy adds ("x_train.npy" → "x_train").
[[nodiscard]] QString npzArrayName(const QString& member);

/// One array of an .npz archive.
struct NpzArray {
    QString name;                       // without ".npy"
    QString member;                     // the member's name in the zip, as written
    std::optional<SourceLayout> layout; // empty when the member is not a readable .npy
    QString error;                      // why not
};
struct NpzListing {
    std::vector<NpzArray> arrays; // in archive order
    QString error;                // the archive itself cannot be read
};
/// Which arrays (by name, without ".npy") a listing reads the layout of; empty: all of them.
using NpzWanted = std::function<bool(const QString& name)>;
/// The arrays of an .npz (stored or deflated, read with libzip); the layouts of those `wanted` (the others'
/// are left empty, with no error): naming the arrays alone reads no member.
[[nodiscard]] NpzListing listNpz(const QString& path, const NpzWanted& wanted = {});

/// The arrays of an .npz that pair as images and labels: x_NAME with y_NAME (or images with labels), equal
/// first dimensions, the labels one-dimensional. The first pair in archive order, training before test:
/// {images member, labels member}.
[[nodiscard]] std::optional<std::pair<QString, QString>> pairedArrays(const NpzListing& listing);

/// `path` is a regular file starting with a zip signature (never opens anything else: a FIFO would block).
[[nodiscard]] bool isZipArchive(const QString& path);

/// What opening `path` in the GUI shows: for an .npz whose arrays pair as images and labels, its images
/// member (ARCHIVE.npz:x_train, whose labels the companion search then finds); otherwise `path` itself.
[[nodiscard]] QString preferredArchiveMember(const QString& path);

} // namespace idx
