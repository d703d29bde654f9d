// Internal: IdxFile's state, shared by idxfile.cpp (IDX, raw and compressed) and idxfile_sibling.cpp (the
// sibling formats, read through a SiblingConverter).
#pragma once

#include "idxfile.h"
#include "siblingconverter_p.h"

#include <QFile>
#include <QMutex>

#include <atomic>
#include <limits>

namespace idx {
class ZipArchive;
} // namespace idx

namespace idx::detail {

inline constexpr qint64 kMaxHeaderBytes = 4 + 4 * 255;
inline constexpr qint64 kLeadingBytes = 256;

inline Diagnostic makeError(DiagCode code, QString message, qint64 offset = -1, qint64 expected = -1,
                            qint64 actual = -1)
{
    return Diagnostic{Severity::Error, code, offset, expected, actual, std::move(message)};
}

// Keeps a raw file's mapping (or, where mapping is impossible, a copy) alive for every view handed out.
struct RawStorage {
    std::unique_ptr<QFile> file;
    const uchar* data = nullptr;
    QByteArray copy;
    // SIGBUS protection (sigbus_p.h): set when the file shrank under the mapping and a read past its new end
    // was answered with zeros. Unregistered before `file` unmaps.
    std::atomic<bool> damaged{false};
    int sigbusToken = -1;
    ~RawStorage();
};

// One decompression buffer. Readers only touch [0, published) of a snapshot, the decoder writes beyond it.
struct Buffer {
    std::unique_ptr<uchar[]> data;
    qint64 capacity = 0;
};

} // namespace idx::detail

namespace idx {

namespace detail {
/// a + b, held at the largest qint64 instead of overflowing.
inline qint64 saturatedAdd(qint64 a, quint64 b)
{
    const quint64 s = quint64(a) + b;
    return s < b || s > quint64(std::numeric_limits<qint64>::max()) ? std::numeric_limits<qint64>::max()
                                                                    : qint64(s);
}
} // namespace detail

struct IdxFile::Private {
    QString path;
    OpenOptions options;
    SourceLayout source; // format Idx, or the sibling read
    Container container = Container::Raw;
    qint64 fileSize = 0;
    QByteArray leading;
    bool headerValid = false;
    Header header;
    quint8 storedTypeCode = 0;
    Diagnostics openDiags; // known at open: I/O, header, foreign format; raw payload checks

    std::shared_ptr<detail::RawStorage> raw;
    quint64 rawPayload = 0; // raw: payload bytes present in the file (may exceed dataBytes)

    std::unique_ptr<ByteSource> decoder; // compressed or sibling: continues where open() stopped
    qint64 excessLimit = 0;
    qint64 peakBuffer = 0;
    qint64 used = 0; // payload bytes written into buf (decoder thread only)

    mutable QMutex mutex; // guards everything below
    std::shared_ptr<detail::Buffer> buf;
    qint64 available = 0;
    qint64 trailing = 0;
    std::atomic<qint64> bytesRead{0}; // of the file, by load()
    bool capped = false;
    bool loaded = false;
    Diagnostics loadDiags;

    void openRaw(std::unique_ptr<QFile> file);
    /// A compressed file's decoded stream from its first byte: IDX, or a sibling format inside the container.
    void openDecoded(std::unique_ptr<ByteSource> stream);
    /// Reads the header from the first bytes of `stream` (`prefix`: those already read from it, the rest
    /// continues after them) and keeps the stream for load(). `headerBytes`: how much to read for the
    /// header (a synthesized header's exact size, so no data is converted on the opening thread).
    void openStream(std::unique_ptr<ByteSource> stream, QByteArray prefix = {},
                    qint64 headerBytes = detail::kMaxHeaderBytes);
    // Sibling formats (idxfile_sibling.cpp).
    /// `prefix`: the first bytes of the sibling's stream; `stream` delivers it from its first byte.
    void openSibling(SourceFormat format, QByteArrayView prefix, std::unique_ptr<ByteSource> stream);
    void openArchive(const QString& archive);
    /// An IDX file read as a type IDX has no code for (`stream`: the file, decoded, from its first byte):
    /// its payload converted by a SiblingConverter.
    void openWidened(std::unique_ptr<ByteSource> stream);
    bool synthesized = false; // the stream's header is made here: no reinterpretation applies to it
    /// `zip`: the archive when it is open already (an .npz of one array), else opened here.
    void openArchiveMember(const ArchiveMember& member, std::shared_ptr<ZipArchive> zip = nullptr);
    void fail(Diagnostic error);
    void acceptHeader(QByteArrayView prefix);
    [[nodiscard]] Diagnostics checkPayload(quint64 present, bool capped) const;
    bool grow();
    void finish();
    [[nodiscard]] TensorView viewLocked() const;
};

/// The sibling format whose magic `head` starts with (Npy, Lush), or nullopt.
[[nodiscard]] std::optional<SourceFormat> siblingMagic(QByteArrayView head);

} // namespace idx
