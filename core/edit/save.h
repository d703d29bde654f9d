// Saving an EditableTensor: streamed record by record from the base mapping and the overlay (never the whole
// payload in memory), in the source's container (raw, gzip, xz), atomically through QSaveFile, with progress
// and cancel. Also subset export: chosen records of images and the matching labels as a new aligned pair.
#pragma once

#include "editabletensor.h"
#include "progress.h"
#include "recordset.h"
#include "writer.h"

#include <QString>

#include <vector>

class QIODevice;

namespace idx {

/// Writes the current tensor (header with dims[0] = recordCount(), big-endian payload) to `out` in container
/// `c`. Progress in payload bytes. No atomicity (see the path overload); on failure `error` says why.
[[nodiscard]] WriteResult saveEditable(QIODevice& out, const EditableTensor& t, Container c,
                                       const Control& control = {});
/// Atomic save: a QSaveFile next to `path` renamed over it on success, so a failure or cancel leaves an
/// existing file byte-identical (and `t` keeps its edits: it is never changed here). Saving over the file
/// `t`'s base maps is fine: the rename leaves the old inode (and the mapping) alive; reopen after success.
[[nodiscard]] WriteResult saveEditable(const QString& path, const EditableTensor& t, Container c,
                                       const Control& control = {});

/// The records at the given positions, ascending, as a new tensor.
[[nodiscard]] WriteResult saveRecords(QIODevice& out, const EditableTensor& t, const RecordSet& records,
                                      Container c, const Control& control = {});
[[nodiscard]] WriteResult saveRecords(const QString& path, const EditableTensor& t, const RecordSet& records,
                                      Container c, const Control& control = {});

/// Subset export of an aligned pair: records (positions) of `images` to imagesPath and the same records of
/// `labels` (optional: null or empty labelsPath skips it) to labelsPath, both in container `c`. Both files
/// are written to temporary files first; neither replaces anything unless both were written completely.
/// Progress in records (both files together).
[[nodiscard]] WriteResult exportSubset(const EditableTensor& images, const EditableTensor* labels,
                                       const RecordSet& records, const QString& imagesPath,
                                       const QString& labelsPath, Container c, const Control& control = {});

} // namespace idx
