// Reading NumPy .npy files (format 1.0, 2.0 and 3.0 headers; C and Fortran order; every dtype sibling.h
// reads) and importing them as IDX (converted to big-endian, widened where IDX has no such type), streamed,
// atomically, with a clear error for every malformed case.
#pragma once

#include "progress.h"
#include "sibling.h"
#include "storedtype.h"
#include "tensorview.h"
#include "writer.h"

#include <QString>

#include <optional>
#include <vector>

class QIODevice;

namespace idx {

struct NpyInfo {
    int major = 1;
    DType dtype = DType::UInt8; // the IDX type it reads as (storedtype.h: widened where IDX has none)
    StoredType stored = StoredType::UInt8; // the type as written
    ByteOrder order = ByteOrder::Little;   // as written (Big for one-byte types)
    bool fortran = false;                  // column-major
    std::vector<quint64> dims;
    qint64 dataOffset = 0;   // where the data starts in the file
    quint64 dataBytes = 0;   // the IDX payload's size
    quint64 storedBytes = 0; // what the shape needs in the file
    SourceLayout layout;
};

struct NpyParse {
    std::optional<NpyInfo> info;
    QString error; // user-facing reason when info is empty
};

/// Parses the preamble from the start of a file. `prefix` holds the file's first bytes (whole preamble, or
/// the whole file when shorter); `fileSize` lets it check that the data is long enough.
[[nodiscard]] NpyParse parseNpyHeader(QByteArrayView prefix, qint64 fileSize);

struct NpyRead {
    TensorView view; // big-endian, owns its bytes
    QString error;
    explicit operator bool() const { return error.isEmpty(); }
};
/// Reads a whole .npy into memory as IDX (for small files and tests; importNpy streams).
[[nodiscard]] NpyRead readNpy(const QString& path);

/// Converts `npyPath` to an IDX file at `idxPath` (raw, gzip or xz), streaming (column-major data is held
/// whole while it is reordered), atomically. Progress in bytes of the .npy read. Refused when int64/uint64
/// values beyond 2^53 would be rounded.
[[nodiscard]] WriteResult importNpy(const QString& npyPath, const QString& idxPath,
                                    Container container = Container::Raw, const Control& control = {});

} // namespace idx
