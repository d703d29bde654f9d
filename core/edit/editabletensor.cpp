// EditableTensor: the operations (checked, then made of RecordState's recorded splices, splits and overlay
// entries), the value checks, and the reading of the current records (values, views, pieces, layouts).
#include "editabletensor.h"
#include "numbertext.h"

#include <QCoreApplication>

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

EditableTensor::EditableTensor(TensorView base) : m_state(std::move(base)) {}

Header EditableTensor::headerOf(quint64 records) const
{
    const Header& h = base().header();
    if (h.dims.empty())
        return h;
    auto dims = h.dims;
    dims[0] = records;
    Header out = Header::make(h.dtype, dims).value_or(h);
    out.typeCode = h.typeCode;
    return out;
}

Header EditableTensor::header() const
{
    return headerOf(recordCount());
}

// ---- Reading ---------------------------------------------------------------------------------------------

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
    return key && m_state.overlay().contains(*key);
}

const uchar* EditableTensor::recordBytes(quint64 i) const
{
    const auto key = keyAt(i);
    return key ? m_state.bytes(*key) : nullptr;
}

QByteArray EditableTensor::recordBigEndian(quint64 i) const
{
    const uchar* p = recordBytes(i);
    return p ? m_state.sources().toBigEndian(
                   QByteArrayView(reinterpret_cast<const char*>(p), qsizetype(recordBytes())))
             : QByteArray();
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
    const Header h = headerOf(1);
    if (const QByteArray* changed = m_state.overlay().find(*key)) {
        auto keep = std::make_shared<const QByteArray>(*changed); // shares the data, no copy
        const auto* p = reinterpret_cast<const uchar*>(keep->constData());
        return TensorView(h, p, quint64(keep->size()), keep, byteOrder());
    }
    const RecordSources& sources = m_state.sources();
    return TensorView(h, sources.bytes(*key), recordBytes(), sources.keepAlive(key->source), byteOrder());
}

TensorView EditableTensor::materialize(quint64 first, quint64 count) const
{
    first = std::min(first, recordCount());
    count = std::min(count, recordCount() - first);
    const quint64 rb = recordBytes();
    auto bytes = std::make_shared<QByteArray>(qsizetype(count * rb), Qt::Uninitialized);
    for (quint64 k = 0; k < count; ++k)
        std::memcpy(bytes->data() + k * rb, recordBytes(first + k), size_t(rb));
    const auto* p = reinterpret_cast<const uchar*>(bytes->constData());
    return TensorView(headerOf(count), p, quint64(bytes->size()), bytes, byteOrder());
}

TensorView EditableTensor::snapshot() const
{
    if (!isModified() && base().isComplete())
        return base();
    return materialize(0, recordCount());
}

