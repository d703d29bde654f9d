// PayloadLoader: a decoded stream's payload loaded in steps of 1 MiB between progress reports and cancel
// polls, into a buffer sized by real output (never by the header alone), published as immutable snapshots.
#include "payloadloader_p.h"

#include "payload_p.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <limits>
#include <new>
#include <utility>

namespace idx {

using namespace detail;

namespace {
constexpr qint64 kOutputChunk = 1 << 20; // decode step between progress reports and cancel polls
constexpr qint64 kMinBuffer = 1 << 20;
constexpr qint64 kSmallStart = 64 << 10; // the first buffers of a small file

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};
} // namespace

PayloadLoader::PayloadLoader(std::unique_ptr<ByteSource> stream, QByteArrayView prefix, const Header& header,
                             qint64 fileSize, ByteOrder order, bool ignoreTrailing)
    : m_stream(std::move(stream)), m_header(header), m_fileSize(fileSize), m_order(order),
      m_ignoreTrailing(ignoreTrailing), m_excessLimit(payloadExcessLimit(header))
{
    // The prefix may already hold payload (and even trailing bytes) of a small file.
    const qint64 inPrefix = prefix.size() - m_header.headerBytes;
    const qint64 used = qint64(std::min<quint64>(quint64(inPrefix), m_header.dataBytes));
    m_trailing = inPrefix - used;
    // The buffer a load grows to first: bounded by real data (a small multiple of the compressed size), never
    // by the header alone. Until a load needs it, at most a megabyte (less for a small file): a payload
    // handed on (streamed) never reserves more.
    m_firstGrowth =
        qint64(std::min<quint64>(m_header.dataBytes, quint64(std::max(kMinBuffer, 4 * m_fileSize))));
    // A small file starts smaller still: its whole decoded payload is likely a few times its size.
    const qint64 start = std::max(used, std::min(kMinBuffer, std::max(kSmallStart, 4 * m_fileSize)));
    const qint64 initial = qint64(std::min<quint64>(m_header.dataBytes, quint64(start)));
    if (initial > 0) {
        auto b = std::make_shared<Buffer>();
        b->data.reset(new (std::nothrow) uchar[size_t(initial)]);
        if (!b->data) {
            m_diagnostics << makeError(
                DiagCode::ReadFailed, Tr::tr("out of memory: cannot hold %1 decompressed bytes").arg(initial),
                -1, initial);
            m_loaded = true;
            m_stream.reset();
            return;
        }
        b->capacity = initial;
        m_peakBuffer = initial;
        std::memcpy(b->data.get(), prefix.data() + m_header.headerBytes, size_t(used));
        m_buf = b;
    }
    m_used = used;
    m_available = used;
    if (m_stream->atEnd() || m_stream->error())
        finish();
}

bool PayloadLoader::grow(qint64 to)
{
    const qint64 cap = m_buf ? m_buf->capacity : 0;
    const qint64 next = cap < m_firstGrowth ? m_firstGrowth : cap > (1ll << 61) ? cap : 2 * cap;
    const qint64 want =
        qint64(std::min<quint64>(m_header.dataBytes, quint64(to >= 0 ? to : std::max(kMinBuffer, next))));
    auto b = std::make_shared<Buffer>();
    b->data.reset(new (std::nothrow) uchar[size_t(want)]);
    if (!b->data) {
        QMutexLocker lock(&m_mutex);
        m_diagnostics << makeError(DiagCode::ReadFailed,
                                   Tr::tr("out of memory: cannot hold %1 decompressed bytes").arg(want), -1,
                                   want, -1);
        return false;
    }
    b->capacity = want;
    if (const qint64 kept = std::min(m_used, cap); kept > 0)
        std::memcpy(b->data.get(), m_buf->data.get(), size_t(kept));
    QMutexLocker lock(&m_mutex);
    m_peakBuffer = std::max(m_peakBuffer, want);
    m_buf = std::move(b); // old snapshots keep the old buffer alive through their keep-alive handle
    return true;
}

