// Writing tensors: IDX (raw or gzip, canonical big-endian), NumPy .npy 1.0 and CSV. Atomic (QSaveFile).
#pragma once

#include "progress.h"
#include "tensorview.h"

#include <QString>

class QIODevice;

namespace idx {

enum class Compression : quint8 { None, Gzip };

struct WriteResult {
    bool ok = true;
    QString error; // user-facing reason, without the file name
    explicit operator bool() const { return ok; }
};

struct RecordRange {
    quint64 first = 0;
    quint64 end = ~quint64(0); // exclusive; clamped to the available records
};

/// Writes records [range) of `t` as IDX (payload converted to big-endian whatever the view's byte order).
/// Atomic: on failure an existing file at `path` is untouched.
[[nodiscard]] WriteResult writeIdx(const QString& path, const TensorView& t, RecordRange range = {},
                                   Compression compression = Compression::None, const Control& control = {});
/// The same into an open device (no atomicity; for tests with failing devices and for streams).
[[nodiscard]] WriteResult writeIdx(QIODevice& out, const TensorView& t, RecordRange range = {},
                                   Compression compression = Compression::None, const Control& control = {});
/// Writes a header plus a big-endian payload given as bytes (size must equal header.dataBytes).
[[nodiscard]] WriteResult writeIdxBytes(const QString& path, const Header& header, QByteArrayView payload,
                                        Compression compression = Compression::None);

/// NumPy format 1.0: '<' little-endian descr for multi-byte types ('|u1', '|i1', '<i2', '<i4', '<f4', '<f8'),
/// C order, shape of the written records.
[[nodiscard]] WriteResult writeNpy(const QString& path, const TensorView& t, RecordRange range = {},
                                   const Control& control = {});
/// CSV: 1-D tensors one value per line; otherwise one record per line, flattened row-major. Floats written
/// with the shortest round-trip representation; nan, inf, -inf spelled so.
[[nodiscard]] WriteResult writeCsv(const QString& path, const TensorView& t, RecordRange range = {},
                                   const Control& control = {});

} // namespace idx
