// Internal: IdxFile's state, shared by idxfile.cpp (opening: raw files mapped, decoded streams, sibling
// formats; loading) and idxfile_state.cpp (the accessors). A decoded stream's payload is a PayloadLoader's.
#pragma once

#include "idxfile.h"
#include "payloadloader_p.h"

#include <QFile>
#include <QMutex>

#include <atomic>

namespace idx {

struct SiblingStream;

namespace detail {

inline constexpr qint64 kMaxHeaderBytes = 4 + 4 * 255;

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
    bool synthesized = false; // the stream's header is made here: no reinterpretation applies to it
    Diagnostics openDiags;    // known at open: I/O, header, foreign format; raw payload checks

    std::shared_ptr<detail::RawStorage> raw;
    quint64 rawPayload = 0;  // raw: payload bytes present in the file (may exceed dataBytes)
    qint64 rawAvailable = 0; // … of them viewed: at most the declared payload

    std::unique_ptr<PayloadLoader> loader; // a decoded stream (compressed or converted) continued by load()

    mutable QMutex mutex; // guards the two below
    bool loaded = false;  // a raw file (once its byte order was checked), or one that failed at open
    Diagnostics rawLoadDiags;

    void openRaw(std::unique_ptr<QFile> file);
    /// A compressed file's decoded stream from its first byte: IDX, or a sibling format inside the container.
    void openDecoded(std::unique_ptr<ByteSource> stream);
    /// Reads the header from the first bytes of `stream` (`prefix`: those already read from it, the rest
    /// continues after them) and hands the stream to a PayloadLoader. `headerBytes`: how much to read for
    /// the header (a synthesized header's exact size, so no data is converted on the opening thread).
    void openStream(std::unique_ptr<ByteSource> stream, QByteArray prefix = {},
                    qint64 headerBytes = detail::kMaxHeaderBytes);
    /// An IDX file read as a type IDX has no code for (`stream`: the file, decoded, from its first byte):
    /// its payload converted by a SiblingConverter.
    void openWidened(std::unique_ptr<ByteSource> stream);
    /// A sibling format as opened by siblingopen_p.h.
    void openSibling(SiblingStream sibling);
    void fail(Diagnostic error);
    void acceptHeader(QByteArrayView prefix);
    [[nodiscard]] TensorView rawView() const;
};

} // namespace idx
