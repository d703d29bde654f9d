// What an edit changes in an editable tensor, and how an Edit changes it exactly: the record order (segments
// over sources), the sources (base, inserted chunks, aliases) and the overlay of changed records. Changes are
// made only through the recording calls, each of which appends the step that repeats it to an Edit, so every
// Edit undoes and redoes bit for bit; edits from untrusted bytes (a journal) go through applyChecked.
#pragma once

#include "edit.h"
#include "recordorder.h"
#include "recordoverlay.h"
#include "recordsources.h"

#include <optional>
#include <vector>

namespace idx {

class RecordState {
public:
    RecordState() = default;
    /// Every available record of the base, in order, unchanged.
    explicit RecordState(TensorView base);

    [[nodiscard]] const RecordOrder& order() const { return m_order; }
    [[nodiscard]] const RecordSources& sources() const { return m_sources; }
    [[nodiscard]] const RecordOverlay& overlay() const { return m_overlay; }

    /// The bytes of record `key` now (stored byte order): its overlay entry, else its source's; null when
    /// the source is unknown.
    [[nodiscard]] const uchar* bytes(RecordKey key) const;
    /// True when the content differs from the base (order or bytes).
    [[nodiscard]] bool isModified() const;
    /// Heap bytes held beyond the base: segment lists, chunks, overlay entries.
    [[nodiscard]] quint64 heapBytes() const;

    // Recording: each call changes the state and appends to `e` what repeats it.
    /// Adds new sources (ids from sources().nextId() on).
    void addSources(const std::vector<Edit::NewSource>& sources, Edit& e);
    /// Replaces segments [at, at + remove) with `insert`.
    void splice(size_t at, size_t remove, std::vector<Segment> insert, Edit& e);
    /// Cuts the segment holding `position` so that a segment starts there; returns that segment's index
    /// (the segment count when `position` is at or past the end).
    size_t splitAt(quint64 position, Edit& e);
    /// Sets the overlay entry of `key` (nullopt: the record reads its source's bytes again).
    void setBytes(RecordKey key, std::optional<QByteArray> bytes, Edit& e);

    /// Reverts `e`, which must be the last edit applied that is not undone yet.
    void undo(const Edit& e);
    /// Applies `e` again after its undo (or, for a trusted edit, forward).
    void redo(const Edit& e);
    /// Applies `e` forward after checking that it fits the current state (sources it adds are consistent,
    /// segments it replaces are present, records it names exist, overlay entries it replaces are what it
    /// says): for replaying untrusted bytes. False, with nothing changed, when it does not fit.
    bool applyChecked(const Edit& e);

private:
    void apply(const Edit::Step& s, bool forward);
    /// Whether step `s` fits the state as it is now (applyChecked's check of one step).
    [[nodiscard]] bool fits(const Edit::Step& s) const;

    RecordOrder m_order;
    RecordSources m_sources;
    RecordOverlay m_overlay;
};

} // namespace idx
