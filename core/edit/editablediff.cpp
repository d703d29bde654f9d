// EditableTensor layouts and the difference from a saved layout: after a save the overlay stays relative to
// the original base (so the undo history goes on working), while a crash journal must replay onto the saved
// file. diffFrom expresses the current content in the saved file's terms.
#include "editabletensor.h"

#include <algorithm>

namespace idx {

namespace {

// Where the records of one source sit in a layout: [start, start + count) at positions [pos, pos + count).
// A record identity occurs at most once in a layout (duplicates get new sources), so runs never overlap.
struct Run {
    quint64 start = 0;
    quint64 count = 0;
    quint64 pos = 0;
};
using RunIndex = std::map<quint32, std::vector<Run>>;

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

struct Found {
    const Run* run = nullptr;  // the run holding the record
    const Run* next = nullptr; // else the first run of the source after it
};

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

} // namespace

TensorLayout EditableTensor::layout() const
{
    return TensorLayout{m_segs, m_mods, header()};
}

TensorLayout EditableTensor::baseLayout() const
{
    TensorLayout l;
    if (m_baseCount > 0)
        l.segments.push_back(Segment{0, 0, m_baseCount});
    l.header = m_base.header();
    return l;
}

bool EditableTensor::hasLayout(const TensorLayout& l) const
{
    return m_segs == l.segments && m_mods == l.mods;
}

Edit EditableTensor::diffFrom(const TensorLayout& saved) const
{
    const quint64 rb = recordBytes();
    const RunIndex inSaved = indexOf(saved.segments);
    quint64 savedCount = 0;
    for (const Segment& s : saved.segments)
        savedCount += s.count;
    // A tensor over the saved file reads it big-endian (saves write big-endian), so the edit carries
    // big-endian bytes. toStored swaps the elements of little-endian data: the same swap turns this
    // tensor's stored bytes big-endian.
    const auto bigEndian = [this](QByteArrayView stored) { return toStored(stored); };

    constexpr quint32 kChunk = 1; // the first source a fresh tensor hands out
    QByteArray chunk;
    quint64 chunkRecords = 0;
    std::vector<Segment> after;
    const auto append = [&after](Segment s) {
        if (!after.empty() && after.back().source == s.source &&
            after.back().start + after.back().count == s.start)
            after.back().count += s.count;
        else
            after.push_back(s);
    };
    quint64 pos = 0;
    for (const Segment& s : m_segs) {
        const quint64 end = s.start + s.count;
        for (quint64 i = s.start; i < end;) {
            const Found f = find(inSaved, RecordKey{s.source, i});
            if (f.run) { // in the file: a run of it
                const quint64 n = std::min(end, f.run->start + f.run->count) - i;
                append(Segment{0, f.run->pos + (i - f.run->start), n});
                i += n;
                continue;
            }
            // Not in the file (inserted or duplicated since the save, or deleted before it and restored by
            // an undo): carried as bytes, as they are now.
            const quint64 n = std::min(end, f.next ? f.next->start : end) - i;
            for (quint64 k = 0; k < n; ++k)
                chunk += bigEndian(QByteArrayView(
                    reinterpret_cast<const char*>(recordBytes(pos + (i - s.start) + k)), qsizetype(rb)));
            append(Segment{kChunk, chunkRecords, n});
            chunkRecords += n;
            i += n;
        }
        pos += s.count;
    }

    Edit e;
    e.m_kind = Edit::Kind::Compound;
    if (chunkRecords > 0) {
        e.m_sources.push_back(
            Edit::NewSource{kChunk, std::nullopt, std::make_shared<const QByteArray>(std::move(chunk))});
    }
    std::vector<Segment> before;
    if (savedCount > 0)
        before.push_back(Segment{0, 0, savedCount});
    if (before != after)
        e.m_steps.push_back(Edit::Step{Edit::Splice{0, std::move(before), std::move(after)}, std::nullopt});

    // Records of the file whose bytes changed since (or were changed in the file and restored since).
    const RunIndex inCurrent = indexOf(m_segs);
    const auto consider = [&](RecordKey key) {
        const auto now = m_mods.find(key);
        const auto then = saved.mods.find(key);
        const bool same = (now == m_mods.end()) == (then == saved.mods.end()) &&
                          (now == m_mods.end() || now->second == then->second);
        if (same)
            return;
        const auto inFile = positionOf(inSaved, key);
        if (!inFile || !positionOf(inCurrent, key))
            return; // not in the file (carried in the chunk) or not in the tensor any more
        const QByteArray stored =
            now != m_mods.end() ? now->second
                                : QByteArray(reinterpret_cast<const char*>(sourceBytes(key)), qsizetype(rb));
        Edit::ModChange m;
        m.key = RecordKey{0, *inFile};
        m.after = bigEndian(stored);
        e.m_steps.push_back(Edit::Step{std::nullopt, std::move(m)});
    };
    for (const auto& [key, bytes] : m_mods)
        consider(key);
    for (const auto& [key, bytes] : saved.mods)
        if (m_mods.count(key) == 0)
            consider(key);
    return e;
}

} // namespace idx
