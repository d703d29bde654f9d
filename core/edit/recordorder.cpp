// RecordOrder: positions to record identities through the segment list, and splices of the list.
#include "recordorder.h"

#include <algorithm>

namespace idx {

RecordOrder::RecordOrder(std::vector<Segment> segments) : m_segments(std::move(segments))
{
    reindex();
}

void RecordOrder::reindex()
{
    m_starts.resize(m_segments.size());
    quint64 pos = 0;
    for (size_t k = 0; k < m_segments.size(); ++k) {
        m_starts[k] = pos;
        pos += m_segments[k].count;
    }
    m_count = pos;
}

RecordOrder::Located RecordOrder::locate(quint64 position) const
{
    const auto it = std::upper_bound(m_starts.begin(), m_starts.end(), position);
    const size_t k = size_t(it - m_starts.begin()) - 1;
    return {k, position - m_starts[k]};
}

std::optional<RecordKey> RecordOrder::keyAt(quint64 position) const
{
    if (position >= m_count)
        return std::nullopt;
    const Located l = locate(position);
    const Segment& s = m_segments[l.segment];
    return RecordKey{s.source, s.start + l.offset};
}

std::vector<Segment> RecordOrder::splice(size_t at, size_t remove, const std::vector<Segment>& insert)
{
    const auto first = m_segments.begin() + qint64(at);
    std::vector<Segment> removed(first, first + qint64(remove));
    m_segments.erase(first, first + qint64(remove));
    m_segments.insert(m_segments.begin() + qint64(at), insert.begin(), insert.end());
    reindex();
    return removed;
}

bool RecordOrder::holds(size_t at, const std::vector<Segment>& expected) const
{
    return at <= m_segments.size() && expected.size() <= m_segments.size() - at &&
           std::equal(expected.begin(), expected.end(), m_segments.begin() + qint64(at));
}

bool RecordOrder::isBaseOrder(quint64 records) const
{
    quint64 next = 0;
    for (const Segment& s : m_segments) {
        if (s.source != 0 || s.start != next)
            return false;
        next += s.count;
    }
    return next == records;
}

quint64 RecordOrder::heapBytes() const
{
    return quint64(m_segments.capacity() * sizeof(Segment) + m_starts.capacity() * sizeof(quint64));
}

} // namespace idx
