// layoutDiff: the records of the tensor now found in the saved file by runs of identities (never record by
// record), the rest carried as bytes, and the overlay entries that differ from the file's.
#include "layoutdiff.h"
#include "recordstate.h"
#include "runindex_p.h"

#include <algorithm>

namespace idx {

using namespace detail;

Edit layoutDiff(const TensorLayout& saved, const RecordState& now)
{
    const RecordSources& sources = now.sources();
    const quint64 rb = sources.recordBytes();
    const std::vector<Segment>& segments = now.order().segments();
    const RecordOverlay::Entries& mods = now.overlay().entries();
    const RunIndex inSaved = indexOf(saved.segments);
    quint64 savedCount = 0;
    for (const Segment& s : saved.segments)
        savedCount += s.count;
    // A tensor over the saved file reads it big-endian (saves write big-endian), so the edit carries
    // big-endian bytes.
    const auto bigEndian = [&](const uchar* stored) {
        return sources.toBigEndian(QByteArrayView(reinterpret_cast<const char*>(stored), qsizetype(rb)));
    };

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
    for (const Segment& s : segments) {
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
                chunk += bigEndian(now.bytes(RecordKey{s.source, i + k}));
            append(Segment{kChunk, chunkRecords, n});
            chunkRecords += n;
            i += n;
        }
    }

    Edit e(Edit::Kind::Compound);
    if (chunkRecords > 0)
        e.addSource(
            Edit::NewSource{kChunk, std::nullopt, std::make_shared<const QByteArray>(std::move(chunk))});
    std::vector<Segment> before;
    if (savedCount > 0)
        before.push_back(Segment{0, 0, savedCount});
    if (before != after)
        e.addStep(Edit::Step{Edit::Splice{0, std::move(before), std::move(after)}, std::nullopt});

    // Records of the file whose bytes changed since (or were changed in the file and restored since).
    const RunIndex inCurrent = indexOf(segments);
    const auto consider = [&](RecordKey key) {
        const auto nowIt = mods.find(key);
        const auto then = saved.mods.find(key);
        const bool same = (nowIt == mods.end()) == (then == saved.mods.end()) &&
                          (nowIt == mods.end() || nowIt->second == then->second);
        if (same)
            return;
        const auto inFile = positionOf(inSaved, key);
        if (!inFile || !positionOf(inCurrent, key))
            return; // not in the file (carried in the chunk) or not in the tensor any more
        Edit::ModChange m;
        m.key = RecordKey{0, *inFile};
        m.after = bigEndian(now.bytes(key));
        e.addStep(Edit::Step{std::nullopt, std::move(m)});
    };
    for (const auto& [key, bytes] : mods)
        consider(key);
    for (const auto& [key, bytes] : saved.mods)
        if (mods.count(key) == 0)
            consider(key);
    return e;
}

} // namespace idx
