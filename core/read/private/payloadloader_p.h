// Private: the progressive loading of a decoded stream's payload (a compressed file's, or a sibling format's
// converted to IDX). The payload goes into a buffer that grows only as real output arrives and is published
// to readers as immutable snapshots; bytes past the payload are counted up to the excess limit; the payload's
// diagnostics follow once the stream ends. IdxFile holds one for every file it does not map.
#pragma once

#include "bytesource_p.h"
#include "header.h"
#include "progress.h"
#include "tensorview.h"

#include <QMutex>

#include <atomic>
#include <functional>
#include <memory>

namespace idx {

class PayloadLoader {
public:
    /// Takes over `stream` whose first bytes, `prefix`, were read already: the header of `header`, and maybe
    /// payload and more after it. `order`: the byte order the view reads; `ignoreTrailing`: bytes after the
    /// payload are expected; `fileSize`: the file's size on disk, for progress and the first buffer.
    PayloadLoader(std::unique_ptr<ByteSource> stream, QByteArrayView prefix, const Header& header,
                  qint64 fileSize, ByteOrder order, bool ignoreTrailing);
    PayloadLoader(const PayloadLoader&) = delete;
    PayloadLoader& operator=(const PayloadLoader&) = delete;

    /// A piece of payload handed on (IdxFile::streamPayload); false refuses it and stops.
    using PayloadWriter = std::function<bool(QByteArrayView piece)>;
    /// IdxFile::load for a decoded stream: decodes the rest (resuming after a cancel). With `to`, the payload
    /// not handed on yet goes to it, a piece at a time, instead of into the buffer, which keeps only the
    /// first kSampleBytes (for the byte order's check): memory stays flat in the file's size. Once handed
    /// on, the payload is gone: a later load() of either kind returns false.
    bool load(const Control& control = {}, const PayloadWriter* to = nullptr);
    static constexpr qint64 kSampleBytes = 1 << 20;
    [[nodiscard]] bool isLoaded() const;
    /// The snapshot of the payload decoded so far. Thread safe, as everything below.
    [[nodiscard]] TensorView view() const;
    [[nodiscard]] Diagnostics diagnostics() const;
    /// Stream bytes decoded after the header: payload and trailing.
    [[nodiscard]] qint64 decodedAfterHeader() const;
    [[nodiscard]] qint64 trailingBytes() const;
    [[nodiscard]] qint64 bytesRead() const { return m_bytesRead.load(); }
    [[nodiscard]] qint64 bufferCapacity() const;
    [[nodiscard]] qint64 peakBufferBytes() const;

private:
    // One payload buffer. Readers only touch [0, available) of a snapshot, the loader writes beyond it.
    struct Buffer {
        std::unique_ptr<uchar[]> data;
        qint64 capacity = 0;
    };
    bool grow(qint64 to = -1); // a larger buffer: `to` bytes, or the next step; false when out of memory
    void finish();
    [[nodiscard]] TensorView viewLocked() const;

    std::unique_ptr<ByteSource> m_stream; // null when given up at the start (no memory for a buffer)
    const Header m_header;
    const qint64 m_fileSize;
    const ByteOrder m_order;
    const bool m_ignoreTrailing;
    const qint64 m_excessLimit;
    qint64 m_firstGrowth = 0; // the capacity a load grows to first (set once in the constructor)
    qint64 m_used = 0;        // payload bytes decoded: in m_buf, or handed on (loading thread only)
    qint64 m_handedOn = 0;    // of them, handed to a PayloadWriter

    mutable QMutex m_mutex; // guards everything below
    std::shared_ptr<Buffer> m_buf;
    qint64 m_peakBuffer = 0;
    qint64 m_available = 0;
    qint64 m_trailing = 0;
    std::atomic<qint64> m_bytesRead{0}; // of the file
    bool m_capped = false;
    bool m_loaded = false;
    Diagnostics m_diagnostics;
};

} // namespace idx
