// Element types as other writers store them: the IDX six plus the ones IDX has no code for (uint16, uint32,
// int64, uint64, float16, bool), met in .npy files and in IDX files written with a non-standard type code.
// Each is shown as the IDX type that holds it, widened: uint16 → int32, uint32 → float64 (exact), int64 and
// uint64 → float64 (exact up to 2^53), float16 → float32 (exact), bool → uint8.
#pragma once

#include "dtype.h"

#include <QString>

#include <optional>

namespace idx {

enum class StoredType : quint8 {
    UInt8,
    Int8,
    Int16,
    Int32,
    Float32,
    Float64,
    UInt16,
    UInt32,
    Int64,
    UInt64,
    Float16,
    Bool,
};

/// The stored type of an IDX element type (the same values).
[[nodiscard]] StoredType storedType(DType t);
/// The IDX type a stored type is shown as (itself for the IDX six).
[[nodiscard]] DType shownAs(StoredType t);
/// False for the IDX six: their bytes are read where they are.
[[nodiscard]] inline bool needsConversion(StoredType t)
{
    return t >= StoredType::UInt16;
}
/// Every value of the type survives the widening (false for int64 and uint64 beyond 2^53).
[[nodiscard]] bool widensExactly(StoredType t);
[[nodiscard]] int storedSize(StoredType t);
/// NumPy-style name: uint8 … float64, uint16, uint32, int64, uint64, float16, bool.
[[nodiscard]] QString storedTypeName(StoredType t);
[[nodiscard]] std::optional<StoredType> storedTypeFromName(QStringView name);
/// "uint16 values are shown as int32; every value is kept" (empty for the IDX six).
[[nodiscard]] QString conversionNote(StoredType t);

/// Converts `count` elements of type `t` stored in `order` at `in` to big-endian elements of shownAs(t) at
/// `out` (which holds count * elementSize(shownAs(t)) bytes). Returns how many values were rounded (int64 and
/// uint64 beyond 2^53; 0 for every other type).
qint64 convertElements(const uchar* in, qint64 count, StoredType t, ByteOrder order, uchar* out);

} // namespace idx
