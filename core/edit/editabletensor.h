// An editable tensor: an edit overlay over an immutable TensorView, whose base (a memory mapping or a
// decompressed buffer) is never copied or changed. This is the façade the document and the CLI use: the
// operations in the terms a person edits in (set a value or a record; delete, insert, duplicate or move
// records), with their value and range checks and messages, and the reading of the current content (records,
// values, one-record views, pieces without copying, layouts and the difference from a saved one). Each
// operation returns an Edit that undoes and redoes it exactly, so the GUI can wrap each in a QUndoCommand
// (which lives in QtGui, not here). What an edit changes, and how, is RecordState's (record order in
// segments, so structural edits cost O(segments); sources; the copy-on-write overlay of changed records).
#pragma once

#include "edit.h"
#include "layoutdiff.h"
#include "recordstate.h"
#include "tensorpieces.h"
#include "tensorview.h"

#include <QByteArray>
#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace idx {

class EditableTensor {
public:
    EditableTensor() = default;
    /// The base must stay valid: the view's keep-alive holds the mapping. Only its available records count.
    explicit EditableTensor(TensorView base);

    [[nodiscard]] const TensorView& base() const { return m_state.sources().base(); }
    [[nodiscard]] quint64 recordCount() const { return m_state.order().count(); }
    /// The base header with dims[0] = recordCount() (sizes recomputed). A scalar stays a scalar.
    [[nodiscard]] Header header() const;
    [[nodiscard]] DType dtype() const { return base().dtype(); }
    [[nodiscard]] quint64 recordBytes() const { return base().header().recordBytes(); }
    [[nodiscard]] quint64 recordElements() const { return base().header().recordElements(); }
    /// Byte order of recordBytes(): the base's (the overlay stores in the same order; saves write
    /// big-endian).
    [[nodiscard]] ByteOrder byteOrder() const { return base().byteOrder(); }

    /// Bytes of record i (stored byte order): a pointer into the base mapping, an inserted chunk or the
    /// overlay. Valid until the next edit (or longer while the tensor lives and the record is not edited).
    /// Null when i is out of range.
    [[nodiscard]] const uchar* recordBytes(quint64 i) const;
    /// Bytes of record i big-endian, as a save writes them (empty when i is out of range).
    [[nodiscard]] QByteArray recordBigEndian(quint64 i) const;
    /// Element `element` of record i; NaN when out of range.
    [[nodiscard]] double value(quint64 record, quint64 element) const;
    /// The identity of the record at position i (nullopt when out of range).
    [[nodiscard]] std::optional<RecordKey> keyAt(quint64 i) const { return m_state.order().keyAt(i); }
    /// The base record index behind position i when it is a base record (not inserted, not a duplicate).
    [[nodiscard]] std::optional<quint64> baseIndexAt(quint64 i) const;
    /// Whether the record at position i differs from its source (an overlay entry exists).
    [[nodiscard]] bool isRecordModified(quint64 i) const;

    /// A one-record TensorView of the same rank (dims[0] = 1, so renderRecordImage(view, 0, ...) works) that
    /// keeps its bytes alive on its own: safe to hand to a worker thread and to keep past later edits.
    [[nodiscard]] TensorView recordView(quint64 i) const;
    /// Records [first, first + count) copied into a new contiguous tensor (for small ranges: a page of the
    /// table, a selection to export). count is clamped to the available records.
    [[nodiscard]] TensorView materialize(quint64 first, quint64 count) const;
    /// The whole current tensor: the base itself when unmodified (zero copy), else materialize(0, all).
    [[nodiscard]] TensorView snapshot() const;
    /// The whole current tensor without copying it: runs of untouched records where they are (the base
    /// mapping, inserted chunks), each edited record from the overlay. O(segments + edited records).
    [[nodiscard]] TensorPieces pieces() const;

    /// True when the content differs from the base (order or bytes).
    [[nodiscard]] bool isModified() const { return m_state.isModified(); }
    /// The current layout (cheap: the overlay's records are shared, not copied).
    [[nodiscard]] TensorLayout layout() const;
    /// The layout of the base itself (every available record in order, no overlay): its file as opened.
    [[nodiscard]] TensorLayout baseLayout() const;
    /// True when the tensor holds exactly `l` again (the same records in the same order, the same overlay).
    [[nodiscard]] bool hasLayout(const TensorLayout& l) const;
    /// The edit that turns a fresh tensor over a file holding `saved` (a save of this tensor) into this
    /// tensor's current content: records still in the file become runs of it, others are carried as a new
    /// chunk, changed bytes as overlay entries. Payload bytes are big-endian, as saves write them. For
    /// journaling edits made after a save, which this tensor keeps relative to its original base; apply it
    /// with applyChecked. O(segments + overlay), plus a copy of the records the file does not hold.
    [[nodiscard]] Edit diffFrom(const TensorLayout& saved) const;

    /// Heap bytes the overlay holds beyond the base: modified records, inserted chunks, segment lists.
    [[nodiscard]] quint64 overlayBytes() const { return m_state.heapBytes(); }
    [[nodiscard]] const std::vector<Segment>& segments() const { return m_state.order().segments(); }
    /// The overlay entries (identity → bytes in stored order).
    [[nodiscard]] const std::map<RecordKey, QByteArray>& modifications() const
    {
        return m_state.overlay().entries();
    }

    /// Empty when `v` fits the dtype (range; whole numbers for integer types; finite or not for floats),
    /// else e.g. "value 300 is out of range for uint8 (0..255)".
    [[nodiscard]] static QString checkValue(DType t, double v);

    [[nodiscard]] EditResult setElement(quint64 record, quint64 element, double v);
    /// `bytes`: one record, big-endian (the IDX payload encoding).
    [[nodiscard]] EditResult setRecord(quint64 record, QByteArrayView bytes);
    [[nodiscard]] EditResult deleteRecords(quint64 first, quint64 count);
    /// `bytes`: whole records, big-endian, inserted before position `at` (at == recordCount() appends).
    [[nodiscard]] EditResult insertRecords(quint64 at, QByteArrayView bytes);
    /// Copies of [first, first + count) placed right after the range (new identities, same bytes).
    [[nodiscard]] EditResult duplicateRecords(quint64 first, quint64 count);
    /// Moves [first, first + count) so that its first record ends at position `to` of the result
    /// (0 <= to <= recordCount() - count).
    [[nodiscard]] EditResult moveRecords(quint64 first, quint64 count, quint64 to);

    void undo(const Edit& edit) { m_state.undo(edit); }
    void redo(const Edit& edit) { m_state.redo(edit); }
    /// Applies `edit` forward after checking it fits the current state (segments it replaces are present,
    /// positions in range): for journal replay of untrusted data. False (nothing changed) when it does not.
    bool applyChecked(const Edit& edit) { return m_state.applyChecked(edit); }

private:
    /// The base header with dims[0] = `records` (a scalar stays a scalar).
    [[nodiscard]] Header headerOf(quint64 records) const;
    [[nodiscard]] QString checkRange(quint64 first, quint64 count) const;

    RecordState m_state;
};

} // namespace idx
