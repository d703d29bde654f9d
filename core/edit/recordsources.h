// Where the bytes of each record identity lie, before any overlay: source 0 is the base (a memory mapping or
// a decompressed buffer, never copied or changed); other sources are chunks of inserted records (stored byte
// order), or aliases of the base or of a chunk (duplicates: the same bytes under new identities, no copy).
// Sources are only ever added (an undone insert keeps its chunk for the redo), so a record key stays valid.
#pragma once

#include "edit.h"
#include "tensorview.h"

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace idx {

class RecordSources {
public:
    RecordSources() = default;
    /// The base must stay valid: the view's keep-alive holds its storage. Only its available records count.
    explicit RecordSources(TensorView base);

    [[nodiscard]] const TensorView& base() const { return m_base; }
    /// Records of the base: the records available when the sources were made.
    [[nodiscard]] quint64 baseCount() const { return m_baseCount; }
    [[nodiscard]] quint64 recordBytes() const { return m_base.header().recordBytes(); }

    /// The source's bytes of record `key` (stored byte order); null when the source is unknown.
    [[nodiscard]] const uchar* bytes(RecordKey key) const;
    /// What keeps a source's bytes alive (the base view, or its chunk); null when it is unknown.
    [[nodiscard]] std::shared_ptr<const void> keepAlive(quint32 source) const;
    /// Whether a source's bytes are the base's (the base itself, or a duplicate of base records).
    [[nodiscard]] bool inBase(quint32 source) const;
    /// The source whose bytes `source` reads: what it is an alias of, else itself.
    [[nodiscard]] quint32 root(quint32 source) const;
    /// Records a source can hold (nullopt when it is unknown).
    [[nodiscard]] std::optional<quint64> size(quint32 source) const;
    [[nodiscard]] bool contains(quint32 source) const { return source == 0 || m_sources.count(source) > 0; }
    /// The id a new source gets: one past the highest added.
    [[nodiscard]] quint32 nextId() const { return m_next; }

    /// Whether `sources` can be added: no id 0; an id already known only for the same source again (an undo
    /// logged after its edit carries the edit's sources); aliases of the base or of a known chunk, never of
    /// another alias; chunks of whole records. For edits from untrusted bytes.
    [[nodiscard]] bool accepts(const std::vector<Edit::NewSource>& sources) const;
    /// What add() changed, for remove() to take back.
    struct Added {
        std::vector<quint32> ids; // the sources that were not known before
        quint32 nextBefore = 1;
    };
    /// Adds the sources not known yet (a known id keeps its source).
    Added add(const std::vector<Edit::NewSource>& sources);
    /// Takes back what add() added, when nothing refers to those sources any more (a refused replay).
    void remove(const Added& added);

    /// Whole records, big-endian (the IDX payload encoding), in the stored byte order: the base's (chunks and
    /// overlay entries store in the same order as the base).
    [[nodiscard]] QByteArray toStored(QByteArrayView bigEndian) const;
    /// Stored bytes big-endian, as saves write them: the same swap of each element's bytes, undone.
    [[nodiscard]] QByteArray toBigEndian(QByteArrayView stored) const { return toStored(stored); }

    /// Heap bytes beyond the base: the chunks and the bookkeeping.
    [[nodiscard]] quint64 heapBytes() const;

private:
    struct Source {
        std::optional<quint32> alias; // bytes of the base (0) or of another chunk source
        std::shared_ptr<const QByteArray> chunk;
    };

    TensorView m_base;
    quint64 m_baseCount = 0;
    std::shared_ptr<const TensorView> m_baseKeep; // keeps the base alive for one-record views
    std::map<quint32, Source> m_sources;          // 0 (the base) is implicit
    quint32 m_next = 1;
};

} // namespace idx
