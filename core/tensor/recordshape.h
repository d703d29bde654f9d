// A tensor viewed with another record shape: flat records of 784 or 3072 values as 28×28 or 32×32×3. Same
// bytes, no copy. One rule for the application's views and exports.
#pragma once

#include "tensorpieces.h"
#include "tensorview.h"

#include <optional>
#include <vector>

namespace idx {

/// `view` with each record shaped as `recordDims` (the record count kept) when that fits (same bytes per
/// record); otherwise `view` as stored, as also for nullopt or an empty shape. The new view keeps the old
/// one's storage alive.
[[nodiscard]] TensorView withRecordShape(const TensorView& view,
                                         const std::optional<std::vector<quint64>>& recordDims);
/// The same for a tensor in pieces (each piece reshaped; pieces hold whole records).
[[nodiscard]] TensorPieces withRecordShape(const TensorPieces& pieces,
                                           const std::optional<std::vector<quint64>>& recordDims);

} // namespace idx
