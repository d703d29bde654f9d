// Payload validation messages: how much is missing or extra, and what the extra might mean.
#include "payload_p.h"

#include "byteorder.h"
#include "plural.h"

#include <QStringList>

#include <limits>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

qint64 clamp64(quint64 v)
{
    return v > quint64(std::numeric_limits<qint64>::max()) ? std::numeric_limits<qint64>::max() : qint64(v);
}

// "float64 data (type code 0x0E)" for an element size, or empty when no type has that size.
QString typesOfSize(int size)
{
    QStringList names;
    QStringList codes;
    for (DType t : {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Float32, DType::Float64}) {
        if (elementSize(t) == size && t != DType::Int8) {
            names << dtypeName(t);
            codes << QStringLiteral("0x%1")
                         .arg(int(t), 2, 16, QLatin1Char('0'))
                         .toUpper()
                         .replace(QStringLiteral("0X"), QStringLiteral("0x"));
        }
    }
    if (names.isEmpty())
        return {};
    const QString orWord = QCoreApplication::translate("idx", " or ");
    return QCoreApplication::translate("idx", "%1 data (type code %2)")
        .arg(names.join(orWord), codes.join(orWord));
}
} // namespace

qint64 payloadExcessLimit(const Header& h)
{
    constexpr quint64 kBase = 1 << 20;
    constexpr quint64 kMax = quint64(1) << 62;
    const quint64 d = std::min<quint64>(h.dataBytes, kMax / 8);
    return qint64(std::min<quint64>(kBase + 7 * d, kMax));
}

Diagnostics payloadDiagnostics(const Header& h, quint64 present, bool capped, qint64 excessLimit,
                               bool ignoreTrailing)
{
    Diagnostics out;
    const quint64 declared = h.dataBytes;
    const quint64 es = quint64(h.elementSize());
    if (present < declared) {
        const quint64 rb = h.recordBytes();
        const quint64 complete = rb == 0 ? h.recordCount() : present / rb;
        out << Diagnostic{Severity::Error,
                          DiagCode::TruncatedPayload,
                          clamp64(quint64(h.headerBytes) + present),
                          clamp64(declared),
                          clamp64(present),
                          QCoreApplication::translate("idx",
                                                      "the payload is truncated: %1 of %2 bytes are present, "
                                                      "%3 bytes are missing; %4 of %5 records are complete")
                              .arg(present)
                              .arg(declared)
                              .arg(declared - present)
                              .arg(complete)
                              .arg(h.recordCount())};
        if (const quint64 rem = present % es; rem != 0)
            out << Diagnostic{
                Severity::Error,
                DiagCode::PartialElement,
                clamp64(quint64(h.headerBytes) + present - rem),
                clamp64(es),
                clamp64(rem),
                QCoreApplication::translate("idx", "the last element is incomplete: %1 of its %2 bytes "
                                                   "are present")
                    .arg(rem)
                    .arg(es)};
    } else if (present > declared) {
        const quint64 extra = present - declared;
        QString msg =
            capped
                ? QCoreApplication::translate("idx", "at least %1 trailing bytes follow the %2-byte payload")
                      .arg(extra)
                      .arg(declared)
                : translateCount("idx", QT_TRANSLATE_N_NOOP("idx", "%n trailing byte(s) follow the payload"),
                                 extra) +
                      translateCount("idx", QT_TRANSLATE_N_NOOP("idx", " (declared payload: %n byte(s))"),
                                     declared);
        if (!capped && declared > 0 && present % declared == 0) {
            const quint64 k = present / declared;
            if (k == 2 || k == 4 || k == 8) {
                const QString fits = typesOfSize(int(es * k));
                if (!fits.isEmpty())
                    msg += QCoreApplication::translate("idx",
                                                       "; the payload is exactly %1× the declared size: %2 "
                                                       "under the %3 code?")
                               .arg(k)
                               .arg(fits, dtypeName(h.dtype));
            }
        }
        out << Diagnostic{
            Severity::Warning, DiagCode::TrailingBytes, clamp64(quint64(h.headerBytes) + declared),
            clamp64(declared), clamp64(present),        msg};
    }
    // An error, not a warning: the declared records are intact and stay viewable, but a stream that goes on
    // for gigabytes past its header is not a valid IDX file (a decompression bomb or a wrong header).
    if (capped)
        out << Diagnostic{Severity::Error,
                          DiagCode::DecompressionLimit,
                          clamp64(quint64(h.headerBytes) + declared + quint64(excessLimit)),
                          excessLimit,
                          excessLimit + 1,
                          QCoreApplication::translate("idx",
                                                      "decompression stopped: the stream continues more than "
                                                      "%1 bytes beyond the declared payload (a decompression "
                                                      "bomb, or a wrong header?)")
                              .arg(excessLimit)};
    if (ignoreTrailing)
        out.removeIf([](const Diagnostic& x) { return x.code == DiagCode::TrailingBytes; });
    return out;
}

std::optional<Diagnostic> byteOrderDiagnostic(const TensorView& view, ByteOrder readAs)
{
    if (view.header().elementSize() == 1 || view.availableElements() == 0)
        return std::nullopt;
    const ByteOrderCheck c = checkByteOrder(view);
    if (c.verdict == ByteOrderVerdict::Little && readAs == ByteOrder::Big)
        return Diagnostic{Severity::Warning,
                          DiagCode::SuspectedByteOrder,
                          view.header().headerBytes,
                          -1,
                          -1,
                          QCoreApplication::translate("idx",
                                                      "the data looks little-endian behind the big-endian "
                                                      "header (%1); it may need to be read as little-endian")
                              .arg(c.evidence)};
    if (c.verdict == ByteOrderVerdict::Big && readAs == ByteOrder::Little)
        return Diagnostic{Severity::Warning,
                          DiagCode::SuspectedByteOrder,
                          view.header().headerBytes,
                          -1,
                          -1,
                          QCoreApplication::translate("idx",
                                                      "the data looks big-endian (%1) but is being read as "
                                                      "little-endian")
                              .arg(c.evidence)};
    return std::nullopt;
}

} // namespace idx
