// What a file saved from an editable tensor holds, in the tensor's own record identities (TensorLayout), and
// the tensor's difference from it as an Edit. After a save the overlay stays relative to the original base
// (so the undo history goes on working), while a crash journal must replay onto the saved file: the
// difference expresses the current content in the saved file's terms.
#pragma once

#include "edit.h"
#include "header.h"

#include <map>
#include <vector>

namespace idx {

class RecordState;

/// An EditableTensor's record order and overlay at one moment, with the header a save of it writes: what a
/// file saved from the tensor holds, in the tensor's own record identities.
struct TensorLayout {
    std::vector<Segment> segments;
    std::map<RecordKey, QByteArray> mods;
    Header header;
};

/// The edit that turns a fresh tensor over a file holding `saved` (a save of the tensor whose records are
/// `now`) into `now`'s content: records still in the file become runs of it, others are carried as a new
/// chunk (source 1), changed bytes as overlay entries. Payload bytes are big-endian, as saves write them.
/// O(segments + overlay), plus a copy of the records the file does not hold.
[[nodiscard]] Edit layoutDiff(const TensorLayout& saved, const RecordState& now);

} // namespace idx
