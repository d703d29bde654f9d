// The IDX header: magic 00 00 TT NN, NN big-endian uint32 dims. Parsing and the sizes derived from it.
#pragma once

#include "diagnostic.h"
#include "dtype.h"

#include <QByteArrayView>

#include <optional>
#include <vector>

namespace idx {

struct Header {
    quint8 typeCode = 0x08;
    DType dtype = DType::UInt8;
    std::vector<quint64> dims; // may be empty (ndim 0: a scalar)
    qint64 headerBytes = 4;    // 4 + 4 * ndim
    quint64 elementCount = 1;  // product of dims (checked)
    quint64 dataBytes = 0;     // elementCount * elementSize (checked)

    [[nodiscard]] int ndim() const { return int(dims.size()); }
    [[nodiscard]] int elementSize() const { return idx::elementSize(dtype); }
    /// Records are the slices along axis 0; a scalar is one record of one element.
    [[nodiscard]] quint64 recordCount() const { return dims.empty() ? 1 : dims[0]; }
    [[nodiscard]] quint64 recordElements() const;
    [[nodiscard]] quint64 recordBytes() const { return recordElements() * quint64(elementSize()); }
    /// Canonical encoding of this header.
    [[nodiscard]] QByteArray encode() const;
    /// "60000 × 28 × 28"
    [[nodiscard]] QString shapeString() const;

    /// Builds a header, checking the products; nullopt when the sizes overflow 64 bits.
    [[nodiscard]] static std::optional<Header> make(DType t, std::vector<quint64> dims);
};

struct HeaderParse {
    std::optional<Header> header; // set when the header itself is well formed
    Diagnostics diagnostics;      // errors that stop parsing (too short, bad magic, unknown type, overflow)
};

/// Parses the header from the first bytes of the (decompressed) stream. `prefix` must hold at least
/// min(streamSize, 4 + 4*255) bytes. Does not look at the payload.
[[nodiscard]] HeaderParse parseHeader(QByteArrayView prefix);

} // namespace idx
