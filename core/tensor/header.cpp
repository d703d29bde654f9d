// Header parsing and the checked size arithmetic everything else relies on.
#include "header.h"

#include <QStringList>

namespace idx {

namespace {
constexpr int kMaxNdim = 255;

bool mulOverflows(quint64 a, quint64 b, quint64* out)
{
    return __builtin_mul_overflow(a, b, out);
}

Diagnostic error(DiagCode code, qint64 offset, qint64 expected, qint64 actual, QString message)
{
    return Diagnostic{Severity::Error, code, offset, expected, actual, std::move(message)};
}
} // namespace

quint64 Header::recordElements() const
{
    quint64 n = 1;
    for (size_t i = 1; i < dims.size(); ++i)
        n *= dims[i]; // cannot overflow: the whole product was checked in make()/parseHeader()
    return n;
}

QByteArray Header::encode() const
{
    QByteArray out(4 + 4 * qsizetype(dims.size()), '\0');
    auto* p = reinterpret_cast<uchar*>(out.data());
    p[2] = typeCode;
    p[3] = uchar(dims.size());
    for (size_t i = 0; i < dims.size(); ++i)
        qToBigEndian<quint32>(quint32(dims[i]), p + 4 + 4 * i);
    return out;
}

QString Header::shapeString() const
{
    if (dims.empty())
        return QCoreApplication::translate("idx", "scalar");
    QStringList parts;
    for (quint64 d : dims)
        parts << QString::number(d);
    return parts.join(QStringLiteral(" × "));
}

std::optional<Header> Header::make(DType t, std::vector<quint64> dims)
{
    if (dims.size() > kMaxNdim)
        return std::nullopt;
    Header h;
    h.typeCode = quint8(t);
    h.dtype = t;
    h.headerBytes = 4 + 4 * qint64(dims.size());
    quint64 n = 1;
    for (quint64 d : dims) {
        if (d > 0xFFFFFFFFull || mulOverflows(n, d, &n))
            return std::nullopt;
    }
    quint64 bytes = 0;
    if (mulOverflows(n, quint64(idx::elementSize(t)), &bytes))
        return std::nullopt;
    h.dims = std::move(dims);
    h.elementCount = n;
    h.dataBytes = bytes;
    return h;
}

HeaderParse parseHeader(QByteArrayView prefix)
{
    HeaderParse r;
    const auto* p = reinterpret_cast<const uchar*>(prefix.data());
    const qint64 size = prefix.size();
    if (size < 4) {
        r.diagnostics << error(DiagCode::TooShortForMagic, 0, 4, size,
                               QCoreApplication::translate("idx",
                                                           "file is %n byte(s) long, shorter than the 4-byte "
                                                           "IDX magic number",
                                                           nullptr, int(size)));
        return r;
    }
    if (p[0] != 0 || p[1] != 0) {
        r.diagnostics << error(
            DiagCode::BadMagicPrefix, 0, 0, qFromBigEndian<quint16>(p),
            QCoreApplication::translate("idx", "not an IDX file: the magic number must start with "
                                               "00 00, found %1 %2")
                .arg(p[0], 2, 16, QLatin1Char('0'))
                .arg(p[1], 2, 16, QLatin1Char('0')));
        return r;
    }
    const auto dtype = dtypeFromCode(p[2]);
    if (!dtype) {
        r.diagnostics << error(
            DiagCode::UnknownTypeCode, 2, -1, p[2],
            QCoreApplication::translate("idx", "unknown type code 0x%1 at byte 2 (known: 08 uint8, "
                                               "09 int8, 0B int16, 0C int32, 0D float32, 0E float64)")
                .arg(p[2], 2, 16, QLatin1Char('0')));
        return r;
    }
    const int ndim = p[3];
    const qint64 headerBytes = 4 + 4 * qint64(ndim);
    if (size < headerBytes) {
        r.diagnostics << error(DiagCode::TooShortForDims, size, headerBytes, size,
                               QCoreApplication::translate("idx",
                                                           "header declares %n dimension(s), which need %1 "
                                                           "header bytes, but the file ends after %2",
                                                           nullptr, ndim)
                                   .arg(headerBytes)
                                   .arg(size));
        return r;
    }
    std::vector<quint64> dims(size_t(ndim), 0);
    for (int i = 0; i < ndim; ++i)
        dims[size_t(i)] = qFromBigEndian<quint32>(p + 4 + 4 * i);
    auto h = Header::make(*dtype, dims);
    if (!h) {
        QStringList parts;
        for (quint64 d : dims)
            parts << QString::number(d);
        r.diagnostics << error(DiagCode::SizeOverflow, 4, -1, -1,
                               QCoreApplication::translate("idx",
                                                           "the dimensions %1 × %2-byte elements overflow "
                                                           "64 bits")
                                   .arg(parts.join(QStringLiteral(" × ")))
                                   .arg(idx::elementSize(*dtype)));
        return r;
    }
    r.header = std::move(h);
    return r;
}

} // namespace idx
