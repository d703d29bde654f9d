// SavedFileEdits: the tensor's order and the replay's are kept side by side; an edit's splices are repeated
// on the replay at the same positions with the records they bring in carried as bytes (big-endian, as the
// saved file is read), then every record whose bytes the edit set is replaced there by its bytes now.
#include "savedfileedits.h"

#include "editabletensor.h"
#include "runindex_p.h"

#include <algorithm>
#include <set>

namespace idx {

using namespace detail;

namespace {
quint64 recordsIn(const std::vector<Segment>& segments)
{
    quint64 n = 0;
    for (const Segment& s : segments)
        n += s.count;
    return n;
}

// The records an edit took out of the order so far, each run of the tensor's identities beside the replay's
// identities of the same records: put back by a later step of the same edit (a move, the halves of a split),
// they are the replay's records again, not bytes. Keyed by the tensor's (source, start).
struct Taken {
    quint64 count = 0;
    quint32 replaySource = 0;
    quint64 replayStart = 0;
};
using TakenIndex = std::map<std::pair<quint32, quint64>, Taken>;

// Pairs the removed segments of the tensor with the replay's at the same positions, piece by piece.
void noteTaken(const std::vector<Segment>& edited, const std::vector<Segment>& replay, TakenIndex& taken)
{
    size_t i = 0, j = 0;
    quint64 inI = 0, inJ = 0; // records of edited[i] and replay[j] already paired
    while (i < edited.size() && j < replay.size()) {
        const quint64 n = std::min(edited[i].count - inI, replay[j].count - inJ);
        taken[{edited[i].source, edited[i].start + inI}] = Taken{n, replay[j].source, replay[j].start + inJ};
        inI += n;
        inJ += n;
        if (inI == edited[i].count) {
            ++i;
            inI = 0;
        }
        if (inJ == replay[j].count) {
            ++j;
            inJ = 0;
        }
    }
}

// The replay's identity of the tensor's record `key` when this edit took it out, with how many records after
// it follow in the same run; nullopt otherwise.
std::optional<std::pair<Segment, quint64>> takenAt(const TakenIndex& taken, RecordKey key)
{
    auto it = taken.upper_bound({key.source, key.index});
    if (it == taken.begin())
        return std::nullopt;
    --it;
    const auto& [from, t] = *it;
    if (from.first != key.source || key.index >= from.second + t.count)
        return std::nullopt;
    const quint64 offset = key.index - from.second;
    return std::pair{Segment{t.replaySource, t.replayStart + offset, t.count - offset}, t.count - offset};
}

void appendRun(std::vector<Segment>& to, Segment s)
{
    if (!to.empty() && to.back().source == s.source && to.back().start + to.back().count == s.start)
        to.back().count += s.count;
    else
        to.push_back(s);
}
} // namespace

SavedFileEdits::SavedFileEdits(const Edit& difference, quint64 savedRecords, const EditableTensor& tensor)
    : m_edited(tensor.segments())
{
    // A fresh tensor over the saved file holds its records in order; the difference splices them whole and
    // sets the bytes of some.
    std::vector<Segment> replay;
    if (savedRecords > 0)
        replay.push_back(Segment{0, 0, savedRecords});
    m_replay = RecordOrder(std::move(replay));
    for (const Edit::Step& step : difference.steps()) {
        if (step.splice && m_replay.holds(size_t(step.splice->at), step.splice->before))
            m_replay.splice(size_t(step.splice->at), step.splice->before.size(), step.splice->after);
        if (step.mod) {
            if (step.mod->after)
                m_replayBytes[step.mod->key] = *step.mod->after;
            else
                m_replayBytes.erase(step.mod->key);
        }
    }
    for (const Edit::NewSource& s : difference.newSources())
        m_nextSource = std::max(m_nextSource, s.id + 1);
}

size_t SavedFileEdits::splitReplay(quint64 position, Edit& out)
{
    if (position >= m_replay.count())
        return m_replay.segments().size();
    const RecordOrder::Located at = m_replay.locate(position);
    if (at.offset == 0)
        return at.segment;
    const Segment whole = m_replay.segments()[at.segment];
    std::vector<Segment> halves{Segment{whole.source, whole.start, at.offset},
                                Segment{whole.source, whole.start + at.offset, whole.count - at.offset}};
    m_replay.splice(at.segment, 1, halves);
    out.addStep(Edit::Step{Edit::Splice{at.segment, {whole}, std::move(halves)}, std::nullopt});
    return at.segment + 1;
}

std::optional<Edit> SavedFileEdits::translate(const Edit& edit, const EditableTensor& tensor)
{
    const quint64 recordBytes = tensor.recordBytes();
    if (recordBytes == 0)
        return std::nullopt; // records of no bytes: no chunk can carry them; the difference is as small
    // Where each record of the tensor is now: records brought in are carried with their bytes after the edit
    // (one brought in and taken out again is carried as zeros, and taken out again likewise).
    const RunIndex now = indexOf(tensor.segments());
    const quint32 source = m_nextSource;
    QByteArray chunk;
    quint64 carried = 0;
    std::set<quint64> carriedAt; // positions now whose records were carried with their bytes now
    TakenIndex taken;

    Edit out(edit.kind(), edit.record(), edit.element());
    std::vector<RecordKey> changed;
    for (const Edit::Step& step : edit.steps()) {
        if (step.mod)
            changed.push_back(step.mod->key);
        if (!step.splice)
            continue;
        const Edit::Splice& sp = *step.splice;
        if (!m_edited.holds(size_t(sp.at), sp.before))
            return std::nullopt;
        const quint64 position = m_edited.positionOf(size_t(sp.at));
        const quint64 removed = recordsIn(sp.before);
        if (position + removed > m_replay.count())
            return std::nullopt;
        // The replay's records at the same positions, split out.
        const size_t first = splitReplay(position, out);
        const size_t end = splitReplay(position + removed, out);
        const std::vector<Segment> before(m_replay.segments().begin() + qint64(first),
                                          m_replay.segments().begin() + qint64(end));
        noteTaken(sp.before, before, taken);
        std::vector<Segment> insert;
        for (const Segment& s : sp.after) {
            for (quint64 k = 0; k < s.count;) {
                const RecordKey key{s.source, s.start + k};
                if (const auto back = takenAt(taken, key)) { // a record this edit took out: the replay's
                    const quint64 n = std::min(back->second, s.count - k);
                    appendRun(insert, Segment{back->first.source, back->first.start, n});
                    k += n;
                    continue;
                }
                if (const std::optional<quint64> at = positionOf(now, key)) {
                    chunk += tensor.recordBigEndian(*at);
                    carriedAt.insert(*at);
                } else {
                    chunk += QByteArray(qsizetype(recordBytes), '\0');
                }
                appendRun(insert, Segment{source, carried++, 1});
                ++k;
            }
        }
        m_edited.splice(size_t(sp.at), sp.before.size(), sp.after);
        if (first != end || !insert.empty()) {
            m_replay.splice(first, end - first, insert);
            out.addStep(Edit::Step{Edit::Splice{first, before, std::move(insert)}, std::nullopt});
        }
    }
    if (m_edited.segments() != tensor.segments() || m_replay.count() != m_edited.count())
        return std::nullopt;
    // Records whose bytes the edit set, where they are now (unless carried, with those bytes already): the
    // replay's record there gets them as its overlay entry.
    for (const RecordKey key : changed) {
        const std::optional<quint64> at = positionOf(now, key);
        if (!at || carriedAt.count(*at) > 0)
            continue;
        const RecordKey replayKey = *m_replay.keyAt(*at);
        QByteArray bytes = tensor.recordBigEndian(*at);
        const auto known = m_replayBytes.find(replayKey);
        std::optional<QByteArray> before;
        if (known != m_replayBytes.end()) {
            if (known->second == bytes)
                continue;
            before = known->second;
        }
        m_replayBytes[replayKey] = bytes;
        out.addStep(
            Edit::Step{std::nullopt, Edit::ModChange{replayKey, std::move(before), std::move(bytes)}});
    }
    if (carried > 0) {
        out.addSource(
            Edit::NewSource{source, std::nullopt, std::make_shared<const QByteArray>(std::move(chunk))});
        ++m_nextSource;
    }
    return out;
}

} // namespace idx
