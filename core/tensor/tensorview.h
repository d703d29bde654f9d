// An immutable, cheap-to-copy view of a tensor's payload: the header, a pointer to the bytes that have
// arrived so far, and a keep-alive handle for the storage (a mapping or a decompression buffer).
// Safe to use from any thread; a progressive open hands out new views as more bytes arrive.
#pragma once

#include "header.h"
#include "slicespec.h"

#include <memory>
#include <span>
#include <utility>

namespace idx {

class TensorView {
public:
    TensorView() = default;
    TensorView(Header header, const uchar* data, quint64 availableBytes,
               std::shared_ptr<const void> keepAlive, ByteOrder order = ByteOrder::Big);

    [[nodiscard]] bool isNull() const { return m_data == nullptr && m_header.dataBytes != 0; }
    [[nodiscard]] const Header& header() const { return m_header; }
    [[nodiscard]] DType dtype() const { return m_header.dtype; }
    [[nodiscard]] ByteOrder byteOrder() const { return m_order; }
    /// The same bytes read with another byte order (for data written little-endian behind a big-endian
    /// header).
    [[nodiscard]] TensorView withByteOrder(ByteOrder order) const;

    /// Payload bytes available (<= header().dataBytes).
    [[nodiscard]] quint64 availableBytes() const { return m_available; }
    [[nodiscard]] bool isComplete() const { return m_available >= m_header.dataBytes; }
    [[nodiscard]] quint64 recordCount() const { return m_header.recordCount(); }
    /// Whole records available (all of them once complete).
    [[nodiscard]] quint64 availableRecords() const;
    [[nodiscard]] quint64 availableElements() const { return m_available / quint64(m_header.elementSize()); }

    /// Raw payload (stored byte order). Valid while this view (or a copy) lives.
    [[nodiscard]] const uchar* data() const { return m_data; }
    /// Bytes of record i; i must be < availableRecords().
    [[nodiscard]] const uchar* recordData(quint64 i) const { return m_data + i * m_header.recordBytes(); }

    /// Element at a flat (row-major) index; must be < availableElements().
    [[nodiscard]] double value(quint64 flat) const
    {
        return decodeElement(m_data + flat * quint64(m_header.elementSize()), m_header.dtype, m_order);
    }
    /// Flat index of a multi-index (size ndim, each within its dim); nullopt when out of range.
    [[nodiscard]] std::optional<quint64> flatIndex(std::span<const quint64> index) const;
    /// Element at a multi-index; nullopt when out of range or not yet available.
    [[nodiscard]] std::optional<double> valueAt(std::span<const quint64> index) const;
    /// Values of record i as doubles.
    [[nodiscard]] std::vector<double> recordValues(quint64 i) const;
    /// Row-major strides in elements.
    [[nodiscard]] std::vector<quint64> strides() const;

    /// Records [first, first + count) as a view of their own (dims[0] = count, clamped to the available
    /// records), sharing the storage: a view of a mapping stays one, so scans over it release pages too.
    [[nodiscard]] TensorView records(quint64 first, quint64 count) const;

    /// The same view, marked as reading a read-only file mapping (set by IdxFile for raw files).
    [[nodiscard]] TensorView asMapped() const;
    [[nodiscard]] bool isMapped() const { return m_mapped; }
    /// A hint after a sequential pass over payload bytes [offset, offset + bytes): for large mapped files the
    /// pages leave this process's resident set (the page cache keeps them), so scanning an 8 GB file does not
    /// make it 8 GB resident. A no-op for small or unmapped payloads (small: the whole mapping, whatever part
    /// of it this view is).
    void releasePages(quint64 offset, quint64 bytes) const;

private:
    Header m_header;
    const uchar* m_data = nullptr;
    quint64 m_available = 0;
    std::shared_ptr<const void> m_keepAlive;
    ByteOrder m_order = ByteOrder::Big;
    bool m_mapped = false;
    quint64 m_mappingBytes = 0; // the payload size of the mapping this view reads, when mapped
};

/// Extracts a slice; nullopt when the spec is out of range or its elements are not available yet.
[[nodiscard]] std::optional<Slice> extractSlice(const TensorView& t, const SliceSpec& spec);

} // namespace idx
