// Guessing the byte order of multi-byte payloads from the data itself.
#pragma once

#include "tensorview.h"

#include <array>

namespace idx {

enum class ByteOrderVerdict : quint8 { Big, Little, Undecided };
/// "big", "little", "undecided"
[[nodiscard]] QString verdictName(ByteOrderVerdict v);

struct ByteOrderCheck {
    ByteOrderVerdict verdict = ByteOrderVerdict::Undecided;
    QString evidence; // a short human-readable account of what the data showed
};

/// Shannon entropy in bits of a histogram of byte values over `total` samples (0 for one value, 8 for all
/// equally often): how varied a byte position is.
[[nodiscard]] double byteEntropy(const std::array<quint64, 256>& hist, quint64 total);

/// For 1-byte types: Big with evidence "single-byte type". Otherwise inspects a bounded sample of the
/// available payload (per-byte-position entropy; for floats the share of non-finite values and magnitudes
/// read both ways). Never changes the view.
[[nodiscard]] ByteOrderCheck checkByteOrder(const TensorView& view);

} // namespace idx
