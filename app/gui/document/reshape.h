// The tensor as the views see it: the document's payload, optionally with another record shape (flat records
// of 784 or 3072 values viewed as 28×28 or 32×32×3), and the slice spec completed for that shape.
#pragma once

#include "tensorpieces.h"
#include "tensorview.h"

#include <QList>
#include <QString>

#include <optional>
#include <vector>

namespace idx::gui {

class Document;
class ViewState;

/// The document's current view, reshaped when ViewState::reshape() is set and fits (same element count per
/// record); otherwise the view as stored. Same bytes, no copy: the original view is kept alive by the new
/// one. An edited document's view is a copy of the whole tensor: prefer reshapedPieces / reshapedRecord.
[[nodiscard]] idx::TensorView reshapedView(const Document& doc, const ViewState& state);
/// The document's payload in pieces (Document::pieces()), reshaped the same way. Never a copy.
[[nodiscard]] idx::TensorPieces reshapedPieces(const Document& doc, const ViewState& state);
[[nodiscard]] idx::TensorPieces reshapedPieces(const idx::TensorPieces& pieces,
                                               const std::optional<std::vector<quint64>>& recordDims);
/// The same for a view at hand (tests, workers).
[[nodiscard]] idx::TensorView reshapedView(const idx::TensorView& view,
                                           const std::optional<std::vector<quint64>>& recordDims);

/// ViewState::slice() completed for `view`: one fixed index per axis (axis 0 = the current record) and
/// explicit image axes (the defaults of SliceSpec::forRecord when unset or out of range).
[[nodiscard]] idx::SliceSpec effectiveSlice(const idx::TensorView& view, const ViewState& state);
[[nodiscard]] idx::SliceSpec effectiveSlice(const idx::Header& header, const ViewState& state);

struct ReshapeChoice {
    QString label; // "28 × 28"
    std::vector<quint64> recordDims;
};
/// Record shapes worth offering for `header`: 784 → 28×28; 3072 → 32×32×3 and 3×32×32 (CIFAR's planar order).
[[nodiscard]] QList<ReshapeChoice> reshapeChoices(const idx::Header& header);

} // namespace idx::gui
