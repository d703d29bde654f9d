// Test helper for the computation and writer tests: a TensorView over freshly encoded in-memory bytes.
#pragma once

#include "fixtures.h"
#include "tensorview.h"

#include <algorithm>
#include <memory>

namespace fx {

/// A view of `values` encoded as `t` in byte order `order`; `available` limits the payload as a progressive
/// open would. The bytes live as long as the view (or a copy).
inline idx::TensorView memoryView(idx::DType t, const std::vector<quint64>& dims,
                                  const std::vector<double>& values,
                                  idx::ByteOrder order = idx::ByteOrder::Big, quint64 available = ~quint64(0))
{
    auto bytes = std::make_shared<QByteArray>(encodeValues(t, values, order));
    const auto h = idx::Header::make(t, dims);
    if (!h)
        throw std::invalid_argument("memoryView dims overflow");
    return idx::TensorView(*h, reinterpret_cast<const uchar*>(bytes->constData()),
                           std::min(available, quint64(bytes->size())), bytes, order);
}

/// Product of dims (1 for a scalar).
inline quint64 elementCount(const std::vector<quint64>& dims)
{
    quint64 n = 1;
    for (quint64 d : dims)
        n *= d;
    return n;
}

} // namespace fx
