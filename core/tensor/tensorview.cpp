// TensorView element access and 2-D slice extraction.
#include "tensorview.h"

#include "slice_p.h"

#include <algorithm>

#ifdef Q_OS_UNIX
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace idx {

TensorView::TensorView(Header header, const uchar* data, quint64 availableBytes,
                       std::shared_ptr<const void> keepAlive, ByteOrder order)
    : m_header(std::move(header)), m_data(data), m_available(std::min(availableBytes, m_header.dataBytes)),
      m_keepAlive(std::move(keepAlive)), m_order(order)
{}

TensorView TensorView::withByteOrder(ByteOrder order) const
{
    TensorView v = *this;
    v.m_order = order;
    return v;
}

TensorView TensorView::asMapped() const
{
    TensorView v = *this;
    v.m_mapped = true;
    v.m_mappingBytes = std::max(m_mappingBytes, m_header.dataBytes);
    return v;
}

TensorView TensorView::records(quint64 first, quint64 count) const
{
    first = std::min(first, availableRecords());
    count = std::min(count, availableRecords() - first);
    Header h = m_header;
    if (!h.dims.empty()) {
        auto dims = h.dims;
        dims[0] = count;
        h = Header::make(m_header.dtype, dims).value_or(m_header);
        h.typeCode = m_header.typeCode;
    }
    const quint64 rb = m_header.recordBytes();
    TensorView v(h, m_data ? m_data + first * rb : nullptr, count * rb, m_keepAlive, m_order);
    v.m_mapped = m_mapped;
    v.m_mappingBytes = m_mappingBytes;
    return v;
}

void TensorView::releasePages(quint64 offset, quint64 bytes) const
{
    // Below this size keeping the pages costs little and re-faulting them would slow repeated passes.
    constexpr quint64 kReleaseAbove = 256ull << 20;
    if (!m_mapped || m_mappingBytes < kReleaseAbove || offset >= m_available)
        return;
#ifdef Q_OS_UNIX
    // The kernel maps neighbouring cached pages on each fault ("fault-around", 64 KiB by default), so a pass
    // also made pages beside its range resident: release a margin on both sides (clipped to the payload).
    constexpr quint64 kMargin = 256 << 10;
    const quint64 from = offset > kMargin ? offset - kMargin : 0;
    const quint64 to = std::min(m_available, offset + bytes + kMargin);
    const auto page = quintptr(::sysconf(_SC_PAGESIZE));
    const quintptr begin = (quintptr(m_data + from) + page - 1) & ~(page - 1); // whole pages inside only
    const quintptr end = quintptr(m_data + to) & ~(page - 1);
    // MADV_DONTNEED on a read-only shared file mapping only drops page-table entries: later reads fault
    // the same file pages back in, so concurrent readers are unaffected.
    if (end > begin)
        ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
#else
    Q_UNUSED(bytes);
#endif
}

quint64 TensorView::availableRecords() const
{
    const quint64 rb = m_header.recordBytes();
    if (rb == 0) // zero-sized records: all of them exist as soon as the header does
        return m_header.recordCount();
    return std::min(m_header.recordCount(), m_available / rb);
}

std::vector<quint64> TensorView::strides() const
{
    std::vector<quint64> s(m_header.dims.size(), 1);
    for (int i = int(s.size()) - 2; i >= 0; --i)
        s[size_t(i)] = s[size_t(i) + 1] * m_header.dims[size_t(i) + 1];
    return s;
}

std::optional<quint64> TensorView::flatIndex(std::span<const quint64> index) const
{
    if (index.size() != m_header.dims.size())
        return std::nullopt;
    const auto s = strides();
    quint64 flat = 0;
    for (size_t i = 0; i < index.size(); ++i) {
        if (index[i] >= m_header.dims[i])
            return std::nullopt;
        flat += index[i] * s[i];
    }
    return flat;
}

std::optional<double> TensorView::valueAt(std::span<const quint64> index) const
{
    const auto flat = flatIndex(index);
    if (!flat || *flat >= availableElements())
        return std::nullopt;
    return value(*flat);
}

std::vector<double> TensorView::recordValues(quint64 i) const
{
    std::vector<double> out;
    if (i >= availableRecords())
        return out;
    const quint64 n = m_header.recordElements();
    out.resize(n);
    const quint64 base = i * n;
    for (quint64 k = 0; k < n; ++k)
        out[k] = value(base + k);
    return out;
}

std::optional<Slice> extractSlice(const TensorView& t, const SliceSpec& spec)
{
    return detail::extractSliceOf(t, spec);
}

} // namespace idx
