// TensorPieces: record lookup by binary search over the pieces' first records; one piece is the plain view.
#include "tensorpieces.h"

#include "slice_p.h"

#include <algorithm>
#include <cstring>
#include <memory>

namespace idx {

TensorPieces::TensorPieces(TensorView whole)
    : m_header(whole.header()), m_order(whole.byteOrder()), m_records(whole.availableRecords()),
      m_bytes(whole.availableBytes())
{
    m_pieces.push_back(std::move(whole));
    m_starts.push_back(0);
}

TensorPieces::TensorPieces(Header header, ByteOrder order, std::vector<TensorView> pieces)
    : m_header(std::move(header)), m_order(order), m_pieces(std::move(pieces))
{
    m_starts.reserve(m_pieces.size());
    for (const TensorView& p : m_pieces) {
        m_starts.push_back(m_records);
        m_records += p.availableRecords();
    }
    m_records = std::min(m_records, m_header.recordCount());
    m_bytes = m_records * m_header.recordBytes();
}

size_t TensorPieces::pieceOf(quint64 i) const
{
    const auto it = std::upper_bound(m_starts.begin(), m_starts.end(), i);
    return it == m_starts.begin() ? 0 : size_t(it - m_starts.begin()) - 1;
}

void TensorPieces::releaseRecords(quint64 first, quint64 end) const
{
    const quint64 rb = m_header.recordBytes();
    end = std::min(end, m_records);
    if (first >= end || rb == 0 || m_header.dims.empty())
        return;
    for (size_t k = pieceOf(first); k < m_pieces.size() && m_starts[k] < end; ++k) {
        const quint64 a = std::max(first, m_starts[k]);
        const quint64 b = std::min(end, m_starts[k] + m_pieces[k].availableRecords());
        if (a < b)
            m_pieces[k].releasePages((a - m_starts[k]) * rb, (b - a) * rb);
    }
}

std::optional<TensorView> TensorPieces::contiguous() const
{
    if (m_pieces.size() == 1 && m_pieces[0].header().dims == m_header.dims)
        return m_pieces[0];
    if (m_pieces.empty())
        return TensorView(m_header, nullptr, 0, {}, m_order);
    return std::nullopt;
}

const uchar* TensorPieces::recordData(quint64 i) const
{
    const size_t k = pieceOf(i);
    return m_pieces[k].recordData(i - m_starts[k]);
}

TensorView TensorPieces::recordView(quint64 i) const
{
    Header h = m_header;
    if (!h.dims.empty()) {
        auto dims = h.dims;
        dims[0] = 1;
        h = Header::make(m_header.dtype, dims).value_or(m_header);
        h.typeCode = m_header.typeCode;
    }
    if (i >= m_records || m_pieces.empty())
        return TensorView(h, nullptr, 0, {}, m_order); // the shape of a record, none of its bytes
    const size_t k = pieceOf(i);
    const TensorView& piece = m_pieces[k];
    if (m_header.dims.empty())
        return piece; // a scalar is its own record
    // Holding a copy of the piece holds its storage (a mapping, a chunk, an edited record).
    auto keep = std::make_shared<const TensorView>(piece);
    return TensorView(h, piece.recordData(i - m_starts[k]), h.recordBytes(), keep, m_order);
}

double TensorPieces::value(quint64 flat) const
{
    if (m_pieces.size() == 1)
        return m_pieces[0].value(flat);
    const quint64 per = m_header.recordElements();
    const quint64 record = flat / per;
    const size_t k = pieceOf(record);
    return m_pieces[k].value((record - m_starts[k]) * per + flat % per);
}

std::vector<quint64> TensorPieces::strides() const
{
    return TensorView(m_header, nullptr, 0, {}).strides();
}

std::optional<quint64> TensorPieces::flatIndex(std::span<const quint64> index) const
{
    return TensorView(m_header, nullptr, 0, {}).flatIndex(index); // the shape is all it needs
}

std::optional<double> TensorPieces::valueAt(std::span<const quint64> index) const
{
    const auto flat = flatIndex(index);
    if (!flat || *flat >= availableElements())
        return std::nullopt;
    return value(*flat);
}

std::optional<Slice> extractSlice(const TensorPieces& t, const SliceSpec& spec)
{
    if (const auto whole = t.contiguous())
        return extractSlice(*whole, spec);
    const int n = t.header().ndim();
    if (spec.inOneRecord(t.header())) {
        const quint64 record = spec.fixed.empty() ? 0 : spec.fixed[0];
        if (record >= t.availableRecords())
            return std::nullopt;
        SliceSpec local = spec;
        local.fixed.resize(size_t(n), 0);
        local.fixed[0] = 0;
        return extractSlice(t.recordView(record), local);
    }
    return detail::extractSliceOf(t, spec);
}

TensorView gatherView(const TensorPieces& t)
{
    if (auto one = t.contiguous())
        return *one;
    const quint64 recordBytes = t.header().recordBytes();
    const quint64 records = t.availableRecords();
    auto bytes = std::make_shared<std::vector<uchar>>(size_t(records * recordBytes));
    for (quint64 r = 0; r < records; ++r)
        std::memcpy(bytes->data() + r * recordBytes, t.recordData(r), size_t(recordBytes));
    return TensorView(t.header(), bytes->data(), records * recordBytes, bytes, t.byteOrder());
}

} // namespace idx
