// Element types of the IDX format: type codes, sizes, names and big-endian decoding.
#pragma once

#include <QString>
#include <QtEndian>

#include <cstring>
#include <optional>

namespace idx {

enum class DType : quint8 {
    UInt8 = 0x08,
    Int8 = 0x09,
    Int16 = 0x0B,
    Int32 = 0x0C,
    Float32 = 0x0D,
    Float64 = 0x0E,
};

/// Byte order of the payload. The format says big; some writers put little-endian data behind the header.
enum class ByteOrder : quint8 { Big, Little };

[[nodiscard]] std::optional<DType> dtypeFromCode(quint8 code);
[[nodiscard]] int elementSize(DType t);
/// NumPy-style name: uint8, int8, int16, int32, float32, float64.
[[nodiscard]] QString dtypeName(DType t);
[[nodiscard]] std::optional<DType> dtypeFromName(QStringView name);
[[nodiscard]] inline bool isFloat(DType t)
{
    return t == DType::Float32 || t == DType::Float64;
}
[[nodiscard]] inline bool isSigned(DType t)
{
    return t != DType::UInt8;
}
/// Representable range as doubles (for range checks on edits): [lowest, max].
[[nodiscard]] double dtypeLowest(DType t);
[[nodiscard]] double dtypeMax(DType t);

/// Decodes the element at p (any alignment) to double. Order is the byte order of the stored value.
[[nodiscard]] inline double decodeElement(const uchar* p, DType t, ByteOrder order = ByteOrder::Big)
{
    const bool big = order == ByteOrder::Big;
    switch (t) {
    case DType::UInt8:
        return *p;
    case DType::Int8:
        return static_cast<qint8>(*p);
    case DType::Int16:
        return big ? qFromBigEndian<qint16>(p) : qFromLittleEndian<qint16>(p);
    case DType::Int32:
        return big ? qFromBigEndian<qint32>(p) : qFromLittleEndian<qint32>(p);
    case DType::Float32: {
        const quint32 bits = big ? qFromBigEndian<quint32>(p) : qFromLittleEndian<quint32>(p);
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return f;
    }
    case DType::Float64: {
        const quint64 bits = big ? qFromBigEndian<quint64>(p) : qFromLittleEndian<quint64>(p);
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return d;
    }
    }
    return 0.0;
}

/// Encodes v (already in range and rounded for integer types) as a big-endian element at p.
void encodeElement(uchar* p, DType t, double v);

} // namespace idx
