// Private: where each record identity of a record order sits, found by runs of a source (never record by
// record): the saved file's records for layoutDiff, the tensor's positions now for SavedFileEdits.
#pragma once

#include "edit.h"

#include <map>
#include <optional>
#include <vector>

namespace idx::detail {

// Where the records of one source sit in a layout: [start, start + count) at positions [pos, pos + count).
// A record identity occurs at most once in a layout (duplicates get new sources), so runs never overlap.
struct Run {
    quint64 start = 0;
    quint64 count = 0;
    quint64 pos = 0;
};
using RunIndex = std::map<quint32, std::vector<Run>>;

[[nodiscard]] RunIndex indexOf(const std::vector<Segment>& segments);

struct Found {
    const Run* run = nullptr;  // the run holding the record
    const Run* next = nullptr; // else the first run of the source after it
};
[[nodiscard]] Found find(const RunIndex& index, RecordKey key);
/// The position of `key` in the indexed layout, if it is there.
[[nodiscard]] std::optional<quint64> positionOf(const RunIndex& index, RecordKey key);

} // namespace idx::detail
