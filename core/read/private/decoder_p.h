// Private: pull-style streaming decoders for the compressed containers (gzip via ISA-L, xz via liblzma).
// They read the file in chunks and hand out decompressed bytes on demand, so opening needs only the first
// few KiB and loading can stop, poll for cancellation and resume at any point.
#pragma once

#include "container.h"
#include "diagnostic.h"

#include <QFile>

#include <memory>
#include <optional>

namespace idx {

/// What went wrong in the compressed stream, already phrased for the user.
struct DecodeError {
    DiagCode code = DiagCode::CorruptCompressed;
    qint64 expected = -1;
    qint64 actual = -1;
    QString message;
};

class StreamDecoder {
public:
    /// Takes an open file positioned anywhere; decoding starts at offset 0. Gzip or xz only.
    [[nodiscard]] static std::unique_ptr<StreamDecoder> create(Container c, std::unique_ptr<QFile> file);
    virtual ~StreamDecoder();

    /// Decodes up to `cap` bytes into `out`, looping until `cap` bytes, the end of the stream or an error.
    /// Returns the number of bytes produced; fewer than `cap` means the stream ended (atEnd()), failed
    /// (error()), or paused after a long stretch of work that produced nothing yet (neither is set: call
    /// again; meanwhile the caller can report progress and poll for cancellation).
    [[nodiscard]] qint64 read(uchar* out, qint64 cap);
    /// The whole stream decoded cleanly (every gzip member / xz stream, checksums verified).
    [[nodiscard]] bool atEnd() const { return m_end; }
    [[nodiscard]] const std::optional<DecodeError>& error() const { return m_error; }
    /// Once the payload has been read: ends the stream without decoding the bytes left in it when their
    /// number is known without reading them (a sibling format's file on disk), and returns that number. -1
    /// when what is left has to be read.
    [[nodiscard]] virtual qint64 skipRest() { return -1; }
    /// Warnings that do not stop decoding (garbage after the last gzip member).
    [[nodiscard]] const Diagnostics& warnings() const { return m_warnings; }
    /// Compressed bytes consumed so far, and decompressed bytes produced.
    [[nodiscard]] qint64 inputConsumed() const { return m_fileOffset - m_inAvail; }
    [[nodiscard]] qint64 outputProduced() const { return m_produced; }

protected:
    /// `file` may be null for a decoder with its own input (it then never calls refill() or peekFile()).
    explicit StreamDecoder(std::unique_ptr<QFile> file);
    /// One step: decode from the input buffer into out[0..cap). Sets m_end or m_error when done; returns
    /// bytes produced (0 is fine as long as input was consumed).
    virtual qint64 step(uchar* out, qint64 cap) = 0;
    /// Refills the input buffer when empty (keeps unconsumed bytes). False at end of file or on error.
    bool refill();
    void fail(DiagCode code, QString message, qint64 expected = -1, qint64 actual = -1);
    /// Bytes of the file at `offset` (for checksum reports); empty on failure.
    QByteArray peekFile(qint64 offset, qint64 length);

    std::unique_ptr<QFile> m_file;
    std::unique_ptr<uchar[]> m_in;
    qint64 m_inCap = 0;
    const uchar* m_inNext = nullptr; // next unconsumed input byte
    qint64 m_inAvail = 0;            // unconsumed input bytes
    qint64 m_fileOffset = 0;         // file offset just past the buffered input
    bool m_eof = false;
    bool m_end = false;
    qint64 m_produced = 0;
    std::optional<DecodeError> m_error;
    Diagnostics m_warnings;
    bool m_yield = false; // set by step(): read() returns now, with what it has (see read())
};

} // namespace idx
