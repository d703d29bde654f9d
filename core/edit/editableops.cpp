// EditableTensor operations (each recorded as an exact, invertible Edit), the Edit helpers (merge, inverse,
// serialization for the journal) and EditablePair, which keeps images and labels aligned.
#include "editabletensor.h"

#include <QCoreApplication>
#include <QDataStream>
#include <QIODevice>

#include <algorithm>
#include <cstring>
#include <set>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};
} // namespace

// ---- Edit ----------------------------------------------------------------------------------------------

bool Edit::isNoop() const
{
    std::map<RecordKey, std::pair<std::optional<QByteArray>, std::optional<QByteArray>>> net;
    for (const Step& s : m_steps) {
        if (s.splice && s.splice->before != s.splice->after)
            return false;
        if (s.mod) {
            auto it = net.find(s.mod->key);
            if (it == net.end())
                net.emplace(s.mod->key, std::pair(s.mod->before, s.mod->after));
            else
                it->second.second = s.mod->after;
        }
    }
    return std::all_of(net.begin(), net.end(),
                       [](const auto& kv) { return kv.second.first == kv.second.second; });
}

void Edit::append(const Edit& next)
{
    if (m_kind == Kind::None) {
        m_kind = next.m_kind;
        m_record = next.m_record;
        m_element = next.m_element;
    } else if (m_kind != next.m_kind || m_record != next.m_record || m_element != next.m_element) {
        m_kind = Kind::Compound;
    }
    m_sources.insert(m_sources.end(), next.m_sources.begin(), next.m_sources.end());
    m_steps.insert(m_steps.end(), next.m_steps.begin(), next.m_steps.end());
}

Edit Edit::inverted() const
{
    Edit e = *this;
    std::reverse(e.m_steps.begin(), e.m_steps.end());
    for (Step& s : e.m_steps) {
        if (s.splice)
            std::swap(s.splice->before, s.splice->after);
        if (s.mod)
            std::swap(s.mod->before, s.mod->after);
    }
    return e;
}

namespace {
constexpr quint8 kStepSplice = 1;
constexpr quint8 kStepMod = 2;

void putSegments(QDataStream& ds, const std::vector<Segment>& v)
{
    ds << quint64(v.size());
    for (const Segment& s : v)
        ds << s.source << s.start << s.count;
}

bool getSegments(QDataStream& ds, std::vector<Segment>& v, qsizetype budget)
{
    quint64 n = 0;
    ds >> n;
    if (ds.status() != QDataStream::Ok || n > quint64(budget) / 20)
        return false;
    v.resize(size_t(n));
    for (Segment& s : v)
        ds >> s.source >> s.start >> s.count;
    return ds.status() == QDataStream::Ok;
}

void putOptional(QDataStream& ds, const std::optional<QByteArray>& b)
{
    ds << bool(b);
    if (b)
        ds << *b;
}

bool getOptional(QDataStream& ds, std::optional<QByteArray>& b)
{
    bool has = false;
    ds >> has;
    if (has) {
        QByteArray bytes;
        ds >> bytes;
        b = std::move(bytes);
    } else {
        b.reset();
    }
    return ds.status() == QDataStream::Ok;
}
} // namespace

QByteArray Edit::serialize() const
{
    QByteArray out;
    QDataStream ds(&out, QIODevice::WriteOnly);
    ds.setVersion(QDataStream::Qt_6_0);
    ds << quint8(m_kind) << m_record << m_element << quint64(m_sources.size());
    for (const NewSource& s : m_sources) {
        ds << s.id << bool(s.aliasOf) << s.aliasOf.value_or(0) << bool(s.chunk);
        if (s.chunk)
            ds << *s.chunk;
    }
    ds << quint64(m_steps.size());
    for (const Step& s : m_steps) {
        ds << quint8((s.splice ? kStepSplice : 0) | (s.mod ? kStepMod : 0));
        if (s.splice) {
            ds << s.splice->at;
            putSegments(ds, s.splice->before);
            putSegments(ds, s.splice->after);
        }
        if (s.mod) {
            ds << s.mod->key.source << s.mod->key.index;
            putOptional(ds, s.mod->before);
            putOptional(ds, s.mod->after);
        }
    }
    return out;
}

