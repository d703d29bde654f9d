// Remedies for diagnosed files, and the plausibility check that tells a real reinterpretation from noise.
#include "remedy.h"

#include "byteorder.h"
#include "bytesource_p.h"
#include "plural.h"

#include <QCoreApplication>
#include <QFile>
#include <QLocale>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace idx {

namespace {
constexpr quint64 kSample = 1 << 16; // values read by a plausibility check, evenly spread

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

QString codeText(quint8 code)
{
    return QStringLiteral("0x%1").arg(
        QString::number(code, 16).toUpper().rightJustified(2, QLatin1Char('0')));
}

QString count(quint64 n)
{
    return QLocale::c().toString(n);
}

constexpr std::array<DType, 6> kTypes{DType::UInt8, DType::Int8,    DType::Int16,
                                      DType::Int32, DType::Float32, DType::Float64};

// The candidate reading of `base`'s bytes as `type` with the same dims, `available` payload bytes of it
// present; nullopt when the sizes overflow.
std::optional<TensorView> readAs(const TensorView& base, DType type, quint64 available, ByteOrder order,
                                 std::shared_ptr<const void> keepAlive)
{
    auto h = Header::make(type, base.header().dims);
    if (!h)
        return std::nullopt;
    h->headerBytes = base.header().headerBytes;
    return TensorView(*h, base.data(), std::min(available, h->dataBytes), std::move(keepAlive), order);
}

// The first values of `base`'s bytes read as `type`, a type IDX has no code for, converted to the type it is
// shown as (one dimension: what the plausibility check needs); nullopt without a whole value.
std::optional<TensorView> convertedSample(const TensorView& base, StoredType type, quint64 available,
                                          ByteOrder order)
{
    const quint64 n = std::min<quint64>(available / quint64(storedSize(type)), kSample);
    if (n == 0)
        return std::nullopt;
    const DType shown = shownAs(type);
    auto bytes = std::make_shared<QByteArray>(qsizetype(n) * elementSize(shown), Qt::Uninitialized);
    (void)convertElements(base.data(), qint64(n), type, order, reinterpret_cast<uchar*>(bytes->data()));
    const auto h = Header::make(shown, {n});
    return TensorView(*h, reinterpret_cast<const uchar*>(bytes->constData()), h->dataBytes, bytes);
}

// 8-byte integers as stored: the most significant byte far less varied than the least (the check IDX's
// integer types get), evenly sampled.
Plausibility wideIntegerBytes(const TensorView& base, quint64 available, bool big)
{
    const quint64 n = available / 8;
    if (n == 0)
        return {false, Tr::tr("no data to judge by")};
    const quint64 step = std::max<quint64>(1, n / kSample);
    std::array<quint64, 256> high{}, low{};
    quint64 sampled = 0;
    for (quint64 i = 0; i < n; i += step, ++sampled) {
        const uchar* p = base.data() + i * 8;
        ++high[big ? p[0] : p[7]];
        ++low[big ? p[7] : p[0]];
    }
    const double hHigh = byteEntropy(high, sampled), hLow = byteEntropy(low, sampled);
    return {hHigh <= 0.5 * hLow || hLow < 0.5,
            Tr::tr("%1 values sampled: most significant byte %2 bits of entropy, least significant %3")
                .arg(count(sampled))
                .arg(hHigh, 0, 'f', 2)
                .arg(hLow, 0, 'f', 2)};
}

// float16's own "tiny": non-zero magnitudes below its smallest normal (2^-14), shown as normal float32s.
void halfSubnormals(const TensorView& sample, Plausibility& p)
{
    quint64 subnormal = 0;
    const quint64 n = sample.availableElements();
    for (quint64 i = 0; i < n; ++i) {
        const double a = std::fabs(sample.value(i));
        subnormal += a != 0 && a < 6.103515625e-05 ? 1 : 0;
    }
    if (p.plausible && subnormal * 100 > n)
        p = {false,
             Tr::tr("%1 values sampled: %2 below float16's smallest normal").arg(count(n), count(subnormal))};
}

Remedy typeRemedy(StoredType t, ByteOrder order, const OpenOptions& current, const QString& why,
                  const Plausibility& p)
{
    Remedy r;
    r.kind = RemedyKind::ReadAsType;
    r.options = current;
    r.options.elementType = t;
    r.options.dataOrder = order;
    r.options.ignoreTrailing = false;
    const QString code = needsConversion(t)
                             ? Tr::tr("no IDX type code; shown as %1").arg(dtypeName(shownAs(t)))
                             : Tr::tr("type code %1").arg(codeText(quint8(shownAs(t))));
    r.description =
        (order == ByteOrder::Little ? Tr::tr("read the payload as little-endian %1 (%2), dims kept")
                                    : Tr::tr("read the payload as %1 (%2), dims kept"))
            .arg(storedTypeName(t), code);
    r.evidence = why + QStringLiteral("; ") + p.evidence;
    r.plausible = p.plausible;
    return r;
}

// Remedies that read the payload as each type of `size` bytes per element (int8 never: uint8 covers a
// one-byte payload and says more); with `beyondIdx`, also the types IDX has no code for (uint16, float16,
// uint32, int64, uint64), shown widened.
void typeCandidates(std::vector<Remedy>& out, const TensorView& base, quint64 available, int size,
                    const OpenOptions& current, const QString& why, std::shared_ptr<const void> keepAlive,
                    bool beyondIdx = false)
{
    std::vector<Remedy> found;
    for (DType t : kTypes) {
        if (elementSize(t) != size || t == DType::Int8)
            continue;
        auto big = readAs(base, t, available, ByteOrder::Big, keepAlive);
        if (!big || big->availableElements() == 0)
            continue;
        // The byte order that reads better; little only on a clear verdict.
        ByteOrder order = ByteOrder::Big;
        if (size > 1 && checkByteOrder(*big).verdict == ByteOrderVerdict::Little)
            order = ByteOrder::Little;
        const TensorView view = order == ByteOrder::Big ? *big : big->withByteOrder(order);
        found.push_back(typeRemedy(storedType(t), order, current, why, checkPlausible(view)));
    }
    for (StoredType t : {StoredType::UInt16, StoredType::Float16, StoredType::UInt32, StoredType::Int64,
                         StoredType::UInt64}) {
        if (!beyondIdx || storedSize(t) != size)
            continue;
        // Big-endian unless only the little-endian reading is plausible.
        const auto big = convertedSample(base, t, available, ByteOrder::Big);
        const auto little = convertedSample(base, t, available, ByteOrder::Little);
        if (!big || !little)
            continue;
        Plausibility pb = checkPlausible(*big), pl = checkPlausible(*little);
        // Widened integers always have an empty high byte: judge the bytes as stored, as the signed type of
        // their width (the same bytes), evenly sampled; 8-byte integers by their high and low stored bytes.
        if (t == StoredType::UInt16 || t == StoredType::UInt32) {
            const auto same = readAs(base, t == StoredType::UInt16 ? DType::Int16 : DType::Int32, available,
                                     ByteOrder::Big, keepAlive);
            if (!same)
                continue;
            pb = checkPlausible(*same);
            pl = checkPlausible(same->withByteOrder(ByteOrder::Little));
        } else if (t == StoredType::Int64 || t == StoredType::UInt64) {
            pb = wideIntegerBytes(base, available, true);
            pl = wideIntegerBytes(base, available, false);
        }
        if (t == StoredType::Float16) { // other data read as float16 lands below its smallest normal
            halfSubnormals(*big, pb);
            halfSubnormals(*little, pl);
        }
        const bool useLittle = !pb.plausible && pl.plausible;
        Remedy r =
            typeRemedy(t, useLittle ? ByteOrder::Little : ByteOrder::Big, current, why, useLittle ? pl : pb);
        // uint16 / uint32 whose sampled values all fit the signed type read exactly as int16 / int32: the
        // same values, so not a rival reading (the IDX type needs no widening).
        if (t == StoredType::UInt16 || t == StoredType::UInt32) { // sampled across the whole payload
            const auto v = readAs(base, t == StoredType::UInt16 ? DType::Int16 : DType::Int32, available,
                                  useLittle ? ByteOrder::Little : ByteOrder::Big, keepAlive);
            const quint64 n = v ? v->availableElements() : 0;
            const quint64 step = std::max<quint64>(1, n / kSample);
            bool fits = n > 0;
            for (quint64 i = 0; i < n && fits; i += step)
                fits = v->value(i) >= 0;
            r.sameAsSigned = fits;
        } else if (t == StoredType::UInt64) { // below 2^63 it is the int64 reading
            const quint64 n = available / 8, step = std::max<quint64>(1, n / kSample);
            bool fits = n > 0;
            for (quint64 i = 0; i < n && fits; i += step)
                fits = base.data()[i * 8 + (useLittle ? 7 : 0)] < 0x80;
            r.sameAsSigned = fits;
        }
        found.push_back(r);
    }
    qsizetype plausible = 0;
    for (const Remedy& r : found)
        plausible += r.plausible && !r.sameAsSigned ? 1 : 0;
    for (Remedy& r : found)
        r.unambiguous = r.plausible && !r.sameAsSigned && plausible == 1;
    // Plausible readings first.
    std::stable_partition(found.begin(), found.end(), [](const Remedy& r) { return r.plausible; });
    out.insert(out.end(), found.begin(), found.end());
}
// A compressed payload's size, counted in one pass that keeps only its first kHeadBytes (the sample).
constexpr qint64 kHeadBytes = 1 << 19;
struct StreamPayload {
    quint64 total = 0;
    std::shared_ptr<QByteArray> head;
};
std::optional<StreamPayload> measureStream(const IdxFile& probe, quint64 elements, const Control& control)
{
    auto qf = std::make_unique<QFile>(probe.path());
    if (!qf->open(QIODevice::ReadOnly))
        return std::nullopt;
    auto dec = decompressed(probe.container(), fileSource(std::move(qf)));
    const qint64 headerBytes = probe.header().headerBytes;
    std::vector<char> chunk(size_t(1) << 20);
    if (readFully(*dec, chunk.data(), headerBytes) != headerBytes)
        return std::nullopt;
    StreamPayload p;
    p.head = std::make_shared<QByteArray>();
    // More than 8 bytes per value fits no type: stop counting there (a bomb is not decoded to its end).
    const quint64 limit = elements > (quint64(1) << 59) ? std::numeric_limits<quint64>::max() : elements * 8;
    while (!dec->atEnd() && !dec->error() && p.total <= limit) {
        if (control.cancelled())
            return std::nullopt;
        const qint64 n = dec->read(chunk.data(), qint64(chunk.size()));
        if (p.head->size() < kHeadBytes)
            p.head->append(chunk.data(), qsizetype(std::min<qint64>(n, kHeadBytes - p.head->size())));
        p.total += quint64(n);
    }
    if (dec->error())
        return std::nullopt;
    return p;
}
} // namespace

