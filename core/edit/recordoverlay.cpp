// RecordOverlay: lookups, ranges by source and the replacement of one record's entry.
#include "recordoverlay.h"

namespace idx {

const QByteArray* RecordOverlay::find(RecordKey key) const
{
    const auto it = m_entries.find(key);
    return it == m_entries.end() ? nullptr : &it->second;
}

std::pair<RecordOverlay::Entries::const_iterator, RecordOverlay::Entries::const_iterator>
RecordOverlay::range(quint32 source, quint64 start, quint64 count) const
{
    return {m_entries.lower_bound(RecordKey{source, start}),
            m_entries.lower_bound(RecordKey{source, start + count})};
}

std::optional<QByteArray> RecordOverlay::set(RecordKey key, std::optional<QByteArray> bytes)
{
    const auto it = m_entries.find(key);
    std::optional<QByteArray> before;
    if (it != m_entries.end())
        before = it->second;
    if (!bytes) {
        if (it != m_entries.end())
            m_entries.erase(it);
    } else if (it != m_entries.end()) {
        it->second = std::move(*bytes);
    } else {
        m_entries.emplace(key, std::move(*bytes));
    }
    return before;
}

quint64 RecordOverlay::heapBytes() const
{
    quint64 n = 0;
    for (const auto& [key, bytes] : m_entries)
        n += quint64(bytes.size()) + sizeof(RecordKey) + 32; // + map node overhead, roughly
    return n;
}

} // namespace idx
