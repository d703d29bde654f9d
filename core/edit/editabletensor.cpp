// EditableTensor: segment bookkeeping, record access, value checks and undo/redo of recorded edits.
// The operations themselves (set, delete, insert, duplicate, move) are in editableops.cpp.
#include "editabletensor.h"
#include "numbertext.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

} // namespace

EditableTensor::EditableTensor(TensorView base) : m_base(std::move(base))
{
    m_baseCount = m_base.availableRecords();
    m_baseKeep = std::make_shared<const TensorView>(m_base);
    if (m_baseCount > 0)
        m_segs.push_back(Segment{0, 0, m_baseCount});
    rebuildIndex();
}

Header EditableTensor::header() const
{
    Header h = m_base.header();
    if (h.dims.empty())
        return h;
    auto dims = h.dims;
    dims[0] = m_count;
    if (auto made = Header::make(h.dtype, dims)) {
        made->typeCode = h.typeCode;
        return *made;
    }
    return h;
}

void EditableTensor::rebuildIndex()
{
    m_starts.resize(m_segs.size());
    quint64 pos = 0;
    for (size_t k = 0; k < m_segs.size(); ++k) {
        m_starts[k] = pos;
        pos += m_segs[k].count;
    }
    m_count = pos;
}

EditableTensor::Located EditableTensor::locate(quint64 i) const
{
    const auto it = std::upper_bound(m_starts.begin(), m_starts.end(), i);
    const size_t k = size_t(it - m_starts.begin()) - 1;
    return {k, i - m_starts[k]};
}

std::optional<RecordKey> EditableTensor::keyAt(quint64 i) const
{
    if (i >= m_count)
        return std::nullopt;
    const Located l = locate(i);
    const Segment& s = m_segs[l.seg];
    return RecordKey{s.source, s.start + l.offset};
}

std::optional<quint64> EditableTensor::baseIndexAt(quint64 i) const
{
    const auto key = keyAt(i);
    if (!key || key->source != 0)
        return std::nullopt;
    return key->index;
}

bool EditableTensor::isRecordModified(quint64 i) const
{
    const auto key = keyAt(i);
    return key && m_mods.count(*key) > 0;
}

const uchar* EditableTensor::sourceBytes(RecordKey key) const
{
    quint32 source = key.source;
    if (source != 0) {
        const auto it = m_sources.find(source);
        if (it == m_sources.end())
            return nullptr;
        if (it->second.alias)
            source = *it->second.alias;
    }
    if (source == 0)
        return m_base.recordData(key.index);
    const auto it = m_sources.find(source);
    if (it == m_sources.end() || !it->second.chunk)
        return nullptr;
    return reinterpret_cast<const uchar*>(it->second.chunk->constData()) + key.index * recordBytes();
}

bool EditableTensor::inBase(quint32 source) const
{
    if (source == 0)
        return true;
    const auto it = m_sources.find(source);
    return it != m_sources.end() && it->second.alias && *it->second.alias == 0;
}

std::shared_ptr<const void> EditableTensor::sourceKeepAlive(quint32 source) const
{
    if (source != 0) {
        const auto it = m_sources.find(source);
        if (it != m_sources.end() && it->second.alias)
            source = *it->second.alias;
    }
    if (source == 0)
        return m_baseKeep;
    const auto it = m_sources.find(source);
    return it == m_sources.end() ? nullptr : it->second.chunk;
}

const uchar* EditableTensor::recordBytes(quint64 i) const
{
    const auto key = keyAt(i);
    if (!key)
        return nullptr;
    const auto mod = m_mods.find(*key);
    if (mod != m_mods.end())
        return reinterpret_cast<const uchar*>(mod->second.constData());
    return sourceBytes(*key);
}

double EditableTensor::value(quint64 record, quint64 element) const
{
    const uchar* p = recordBytes(record);
    if (!p || element >= recordElements())
        return std::nan("");
    return decodeElement(p + element * quint64(elementSize(dtype())), dtype(), byteOrder());
}

TensorView EditableTensor::recordView(quint64 i) const
{
    const auto key = keyAt(i);
    if (!key)
        return {};
    Header h = m_base.header();
    if (!h.dims.empty()) {
        auto dims = h.dims;
        dims[0] = 1;
        h = Header::make(h.dtype, dims).value_or(h);
        h.typeCode = m_base.header().typeCode;
    }
    const auto mod = m_mods.find(*key);
    if (mod != m_mods.end()) {
        auto keep = std::make_shared<const QByteArray>(mod->second); // shares the data, no copy
        const auto* p = reinterpret_cast<const uchar*>(keep->constData());
        return TensorView(h, p, quint64(keep->size()), keep, byteOrder());
    }
    return TensorView(h, sourceBytes(*key), recordBytes(), sourceKeepAlive(key->source), byteOrder());
}

