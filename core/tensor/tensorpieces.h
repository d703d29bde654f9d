// A tensor whose records lie in several contiguous pieces of memory, read where they are: an edited tensor is
// runs of the mapped file, inserted chunks and the edited records of the overlay, and copying them together
// for every edit would copy the whole file (47 MB for one painted pixel). The accessors mirror TensorView's
// for everything that does not need the payload as one block; statistics and slices work on pieces directly.
#pragma once

#include "tensorview.h"

#include <optional>
#include <vector>

namespace idx {

class TensorPieces {
public:
    TensorPieces() = default;
    /// One piece: the view itself (a progressive load's partial last record included).
    explicit TensorPieces(TensorView whole);
    /// `header`: the whole tensor's; each piece a view of whole records of the same dtype, record shape and
    /// byte order (its dims[0] its record count), in order.
    TensorPieces(Header header, ByteOrder order, std::vector<TensorView> pieces);

    [[nodiscard]] const Header& header() const { return m_header; }
    [[nodiscard]] DType dtype() const { return m_header.dtype; }
    [[nodiscard]] ByteOrder byteOrder() const { return m_order; }
    [[nodiscard]] quint64 recordCount() const { return m_header.recordCount(); }
    [[nodiscard]] quint64 availableRecords() const { return m_records; }
    [[nodiscard]] quint64 availableBytes() const { return m_bytes; }
    [[nodiscard]] quint64 availableElements() const { return m_bytes / quint64(m_header.elementSize()); }
    [[nodiscard]] bool isComplete() const { return m_bytes >= m_header.dataBytes; }

    [[nodiscard]] const std::vector<TensorView>& pieces() const { return m_pieces; }
    /// The first record of each piece.
    [[nodiscard]] const std::vector<quint64>& pieceStarts() const { return m_starts; }
    /// The piece holding record i (i < availableRecords()).
    [[nodiscard]] size_t pieceOf(quint64 i) const;
    /// The whole tensor as one view when it is one piece (no copy), else nullopt.
    [[nodiscard]] std::optional<TensorView> contiguous() const;

    /// Bytes of record i (stored byte order); i must be < availableRecords().
    [[nodiscard]] const uchar* recordData(quint64 i) const;
    /// Record i as a one-record view of the same rank (dims[0] = 1) that keeps its bytes alive: safe to
    /// hand to a worker and to keep past later edits. Out of range (not loaded yet): a record's shape
    /// with no bytes available (isNull(); extractSlice and renderRecord find nothing to read).
    [[nodiscard]] TensorView recordView(quint64 i) const;
    /// Element at a flat (row-major) index; must be < availableElements().
    [[nodiscard]] double value(quint64 flat) const;
    [[nodiscard]] std::optional<quint64> flatIndex(std::span<const quint64> index) const;
    /// A hint after reading records [first, end): the pieces that map a large file let those pages go (see
    /// TensorView::releasePages); a no-op for the others.
    void releaseRecords(quint64 first, quint64 end) const;
    /// Row-major strides in elements.
    [[nodiscard]] std::vector<quint64> strides() const;
    /// Element at a multi-index; nullopt when out of range or not available.
    [[nodiscard]] std::optional<double> valueAt(std::span<const quint64> index) const;

private:
    Header m_header;
    ByteOrder m_order = ByteOrder::Big;
    std::vector<TensorView> m_pieces;
    std::vector<quint64> m_starts;
    quint64 m_records = 0;
    quint64 m_bytes = 0;
};

/// extractSlice over pieces: a slice inside one record reads that record only; one across records reads
/// element by element.
[[nodiscard]] std::optional<Slice> extractSlice(const TensorPieces& t, const SliceSpec& spec);

/// The tensor as one view: its single piece when there is one (no copy), else its available records copied
/// into one block (for computations that take a whole view: the audit, the map). Run it off the GUI thread.
[[nodiscard]] TensorView gatherView(const TensorPieces& t);

} // namespace idx
