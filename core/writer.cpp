// Writing IDX files (raw or gzip, canonical big-endian) and the pieces all writers share: the checked sink,
// atomic saves through QSaveFile and the chunked payload walk.
#include "writer.h"

#include "writer_p.h"

#include <QCoreApplication>
#include <QSaveFile>

#include <zlib.h>

#include <cstring>
#include <vector>

namespace idx {
namespace detail {
namespace {
constexpr qint64 kChunkBytes = 1 << 20;
constexpr int kGzipLevel = 6;                // zlib's default: gzip -6, the size/speed balance people expect
constexpr int kGzipWindowBits = 15 + 16;     // 32 KiB window, gzip wrapper
constexpr qint64 kMaxDeflateInput = 1 << 30; // z_stream counts in uInt

// Swaps `count` elements of `size` bytes from src into dst (the two byte orders are each other's reverse).
void swapElements(const uchar* src, uchar* dst, qint64 count, int size)
{
    for (qint64 i = 0; i < count; ++i, src += size, dst += size) {
        for (int k = 0; k < size; ++k)
            dst[k] = src[size - 1 - k];
    }
}

template <typename U> void swapTyped(const uchar* src, uchar* dst, qint64 count)
{
    for (qint64 i = 0; i < count; ++i) {
        U v;
        std::memcpy(&v, src + i * qint64(sizeof(U)), sizeof v);
        v = qbswap(v);
        std::memcpy(dst + i * qint64(sizeof(U)), &v, sizeof v);
    }
}
} // namespace

struct Sink::Zlib {
    z_stream z{};
    std::vector<uchar> out = std::vector<uchar>(256 * 1024);
};

Sink::Sink(QIODevice& out, Compression compression) : m_out(out)
{
    if (compression != Compression::Gzip)
        return;
    m_zlib = std::make_unique<Zlib>();
    if (deflateInit2(&m_zlib->z, kGzipLevel, Z_DEFLATED, kGzipWindowBits, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        m_zlib.reset();
        fail(QCoreApplication::translate("idx", "could not start the gzip compressor"));
    }
}

Sink::~Sink()
{
    if (m_zlib)
        deflateEnd(&m_zlib->z);
}

bool Sink::fail(QString message)
{
    if (m_error.isEmpty())
        m_error = std::move(message);
    return false;
}

bool Sink::writeDevice(const char* data, qint64 size)
{
    if (size == 0)
        return true;
    const qint64 written = m_out.write(data, size);
    if (written == size)
        return true;
    const QString reason = m_out.errorString();
    if (written < 0)
        return fail(QCoreApplication::translate("idx", "writing failed: %1").arg(reason));
    return fail(QCoreApplication::translate("idx", "writing failed after %1 of %2 bytes: %3")
                    .arg(written)
                    .arg(size)
                    .arg(reason));
}

bool Sink::deflateSome(const char* data, qint64 size, bool last)
{
    z_stream& z = m_zlib->z;
    do {
        const qint64 piece = std::min(size, kMaxDeflateInput);
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data));
        z.avail_in = uInt(piece);
        data += piece;
        size -= piece;
        const int flush = last && size == 0 ? Z_FINISH : Z_NO_FLUSH;
        int rc;
        do {
            z.next_out = m_zlib->out.data();
            z.avail_out = uInt(m_zlib->out.size());
            rc = deflate(&z, flush);
            if (rc == Z_STREAM_ERROR)
                return fail(QCoreApplication::translate("idx", "gzip compression failed"));
            if (!writeDevice(reinterpret_cast<const char*>(m_zlib->out.data()),
                             qint64(m_zlib->out.size() - z.avail_out)))
                return false;
        } while (z.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
    } while (size > 0);
    return true;
}

bool Sink::write(const char* data, qint64 size)
{
    if (!m_error.isEmpty())
        return false;
    return m_zlib ? deflateSome(data, size, false) : writeDevice(data, size);
}

bool Sink::finish()
{
    if (!m_error.isEmpty())
        return false;
    return m_zlib ? deflateSome(nullptr, 0, true) : true;
}

ClampedRange clampRange(const TensorView& t, RecordRange range)
{
    const quint64 end = std::min(range.end, t.availableRecords());
    return {std::min(range.first, end), end};
}

Header headerForRange(const Header& h, ClampedRange r)
{
    Header out = h;
    if (!out.dims.empty()) {
        out.dims[0] = r.records();
        out.elementCount = r.records() * h.recordElements(); // no overflow: at most the original product
        out.dataBytes = out.elementCount * quint64(h.elementSize());
    }
    return out;
}

bool forEachPayloadChunk(const TensorView& t, ClampedRange r, ByteOrder target, const Control& control,
                         Sink& sink, const std::function<bool(const char*, qint64)>& chunk)
{
    const int es = t.header().elementSize();
    const quint64 rb = t.header().recordBytes();
    const uchar* p = t.data() + r.first * rb;
    const qint64 total = qint64(r.records() * rb);
    const bool swap = es > 1 && t.byteOrder() != target;
    const qint64 step = kChunkBytes - kChunkBytes % es;
    std::vector<uchar> buffer(swap ? size_t(std::min(step, total)) : 0);
    for (qint64 done = 0; done < total;) {
        if (control.cancelled())
            return sink.fail(cancelledMessage());
        const qint64 n = std::min(step, total - done);
        const uchar* src = p + done;
        if (swap) {
            switch (es) {
            case 2:
                swapTyped<quint16>(src, buffer.data(), n / 2);
                break;
            case 4:
                swapTyped<quint32>(src, buffer.data(), n / 4);
                break;
            case 8:
                swapTyped<quint64>(src, buffer.data(), n / 8);
                break;
            default:
                swapElements(src, buffer.data(), n / es, es);
            }
            src = buffer.data();
        }
        if (!chunk(reinterpret_cast<const char*>(src), n))
            return false;
        done += n;
        control.report(done, total);
    }
    return true;
}

WriteResult saveAtomically(const QString& path, const std::function<WriteResult(QIODevice&)>& writeTo)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return failure(
            QCoreApplication::translate("idx", "cannot create the file: %1").arg(file.errorString()));
    WriteResult r = writeTo(file);
    if (!r) {
        file.cancelWriting(); // the temporary file goes; the existing file was never touched
        return r;
    }
    if (!file.commit())
        return failure(
            QCoreApplication::translate("idx", "cannot save the file: %1").arg(file.errorString()));
    return r;
}

WriteResult failure(QString message)
{
    return WriteResult{false, std::move(message)};
}

QString cancelledMessage()
{
    return QCoreApplication::translate("idx", "cancelled");
}

} // namespace detail