TensorView EditableTensor::materialize(quint64 first, quint64 count) const
{
    first = std::min(first, m_count);
    count = std::min(count, m_count - first);
    const quint64 rb = recordBytes();
    auto bytes = std::make_shared<QByteArray>(qsizetype(count * rb), Qt::Uninitialized);
    for (quint64 k = 0; k < count; ++k)
        std::memcpy(bytes->data() + k * rb, recordBytes(first + k), size_t(rb));
    Header h = m_base.header();
    if (!h.dims.empty()) {
        auto dims = h.dims;
        dims[0] = count;
        h = Header::make(h.dtype, dims).value_or(h);
        h.typeCode = m_base.header().typeCode;
    }
    const auto* p = reinterpret_cast<const uchar*>(bytes->constData());
    return TensorView(h, p, quint64(bytes->size()), bytes, byteOrder());
}

TensorView EditableTensor::snapshot() const
{
    if (!isModified() && m_base.isComplete())
        return m_base;
    return materialize(0, m_count);
}

TensorPieces EditableTensor::pieces() const
{
    const Header& base = m_base.header();
    if (base.dims.empty())
        return TensorPieces(snapshot()); // a scalar: one element
    const quint64 rb = recordBytes();
    const auto headerOf = [&](quint64 records) {
        auto dims = base.dims;
        dims[0] = records;
        Header h = Header::make(base.dtype, dims).value_or(base);
        h.typeCode = base.typeCode;
        return h;
    };
    const Header one = headerOf(1);
    std::vector<TensorView> out;
    for (const Segment& s : m_segs) {
        // Runs of records without overlay entries are contiguous in their source: one piece per run.
        auto mod = m_mods.lower_bound(RecordKey{s.source, s.start});
        quint64 i = 0;
        while (i < s.count) {
            const bool edited =
                mod != m_mods.end() && mod->first.source == s.source && mod->first.index < s.start + s.count;
            const quint64 nextMod = edited ? mod->first.index - s.start : s.count;
            if (nextMod > i) {
                // Runs of the file are views of the base (a mapping stays one, so scans over them release the
                // pages they read); runs of inserted records point into their chunk.
                out.push_back(inBase(s.source)
                                  ? m_base.records(s.start + i, nextMod - i)
                                  : TensorView(headerOf(nextMod - i),
                                               sourceBytes(RecordKey{s.source, s.start + i}),
                                               (nextMod - i) * rb, sourceKeepAlive(s.source), byteOrder()));
                i = nextMod;
                continue;
            }
            auto keep = std::make_shared<const QByteArray>(mod->second); // shares the bytes, no copy
            out.emplace_back(one, reinterpret_cast<const uchar*>(keep->constData()), rb, keep, byteOrder());
            ++mod;
            ++i;
        }
    }
    return TensorPieces(header(), byteOrder(), std::move(out));
}

bool EditableTensor::isModified() const
{
    if (!m_mods.empty())
        return true;
    quint64 next = 0;
    for (const Segment& s : m_segs) {
        if (s.source != 0 || s.start != next)
            return true;
        next += s.count;
    }
    return next != m_baseCount;
}

quint64 EditableTensor::overlayBytes() const
{
    quint64 n = quint64(m_segs.capacity() * sizeof(Segment) + m_starts.capacity() * sizeof(quint64));
    for (const auto& [key, bytes] : m_mods)
        n += quint64(bytes.size()) + sizeof(RecordKey) + 32; // + map node overhead, roughly
    for (const auto& [id, source] : m_sources)
        n += 48 + (source.chunk && !source.alias ? quint64(source.chunk->size()) : 0);
    return n;
}

QString EditableTensor::checkValue(DType t, double v)
{
    if (isFloat(t)) {
        if (t == DType::Float32 && std::isfinite(v) &&
            std::abs(v) > double(std::numeric_limits<float>::max()))
            return Tr::tr("value %1 is out of range for float32 (±%2)")
                .arg(numberText(v), numberText(double(std::numeric_limits<float>::max())));
        return {};
    }
    if (std::isnan(v))
        return Tr::tr("value nan is not a number; %1 holds whole numbers").arg(dtypeName(t));
    if (!std::isfinite(v) || v < dtypeLowest(t) || v > dtypeMax(t))
        return Tr::tr("value %1 is out of range for %2 (%3..%4)")
            .arg(numberText(v), dtypeName(t), numberText(dtypeLowest(t)), numberText(dtypeMax(t)));
    if (v != std::trunc(v))
        return Tr::tr("value %1 is not a whole number; %2 holds whole numbers only")
            .arg(numberText(v), dtypeName(t));
    return {};
}

