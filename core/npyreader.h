// Reading NumPy .npy files (format 1.0, 2.0 and 3.0 headers; C order; |u1 |i1 and <,> i2 i4 f4 f8) and
// importing them as IDX (payload converted to big-endian), streamed, atomically, with a clear error for every
// malformed case.
#pragma once

#include "progress.h"
#include "tensorview.h"
#include "writer.h"

#include <QString>

#include <optional>
#include <vector>

class QIODevice;

namespace idx {

struct NpyInfo {
    int major = 1;
    DType dtype = DType::UInt8;
    ByteOrder order = ByteOrder::Little;
    std::vector<quint64> dims;
    qint64 dataOffset = 0; // where the data starts in the file
    quint64 dataBytes = 0; // what the shape needs
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
/// Reads a whole .npy into memory (for small files and tests; importNpy streams).
[[nodiscard]] NpyRead readNpy(const QString& path);

/// Converts `npyPath` to an IDX file at `idxPath` (raw, gzip or xz), streaming, atomically. Progress in data
/// bytes.
[[nodiscard]] WriteResult importNpy(const QString& npyPath, const QString& idxPath,
                                    Container container = Container::Raw, const Control& control = {});

} // namespace idx
