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
} // namespace

SavedFileEdits::SavedFileEdits(const Edit& difference, quint64 savedRecords, const EditableTensor& tensor)
    : m_edited(tensor.segments())
{
    // A fresh tensor over the saved file holds its records in order; the difference splices them whole.
    std::vector<Segment> replay;
    if (savedRecords > 0)
        replay.push_back(Segment{0, 0, savedRecords});
    m_replay = RecordOrder(std::move(replay));
    for (const Edit::Step& step : difference.steps())
        if (step.splice && m_replay.holds(size_t(step.splice->at), step.splice->before))
            m_replay.splice(size_t(step.splice->at), step.splice->before.size(), step.splice->after);
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

void SavedFileEdits::replaceReplay(quint64 position, quint64 count, const std::vector<Segment>& insert,
                                   Edit& out)
{
    if (count == 0 && insert.empty())
        return;
    const size_t first = splitReplay(position, out);
    const size_t end = splitReplay(position + count, out);
    const std::vector<Segment> before(m_replay.segments().begin() + qint64(first),
                                      m_replay.segments().begin() + qint64(end));
    m_replay.splice(first, end - first, insert);
    out.addStep(Edit::Step{Edit::Splice{first, before, insert}, std::nullopt});
}

std::optional<Edit> SavedFileEdits::translate(const Edit& edit, const EditableTensor& tensor)
{
    // Where each record of the tensor is now: the bytes carried are the records' bytes after the edit (a
    // record the edit brought in and took out again is carried as zeros, and taken out again likewise).
    const RunIndex now = indexOf(tensor.segments());
    const quint64 recordBytes = tensor.recordBytes();
    const quint32 source = m_nextSource;
    QByteArray chunk;
    quint64 carried = 0;
    std::set<quint64> carriedAt; // positions now whose records were carried with their bytes now
    const auto carry = [&](RecordKey key) {
        const std::optional<quint64> at = positionOf(now, key);
        if (at) {
            chunk += tensor.recordBigEndian(*at);
            carriedAt.insert(*at);
        } else {
            chunk += QByteArray(qsizetype(recordBytes), '\0');
        }
        return carried++;
    };

    Edit out(edit.kind(), edit.record(), edit.element());
    std::vector<RecordKey> changed;
    for (const Edit::Step& step : edit.steps()) {
        if (step.splice) {
            const Edit::Splice& sp = *step.splice;
            if (!m_edited.holds(size_t(sp.at), sp.before))
                return std::nullopt;
            const quint64 position = m_edited.positionOf(size_t(sp.at));
            const quint64 removed = recordsIn(sp.before);
            if (position + removed > m_replay.count())
                return std::nullopt;
            std::vector<Segment> insert;
            for (const Segment& s : sp.after) {
                if (s.count == 0)
                    continue;
                const quint64 first = carried;
                for (quint64 k = 0; k < s.count; ++k)
                    carry(RecordKey{s.source, s.start + k});
                if (!insert.empty() && insert.back().start + insert.back().count == first)
                    insert.back().count += s.count;
                else
                    insert.push_back(Segment{source, first, s.count});
            }
            m_edited.splice(size_t(sp.at), sp.before.size(), sp.after);
            replaceReplay(position, removed, insert, out);
        }
        if (step.mod)
            changed.push_back(step.mod->key);
    }
    // Records whose bytes the edit set, where they are now (unless carried already, with those bytes).
    for (const RecordKey key : changed) {
        const std::optional<quint64> at = positionOf(now, key);
        if (!at || carriedAt.count(*at) > 0)
            continue;
        const quint64 index = carry(key);
        replaceReplay(*at, 1, {Segment{source, index, 1}}, out);
    }
    if (m_edited.segments() != tensor.segments() || m_replay.count() != m_edited.count())
        return std::nullopt;
    if (carried > 0) {
        out.addSource(
            Edit::NewSource{source, std::nullopt, std::make_shared<const QByteArray>(std::move(chunk))});
        ++m_nextSource;
    }
    return out;
}

} // namespace idx