QString remedyKindName(RemedyKind kind)
{
    switch (kind) {
    case RemedyKind::ReadAsType:
        return QStringLiteral("read-as-type");
    case RemedyKind::LittleEndianFile:
        return QStringLiteral("little-endian-file");
    case RemedyKind::LittleEndianPayload:
        return QStringLiteral("little-endian-payload");
    case RemedyKind::IgnoreTrailing:
        return QStringLiteral("ignore-trailing");
    }
    return {};
}

Plausibility checkPlausible(const TensorView& view)
{
    const quint64 n = view.availableElements();
    const int es = view.header().elementSize();
    if (n == 0)
        return {false, Tr::tr("no data to judge by")};
    if (es == 1)
        return {true, Tr::tr("one-byte values are always readable")};
    const quint64 step = std::max<quint64>(1, n / kSample);
    quint64 sampled = 0;
    if (isFloat(view.dtype())) {
        quint64 nonFinite = 0;
        quint64 tiny = 0; // non-zero but below 1e-30: what the bytes of other data read as floats give
        double largest = 0;
        for (quint64 i = 0; i < n; i += step, ++sampled) {
            const double v = view.value(i);
            if (!std::isfinite(v)) {
                ++nonFinite;
                continue;
            }
            const double a = std::fabs(v);
            largest = std::max(largest, a);
            if (a != 0 && a < 1e-30)
                ++tiny;
        }
        const QString head = Tr::tr("%1 values sampled").arg(count(sampled));
        if (nonFinite > 0)
            return {false, head + Tr::tr(": %1 not finite").arg(count(nonFinite))};
        if (largest > 1e15)
            return {false, head + Tr::tr(": magnitudes up to %1").arg(largest, 0, 'g', 3)};
        if (tiny * 100 > sampled)
            return {false, head + Tr::tr(": %1 with magnitudes below 1e-30").arg(count(tiny))};
        return {true, head + Tr::tr(": all finite, |x| ≤ %1").arg(largest, 0, 'g', 3)};
    }
    // Integers: compare how varied the most and the least significant bytes are.
    std::array<quint64, 256> high{}, low{};
    const bool big = view.byteOrder() == ByteOrder::Big;
    for (quint64 i = 0; i < n; i += step, ++sampled) {
        const uchar* p = view.data() + i * quint64(es);
        ++high[big ? p[0] : p[es - 1]];
        ++low[big ? p[es - 1] : p[0]];
    }
    const double hHigh = byteEntropy(high, sampled);
    const double hLow = byteEntropy(low, sampled);
    const bool plausible = hHigh <= 0.5 * hLow || hLow < 0.5;
    return {plausible,
            Tr::tr("%1 values sampled: most significant byte %2 bits of entropy, least significant %3")
                .arg(count(sampled))
                .arg(hHigh, 0, 'f', 2)
                .arg(hLow, 0, 'f', 2)};
}

