// Element type tables and encoding.
#include "dtype.h"

#include <cmath>
#include <limits>

namespace idx {

std::optional<DType> dtypeFromCode(quint8 code)
{
    switch (code) {
    case 0x08:
    case 0x09:
    case 0x0B:
    case 0x0C:
    case 0x0D:
    case 0x0E:
        return static_cast<DType>(code);
    default:
        return std::nullopt;
    }
}

int elementSize(DType t)
{
    switch (t) {
    case DType::UInt8:
    case DType::Int8:
        return 1;
    case DType::Int16:
        return 2;
    case DType::Int32:
    case DType::Float32:
        return 4;
    case DType::Float64:
        return 8;
    }
    return 1;
}

QString dtypeName(DType t)
{
    switch (t) {
    case DType::UInt8:
        return QStringLiteral("uint8");
    case DType::Int8:
        return QStringLiteral("int8");
    case DType::Int16:
        return QStringLiteral("int16");
    case DType::Int32:
        return QStringLiteral("int32");
    case DType::Float32:
        return QStringLiteral("float32");
    case DType::Float64:
        return QStringLiteral("float64");
    }
    return {};
}

std::optional<DType> dtypeFromName(QStringView name)
{
    for (DType t : {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Float32, DType::Float64})
        if (name == dtypeName(t))
            return t;
    return std::nullopt;
}

double dtypeLowest(DType t)
{
    switch (t) {
    case DType::UInt8:
        return 0;
    case DType::Int8:
        return -128;
    case DType::Int16:
        return -32768;
    case DType::Int32:
        return -2147483648.0;
    case DType::Float32:
        return std::numeric_limits<float>::lowest();
    case DType::Float64:
        return std::numeric_limits<double>::lowest();
    }
    return 0;
}

double dtypeMax(DType t)
{
    switch (t) {
    case DType::UInt8:
        return 255;
    case DType::Int8:
        return 127;
    case DType::Int16:
        return 32767;
    case DType::Int32:
        return 2147483647.0;
    case DType::Float32:
        return std::numeric_limits<float>::max();
    case DType::Float64:
        return std::numeric_limits<double>::max();
    }
    return 0;
}

void encodeElement(uchar* p, DType t, double v)
{
    switch (t) {
    case DType::UInt8:
        *p = static_cast<quint8>(v);
        return;
    case DType::Int8:
        *p = static_cast<quint8>(static_cast<qint8>(v));
        return;
    case DType::Int16:
        qToBigEndian<qint16>(static_cast<qint16>(v), p);
        return;
    case DType::Int32:
        qToBigEndian<qint32>(static_cast<qint32>(v), p);
        return;
    case DType::Float32: {
        const float f = static_cast<float>(v);
        quint32 bits;
        std::memcpy(&bits, &f, sizeof bits);
        qToBigEndian<quint32>(bits, p);
        return;
    }
    case DType::Float64: {
        quint64 bits;
        std::memcpy(&bits, &v, sizeof bits);
        qToBigEndian<quint64>(bits, p);
        return;
    }
    }
}

} // namespace idx
