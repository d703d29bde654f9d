// The document's tensor and the view state's slice through core's rules (recordshape.h,
// SliceSpec::completed).
#include "reshape.h"

#include "document.h"
#include "recordshape.h"
#include "viewstate.h"

#include <QCoreApplication>

namespace idx::gui {

idx::TensorView reshapedView(const Document& doc, const ViewState& state)
{
    return idx::withRecordShape(doc.view(), state.reshape());
}

idx::TensorPieces reshapedPieces(const Document& doc, const ViewState& state)
{
    return idx::withRecordShape(doc.pieces(), state.reshape());
}

idx::SliceSpec effectiveSlice(const idx::TensorView& view, const ViewState& state)
{
    return effectiveSlice(view.header(), state);
}

idx::SliceSpec effectiveSlice(const idx::Header& header, const ViewState& state)
{
    return state.slice().completed(header, state.currentRecord());
}

QList<ReshapeChoice> reshapeChoices(const idx::Header& header)
{
    QList<ReshapeChoice> out;
    if (header.ndim() != 2)
        return out;
    const quint64 n = header.dims[1];
    if (n == 784)
        out.append({QCoreApplication::translate("Reshape", "28 × 28"), {28, 28}});
    if (n == 3072) {
        out.append({QCoreApplication::translate("Reshape", "32 × 32 × 3 (interleaved RGB)"), {32, 32, 3}});
        out.append({QCoreApplication::translate("Reshape", "3 × 32 × 32 (planar, CIFAR)"), {3, 32, 32}});
    }
    return out;
}

} // namespace idx::gui
