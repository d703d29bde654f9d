// The tensor as the views see it: the document's payload with the view state's record shape (flat records of
// 784 or 3072 values viewed as 28×28 or 32×32×3; core's withRecordShape), the slice spec completed for that
// shape (SliceSpec::completed), and the record shapes worth offering.
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

/// ViewState::slice() completed for `view` and the current record (SliceSpec::completed).
[[nodiscard]] idx::SliceSpec effectiveSlice(const idx::TensorView& view, const ViewState& state);
[[nodiscard]] idx::SliceSpec effectiveSlice(const idx::Header& header, const ViewState& state);

struct ReshapeChoice {
    QString label; // "28 × 28"
    std::vector<quint64> recordDims;
};
/// Record shapes worth offering for `header`: 784 → 28×28; 3072 → 32×32×3 and 3×32×32 (CIFAR's planar order).
[[nodiscard]] QList<ReshapeChoice> reshapeChoices(const idx::Header& header);

} // namespace idx::gui
