// A recorded change to an EditableTensor (Edit) and the names it speaks in: record identities (RecordKey) and
// pieces of the record order (Segment). An Edit is a list of exact steps, so it undoes and redoes bit for
// bit, merges with the next edit of the same element, inverts for the journal and serializes to bytes.
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace idx {

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

    Edit() = default;
    /// An empty edit of `kind`, about record position `record` (and `element`, for SetElement).
    explicit Edit(Kind kind, quint64 record = 0, quint64 element = 0)
        : m_kind(kind), m_record(record), m_element(element)
    {}

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
    /// Recording, for what builds edits (RecordState as it changes, the layout diff). Like a deserialized
    /// edit, a hand-built one is checked only by EditableTensor::applyChecked.
    void addSource(NewSource source) { m_sources.push_back(std::move(source)); }
    void addStep(Step step) { m_steps.push_back(std::move(step)); }

    /// Serialization for the journal (stable binary format, versioned by the journal).
    [[nodiscard]] QByteArray serialize() const;
    [[nodiscard]] static std::optional<Edit> deserialize(QByteArrayView bytes);

private:
    Kind m_kind = Kind::None;
    quint64 m_record = 0;
    quint64 m_element = 0;
    std::vector<NewSource> m_sources;
    std::vector<Step> m_steps;
};

/// The outcome of an edit operation: the Edit on success, else a user-facing reason.
struct EditResult {
    std::optional<Edit> edit;
    QString error;
    explicit operator bool() const { return edit.has_value(); }
};

} // namespace idx