std::optional<Edit> Edit::deserialize(QByteArrayView bytes)
{
    const QByteArray copy = bytes.toByteArray();
    QDataStream ds(copy);
    ds.setVersion(QDataStream::Qt_6_0);
    Edit e;
    quint8 kind = 0;
    quint64 nSources = 0;
    ds >> kind >> e.m_record >> e.m_element >> nSources;
    if (ds.status() != QDataStream::Ok || kind > quint8(Kind::Compound) || nSources > quint64(copy.size()))
        return std::nullopt;
    e.m_kind = Kind(kind);
    for (quint64 k = 0; k < nSources; ++k) {
        NewSource s;
        bool hasAlias = false, hasChunk = false;
        quint32 alias = 0;
        ds >> s.id >> hasAlias >> alias >> hasChunk;
        if (hasAlias)
            s.aliasOf = alias;
        if (hasChunk) {
            QByteArray chunk;
            ds >> chunk;
            s.chunk = std::make_shared<const QByteArray>(std::move(chunk));
        }
        if (ds.status() != QDataStream::Ok)
            return std::nullopt;
        e.m_sources.push_back(std::move(s));
    }
    quint64 nSteps = 0;
    ds >> nSteps;
    if (ds.status() != QDataStream::Ok || nSteps > quint64(copy.size()))
        return std::nullopt;
    for (quint64 k = 0; k < nSteps; ++k) {
        Step s;
        quint8 flags = 0;
        ds >> flags;
        if (flags & kStepSplice) {
            Splice sp;
            ds >> sp.at;
            if (!getSegments(ds, sp.before, copy.size()) || !getSegments(ds, sp.after, copy.size()))
                return std::nullopt;
            s.splice = std::move(sp);
        }
        if (flags & kStepMod) {
            ModChange m;
            ds >> m.key.source >> m.key.index;
            if (!getOptional(ds, m.before) || !getOptional(ds, m.after))
                return std::nullopt;
            s.mod = std::move(m);
        }
        if (ds.status() != QDataStream::Ok || (flags & ~(kStepSplice | kStepMod)) != 0)
            return std::nullopt;
        e.m_steps.push_back(std::move(s));
    }
    if (!ds.atEnd())
        return std::nullopt;
    return e;
}

// ---- EditableTensor operations ----------------------------------------------------------------------------

void EditableTensor::doSplice(quint64 at, size_t remove, std::vector<Segment> insert, Edit& e)
{
    Edit::Splice sp;
    sp.at = at;
    sp.before.assign(m_segs.begin() + qint64(at), m_segs.begin() + qint64(at + remove));
    sp.after = std::move(insert);
    applySplice(at, remove, sp.after);
    e.m_steps.push_back(Edit::Step{std::move(sp), std::nullopt});
}

quint64 EditableTensor::splitAt(quint64 pos, Edit& e)
{
    if (pos >= m_count)
        return m_segs.size();
    const Located l = locate(pos);
    if (l.offset == 0)
        return l.seg;
    const Segment s = m_segs[l.seg];
    doSplice(
        l.seg, 1,
        {Segment{s.source, s.start, l.offset}, Segment{s.source, s.start + l.offset, s.count - l.offset}}, e);
    return l.seg + 1;
}

void EditableTensor::doMod(RecordKey key, std::optional<QByteArray> after, Edit& e)
{
    Edit::ModChange m;
    m.key = key;
    const auto it = m_mods.find(key);
    if (it != m_mods.end())
        m.before = it->second;
    m.after = std::move(after);
    if (m.after)
        m_mods[key] = *m.after;
    else
        m_mods.erase(key);
    e.m_steps.push_back(Edit::Step{std::nullopt, std::move(m)});
}

QString EditableTensor::checkRange(quint64 first, quint64 count) const
{
    if (m_base.header().ndim() == 0)
        return Tr::tr("a scalar has no records to rearrange");
    if (count == 0)
        return Tr::tr("no records given");
    if (first >= m_count || count > m_count - first)
        return Tr::tr("records %1..%2 are out of range (the tensor has %3 records)")
            .arg(first)
            .arg(first + count - 1)
            .arg(m_count);
    return {};
}