WriteResult writeIdx(QIODevice& out, const TensorView& t, RecordRange range, Compression compression,
                     const Control& control)
{
    const auto r = detail::clampRange(t, range);
    if (t.header().ndim() == 0 && r.records() == 0)
        return detail::failure(QCoreApplication::translate("idx", "the scalar is not available"));
    detail::Sink sink(out, compression);
    const Header h = detail::headerForRange(t.header(), r);
    const bool ok = sink.write(h.encode()) &&
                    detail::forEachPayloadChunk(t, r, ByteOrder::Big, control, sink,
                                                [&](const char* d, qint64 n) { return sink.write(d, n); }) &&
                    sink.finish();
    return ok ? WriteResult{} : detail::failure(sink.error());
}

WriteResult writeIdx(const QString& path, const TensorView& t, RecordRange range, Compression compression,
                     const Control& control)
{
    return detail::saveAtomically(
        path, [&](QIODevice& out) { return writeIdx(out, t, range, compression, control); });
}

WriteResult writeIdxBytes(const QString& path, const Header& header, QByteArrayView payload,
                          Compression compression)
{
    if (quint64(payload.size()) != header.dataBytes)
        return detail::failure(
            QCoreApplication::translate("idx", "the payload has %1 bytes but the header declares %2")
                .arg(payload.size())
                .arg(header.dataBytes));
    const TensorView view(header, reinterpret_cast<const uchar*>(payload.data()), quint64(payload.size()),
                          nullptr);
    return writeIdx(path, view, {}, compression);
}

} // namespace idx