bool PayloadLoader::load(const Control& control, const PayloadWriter* to)
{
    // Given up at the start; or handed on before: the buffer no longer holds the payload.
    if (!m_stream || m_handedOn > 0)
        return false;
    if (to && m_used > m_handedOn) { // what the header's read (or a load) brought along
        const qint64 from = std::exchange(m_handedOn, m_used); // handed on, refused or not: gone for load()
        if (!(*to)(QByteArrayView(m_buf->data.get() + from, m_used - from)))
            return false;
    }
    {
        QMutexLocker lock(&m_mutex);
        m_diagnostics.removeIf([](const Diagnostic& x) { return x.code == DiagCode::Cancelled; });
        if (m_loaded)
            return !m_stream->error();
    }
    ByteSource* stream = m_stream.get();
    const qint64 dataBytes =
        qint64(std::min<quint64>(m_header.dataBytes, quint64(std::numeric_limits<qint64>::max())));
    // Decoded bytes that are not kept pass through a scratch buffer, grown from kSmallStart to kOutputChunk
    // as the load goes on (a small file is not given a megabyte).
    std::unique_ptr<char[]> scratch;
    qint64 scratchSize = 0;
    const auto nextScratch = [&] {
        if (scratchSize < kOutputChunk) {
            scratchSize = scratchSize == 0 ? kSmallStart : std::min(kOutputChunk, 2 * scratchSize);
            scratch.reset(new char[size_t(scratchSize)]);
        }
        return scratchSize;
    };
    const qint64 sample = std::min(dataBytes, kSampleBytes);
    bool outOfMemory = false;
    while (!stream->atEnd() && !stream->error()) {
        if (control.cancelled()) {
            QMutexLocker lock(&m_mutex);
            m_diagnostics << Diagnostic{
                Severity::Warning,
                DiagCode::Cancelled,
                saturatedAdd(m_header.headerBytes, quint64(m_used)),
                -1,
                -1,
                Tr::tr("loading was cancelled; the records decoded so far are shown")};
            return false;
        }
        if (to && m_used < dataBytes) {
            if (m_used < sample && (!m_buf || m_buf->capacity < sample) && !grow(sample)) {
                outOfMemory = true;
                break;
            }
            const qint64 room = nextScratch(); // first: it may replace the scratch buffer
            const qint64 n = stream->read(scratch.get(), std::min(dataBytes - m_used, room));
            // The first bytes stay for the byte order's check; the rest is the writer's.
            const qint64 keep =
                std::clamp(std::min(kSampleBytes, m_buf ? m_buf->capacity : 0) - m_used, qint64(0), n);
            if (keep > 0)
                std::memcpy(m_buf->data.get() + m_used, scratch.get(), size_t(keep));
            m_used += n;
            m_handedOn = m_used;
            {
                QMutexLocker lock(&m_mutex);
                m_available += keep;
            }
            if (n > 0 && !(*to)(QByteArrayView(scratch.get(), n)))
                return false;
        } else if (m_used < dataBytes) {
            if ((!m_buf || m_used == m_buf->capacity) && !grow()) {
                outOfMemory = true;
                break;
            }
            const qint64 n = stream->read(reinterpret_cast<char*>(m_buf->data.get()) + m_used,
                                          std::min(m_buf->capacity - m_used, kOutputChunk));
            m_used += n;
            QMutexLocker lock(&m_mutex);
            m_available = m_used;
        } else {
            // Past the payload: a rest whose length is known without reading it (a sibling's file on disk)
            // is counted at once; otherwise trailing bytes are counted without storing them, up to the
            // excess limit.
            if (const qint64 skipped = stream->skipRest(); skipped >= 0) {
                QMutexLocker lock(&m_mutex);
                m_trailing += skipped;
                continue;
            }
            const qint64 room = m_excessLimit - m_trailing;
            if (room <= 0) {
                char probe = 0;
                const bool more = readFully(*stream, &probe, 1) == 1;
                QMutexLocker lock(&m_mutex);
                m_capped = more;
                break;
            }
            const qint64 size = nextScratch(); // first: it may replace the scratch buffer
            const qint64 n = stream->read(scratch.get(), std::min(room, size));
            QMutexLocker lock(&m_mutex);
            m_trailing += n;
        }
        m_bytesRead = stream->consumed();
        control.report(stream->consumed(), m_fileSize);
    }
    finish();
    m_bytesRead = stream->consumed();
    control.report(stream->consumed(), m_fileSize);
    return !stream->error() && !outOfMemory;
}

void PayloadLoader::finish()
{
    Diagnostics out;
    if (const auto& e = m_stream->error())
        out << makeError(e->code, e->message,
                         saturatedAdd(m_header.headerBytes, quint64(m_used + m_trailing)), e->expected,
                         e->actual);
    out << m_stream->warnings();
    out << payloadDiagnostics(m_header, quint64(m_used + m_trailing), m_capped, m_excessLimit,
                              m_ignoreTrailing);
    TensorView v;
    {
        QMutexLocker lock(&m_mutex);
        v = viewLocked();
    }
    // Outside the lock: readers calling view() meanwhile are not held up by the sample.
    if (auto bo = byteOrderDiagnostic(v, m_order))
        out << *bo;
    QMutexLocker lock(&m_mutex);
    m_diagnostics << out;
    m_loaded = true;
}

TensorView PayloadLoader::viewLocked() const
{
    if (!m_buf)
        return TensorView(m_header, nullptr, 0, nullptr, m_order);
    return TensorView(m_header, m_buf->data.get(), quint64(m_available),
                      std::shared_ptr<const void>(m_buf, m_buf->data.get()), m_order);
}

TensorView PayloadLoader::view() const
{
    QMutexLocker lock(&m_mutex);
    return viewLocked();
}

bool PayloadLoader::isLoaded() const
{
    QMutexLocker lock(&m_mutex);
    return m_loaded;
}

Diagnostics PayloadLoader::diagnostics() const
{
    QMutexLocker lock(&m_mutex);
    return m_diagnostics;
}

qint64 PayloadLoader::decodedAfterHeader() const
{
    QMutexLocker lock(&m_mutex);
    return m_available + m_trailing;
}

qint64 PayloadLoader::trailingBytes() const
{
    QMutexLocker lock(&m_mutex);
    return m_trailing;
}

qint64 PayloadLoader::bufferCapacity() const
{
    QMutexLocker lock(&m_mutex);
    return m_buf ? m_buf->capacity : 0;
}

qint64 PayloadLoader::peakBufferBytes() const
{
    QMutexLocker lock(&m_mutex);
    return m_peakBuffer;
}

} // namespace idx
