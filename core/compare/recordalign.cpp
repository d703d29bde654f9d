// Written here rather than taken from a library: Debian's diff library (libdtl) has neither a cancel check
// nor a bound on its work, which grows with the records times the edits (billions of steps for a shuffled
// copy of a 60,000-record file). Myers' algorithm finds the shortest script while it is affordable (a labels
// file has no unique keys to anchor on); beyond that, patience anchoring places reordered records in n log n.
#include "recordalign.h"

#include <algorithm>
#include <limits>

namespace idx {

namespace {

struct Stretch {
    quint64 a0 = 0, a1 = 0; // [a0, a1) of a
    quint64 b0 = 0, b1 = 0; // [b0, b1) of b
};

struct Candidate {
    quint64 a = 0;
    quint64 b = 0;
};

/// The longest chain of candidates (sorted by a, a strictly increasing) whose b strictly increases too.
std::vector<Candidate> longestChain(const std::vector<Candidate>& c)
{
    std::vector<size_t> tails;                // tails[l]: the candidate ending the best chain of length l+1
    std::vector<qint64> before(c.size(), -1); // predecessor in that chain
    for (size_t i = 0; i < c.size(); ++i) {
        const auto at = std::lower_bound(tails.begin(), tails.end(), c[i].b,
                                         [&](size_t t, quint64 b) { return c[t].b < b; });
        if (at != tails.begin())
            before[i] = qint64(*(at - 1));
        if (at == tails.end())
            tails.push_back(i);
        else
            *at = i;
    }
    std::vector<Candidate> chain(tails.size());
    qint64 i = tails.empty() ? -1 : qint64(tails.back());
    for (size_t n = chain.size(); n > 0; --n) {
        chain[n - 1] = c[size_t(i)];
        i = before[size_t(i)];
    }
    return chain;
}

constexpr qint64 kMaxEdits = 2048;  // the longest edit script looked for in one stretch
constexpr quint64 kSplitAbove = 64; // a stretch without unique keys longer than this is halved, not paired

class Aligner {
public:
    Aligner(std::span<const quint64> a, std::span<const quint64> b, const Control& control, qint64 budget)
        : m_a(a), m_b(b), m_control(control), m_budget(std::max<qint64>(budget, 1))
    {}

    std::optional<SequenceAlignment> run()
    {
        std::vector<Stretch> work{{0, m_a.size(), 0, m_b.size()}};
        const qint64 total = qint64(m_a.size() + m_b.size());
        while (!work.empty()) {
            if (m_control.cancelled())
                return std::nullopt;
            Stretch s = work.back();
            work.pop_back();
            trim(s);
            if (s.a0 == s.a1 || s.b0 == s.b1) {
                settle(s);
                continue;
            }
            const auto found = shortestScript(s);
            if (!found)
                return std::nullopt;
            if (!*found) {
                // Too far apart for a shortest script within the limits: anchor on keys that occur once on
                // each side (patience: reordered records); without any, align each half on its own (edits
                // spread over a labels file: each half has about half of them); a short stretch left over
                // pairs its equal keys in order. Each keeps the longest chain of its pairs.
                m_alignment.exact = false;
                if (!anchor(s, true, work)) {
                    if (s.a1 - s.a0 + s.b1 - s.b0 > kSplitAbove && s.a1 - s.a0 > 1 && s.b1 - s.b0 > 1)
                        split(s, work);
                    else if (!anchor(s, false, work))
                        settle(s);
                }
            }
            m_control.report(std::min(m_settled, total), total);
        }
        std::sort(m_alignment.kept.begin(), m_alignment.kept.end(),
                  [](const KeptPair& x, const KeptPair& y) { return x.a < y.a; });
        m_control.report(total, total);
        return std::move(m_alignment);
    }

private:
    void keep(quint64 a, quint64 b)
    {
        m_alignment.kept.push_back({a, b});
        m_settled += 2;
    }
    void settle(const Stretch& s) { m_settled += qint64(s.a1 - s.a0 + s.b1 - s.b0); }

    void trim(Stretch& s)
    {
        while (s.a0 < s.a1 && s.b0 < s.b1 && m_a[s.a0] == m_b[s.b0])
            keep(s.a0++, s.b0++);
        while (s.a0 < s.a1 && s.b0 < s.b1 && m_a[s.a1 - 1] == m_b[s.b1 - 1])
            keep(--s.a1, --s.b1);
    }

