// Stored types and their widening (float16 through Qt's qfloat16).
#include "storedtype.h"

#include <QCoreApplication>
#include <QtEndian>
#include <qfloat16.h>

#include <cmath>
#include <cstring>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

constexpr double kExactInteger = 9007199254740992.0; // 2^53: every integer up to it is exact in a double

template <typename T> T load(const uchar* p, bool big)
{
    return big ? qFromBigEndian<T>(p) : qFromLittleEndian<T>(p);
}

void storeF64(uchar* out, double v)
{
    quint64 bits;
    std::memcpy(&bits, &v, sizeof bits);
    qToBigEndian(bits, out);
}

} // namespace

StoredType storedType(DType t)
{
    switch (t) {
    case DType::UInt8:
        return StoredType::UInt8;
    case DType::Int8:
        return StoredType::Int8;
    case DType::Int16:
        return StoredType::Int16;
    case DType::Int32:
        return StoredType::Int32;
    case DType::Float32:
        return StoredType::Float32;
    case DType::Float64:
        break;
    }
    return StoredType::Float64;
}

DType shownAs(StoredType t)
{
    switch (t) {
    case StoredType::UInt8:
    case StoredType::Bool:
        return DType::UInt8;
    case StoredType::Int8:
        return DType::Int8;
    case StoredType::Int16:
        return DType::Int16;
    case StoredType::Int32:
    case StoredType::UInt16:
        return DType::Int32;
    case StoredType::Float32:
    case StoredType::Float16:
        return DType::Float32;
    case StoredType::Float64:
    case StoredType::UInt32:
    case StoredType::Int64:
    case StoredType::UInt64:
        break;
    }
    return DType::Float64;
}

bool widensExactly(StoredType t)
{
    return t != StoredType::Int64 && t != StoredType::UInt64;
}

int storedSize(StoredType t)
{
    switch (t) {
    case StoredType::UInt8:
    case StoredType::Int8:
    case StoredType::Bool:
        return 1;
    case StoredType::Int16:
    case StoredType::UInt16:
    case StoredType::Float16:
        return 2;
    case StoredType::Int32:
    case StoredType::UInt32:
    case StoredType::Float32:
        return 4;
    case StoredType::Float64:
    case StoredType::Int64:
    case StoredType::UInt64:
        break;
    }
    return 8;
}

QString storedTypeName(StoredType t)
{
    switch (t) {
    case StoredType::UInt16:
        return QStringLiteral("uint16");
    case StoredType::UInt32:
        return QStringLiteral("uint32");
    case StoredType::Int64:
        return QStringLiteral("int64");
    case StoredType::UInt64:
        return QStringLiteral("uint64");
    case StoredType::Float16:
        return QStringLiteral("float16");
    case StoredType::Bool:
        return QStringLiteral("bool");
    default:
        return dtypeName(shownAs(t));
    }
}

std::optional<StoredType> storedTypeFromName(QStringView name)
{
    for (int i = 0; i <= int(StoredType::Bool); ++i)
        if (name == storedTypeName(StoredType(i)))
            return StoredType(i);
    return std::nullopt;
}

QString conversionNote(StoredType t)
{
    if (!needsConversion(t))
        return {};
    if (widensExactly(t))
        return Tr::tr("%1 values are shown as %2; every value is kept")
            .arg(storedTypeName(t), dtypeName(shownAs(t)));
    return Tr::tr("%1 values are shown as float64; values beyond 2^53 are rounded").arg(storedTypeName(t));
}

qint64 convertElements(const uchar* in, qint64 count, StoredType t, ByteOrder order, uchar* out)
{
    const bool big = order == ByteOrder::Big;
    qint64 rounded = 0;
    switch (t) {
    case StoredType::UInt16:
        for (qint64 i = 0; i < count; ++i)
            qToBigEndian(qint32(load<quint16>(in + 2 * i, big)), out + 4 * i);
        break;
    case StoredType::UInt32:
        for (qint64 i = 0; i < count; ++i)
            storeF64(out + 8 * i, double(load<quint32>(in + 4 * i, big)));
        break;
    case StoredType::Int64:
        for (qint64 i = 0; i < count; ++i) {
            const qint64 v = load<qint64>(in + 8 * i, big);
            const double d = double(v);
            // Near 2^63 the double rounds up past the type: never cast it back there. ±(2^53 + 1) rounds to
            // ±2^53 itself, hence >=.
            rounded += std::fabs(d) >= kExactInteger && (d >= 9223372036854775808.0 || qint64(d) != v);
            storeF64(out + 8 * i, d);
        }
        break;
    case StoredType::UInt64:
        for (qint64 i = 0; i < count; ++i) {
            const quint64 v = load<quint64>(in + 8 * i, big);
            const double d = double(v);
            rounded += d >= kExactInteger && (d >= 18446744073709551616.0 || quint64(d) != v);
            storeF64(out + 8 * i, d);
        }
        break;
    case StoredType::Float16:
        for (qint64 i = 0; i < count; ++i) {
            const quint16 half = load<quint16>(in + 2 * i, big);
            qfloat16 h;
            std::memcpy(static_cast<void*>(&h), &half, sizeof h); // qfloat16 is its 16 bits
            const float f = h;
            quint32 bits;
            std::memcpy(&bits, &f, sizeof bits);
            qToBigEndian(bits, out + 4 * i);
        }
        break;
    case StoredType::Bool:
        for (qint64 i = 0; i < count; ++i)
            out[i] = in[i] != 0;
        break;
    default: { // the IDX six: byte order only
        const int size = storedSize(t);
        if (big || size == 1) {
            std::memcpy(out, in, size_t(count * size));
        } else {
            for (qint64 i = 0; i < count; ++i)
                for (int b = 0; b < size; ++b)
                    out[i * size + b] = in[i * size + size - 1 - b];
        }
        break;
    }
    }
    return rounded;
}

} // namespace idx
