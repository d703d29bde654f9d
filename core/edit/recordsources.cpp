// RecordSources: record bytes by identity through the base, the chunks and the aliases; the checks that let
// an untrusted edit add sources.
#include "recordsources.h"

#include <algorithm>

namespace idx {

RecordSources::RecordSources(TensorView base)
    : m_base(std::move(base)), m_baseCount(m_base.availableRecords()),
      m_baseKeep(std::make_shared<const TensorView>(m_base))
{}

quint32 RecordSources::root(quint32 source) const
{
    if (source == 0)
        return 0;
    const auto it = m_sources.find(source);
    return it != m_sources.end() && it->second.alias ? *it->second.alias : source;
}

const uchar* RecordSources::bytes(RecordKey key) const
{
    // Called for every record read: no lookup for the base, one for a chunk, two for an alias of one.
    if (key.source == 0)
        return m_base.recordData(key.index);
    auto it = m_sources.find(key.source);
    if (it == m_sources.end())
        return nullptr;
    if (it->second.alias) {
        if (*it->second.alias == 0)
            return m_base.recordData(key.index);
        it = m_sources.find(*it->second.alias);
        if (it == m_sources.end())
            return nullptr;
    }
    const auto& chunk = it->second.chunk;
    return chunk ? reinterpret_cast<const uchar*>(chunk->constData()) + key.index * recordBytes() : nullptr;
}

std::shared_ptr<const void> RecordSources::keepAlive(quint32 source) const
{
    source = root(source);
    if (source == 0)
        return m_baseKeep;
    const auto it = m_sources.find(source);
    return it == m_sources.end() ? nullptr : it->second.chunk;
}

bool RecordSources::inBase(quint32 source) const
{
    if (source == 0)
        return true;
    const auto it = m_sources.find(source);
    return it != m_sources.end() && it->second.alias && *it->second.alias == 0;
}

std::optional<quint64> RecordSources::size(quint32 source) const
{
    if (!contains(source))
        return std::nullopt;
    source = root(source);
    if (source == 0)
        return m_baseCount;
    const auto it = m_sources.find(source);
    const quint64 rb = recordBytes();
    if (it == m_sources.end() || !it->second.chunk || rb == 0)
        return std::nullopt;
    return quint64(it->second.chunk->size()) / rb;
}

bool RecordSources::accepts(const std::vector<Edit::NewSource>& sources) const
{
    const quint64 rb = recordBytes();
    for (const Edit::NewSource& s : sources) {
        if (s.id == 0)
            return false;
        if (const auto known = m_sources.find(s.id); known != m_sources.end()) {
            const bool same =
                known->second.alias == s.aliasOf &&
                (s.aliasOf || (known->second.chunk && s.chunk && *known->second.chunk == *s.chunk));
            if (!same)
                return false;
            continue;
        }
        if (s.aliasOf && *s.aliasOf != 0) {
            const auto target = m_sources.find(*s.aliasOf);
            if (target == m_sources.end() || target->second.alias)
                return false; // aliases point at the base or at a chunk, never at another alias
        }
        if (!s.aliasOf && (!s.chunk || rb == 0 || quint64(s.chunk->size()) % rb != 0))
            return false;
    }
    return true;
}

RecordSources::Added RecordSources::add(const std::vector<Edit::NewSource>& sources)
{
    Added added;
    added.nextBefore = m_next;
    for (const Edit::NewSource& s : sources) {
        if (m_sources.emplace(s.id, Source{s.aliasOf, s.chunk}).second)
            added.ids.push_back(s.id);
        m_next = std::max(m_next, s.id + 1);
    }
    return added;
}

void RecordSources::remove(const Added& added)
{
    for (const quint32 id : added.ids)
        m_sources.erase(id);
    m_next = added.nextBefore;
}

QByteArray RecordSources::toStored(QByteArrayView bigEndian) const
{
    QByteArray out = bigEndian.toByteArray();
    const int es = elementSize(m_base.dtype());
    if (m_base.byteOrder() == ByteOrder::Little && es > 1) {
        for (qsizetype k = 0; k + es <= out.size(); k += es)
            std::reverse(out.data() + k, out.data() + k + es);
    }
    return out;
}

quint64 RecordSources::heapBytes() const
{
    quint64 n = 0;
    for (const auto& [id, source] : m_sources)
        n += 48 + (source.chunk && !source.alias ? quint64(source.chunk->size()) : 0);
    return n;
}

} // namespace idx
