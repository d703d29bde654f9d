// Reshaped views over the same bytes.
#include "recordshape.h"

#include <memory>

namespace idx {

namespace {
/// The header of `h`'s records shaped as `recordDims`, when it fits.
std::optional<Header> reshapedHeader(const Header& h, const std::vector<quint64>& recordDims)
{
    std::vector<quint64> dims{h.dims[0]};
    dims.insert(dims.end(), recordDims.begin(), recordDims.end());
    auto header = Header::make(h.dtype, std::move(dims));
    if (!header || header->dataBytes != h.dataBytes)
        return std::nullopt; // does not fit this tensor (a stale choice from another file)
    return header;
}
} // namespace

TensorView withRecordShape(const TensorView& view, const std::optional<std::vector<quint64>>& recordDims)
{
    if (!recordDims || recordDims->empty() || view.header().ndim() < 1)
        return view;
    const auto header = reshapedHeader(view.header(), *recordDims);
    if (!header)
        return view;
    // The new view points into the old one's storage; holding a copy of the old view holds its keep-alive.
    auto holder = std::make_shared<const TensorView>(view);
    return TensorView(*header, view.data(), view.availableBytes(), holder, view.byteOrder());
}

TensorPieces withRecordShape(const TensorPieces& pieces,
                             const std::optional<std::vector<quint64>>& recordDims)
{
    if (!recordDims || recordDims->empty() || pieces.header().ndim() < 1)
        return pieces;
    if (const auto whole = pieces.contiguous())
        return TensorPieces(withRecordShape(*whole, recordDims));
    const auto header = reshapedHeader(pieces.header(), *recordDims);
    if (!header)
        return pieces;
    std::vector<TensorView> reshaped;
    reshaped.reserve(pieces.pieces().size());
    for (const TensorView& p : pieces.pieces())
        reshaped.push_back(withRecordShape(p, recordDims));
    return TensorPieces(*header, pieces.byteOrder(), std::move(reshaped));
}

} // namespace idx