std::vector<Remedy> findRemedies(const IdxFile& file, const Control& control)
{
    std::vector<Remedy> out;
    // A sibling format says its own type and byte order: the reinterpretations are IDX's.
    if (file.source().format != SourceFormat::Idx)
        return out;
    const OpenOptions current = file.options();
    const Diagnostics diags = file.diagnostics();
    for (const Diagnostic& d : diags) {
        switch (d.code) {
        case DiagCode::LittleEndianIdx: {
            OpenOptions o = current;
            o.littleEndianFile = true;
            const auto probe = IdxFile::open(file.path(), o);
            if (!probe->headerValid())
                break;
            Remedy r;
            r.kind = RemedyKind::LittleEndianFile;
            r.options = o;
            r.options.dataOrder = ByteOrder::Little;
            r.description = Tr::tr("read the whole file as little-endian (header and data)");
            const QString error = firstError(probe->diagnostics());
            r.evidence = Tr::tr("the reversed header reads as %1, %2")
                             .arg(dtypeName(probe->header().dtype), probe->header().shapeString());
            if (!error.isEmpty())
                r.evidence += QStringLiteral("; ") + error;
            r.plausible = error.isEmpty();
            r.unambiguous = r.plausible;
            out.push_back(r);
            break;
        }
        case DiagCode::SuspectedByteOrder: {
            if (current.dataOrder != ByteOrder::Big)
                break; // read little-endian already and looks big: the default reading is the remedy
            Remedy r;
            r.kind = RemedyKind::LittleEndianPayload;
            r.options = current;
            r.options.dataOrder = ByteOrder::Little;
            r.description = Tr::tr("read the payload as little-endian (the header stays big-endian)");
            r.evidence = checkByteOrder(file.view()).evidence;
            r.unambiguous = true;
            out.push_back(r);
            break;
        }
        case DiagCode::TrailingBytes: {
            const quint64 declared = quint64(std::max<qint64>(0, d.expected));
            const quint64 present = quint64(std::max<qint64>(0, d.actual));
            const TensorView base = file.view();
            const int es = file.header().elementSize();
            if (declared > 0 && present % declared == 0 && !file.options().elementType) {
                const quint64 k = present / declared;
                // A raw file's whole payload is mapped; a compressed one kept only the declared bytes.
                const quint64 available = base.isMapped() ? present : base.availableBytes();
                if (k == 2 || k == 4 || k == 8)
                    typeCandidates(out, base, available, int(es * k), current,
                                   Tr::tr("the payload is exactly %1× the declared size").arg(k), nullptr);
            }
            Remedy r;
            r.kind = RemedyKind::IgnoreTrailing;
            r.options = current;
            r.options.ignoreTrailing = true;
            r.description = translateCount(
                "idx", QT_TRANSLATE_N_NOOP("idx", "ignore the %n trailing byte(s)"), present - declared);
            r.evidence = Tr::tr("the declared records are complete");
            out.push_back(r);
            break;
        }
        case DiagCode::UnknownTypeCode: {
            // Read as single bytes to learn the payload's size, then every type whose size fits it exactly.
            OpenOptions o = current;
            o.elementType = StoredType::UInt8;
            const auto probe = IdxFile::open(file.path(), o); // the header only: a raw file is mapped
            if (!probe->headerValid())
                break;
            const quint64 elements = probe->header().elementCount;
            TensorView base = probe->view();
            quint64 total = base.availableBytes() + quint64(probe->trailingBytes());
            quint64 available = total;
            std::shared_ptr<const void> keep = probe;
            if (probe->container() != Container::Raw) {
                const auto measured = measureStream(*probe, elements, control);
                if (!measured)
                    break;
                total = measured->total;
                available = quint64(measured->head->size());
                base =
                    TensorView(probe->header(), reinterpret_cast<const uchar*>(measured->head->constData()),
                               available, measured->head);
                keep = measured->head;
            }
            for (int size : {1, 2, 4, 8})
                if (elements > 0 && total % quint64(size) == 0 && total / quint64(size) == elements)
                    typeCandidates(
                        out, base, available, size, current,
                        Tr::tr("type code %1 is not IDX's; %2 payload bytes fit %3 values of %n byte(s)",
                               nullptr, int(size))
                            .arg(codeText(file.storedTypeCode()), count(total), count(elements)),
                        keep, true);
            break;
        }
        default:
            break;
        }
    }
    std::stable_partition(out.begin(), out.end(), [](const Remedy& r) { return r.unambiguous; });
    return out;
}

} // namespace idx
