// Private: a sibling format's tensor as an IDX stream. A SiblingConverter is a filter over the sibling's own
// bytes (from its first byte: the file, a decompressing filter, an archive member): it hands out the
// canonical IDX header for the sibling's layout, then its data converted to big-endian IDX elements (widened
// where IDX has no such type, reordered when it is column-major), then any bytes after the data as they are
// (counted as trailing). IdxFile loads it like a decompressing filter: progressively, cancellable, bounded.
#pragma once

#include "bytesource_p.h"
#include "header.h"
#include "sibling.h"

namespace idx {

class SiblingConverter final : public ByteSource {
public:
    /// `source` delivers the sibling's stream from its first byte; `layout` was parsed from it.
    SiblingConverter(std::unique_ptr<ByteSource> source, SourceLayout layout, const Header& idx);

    qint64 read(char* into, qint64 max) override;
    [[nodiscard]] bool atEnd() const override { return m_status.end; }
    [[nodiscard]] const std::optional<DecodeError>& error() const override { return m_status.error; }
    [[nodiscard]] qint64 consumed() const override { return m_source->consumed(); }
    /// Its own (a partial last element, rounded values) and, once its source ended, the source's.
    [[nodiscard]] Diagnostics warnings() const override { return m_warnings; }
    /// Once the data is handed out: the bytes after it on disk, counted without reading them when the
    /// source knows their number.
    qint64 skipRest() override;
    /// int64/uint64 values converted so far that a double holds only rounded.
    [[nodiscard]] qint64 roundedCount() const { return m_rounded; }

private:
    enum class Fill { Ready, Paused, Finished };
    enum class Gather { More, Done, Failed };
    Fill fill();              // converts the next chunk into m_pending
    qint64 nextChunk();       // the next chunk's size: growing to about 1 MiB
    Fill fillReordered();     // … of column-major data
    Gather readStoredChunk(); // column-major: one more chunk of the data into m_stored
    qint64 readSource(char* out, qint64 cap);
    void reportRounded();
    void finishSource();

    std::unique_ptr<ByteSource> m_source;
    SourceLayout m_layout;
    SourceStatus m_status;
    Diagnostics m_warnings;
    QByteArray m_pending; // converted bytes not yet handed out
    qsizetype m_pendingPos = 0;
    qint64 m_chunk;
    quint64 m_elementsLeft = 0;
    quint64 m_elementsDone = 0;
    qint64 m_skip = 0;         // header bytes of the sibling still to skip
    QByteArray m_stored;       // Fortran order: all the data, and the carry of a partial element otherwise
    qint64 m_storedTotal = -1; // column-major: bytes of data to gather, once known
    qint64 m_storedHave = 0;   // … and gathered so far
    bool m_gathered = false;
    bool m_dataDone = false;
    bool m_sourceDone = false;
    qint64 m_rounded = 0;
    bool m_roundedReported = false;
};

} // namespace idx
