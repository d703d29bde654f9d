// A set of record indexes kept as sorted, disjoint, non-adjacent runs (half-open ranges): what a selection,
// or the records an export or an edit covers, is. Its memory follows the number of runs, never the number of
// records, so Select All over 10.9 million records is one run, and so is every copy of it handed to
// statistics, exports and editing.
#pragma once

#include <QtGlobal>

#include <initializer_list>
#include <iterator>
#include <optional>
#include <span>
#include <vector>

namespace idx {

/// Records [first, end).
struct RecordRun {
    quint64 first = 0;
    quint64 end = 0;
    [[nodiscard]] quint64 count() const { return end - first; }
    friend bool operator==(const RecordRun&, const RecordRun&) = default;
};

class RecordSet {
public:
    RecordSet() = default;
    /// The given records in any order (tests and small literal sets).
    RecordSet(std::initializer_list<quint64> records) : RecordSet(of(std::vector<quint64>(records))) {}
    /// Records [first, end) (empty when end <= first).
    [[nodiscard]] static RecordSet span(quint64 first, quint64 end);
    /// The given records in any order; repeats count once.
    [[nodiscard]] static RecordSet of(std::vector<quint64> records);

    /// Adds records [first, end), merging with the ranges it touches. Appending in ascending order is
    /// amortised O(1); inserting elsewhere moves the later ranges.
    void add(quint64 first, quint64 end);
    void add(quint64 record) { add(record, record + 1); }

    [[nodiscard]] bool isEmpty() const { return m_ranges.empty(); }
    /// Number of records (not of ranges).
    [[nodiscard]] quint64 count() const { return m_count; }
    [[nodiscard]] const std::vector<RecordRun>& runs() const { return m_ranges; }
    /// The smallest and the largest record; the set must not be empty.
    [[nodiscard]] quint64 first() const { return m_ranges.front().first; }
    [[nodiscard]] quint64 last() const { return m_ranges.back().end - 1; }
    /// True when the records form one run.
    [[nodiscard]] bool isContiguous() const { return m_ranges.size() == 1; }
    [[nodiscard]] bool contains(quint64 record) const;
    /// The k-th smallest record (k < count()). O(log ranges).
    [[nodiscard]] quint64 at(quint64 k) const;
    /// The position of `record` among the set's records, when it is one of them. O(log ranges).
    [[nodiscard]] std::optional<quint64> indexOf(quint64 record) const;
    /// The records below `end`.
    [[nodiscard]] RecordSet clampedTo(quint64 end) const;

    friend bool operator==(const RecordSet& a, const RecordSet& b) { return a.m_ranges == b.m_ranges; }

    /// Ascending iteration over the records themselves.
    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = quint64;
        using difference_type = std::ptrdiff_t;
        using pointer = const quint64*;
        using reference = quint64;
        const_iterator() = default;
        quint64 operator*() const { return m_value; }
        const_iterator& operator++()
        {
            if (++m_value == (*m_ranges)[m_range].end && ++m_range < m_ranges->size())
                m_value = (*m_ranges)[m_range].first;
            return *this;
        }
        const_iterator operator++(int)
        {
            const_iterator old = *this;
            ++*this;
            return old;
        }
        friend bool operator==(const const_iterator& a, const const_iterator& b)
        {
            return a.m_range == b.m_range && (a.m_range == a.m_size || a.m_value == b.m_value);
        }

    private:
        friend class RecordSet;
        const_iterator(const std::vector<RecordRun>* ranges, size_t range)
            : m_ranges(ranges), m_range(range), m_size(ranges->size()),
              m_value(range < ranges->size() ? (*ranges)[range].first : 0)
        {}
        const std::vector<RecordRun>* m_ranges = nullptr;
        size_t m_range = 0;
        size_t m_size = 0;
        quint64 m_value = 0;
    };
    [[nodiscard]] const_iterator begin() const { return const_iterator(&m_ranges, 0); }
    [[nodiscard]] const_iterator end() const { return const_iterator(&m_ranges, m_ranges.size()); }

private:
    void recount();
    std::vector<RecordRun> m_ranges;
    std::vector<quint64> m_before; // m_before[i]: records in ranges before range i (for at / indexOf)
    quint64 m_count = 0;
};

} // namespace idx
