// Reshaped views over the same bytes, and slice specs completed for a view's shape.
#include "reshape.h"

#include "document.h"
#include "viewstate.h"

#include <QCoreApplication>

namespace idx::gui {

idx::TensorView reshapedView(const idx::TensorView& view,
                             const std::optional<std::vector<quint64>>& recordDims)
{
    if (!recordDims || recordDims->empty() || view.header().ndim() < 1)
        return view;
    std::vector<quint64> dims{view.header().dims[0]};
    dims.insert(dims.end(), recordDims->begin(), recordDims->end());
    auto header = idx::Header::make(view.dtype(), std::move(dims));
    if (!header || header->dataBytes != view.header().dataBytes)
        return view; // does not fit this tensor (stale choice from another file): show it as stored
    // The new view points into the old one's storage; holding a copy of the old view holds its keep-alive.
    auto holder = std::make_shared<const idx::TensorView>(view);
    return idx::TensorView(*header, view.data(), view.availableBytes(), holder, view.byteOrder());
}

idx::TensorView reshapedView(const Document& doc, const ViewState& state)
{
    return reshapedView(doc.view(), state.reshape());
}

idx::TensorPieces reshapedPieces(const idx::TensorPieces& pieces,
                                 const std::optional<std::vector<quint64>>& recordDims)
{
    if (!recordDims || recordDims->empty() || pieces.header().ndim() < 1)
        return pieces;
    if (const auto whole = pieces.contiguous())
        return idx::TensorPieces(reshapedView(*whole, recordDims));
    std::vector<quint64> dims{pieces.header().dims[0]};
    dims.insert(dims.end(), recordDims->begin(), recordDims->end());
    const auto header = idx::Header::make(pieces.dtype(), std::move(dims));
    if (!header || header->dataBytes != pieces.header().dataBytes)
        return pieces; // does not fit: as stored
    std::vector<idx::TensorView> reshaped;
    reshaped.reserve(pieces.pieces().size());
    for (const idx::TensorView& p : pieces.pieces())
        reshaped.push_back(reshapedView(p, recordDims));
    return idx::TensorPieces(*header, pieces.byteOrder(), std::move(reshaped));
}

idx::TensorPieces reshapedPieces(const Document& doc, const ViewState& state)
{
    return reshapedPieces(doc.pieces(), state.reshape());
}

idx::SliceSpec effectiveSlice(const idx::TensorView& view, const ViewState& state)
{
    return effectiveSlice(view.header(), state);
}

idx::SliceSpec effectiveSlice(const idx::Header& header, const ViewState& state)
{
    const idx::Header& h = header;
    const int n = h.ndim();
    idx::SliceSpec spec = state.slice();
    const idx::SliceSpec def = idx::SliceSpec::forRecord(h, state.currentRecord());
    spec.fixed.resize(size_t(n), 0);
    if (n >= 1)
        spec.fixed[0] = state.currentRecord();
    const bool axesValid =
        spec.rowAxis < n && spec.colAxis < n && (spec.rowAxis < 0 || spec.rowAxis != spec.colAxis);
    if (!axesValid || (spec.rowAxis < 0 && spec.colAxis < 0)) {
        spec.rowAxis = def.rowAxis;
        spec.colAxis = def.colAxis;
    }
    return spec;
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
