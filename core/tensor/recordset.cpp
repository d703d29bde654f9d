// RecordSet: sorted runs with a running count before each, so the k-th record and a record's position are
// binary searches.
#include "recordset.h"

#include <algorithm>

namespace idx {

RecordSet RecordSet::span(quint64 first, quint64 end)
{
    RecordSet r;
    r.add(first, end);
    return r;
}

RecordSet RecordSet::of(std::vector<quint64> records)
{
    std::sort(records.begin(), records.end());
    RecordSet r;
    for (quint64 x : records)
        if (r.isEmpty() || x >= r.m_ranges.back().end) // ascending: each add appends or extends
            r.add(x);
    return r;
}

void RecordSet::add(quint64 first, quint64 end)
{
    if (end <= first)
        return;
    if (m_ranges.empty() || first > m_ranges.back().end) {
        m_before.push_back(m_count);
        m_ranges.push_back({first, end});
        m_count += end - first;
        return;
    }
    if (first >= m_ranges.back().first) { // overlaps or touches the last run: extend it
        RecordRun& back = m_ranges.back();
        if (end > back.end) {
            m_count += end - back.end;
            back.end = end;
        }
        return;
    }
    // Elsewhere: merge every run that overlaps or touches [first, end).
    auto lo = std::lower_bound(m_ranges.begin(), m_ranges.end(), first,
                               [](const RecordRun& r, quint64 v) { return r.end < v; });
    auto hi =
        std::upper_bound(lo, m_ranges.end(), end, [](quint64 v, const RecordRun& r) { return v < r.first; });
    if (lo == hi) {
        m_ranges.insert(lo, {first, end});
    } else {
        const RecordRun merged{std::min(first, lo->first), std::max(end, (hi - 1)->end)};
        *lo = merged;
        m_ranges.erase(lo + 1, hi);
    }
    recount();
}

void RecordSet::recount()
{
    m_before.resize(m_ranges.size());
    m_count = 0;
    for (size_t i = 0; i < m_ranges.size(); ++i) {
        m_before[i] = m_count;
        m_count += m_ranges[i].count();
    }
}

bool RecordSet::contains(quint64 record) const
{
    auto it = std::upper_bound(m_ranges.begin(), m_ranges.end(), record,
                               [](quint64 v, const RecordRun& r) { return v < r.first; });
    return it != m_ranges.begin() && record < (it - 1)->end;
}

quint64 RecordSet::at(quint64 k) const
{
    // The last run with fewer than k + 1 records before it holds the k-th record.
    const auto it = std::upper_bound(m_before.begin(), m_before.end(), k) - 1;
    const size_t i = size_t(it - m_before.begin());
    return m_ranges[i].first + (k - m_before[i]);
}

std::optional<quint64> RecordSet::indexOf(quint64 record) const
{
    auto it = std::upper_bound(m_ranges.begin(), m_ranges.end(), record,
                               [](quint64 v, const RecordRun& r) { return v < r.first; });
    if (it == m_ranges.begin() || record >= (it - 1)->end)
        return std::nullopt;
    const size_t i = size_t(it - m_ranges.begin()) - 1;
    return m_before[i] + (record - m_ranges[i].first);
}

RecordSet RecordSet::clampedTo(quint64 end) const
{
    RecordSet r;
    for (const RecordRun& x : m_ranges) {
        if (x.first >= end)
            break;
        r.add(x.first, std::min(x.end, end));
    }
    return r;
}

} // namespace idx
