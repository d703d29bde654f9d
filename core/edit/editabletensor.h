// An edit overlay over an immutable TensorView: the base (a memory mapping or a decompressed buffer) is never
// copied or changed. Record order is a piecewise list of segments over sources (the base, inserted chunks,
// and "aliases" of them made by duplication), so structural edits cost O(segments), never O(records); changed
// records live copy-on-write in a map keyed by record identity. Every operation returns an Edit that undoes
// and redoes it exactly, so the GUI can wrap each in a QUndoCommand (which lives in QtGui, not here).
#pragma once

#include "tensorpieces.h"
#include "tensorview.h"

#include <QByteArray>
#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace idx {

class EditableTensor;

/// One piece of the record order: records [start, start + count) of source `source` (0 is the base).
struct Segment {
    quint32 source = 0;
    quint64 start = 0;
    quint64 count = 0;
    friend bool operator==(const Segment&, const Segment&) = default;
};

/// Identity of a record, independent of its position: (source, index within the source).
struct RecordKey {
    quint32 source = 0;
    quint64 index = 0;
    friend auto operator<=>(const RecordKey&, const RecordKey&) = default;
};

/// A recorded change: a sequence of steps that EditableTensor::redo applies in order and undo reverts in
/// reverse order. Exact in both directions (bytes and record identities), cheap to keep in an undo stack.
/// Usage with a QUndoCommand: perform the operation first (it applies itself), store the Edit, skip the
/// first redo() call, then call tensor.undo(edit) / tensor.redo(edit).
class Edit {
public:
    enum class Kind : quint8 { None, SetElement, SetRecord, Delete, Insert, Duplicate, Move, Compound };

    /// Replace segments [at, at + before.size()) with `after` (undo: the reverse).
    struct Splice {
        quint64 at = 0;
        std::vector<Segment> before;
        std::vector<Segment> after;
    };
    /// The overlay bytes of one record identity before and after (nullopt: not modified, the source's bytes).
    struct ModChange {
        RecordKey key;
        std::optional<QByteArray> before;
        std::optional<QByteArray> after;
    };
    /// A source this edit creates: its own chunk of records (stored byte order), or an alias of `aliasOf`'s
    /// bytes (a duplicate: same bytes, new identities).
    struct NewSource {
        quint32 id = 0;
        std::optional<quint32> aliasOf; // set for an alias (0: the base)
        std::shared_ptr<const QByteArray> chunk;
    };
    struct Step {
        std::optional<Splice> splice;
        std::optional<ModChange> mod;
    };

    [[nodiscard]] Kind kind() const { return m_kind; }
    /// For SetElement/SetRecord: the position and element edited (for merging repeated edits in the GUI).
    [[nodiscard]] quint64 record() const { return m_record; }
    [[nodiscard]] quint64 element() const { return m_element; }
    [[nodiscard]] bool isEmpty() const { return m_steps.empty(); }
    /// True when applying the edit changes nothing (a merged edit that returned to the original value):
    /// the GUI marks such a command obsolete.
    [[nodiscard]] bool isNoop() const;
    /// Appends `next` (applied after this one) so both undo and redo as one. Used for merges of repeated
    /// element edits (same record and element) and for compound actions (applying a change log).
    void append(const Edit& next);
    /// The edit that undoes this one, as a forward edit (used by the journal to log an undo).
    [[nodiscard]] Edit inverted() const;

    [[nodiscard]] const std::vector<Step>& steps() const { return m_steps; }
    [[nodiscard]] const std::vector<NewSource>& newSources() const { return m_sources; }

    /// Serialization for the journal (stable binary format, versioned by the journal).
    [[nodiscard]] QByteArray serialize() const;
    [[nodiscard]] static std::optional<Edit> deserialize(QByteArrayView bytes);

private:
    friend class EditableTensor;
    Kind m_kind = Kind::None;
    quint64 m_record = 0;
    quint64 m_element = 0;
    std::vector<NewSource> m_sources;
    std::vector<Step> m_steps;
};

/// An EditableTensor's record order and overlay at one moment, with the header a save of it writes: what a
/// file saved from the tensor holds, in the tensor's own record identities.
struct TensorLayout {
    std::vector<Segment> segments;
    std::map<RecordKey, QByteArray> mods;
    Header header;
};

/// The outcome of an edit operation: the Edit on success, else a user-facing reason.
struct EditResult {
    std::optional<Edit> edit;
    QString error;
    explicit operator bool() const { return edit.has_value(); }
};

class EditableTensor {
public:
    EditableTensor() = default;
    /// The base must stay valid: the view's keep-alive holds the mapping. Only its available records count.
    explicit EditableTensor(TensorView base);