QByteArray EditableTensor::toStored(QByteArrayView bigEndian) const
{
    QByteArray out = bigEndian.toByteArray();
    const int es = elementSize(dtype());
    if (byteOrder() == ByteOrder::Little && es > 1) {
        for (qsizetype k = 0; k + es <= out.size(); k += es)
            std::reverse(out.data() + k, out.data() + k + es);
    }
    return out;
}

void EditableTensor::registerSources(const Edit& e)
{
    for (const Edit::NewSource& s : e.m_sources) {
        if (m_sources.count(s.id) == 0)
            m_sources.emplace(s.id, Source{s.aliasOf, s.chunk});
        m_nextSource = std::max(m_nextSource, s.id + 1);
    }
}

void EditableTensor::applySplice(quint64 at, size_t remove, const std::vector<Segment>& insert)
{
    const auto first = m_segs.begin() + qint64(at);
    m_segs.erase(first, first + qint64(remove));
    m_segs.insert(m_segs.begin() + qint64(at), insert.begin(), insert.end());
    rebuildIndex();
}

void EditableTensor::applyStep(const Edit::Step& s, bool forward)
{
    if (s.splice) {
        const auto& from = forward ? s.splice->before : s.splice->after;
        const auto& to = forward ? s.splice->after : s.splice->before;
        applySplice(s.splice->at, from.size(), to);
    }
    if (s.mod) {
        const auto& value = forward ? s.mod->after : s.mod->before;
        if (value)
            m_mods[s.mod->key] = *value;
        else
            m_mods.erase(s.mod->key);
    }
}

void EditableTensor::undo(const Edit& edit)
{
    for (auto it = edit.m_steps.rbegin(); it != edit.m_steps.rend(); ++it)
        applyStep(*it, false);
}

void EditableTensor::redo(const Edit& edit)
{
    registerSources(edit);
    for (const Edit::Step& s : edit.m_steps)
        applyStep(s, true);
}

bool EditableTensor::applyChecked(const Edit& edit)
{
    const quint64 rb = recordBytes();
    const auto sourceSize = [&](quint32 id) -> std::optional<quint64> {
        if (id != 0) {
            const auto it = m_sources.find(id);
            if (it == m_sources.end())
                return std::nullopt;
            if (it->second.alias)
                id = *it->second.alias;
        }
        if (id == 0)
            return m_baseCount;
        const auto it = m_sources.find(id);
        if (it == m_sources.end() || !it->second.chunk || rb == 0)
            return std::nullopt;
        return quint64(it->second.chunk->size()) / rb;
    };
    for (const Edit::NewSource& s : edit.m_sources) {
        if (s.id == 0)
            return false;
        if (const auto known = m_sources.find(s.id); known != m_sources.end()) {
            // Already there (an undo logged after its edit carries the same sources): must be the same
            // source.
            const bool same =
                known->second.alias == s.aliasOf &&
                (s.aliasOf || (known->second.chunk && s.chunk && *known->second.chunk == *s.chunk));
            if (!same)
                return false;
            continue;
        }
        if (s.aliasOf && *s.aliasOf != 0) {
            const auto target = m_sources.find(*s.aliasOf);
            if (target == m_sources.end() || target->second.alias)
                return false; // aliases point at the base or at a chunk, never at another alias
        }
        if (!s.aliasOf && (!s.chunk || rb == 0 || quint64(s.chunk->size()) % rb != 0))
            return false;
    }
    const auto before = m_sources;
    const auto nextBefore = m_nextSource;
    registerSources(edit);
    size_t applied = 0;
    bool ok = true;
    for (const Edit::Step& s : edit.m_steps) {
        if (s.splice) {
            const auto& sp = *s.splice;
            ok = sp.at <= m_segs.size() && sp.before.size() <= m_segs.size() - sp.at &&
                 std::equal(sp.before.begin(), sp.before.end(), m_segs.begin() + qint64(sp.at));
            for (const Segment& seg : sp.after) {
                const auto size = sourceSize(seg.source);
                ok = ok && size && seg.count > 0 && seg.start <= *size && seg.count <= *size - seg.start;
            }
        }
        if (ok && s.mod) {
            const auto size = sourceSize(s.mod->key.source);
            const auto cur = m_mods.find(s.mod->key);
            const std::optional<QByteArray> now =
                cur == m_mods.end() ? std::nullopt : std::optional<QByteArray>(cur->second);
            ok = size && s.mod->key.index < *size && now == s.mod->before &&
                 (!s.mod->after || quint64(s.mod->after->size()) == rb);
        }
        if (!ok)
            break;
        applyStep(s, true);
        ++applied;
    }
    if (ok)
        return true;
    for (size_t k = applied; k-- > 0;)
        applyStep(edit.m_steps[k], false);
    m_sources = before;
    m_nextSource = nextBefore;
    return false;
}

} // namespace idx
