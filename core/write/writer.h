// Writing tensors: IDX (raw, gzip or xz; canonical big-endian), NumPy .npy 1.0 and CSV. Atomic (QSaveFile, or
// for a new file that need not wait for the disk, an unnamed file named when whole: Durability).
#pragma once

#include "container.h"
#include "progress.h"
#include "recordset.h"
#include "tensorpieces.h"
#include "tensorview.h"
#include "writeresult.h"

#include <QString>
#include <QStringList>

class QIODevice;

namespace idx {

/// Writes records [range) of `t` as IDX in `container` (payload converted to big-endian whatever the view's
/// byte order). gzip and xz are compressed on all cores. Atomic: on failure or cancel an existing file at
/// `path` is untouched. Progress in payload bytes.
[[nodiscard]] WriteResult writeIdx(const QString& path, const TensorView& t, RecordRange range = {},
                                   Container container = Container::Raw, const Control& control = {},
                                   Durability durability = Durability::Synced);
/// The same into an open device (no atomicity; for tests with failing devices and for streams).
[[nodiscard]] WriteResult writeIdx(QIODevice& out, const TensorView& t, RecordRange range = {},
                                   Container container = Container::Raw, const Control& control = {});
/// Writes a header plus a big-endian payload given as bytes (size must equal header.dataBytes).
[[nodiscard]] WriteResult writeIdxBytes(const QString& path, const Header& header, QByteArrayView payload,
                                        Container container = Container::Raw);

/// NumPy format 1.0: '<' little-endian descr for multi-byte types ('|u1', '|i1', '<i2', '<i4', '<f4', '<f8'),
/// C order, shape of the written records.
[[nodiscard]] WriteResult writeNpy(const QString& path, const TensorView& t, RecordRange range = {},
                                   const Control& control = {}, Durability durability = Durability::Synced);
/// CSV: 1-D tensors one value per line; otherwise one record per line, flattened row-major. Floats written
/// with the shortest round-trip representation; nan, inf, -inf spelled so. With `columnNames` (one for each
/// value of a line: a QMNIST label table's columns), a first line names the columns (UTF-8; a name holding a
/// comma, a quote or a line break quoted); without, there is no header line.
[[nodiscard]] WriteResult writeCsv(const QString& path, const TensorView& t, RecordRange range = {},
                                   const Control& control = {}, const QStringList& columnNames = {},
                                   Durability durability = Durability::Synced);

/// The same two for chosen records of a tensor in pieces (a selection of an edited document): written in
/// ascending order, each read where it is, nothing gathered: memory stays flat in the number of records.
[[nodiscard]] WriteResult writeNpy(const QString& path, const TensorPieces& t, const RecordSet& records,
                                   const Control& control = {});
[[nodiscard]] WriteResult writeCsv(const QString& path, const TensorPieces& t, const RecordSet& records,
                                   const Control& control = {}, const QStringList& columnNames = {});

} // namespace idx
