// Converting a compressed IDX file to IDX (raw, gzip or xz) or to NumPy's .npy while it is decoded: the
// payload passes through a megabyte at a time and is never whole in memory (`idxscope-cli convert`).
#pragma once

#include "container.h"
#include "progress.h"
#include "writeresult.h"

class QIODevice;

namespace idx {

class IdxFile;

/// Whether `file` can be converted so: its header valid, its payload decoded from a compressed container (not
/// mapped, not a sibling format's conversion) and read as stored (big-endian). Loaded or not: what a load
/// kept is written first.
[[nodiscard]] bool streamsToIdx(const IdxFile& file);

/// The whole of `file` (streamsToIdx) written to `out` as IDX in `container` as it is decoded: the same
/// bytes writeIdx writes of the loaded file. A failure says why: the writing's, "cancelled", or the file's
/// first error (file.diagnostics(): a corrupt or truncated stream, a payload shorter than its header says).
WriteResult streamToIdx(IdxFile& file, QIODevice& out, Container container, const Control& control = {});
/// The same to the file `path`, replaced only on success (an existing file is left untouched otherwise).
WriteResult streamToIdx(IdxFile& file, const QString& path, Container container, const Control& control = {},
                        Durability durability = Durability::Synced);

/// The whole of `file` (streamsToIdx) written to `out` as .npy as it is decoded: the same bytes writeNpy
/// writes of the loaded file (values converted to little-endian). Fails as streamToIdx does.
WriteResult streamToNpy(IdxFile& file, QIODevice& out, const Control& control = {});
/// The same to the file `path`, replaced only on success.
WriteResult streamToNpy(IdxFile& file, const QString& path, const Control& control = {},
                        Durability durability = Durability::Synced);

} // namespace idx
