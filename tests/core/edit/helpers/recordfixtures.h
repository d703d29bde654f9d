// Fixtures of the edit tests: images whose records are told apart by their bytes, and the labels that belong
// to them, so that a test sees which image each label travels with through structural edits.
#pragma once

#include "memoryview.h"

namespace fx {

/// An N×2×3 uint8 tensor: image i is filled with i % 256.
inline idx::TensorView imageRecords(quint64 n)
{
    std::vector<double> v;
    for (quint64 i = 0; i < n; ++i)
        v.insert(v.end(), 6, double(i % 256));
    return memoryView(idx::DType::UInt8, {n, 2, 3}, v);
}

/// N uint8 labels: label i is i % 10, the label of imageRecords' image i.
inline idx::TensorView labelRecords(quint64 n)
{
    std::vector<double> v;
    for (quint64 i = 0; i < n; ++i)
        v.push_back(double(i % 10));
    return memoryView(idx::DType::UInt8, {n}, v);
}

} // namespace fx