    /// Anchors the stretch on equal keys kept in order — keys that occur once on each side when `unique`,
    /// else every key's occurrences paired in order — and queues the stretches between the anchors. False
    /// when there is nothing to anchor on.
    bool anchor(const Stretch& s, bool unique, std::vector<Stretch>& work)
    {
        // (key, side << 62 | position), sorted: each key's occurrences together, a's before b's, in order.
        constexpr quint64 kSideB = quint64(1) << 62;
        std::vector<std::pair<quint64, quint64>> occ;
        occ.reserve(s.a1 - s.a0 + s.b1 - s.b0);
        for (quint64 i = s.a0; i < s.a1; ++i)
            occ.emplace_back(m_a[i], i);
        for (quint64 j = s.b0; j < s.b1; ++j)
            occ.emplace_back(m_b[j], kSideB | j);
        std::sort(occ.begin(), occ.end());
        std::vector<Candidate> candidates;
        for (size_t g = 0; g < occ.size();) {
            size_t end = g;
            while (end < occ.size() && occ[end].first == occ[g].first)
                ++end;
            size_t firstB = g;
            while (firstB < end && (occ[firstB].second & kSideB) == 0)
                ++firstB;
            const size_t inA = firstB - g, inB = end - firstB;
            if (unique ? (inA == 1 && inB == 1) : (inA > 0 && inB > 0))
                for (size_t p = 0; p < std::min(inA, inB); ++p)
                    candidates.push_back({occ[g + p].second, occ[firstB + p].second & ~kSideB});
            g = end;
        }
        occ = {};
        if (candidates.empty())
            return false;
        std::sort(candidates.begin(), candidates.end(),
                  [](const Candidate& x, const Candidate& y) { return x.a < y.a; });
        quint64 a = s.a0, b = s.b0;
        for (const Candidate& c : longestChain(candidates)) {
            work.push_back({a, c.a, b, c.b});
            keep(c.a, c.b);
            a = c.a + 1;
            b = c.b + 1;
        }
        work.push_back({a, s.a1, b, s.b1});
        return true;
    }

    /// The stretch as two halves, each side cut in proportion, aligned one after the other.
    static void split(const Stretch& s, std::vector<Stretch>& work)
    {
        const quint64 midA = s.a0 + (s.a1 - s.a0) / 2, midB = s.b0 + (s.b1 - s.b0) / 2;
        work.push_back({midA, s.a1, midB, s.b1});
        work.push_back({s.a0, midA, s.b0, midB});
    }

    /// Myers' greedy shortest edit script of the stretch, its kept pairs recorded. nullopt when cancelled,
    /// false when the script is longer than kMaxEdits or the budget is spent.
    std::optional<bool> shortestScript(const Stretch& s)
    {
        const qint64 n = qint64(s.a1 - s.a0), m = qint64(s.b1 - s.b0);
        // Step d keeps d + 1 furthest points (the trace: at most about 8 MB) and costs its comparisons,
        // counted against the budget every stretch of the run shares.
        const qint64 maxD = std::min<qint64>(n + m, kMaxEdits);
        if (m_spent >= m_budget || n + m >= std::numeric_limits<qint32>::max())
            return false;
        const qint64 offset = maxD + 1;
        std::vector<qint64> v(size_t(2 * maxD + 3), 0);
        std::vector<std::vector<qint32>>
            trace; // trace[d][(k + d) / 2]: furthest x on diagonal k after step d
        auto equalAt = [&](qint64 x, qint64 y) { return m_a[s.a0 + quint64(x)] == m_b[s.b0 + quint64(y)]; };
        for (qint64 d = 0; d <= maxD; ++d) {
            if (m_control.cancelled())
                return std::nullopt;
            if (m_spent >= m_budget)
                return false;
            std::vector<qint32> row(size_t(d + 1));
            for (qint64 k = -d; k <= d; k += 2) {
                qint64 x = (k == -d || (k != d && v[size_t(offset + k - 1)] < v[size_t(offset + k + 1)]))
                               ? v[size_t(offset + k + 1)]
                               : v[size_t(offset + k - 1)] + 1;
                qint64 y = x - k;
                while (x < n && y < m && equalAt(x, y))
                    ++x, ++y, ++m_spent;
                ++m_spent;
                v[size_t(offset + k)] = x;
                row[size_t((k + d) / 2)] = qint32(x);
                if (x >= n && y >= m) {
                    trace.push_back(std::move(row));
                    backtrack(s, trace, n, m);
                    return true;
                }
            }
            trace.push_back(std::move(row));
        }
        return false;
    }

    void backtrack(const Stretch& s, const std::vector<std::vector<qint32>>& trace, qint64 x, qint64 y)
    {
        for (qint64 d = qint64(trace.size()) - 1; d > 0; --d) {
            const auto& prev = trace[size_t(d - 1)];
            auto at = [&](qint64 k) { return qint64(prev[size_t((k + d - 1) / 2)]); };
            const qint64 k = x - y;
            const qint64 prevK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1;
            const qint64 prevX = at(prevK), prevY = prevX - prevK;
            while (x > prevX && y > prevY) {
                --x, --y;
                keep(s.a0 + quint64(x), s.b0 + quint64(y));
            }
            x = prevX;
            y = prevY;
        }
        while (x > 0 && y > 0) {
            --x, --y;
            keep(s.a0 + quint64(x), s.b0 + quint64(y));
        }
    }

    std::span<const quint64> m_a, m_b;
    const Control& m_control;
    qint64 m_budget;
    SequenceAlignment m_alignment;
    qint64 m_settled = 0; // records placed, for progress
    qint64 m_spent = 0;   // key comparisons of the shortest edit scripts so far
};

} // namespace

std::optional<SequenceAlignment> alignSequences(std::span<const quint64> a, std::span<const quint64> b,
                                                const Control& control, qint64 budget)
{
    return Aligner(a, b, control, budget).run();
}

} // namespace idx
