// The changed records of an editable tensor, copy-on-write: the bytes (stored byte order) of each record
// identity whose content differs from its source's, keyed by RecordKey so that an entry follows its record
// wherever the record moves. Only changed records are held (one edited pixel costs one record, not the file);
// QByteArray's implicit sharing makes copies of the entries (layouts, one-record views) cheap.
#pragma once

#include "edit.h"

#include <map>
#include <optional>

namespace idx {

class RecordOverlay {
public:
    using Entries = std::map<RecordKey, QByteArray>;

    [[nodiscard]] const Entries& entries() const { return m_entries; }
    [[nodiscard]] bool empty() const { return m_entries.empty(); }
    /// The changed bytes of `key`, or null when the record holds its source's bytes.
    [[nodiscard]] const QByteArray* find(RecordKey key) const;
    [[nodiscard]] bool contains(RecordKey key) const { return m_entries.count(key) > 0; }
    /// The entries of records [start, start + count) of `source`, in index order: [first, second).
    [[nodiscard]] std::pair<Entries::const_iterator, Entries::const_iterator>
    range(quint32 source, quint64 start, quint64 count) const;

    /// Sets the entry of `key` to `bytes` (nullopt: removes it, the record reads its source again) and
    /// returns what the entry was (nullopt: there was none).
    std::optional<QByteArray> set(RecordKey key, std::optional<QByteArray> bytes);

    /// Heap bytes of the entries, with a rough allowance for the map's nodes.
    [[nodiscard]] quint64 heapBytes() const;

private:
    Entries m_entries;
};

} // namespace idx
