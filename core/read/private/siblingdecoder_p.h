// Internal: reading a sibling format's tensor as an IDX stream. A SiblingDecoder is a StreamDecoder whose
// output is the canonical IDX header for the sibling's layout, then its data converted to big-endian IDX
// elements (widened where IDX has no such type, reordered when it is column-major), then any bytes after the
// data as they are (counted as trailing). IdxFile loads it like a decompressing decoder: progressively,
// cancellable, bounded.
#pragma once

#include "decoder_p.h"
#include "header.h"
#include "sibling.h"

#include <functional>

namespace idx {

/// Where a sibling's bytes come from: the file itself, a decompressing decoder, an archive member.
class ByteSource {
public:
    virtual ~ByteSource() = default;
    /// Up to `cap` bytes; fewer means the end, or error() is set.
    virtual qint64 read(uchar* out, qint64 cap) = 0;
    [[nodiscard]] virtual std::optional<DecodeError> error() const = 0;
    /// Bytes of the file on disk behind what was read so far (for progress against its size).
    [[nodiscard]] virtual qint64 consumed() const = 0;
    [[nodiscard]] virtual Diagnostics warnings() const { return {}; }
    /// Skips to the end without reading when what is left is known (a file on disk), returning how many
    /// bytes that passes over; -1 when the rest has to be read (a decoder's output, an archive member whose
    /// checksum is verified only at its end).
    virtual qint64 skipRest() { return -1; }
};

/// The file from its first byte.
[[nodiscard]] std::unique_ptr<ByteSource> fileSource(std::unique_ptr<QFile> file);
/// A gzip or xz stream's decoded bytes.
[[nodiscard]] std::unique_ptr<ByteSource> decoderSource(std::unique_ptr<StreamDecoder> decoder);
/// A member of a zip archive (stored or deflated), read with libzip. Null with `error` set on failure.
[[nodiscard]] std::unique_ptr<ByteSource> zipSource(const QString& archive, const QString& member,
                                                    QString* error);

class SiblingDecoder : public StreamDecoder {
public:
    /// `source` delivers the sibling's stream from its first byte; `layout` was parsed from it.
    SiblingDecoder(std::unique_ptr<ByteSource> source, SourceLayout layout, const Header& idx);

    qint64 skipRest() override;
    /// int64/uint64 values converted so far that a double holds only rounded.
    [[nodiscard]] qint64 roundedCount() const { return m_rounded; }

protected:
    qint64 step(uchar* out, qint64 cap) override;

private:
    enum class Gather { More, Done, Failed };
    bool fill();              // converts the next chunk into m_pending; false at the end
    Gather readStoredChunk(); // column-major: one more chunk of the data into m_stored
    qint64 readSource(uchar* out, qint64 cap);
    void reportRounded();
    void finishSource();

    std::unique_ptr<ByteSource> m_source;
    SourceLayout m_layout;
    QByteArray m_pending; // converted bytes not yet handed out
    qsizetype m_pendingPos = 0;
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