EditResult EditableTensor::setElement(quint64 record, quint64 element, double v)
{
    const auto key = keyAt(record);
    if (!key)
        return {std::nullopt,
                Tr::tr("record %1 is out of range (the tensor has %2 records)").arg(record).arg(m_count)};
    if (element >= recordElements())
        return {std::nullopt, Tr::tr("element %1 is out of range (a record has %2 elements)")
                                  .arg(element)
                                  .arg(recordElements())};
    if (QString why = checkValue(dtype(), v); !why.isEmpty())
        return {std::nullopt, why};
    const int es = elementSize(dtype());
    const uchar* cur = recordBytes(record);
    QByteArray bytes(reinterpret_cast<const char*>(cur), qsizetype(recordBytes()));
    auto* p = reinterpret_cast<uchar*>(bytes.data()) + element * quint64(es);
    encodeElement(p, dtype(), v);
    if (byteOrder() == ByteOrder::Little)
        std::reverse(p, p + es);
    Edit e;
    e.m_kind = Edit::Kind::SetElement;
    e.m_record = record;
    e.m_element = element;
    const bool same = std::memcmp(bytes.constData(), sourceBytes(*key), size_t(recordBytes())) == 0;
    doMod(*key, same ? std::nullopt : std::optional<QByteArray>(bytes), e);
    return {std::move(e), {}};
}

EditResult EditableTensor::setRecord(quint64 record, QByteArrayView bytes)
{
    const auto key = keyAt(record);
    if (!key)
        return {std::nullopt,
                Tr::tr("record %1 is out of range (the tensor has %2 records)").arg(record).arg(m_count)};
    if (quint64(bytes.size()) != recordBytes())
        return {std::nullopt,
                Tr::tr("the record needs %1 bytes but %2 were given").arg(recordBytes()).arg(bytes.size())};
    QByteArray stored = toStored(bytes);
    Edit e;
    e.m_kind = Edit::Kind::SetRecord;
    e.m_record = record;
    const bool same = std::memcmp(stored.constData(), sourceBytes(*key), size_t(recordBytes())) == 0;
    doMod(*key, same ? std::nullopt : std::optional<QByteArray>(std::move(stored)), e);
    return {std::move(e), {}};
}

EditResult EditableTensor::deleteRecords(quint64 first, quint64 count)
{
    if (QString why = checkRange(first, count); !why.isEmpty())
        return {std::nullopt, why};
    Edit e;
    e.m_kind = Edit::Kind::Delete;
    e.m_record = first;
    const quint64 a = splitAt(first, e);
    const quint64 b = splitAt(first + count, e);
    doSplice(a, size_t(b - a), {}, e);
    return {std::move(e), {}};
}

EditResult EditableTensor::insertRecords(quint64 at, QByteArrayView bytes)
{
    const quint64 rb = recordBytes();
    if (m_base.header().ndim() == 0)
        return {std::nullopt, Tr::tr("a scalar has no records to rearrange")};
    if (at > m_count)
        return {std::nullopt,
                Tr::tr("position %1 is out of range (the tensor has %2 records)").arg(at).arg(m_count)};
    if (rb == 0 || bytes.isEmpty() || quint64(bytes.size()) % rb != 0)
        return {std::nullopt, Tr::tr("%1 bytes are not whole records of %2 bytes").arg(bytes.size()).arg(rb)};
    Edit e;
    e.m_kind = Edit::Kind::Insert;
    e.m_record = at;
    const quint32 id = m_nextSource;
    e.m_sources.push_back(
        Edit::NewSource{id, std::nullopt, std::make_shared<const QByteArray>(toStored(bytes))});
    registerSources(e);
    const quint64 pos = splitAt(at, e);
    doSplice(pos, 0, {Segment{id, 0, quint64(bytes.size()) / rb}}, e);
    return {std::move(e), {}};
}

EditResult EditableTensor::duplicateRecords(quint64 first, quint64 count)
{
    if (QString why = checkRange(first, count); !why.isEmpty())
        return {std::nullopt, why};
    Edit e;
    e.m_kind = Edit::Kind::Duplicate;
    e.m_record = first;
    const quint64 a = splitAt(first, e);
    const quint64 b = splitAt(first + count, e);
    std::map<quint32, quint32> aliasFor;
    std::vector<Segment> copies;
    for (quint64 k = a; k < b; ++k) {
        const Segment s = m_segs[k];
        auto it = aliasFor.find(s.source);
        if (it == aliasFor.end()) {
            quint32 root = s.source;
            if (root != 0) {
                const Source& src = m_sources.at(root);
                if (src.alias)
                    root = *src.alias;
            }
            const quint32 id = m_nextSource + quint32(aliasFor.size());
            e.m_sources.push_back(Edit::NewSource{id, root, nullptr});
            it = aliasFor.emplace(s.source, id).first;
        }
        copies.push_back(Segment{it->second, s.start, s.count});
    }
    registerSources(e);
    // The copies carry the edited bytes of their originals.
    for (const Segment& s : std::vector<Segment>(m_segs.begin() + qint64(a), m_segs.begin() + qint64(b))) {
        const quint32 id = aliasFor.at(s.source);
        std::vector<std::pair<RecordKey, QByteArray>> found;
        for (auto it = m_mods.lower_bound(RecordKey{s.source, s.start});
             it != m_mods.end() && it->first < RecordKey{s.source, s.start + s.count}; ++it)
            found.emplace_back(RecordKey{id, it->first.index}, it->second);
        for (auto& [key, bytes] : found)
            doMod(key, bytes, e);
    }
    doSplice(b, 0, std::move(copies), e);
    return {std::move(e), {}};
}

