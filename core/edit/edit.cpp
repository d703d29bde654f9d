// Edit: the merge of repeated edits, the inverse the journal logs for an undo, and the binary form the
// journal stores (versioned by the journal; deserialization refuses anything truncated or inconsistent in
// size).
#include "edit.h"

#include <QDataStream>
#include <QIODevice>

#include <algorithm>
#include <map>

namespace idx {

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

} // namespace idx