    [[nodiscard]] const TensorView& base() const { return m_base; }
    [[nodiscard]] quint64 recordCount() const { return m_count; }
    /// The base header with dims[0] = recordCount() (sizes recomputed). A scalar stays a scalar.
    [[nodiscard]] Header header() const;
    [[nodiscard]] DType dtype() const { return m_base.dtype(); }
    [[nodiscard]] quint64 recordBytes() const { return m_base.header().recordBytes(); }
    [[nodiscard]] quint64 recordElements() const { return m_base.header().recordElements(); }
    /// Byte order of recordBytes(): the base's (the overlay stores in the same order; saves write
    /// big-endian).
    [[nodiscard]] ByteOrder byteOrder() const { return m_base.byteOrder(); }

    /// Bytes of record i (stored byte order): a pointer into the base mapping, an inserted chunk or the
    /// overlay. Valid until the next edit (or longer while the tensor lives and the record is not edited).
    /// Null when i is out of range.
    [[nodiscard]] const uchar* recordBytes(quint64 i) const;
    /// Element `element` of record i; NaN when out of range.
    [[nodiscard]] double value(quint64 record, quint64 element) const;
    /// The identity of the record at position i (nullopt when out of range).
    [[nodiscard]] std::optional<RecordKey> keyAt(quint64 i) const;
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
    [[nodiscard]] bool isModified() const;
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
    [[nodiscard]] quint64 overlayBytes() const;
    [[nodiscard]] const std::vector<Segment>& segments() const { return m_segs; }
    /// The overlay entries (identity → bytes in stored order).
    [[nodiscard]] const std::map<RecordKey, QByteArray>& modifications() const { return m_mods; }

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

    void undo(const Edit& edit);
    void redo(const Edit& edit);
    /// Applies `edit` forward after checking it fits the current state (segments it replaces are present,
    /// positions in range): for journal replay of untrusted data. False (nothing changed) when it does not.
    bool applyChecked(const Edit& edit);

private:
    struct Source {
        std::optional<quint32> alias; // bytes of the base (0) or of another chunk source
        std::shared_ptr<const QByteArray> chunk;
    };
    struct Located {
        size_t seg = 0;
        quint64 offset = 0; // within the segment
    };
    [[nodiscard]] Located locate(quint64 i) const;
    [[nodiscard]] const uchar* sourceBytes(RecordKey key) const;
    [[nodiscard]] std::shared_ptr<const void> sourceKeepAlive(quint32 source) const;
    /// Whether a source's bytes are the base's (the base itself, or a duplicate of base records).
    [[nodiscard]] bool inBase(quint32 source) const;
    [[nodiscard]] QByteArray toStored(QByteArrayView bigEndian) const;
    void registerSources(const Edit& e);
    void applySplice(quint64 at, size_t remove, const std::vector<Segment>& insert);
    void applyStep(const Edit::Step& s, bool forward);
    void rebuildIndex();
    // Helpers recording into an Edit while applying.
    quint64 splitAt(quint64 pos, Edit& e); // ensures a segment boundary at pos; returns the segment index
    void doSplice(quint64 at, size_t remove, std::vector<Segment> insert, Edit& e);
    void doMod(RecordKey key, std::optional<QByteArray> after, Edit& e);
    [[nodiscard]] QString checkRange(quint64 first, quint64 count) const;

    TensorView m_base;
    quint64 m_baseCount = 0;
    std::vector<Segment> m_segs;
    std::vector<quint64> m_starts; // m_starts[k]: position of segment k's first record
    quint64 m_count = 0;
    std::map<quint32, Source> m_sources; // 0 (the base) is implicit
    quint32 m_nextSource = 1;
    std::map<RecordKey, QByteArray> m_mods;
    std::shared_ptr<const TensorView> m_baseKeep;
};

/// An images tensor and its labels tensor edited together: structural operations (delete, insert, duplicate,
/// move) apply to both so label i stays the label of image i. Either pointer may be null (one file open).
class EditablePair {
public:
    EditablePair(EditableTensor* images, EditableTensor* labels) : m_images(images), m_labels(labels) {}

    struct PairEdit {
        std::optional<Edit> images;
        std::optional<Edit> labels;
    };
    struct PairResult {
        std::optional<PairEdit> edit;
        QString error;
        explicit operator bool() const { return edit.has_value(); }
    };

    /// Empty when both are present and have the same record count (or only one is present).
    [[nodiscard]] QString checkAligned() const;
    [[nodiscard]] PairResult deleteRecords(quint64 first, quint64 count);
    /// Inserts image records and their labels (each big-endian; record counts must match).
    [[nodiscard]] PairResult insertRecords(quint64 at, QByteArrayView imageBytes, QByteArrayView labelBytes);
    [[nodiscard]] PairResult duplicateRecords(quint64 first, quint64 count);
    [[nodiscard]] PairResult moveRecords(quint64 first, quint64 count, quint64 to);
    void undo(const PairEdit& e);
    void redo(const PairEdit& e);

private:
    template <typename Op> PairResult both(Op op);
    EditableTensor* m_images;
    EditableTensor* m_labels;
};

} // namespace idx
