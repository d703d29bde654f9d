// Internal: compile-time typed element decoders, so hot loops decode without a per-element switch.
// Shared by statistics, rendering and the writers; not installed, not part of the API.
#pragma once

#include "dtype.h"

#include <QtEndian>

#include <cstring>
#include <type_traits>

namespace idx::detail {

/// Decodes one element of native type T stored in byte order Big/Little at any alignment.
template <typename T, bool Big> struct Decoder {
    using Type = T;
    static constexpr bool big = Big;
    static T get(const uchar* p)
    {
        if constexpr (sizeof(T) == 1) {
            return static_cast<T>(*p);
        } else if constexpr (std::is_integral_v<T>) {
            return Big ? qFromBigEndian<T>(p) : qFromLittleEndian<T>(p);
        } else {
            // Floats travel as their bit pattern: memcpy avoids aliasing and alignment problems.
            using U = std::conditional_t<sizeof(T) == 4, quint32, quint64>;
            const U bits = Big ? qFromBigEndian<U>(p) : qFromLittleEndian<U>(p);
            T v;
            std::memcpy(&v, &bits, sizeof v);
            return v;
        }
    }
};

/// Calls f(Decoder<T, big>{}) for the element type and byte order given at run time.
template <typename F> decltype(auto) withDecoder(DType t, ByteOrder order, F&& f)
{
    const bool big = order == ByteOrder::Big;
    switch (t) {
    case DType::UInt8:
        return f(Decoder<quint8, true>{});
    case DType::Int8:
        return f(Decoder<qint8, true>{});
    case DType::Int16:
        return big ? f(Decoder<qint16, true>{}) : f(Decoder<qint16, false>{});
    case DType::Int32:
        return big ? f(Decoder<qint32, true>{}) : f(Decoder<qint32, false>{});
    case DType::Float32:
        return big ? f(Decoder<float, true>{}) : f(Decoder<float, false>{});
    case DType::Float64:
        break;
    }
    return big ? f(Decoder<double, true>{}) : f(Decoder<double, false>{});
}

} // namespace idx::detail
