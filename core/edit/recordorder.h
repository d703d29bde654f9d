// The record order of an editable tensor: a piecewise list of segments over sources, so that deleting,
// inserting, duplicating or moving any number of records costs O(segments), never O(records). A position is
// found by binary search over the segments' first positions; a splice rebuilds those in O(segments).
#pragma once

#include "edit.h"

#include <optional>
#include <vector>

namespace idx {

class RecordOrder {
public:
    RecordOrder() = default;
    explicit RecordOrder(std::vector<Segment> segments);

    [[nodiscard]] const std::vector<Segment>& segments() const { return m_segments; }
    /// Records in the order: the sum of the segments' counts.
    [[nodiscard]] quint64 count() const { return m_count; }

    /// Where a position lies: segment `segment`, `offset` records into it.
    struct Located {
        size_t segment = 0;
        quint64 offset = 0;
    };
    /// `position` must be < count().
    [[nodiscard]] Located locate(quint64 position) const;
    /// The position of segment `segment`'s first record (count() for segments().size()).
    [[nodiscard]] quint64 positionOf(size_t segment) const
    {
        return segment < m_starts.size() ? m_starts[segment] : m_count;
    }
    /// The identity of the record at `position` (nullopt when out of range).
    [[nodiscard]] std::optional<RecordKey> keyAt(quint64 position) const;

    /// Replaces segments [at, at + remove) with `insert` and returns the segments it removed (what an Edit's
    /// splice records as `before`). `at` + `remove` must be <= segments().size().
    std::vector<Segment> splice(size_t at, size_t remove, const std::vector<Segment>& insert);
    /// Whether segments [at, at + expected.size()) exist and are exactly `expected` (a splice recorded
    /// elsewhere fits this order).
    [[nodiscard]] bool holds(size_t at, const std::vector<Segment>& expected) const;
    /// Whether the order is records [0, records) of the base in order, however it is cut into segments.
    [[nodiscard]] bool isBaseOrder(quint64 records) const;

    /// Heap bytes of the segment list and its index.
    [[nodiscard]] quint64 heapBytes() const;

private:
    void reindex();

    std::vector<Segment> m_segments;
    std::vector<quint64> m_starts; // m_starts[k]: position of segment k's first record
    quint64 m_count = 0;
};

} // namespace idx
