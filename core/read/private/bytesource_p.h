// Private: the one pull interface at the bottom of reading. A ByteSource hands out bytes on demand: the file,
// a zip archive's member, the bytes already read put back in front of the rest (replay), and the filters over
// an upstream source — gzip (ISA-L), xz (liblzma) and the sibling formats' conversion to IDX. A filter only
// pulls from the source below it, never the other way round, so opening needs only the first few KiB and
// loading can stop, poll for cancellation and resume at any point.
#pragma once

#include "diagnostic.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <optional>

class QFile;

namespace idx {

enum class Container : quint8;

/// The bytes read ahead to tell the containers and formats apart (IdxFile::leadingBytes()).
inline constexpr qint64 kLeadingBytes = 256;

/// What went wrong in a source, already phrased for the user.
struct DecodeError {
    DiagCode code = DiagCode::CorruptCompressed;
    qint64 expected = -1;
    qint64 actual = -1;
    QString message;
};

/// Where a source stands: ended cleanly, or failed (the first failure is the one kept). Each source holds its
/// own; a filter takes over its upstream's error as its own.
struct SourceStatus {
    std::optional<DecodeError> error;
    bool end = false;
    void fail(DiagCode code, QString message, qint64 expected = -1, qint64 actual = -1);
    void fail(const DecodeError& e);
};

class ByteSource {
public:
    virtual ~ByteSource() = default;
    /// Up to `max` bytes into `into`; returns how many. Fewer than `max`, even 0, means: the end (atEnd()),
    /// a failure (error()), or — neither set — a pause after a stretch of work that produced nothing yet
    /// (column-major data being gathered): call again; meanwhile the caller can report progress and poll for
    /// cancellation. The decompressing filters fill `max` unless they end or fail.
    virtual qint64 read(char* into, qint64 max) = 0;
    /// Everything was handed out and verified (every gzip member, every xz stream, their checksums).
    [[nodiscard]] virtual bool atEnd() const = 0;
    [[nodiscard]] virtual const std::optional<DecodeError>& error() const = 0;
    /// Bytes of the file on disk consumed so far (progress against its size). Bytes read ahead and put back
    /// (replaySource) count as consumed from when they were first read.
    [[nodiscard]] virtual qint64 consumed() const = 0;
    /// Warnings that did not stop reading (garbage after the last gzip member), this source's and those of
    /// the sources below it.
    [[nodiscard]] virtual Diagnostics warnings() const { return {}; }
    /// Bytes not handed out yet when that is known without reading them (a file on disk); -1 otherwise.
    [[nodiscard]] virtual qint64 remaining() const { return -1; }
    /// Ends the source without reading what is left when remaining() is known, returning that number; -1
    /// (and nothing changed) when the rest has to be read (a decoder's output, an archive member whose
    /// checksum is verified only at its end).
    virtual qint64 skipRest() { return -1; }
};

/// A buffer size for reading `source`: `max`, or less for a source known to hold less (a small file is not
/// given buffers it cannot fill), never below a page.
[[nodiscard]] qint64 bufferFor(const ByteSource& source, qint64 max);
/// Reads until `max` bytes, the end or a failure (waiting out pauses); returns how many.
qint64 readFully(ByteSource& source, char* into, qint64 max);
/// `head` grown by up to `upTo - head.size()` bytes read fully from `source` (for sniffing and headers).
void readMore(ByteSource& source, QByteArray& head, qint64 upTo);

/// The file from its first byte (wherever it is positioned now).
[[nodiscard]] std::unique_ptr<ByteSource> fileSource(std::unique_ptr<QFile> file);
/// `head`, bytes already read from `rest`, then `rest` itself: what was read to sniff a stream is handed on
/// instead of being read (or decoded) again. A null `rest` ends after the head.
[[nodiscard]] std::unique_ptr<ByteSource> replaySource(QByteArray head, std::unique_ptr<ByteSource> rest);
/// The decompressed bytes of a gzip stream (every member; CRC-32 and ISIZE verified per member).
[[nodiscard]] std::unique_ptr<ByteSource> gzipFilter(std::unique_ptr<ByteSource> compressed);
/// The decompressed bytes of an xz stream (concatenated streams too).
[[nodiscard]] std::unique_ptr<ByteSource> xzFilter(std::unique_ptr<ByteSource> compressed);
/// gzipFilter or xzFilter by the container (Gzip or Xz).
[[nodiscard]] std::unique_ptr<ByteSource> decompressed(Container c, std::unique_ptr<ByteSource> compressed);
/// A member of a zip archive (stored or deflated, its CRC checked at its end), read with libzip. Null with
/// `error` set when the archive or the member cannot be opened.
[[nodiscard]] std::unique_ptr<ByteSource> zipSource(const QString& archive, const QString& member,
                                                    QString* error);

} // namespace idx