TensorPieces EditableTensor::pieces() const
{
    if (base().header().dims.empty())
        return TensorPieces(snapshot()); // a scalar: one element
    const RecordSources& sources = m_state.sources();
    const quint64 rb = recordBytes();
    const Header one = headerOf(1);
    std::vector<TensorView> out;
    for (const Segment& s : segments()) {
        // Runs of records without overlay entries are contiguous in their source: one piece per run.
        auto [mod, modsEnd] = m_state.overlay().range(s.source, s.start, s.count);
        quint64 i = 0;
        while (i < s.count) {
            const quint64 nextMod = mod != modsEnd ? mod->first.index - s.start : s.count;
            if (nextMod > i) {
                // Runs of the file are views of the base (a mapping stays one, so scans over them release the
                // pages they read); runs of inserted records point into their chunk.
                out.push_back(sources.inBase(s.source)
                                  ? base().records(s.start + i, nextMod - i)
                                  : TensorView(headerOf(nextMod - i),
                                               sources.bytes(RecordKey{s.source, s.start + i}),
                                               (nextMod - i) * rb, sources.keepAlive(s.source), byteOrder()));
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

TensorLayout EditableTensor::layout() const
{
    return TensorLayout{segments(), modifications(), header()};
}

TensorLayout EditableTensor::baseLayout() const
{
    TensorLayout l;
    if (m_state.sources().baseCount() > 0)
        l.segments.push_back(Segment{0, 0, m_state.sources().baseCount()});
    l.header = base().header();
    return l;
}

bool EditableTensor::hasLayout(const TensorLayout& l) const
{
    return segments() == l.segments && modifications() == l.mods;
}

Edit EditableTensor::diffFrom(const TensorLayout& saved) const
{
    return layoutDiff(saved, m_state);
}

// ---- Checks ----------------------------------------------------------------------------------------------

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

QString EditableTensor::checkRange(quint64 first, quint64 count) const
{
    if (base().header().ndim() == 0)
        return Tr::tr("a scalar has no records to rearrange");
    if (count == 0)
        return Tr::tr("no records given");
    if (first >= recordCount() || count > recordCount() - first)
        return Tr::tr("records %1..%2 are out of range (the tensor has %3 records)")
            .arg(first)
            .arg(first + count - 1)
            .arg(recordCount());
    return {};
}

// ---- Operations ------------------------------------------------------------------------------------------

EditResult EditableTensor::setElement(quint64 record, quint64 element, double v)
{
    const auto key = keyAt(record);
    if (!key)
        return {
            std::nullopt,
            Tr::tr("record %1 is out of range (the tensor has %2 records)").arg(record).arg(recordCount())};
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
    Edit e(Edit::Kind::SetElement, record, element);
    // Back to the source's bytes: no overlay entry (the edit may merge into a no-op).
    const bool same =
        std::memcmp(bytes.constData(), m_state.sources().bytes(*key), size_t(recordBytes())) == 0;
    m_state.setBytes(*key, same ? std::nullopt : std::optional<QByteArray>(bytes), e);
    return {std::move(e), {}};
}

EditResult EditableTensor::setRecord(quint64 record, QByteArrayView bytes)
{
    const auto key = keyAt(record);
    if (!key)
        return {
            std::nullopt,
            Tr::tr("record %1 is out of range (the tensor has %2 records)").arg(record).arg(recordCount())};
    if (quint64(bytes.size()) != recordBytes())
        return {std::nullopt,
                Tr::tr("the record needs %1 bytes but %2 were given").arg(recordBytes()).arg(bytes.size())};
    QByteArray stored = m_state.sources().toStored(bytes);
    Edit e(Edit::Kind::SetRecord, record);
    const bool same =
        std::memcmp(stored.constData(), m_state.sources().bytes(*key), size_t(recordBytes())) == 0;
    m_state.setBytes(*key, same ? std::nullopt : std::optional<QByteArray>(std::move(stored)), e);
    return {std::move(e), {}};
}

EditResult EditableTensor::deleteRecords(quint64 first, quint64 count)
{
    if (QString why = checkRange(first, count); !why.isEmpty())
        return {std::nullopt, why};
    Edit e(Edit::Kind::Delete, first);
    const size_t a = m_state.splitAt(first, e);
    const size_t b = m_state.splitAt(first + count, e);
    m_state.splice(a, b - a, {}, e);
    return {std::move(e), {}};
}

EditResult EditableTensor::insertRecords(quint64 at, QByteArrayView bytes)
{
    const quint64 rb = recordBytes();
    if (base().header().ndim() == 0)
        return {std::nullopt, Tr::tr("a scalar has no records to rearrange")};
    if (at > recordCount())
        return {std::nullopt,
                Tr::tr("position %1 is out of range (the tensor has %2 records)").arg(at).arg(recordCount())};
    if (rb == 0 || bytes.isEmpty() || quint64(bytes.size()) % rb != 0)
        return {std::nullopt, Tr::tr("%1 bytes are not whole records of %2 bytes").arg(bytes.size()).arg(rb)};
    Edit e(Edit::Kind::Insert, at);
    const quint32 id = m_state.sources().nextId();
    m_state.addSources(
        {Edit::NewSource{id, std::nullopt,
                         std::make_shared<const QByteArray>(m_state.sources().toStored(bytes))}},
        e);
    const size_t pos = m_state.splitAt(at, e);
    m_state.splice(pos, 0, {Segment{id, 0, quint64(bytes.size()) / rb}}, e);
    return {std::move(e), {}};
}

EditResult EditableTensor::duplicateRecords(quint64 first, quint64 count)
{
    if (QString why = checkRange(first, count); !why.isEmpty())
        return {std::nullopt, why};
    Edit e(Edit::Kind::Duplicate, first);
    const size_t a = m_state.splitAt(first, e);
    const size_t b = m_state.splitAt(first + count, e);
    const std::vector<Segment> originals(segments().begin() + qint64(a), segments().begin() + qint64(b));
    // One alias per source in the range: the copies are new identities over the same bytes.
    std::map<quint32, quint32> aliasFor;
    std::vector<Edit::NewSource> aliases;
    std::vector<Segment> copies;
    for (const Segment& s : originals) {
        auto it = aliasFor.find(s.source);
        if (it == aliasFor.end()) {
            const quint32 id = m_state.sources().nextId() + quint32(aliasFor.size());
            aliases.push_back(Edit::NewSource{id, m_state.sources().root(s.source), nullptr});
            it = aliasFor.emplace(s.source, id).first;
        }
        copies.push_back(Segment{it->second, s.start, s.count});
    }
    m_state.addSources(aliases, e);
    // The copies carry the edited bytes of their originals.
    for (const Segment& s : originals) {
        const quint32 id = aliasFor.at(s.source);
        std::vector<std::pair<RecordKey, QByteArray>> found;
        for (auto [it, end] = m_state.overlay().range(s.source, s.start, s.count); it != end; ++it)
            found.emplace_back(RecordKey{id, it->first.index}, it->second);
        for (auto& [key, bytes] : found)
            m_state.setBytes(key, std::move(bytes), e);
    }
    m_state.splice(b, 0, std::move(copies), e);
    return {std::move(e), {}};
}

EditResult EditableTensor::moveRecords(quint64 first, quint64 count, quint64 to)
{
    if (QString why = checkRange(first, count); !why.isEmpty())
        return {std::nullopt, why};
    if (to > recordCount() - count)
        return {std::nullopt, Tr::tr("cannot move %1 records to position %2 (the tensor has %3 records)")
                                  .arg(count)
                                  .arg(to)
                                  .arg(recordCount())};
    Edit e(Edit::Kind::Move, first);
    if (to == first)
        return {std::move(e), {}};
    const size_t a = m_state.splitAt(first, e);
    const size_t b = m_state.splitAt(first + count, e);
    std::vector<Segment> block(segments().begin() + qint64(a), segments().begin() + qint64(b));
    m_state.splice(a, b - a, {}, e);
    const size_t pos = m_state.splitAt(to, e);
    m_state.splice(pos, 0, std::move(block), e);
    return {std::move(e), {}};
}

} // namespace idx