EditResult EditableTensor::moveRecords(quint64 first, quint64 count, quint64 to)
{
    if (QString why = checkRange(first, count); !why.isEmpty())
        return {std::nullopt, why};
    if (to > m_count - count)
        return {std::nullopt, Tr::tr("cannot move %1 records to position %2 (the tensor has %3 records)")
                                  .arg(count)
                                  .arg(to)
                                  .arg(m_count)};
    Edit e;
    e.m_kind = Edit::Kind::Move;
    e.m_record = first;
    if (to == first)
        return {std::move(e), {}};
    const quint64 a = splitAt(first, e);
    const quint64 b = splitAt(first + count, e);
    std::vector<Segment> pieces(m_segs.begin() + qint64(a), m_segs.begin() + qint64(b));
    doSplice(a, size_t(b - a), {}, e);
    const quint64 pos = splitAt(to, e);
    doSplice(pos, 0, std::move(pieces), e);
    return {std::move(e), {}};
}

// ---- EditablePair
// -------------------------------------------------------------------------------------------

QString EditablePair::checkAligned() const
{
    if (m_images && m_labels && m_images->recordCount() != m_labels->recordCount())
        return Tr::tr("the images have %1 records but the labels %2")
            .arg(m_images->recordCount())
            .arg(m_labels->recordCount());
    return {};
}

template <typename Op> EditablePair::PairResult EditablePair::both(Op op)
{
    if (QString why = checkAligned(); !why.isEmpty())
        return {std::nullopt, why};
    PairEdit pe;
    if (m_images) {
        EditResult r = op(*m_images, true);
        if (!r)
            return {std::nullopt, r.error};
        pe.images = std::move(r.edit);
    }
    if (m_labels) {
        EditResult r = op(*m_labels, false);
        if (!r) {
            if (pe.images)
                m_images->undo(*pe.images);
            return {std::nullopt, r.error};
        }
        pe.labels = std::move(r.edit);
    }
    return {std::move(pe), {}};
}

EditablePair::PairResult EditablePair::deleteRecords(quint64 first, quint64 count)
{
    return both([&](EditableTensor& t, bool) { return t.deleteRecords(first, count); });
}

EditablePair::PairResult EditablePair::insertRecords(quint64 at, QByteArrayView imageBytes,
                                                     QByteArrayView labelBytes)
{
    if (m_images && m_labels && m_images->recordBytes() > 0 && m_labels->recordBytes() > 0 &&
        quint64(imageBytes.size()) / m_images->recordBytes() !=
            quint64(labelBytes.size()) / m_labels->recordBytes())
        return {std::nullopt, Tr::tr("the inserted images and labels hold different numbers of records")};
    return both([&](EditableTensor& t, bool images) {
        return t.insertRecords(at, images ? imageBytes : labelBytes);
    });
}

EditablePair::PairResult EditablePair::duplicateRecords(quint64 first, quint64 count)
{
    return both([&](EditableTensor& t, bool) { return t.duplicateRecords(first, count); });
}

EditablePair::PairResult EditablePair::moveRecords(quint64 first, quint64 count, quint64 to)
{
    return both([&](EditableTensor& t, bool) { return t.moveRecords(first, count, to); });
}

void EditablePair::undo(const PairEdit& e)
{
    if (m_labels && e.labels)
        m_labels->undo(*e.labels);
    if (m_images && e.images)
        m_images->undo(*e.images);
}

void EditablePair::redo(const PairEdit& e)
{
    if (m_images && e.images)
        m_images->redo(*e.images);
    if (m_labels && e.labels)
        m_labels->redo(*e.labels);
}

} // namespace idx
