// RecordState: the recording calls the operations are made of, and the application of recorded edits (undo,
// redo, the checked replay of untrusted ones with its rollback).
#include "recordstate.h"

namespace idx {

RecordState::RecordState(TensorView base) : m_sources(std::move(base))
{
    if (m_sources.baseCount() > 0)
        m_order = RecordOrder({Segment{0, 0, m_sources.baseCount()}});
}

const uchar* RecordState::bytes(RecordKey key) const
{
    if (const QByteArray* changed = m_overlay.find(key))
        return reinterpret_cast<const uchar*>(changed->constData());
    return m_sources.bytes(key);
}

bool RecordState::isModified() const
{
    return !m_overlay.empty() || !m_order.isBaseOrder(m_sources.baseCount());
}

quint64 RecordState::heapBytes() const
{
    return m_order.heapBytes() + m_overlay.heapBytes() + m_sources.heapBytes();
}

void RecordState::addSources(const std::vector<Edit::NewSource>& sources, Edit& e)
{
    for (const Edit::NewSource& s : sources)
        e.addSource(s);
    (void)m_sources.add(sources);
}

void RecordState::splice(size_t at, size_t remove, std::vector<Segment> insert, Edit& e)
{
    Edit::Splice sp;
    sp.at = at;
    sp.before = m_order.splice(at, remove, insert);
    sp.after = std::move(insert);
    e.addStep(Edit::Step{std::move(sp), std::nullopt});
}

size_t RecordState::splitAt(quint64 position, Edit& e)
{
    if (position >= m_order.count())
        return m_order.segments().size();
    const RecordOrder::Located l = m_order.locate(position);
    if (l.offset == 0)
        return l.segment;
    const Segment s = m_order.segments()[l.segment];
    splice(l.segment, 1,
           {Segment{s.source, s.start, l.offset}, Segment{s.source, s.start + l.offset, s.count - l.offset}},
           e);
    return l.segment + 1;
}

void RecordState::setBytes(RecordKey key, std::optional<QByteArray> bytes, Edit& e)
{
    Edit::ModChange m;
    m.key = key;
    m.after = bytes;
    m.before = m_overlay.set(key, std::move(bytes));
    e.addStep(Edit::Step{std::nullopt, std::move(m)});
}

void RecordState::apply(const Edit::Step& s, bool forward)
{
    if (s.splice) {
        const auto& from = forward ? s.splice->before : s.splice->after;
        const auto& to = forward ? s.splice->after : s.splice->before;
        m_order.splice(size_t(s.splice->at), from.size(), to);
    }
    if (s.mod)
        m_overlay.set(s.mod->key, forward ? s.mod->after : s.mod->before);
}

void RecordState::undo(const Edit& e)
{
    const auto& steps = e.steps();
    for (auto it = steps.rbegin(); it != steps.rend(); ++it)
        apply(*it, false);
}

void RecordState::redo(const Edit& e)
{
    (void)m_sources.add(e.newSources());
    for (const Edit::Step& s : e.steps())
        apply(s, true);
}

bool RecordState::fits(const Edit::Step& s) const
{
    if (s.splice) {
        const Edit::Splice& sp = *s.splice;
        if (sp.at > m_order.segments().size() || !m_order.holds(size_t(sp.at), sp.before))
            return false;
        for (const Segment& seg : sp.after) {
            const auto size = m_sources.size(seg.source);
            if (!size || seg.count == 0 || seg.start > *size || seg.count > *size - seg.start)
                return false;
        }
    }
    if (s.mod) {
        const auto size = m_sources.size(s.mod->key.source);
        const QByteArray* now = m_overlay.find(s.mod->key);
        const bool sameBefore = now ? s.mod->before == *now : !s.mod->before;
        if (!size || s.mod->key.index >= *size || !sameBefore ||
            (s.mod->after && quint64(s.mod->after->size()) != m_sources.recordBytes()))
            return false;
    }
    return true;
}

bool RecordState::applyChecked(const Edit& e)
{
    if (!m_sources.accepts(e.newSources()))
        return false;
    const RecordSources::Added added = m_sources.add(e.newSources());
    const auto& steps = e.steps();
    size_t applied = 0;
    for (; applied < steps.size(); ++applied) {
        if (!fits(steps[applied]))
            break;
        apply(steps[applied], true);
    }
    if (applied == steps.size())
        return true;
    for (size_t k = applied; k-- > 0;)
        apply(steps[k], false);
    m_sources.remove(added);
    return false;
}

} // namespace idx
