// The run index of a record order (runindex_p.h).
#include "runindex_p.h"

#include <algorithm>

namespace idx::detail {

RunIndex indexOf(const std::vector<Segment>& segments)
{
    RunIndex index;
    quint64 pos = 0;
    for (const Segment& s : segments) {
        index[s.source].push_back(Run{s.start, s.count, pos});
        pos += s.count;
    }
    for (auto& [source, runs] : index)
        std::sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.start < b.start; });
    return index;
}

Found find(const RunIndex& index, RecordKey key)
{
    const auto it = index.find(key.source);
    if (it == index.end())
        return {};
    const std::vector<Run>& runs = it->second;
    const auto after = std::upper_bound(runs.begin(), runs.end(), key.index,
                                        [](quint64 i, const Run& r) { return i < r.start; });
    Found f;
    f.next = after == runs.end() ? nullptr : &*after;
    if (after != runs.begin() && key.index < std::prev(after)->start + std::prev(after)->count)
        f.run = &*std::prev(after);
    return f;
}

std::optional<quint64> positionOf(const RunIndex& index, RecordKey key)
{
    const Found f = find(index, key);
    return f.run ? std::optional<quint64>(f.run->pos + (key.index - f.run->start)) : std::nullopt;
}

} // namespace idx::detail
