// Writing IDX files (raw, gzip or xz; canonical big-endian) and the pieces all writers share: the checked
// sink, atomic saves (QSaveFile, or an unnamed new file: newfile_p.h) and the chunked payload walk.
#include "writer.h"

#include "compressor_p.h"
#include "newfile_p.h"
#include "sink.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>
#include <cstring>
#include <vector>

namespace idx {
namespace detail {
namespace {
constexpr qint64 kChunkBytes = 1 << 20;

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

Sink::Sink(QIODevice& out, Container container, Control control) : m_out(out), m_control(std::move(control))
{
    if (container == Container::Raw)
        return;
    CompressorHooks hooks;
    hooks.output = [this](const char* data, qint64 size) {
        if (!writeDevice(data, size))
            return false;
        settle();
        return true;
    };
    hooks.cancelled = [this] { return m_control.cancelled(); };
    hooks.progressed = [this] { settle(); };
    m_compressor = container == Container::Gzip ? makeGzipCompressor(std::move(hooks))
                                                : makeXzCompressor(std::move(hooks));
    if (!m_compressor->error().isEmpty())
        fail(m_compressor->error());
}

Sink::~Sink() = default;

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

bool Sink::fromCompressor(bool ok)
{
    if (!ok)
        fail(m_compressor->error().isEmpty() ? QCoreApplication::translate("idx", "compression failed")
                                             : m_compressor->error());
    return ok;
}

bool Sink::write(const char* data, qint64 size)
{
    if (!m_error.isEmpty())
        return false;
    return m_compressor ? fromCompressor(m_compressor->write(data, size)) : writeDevice(data, size);
}

bool Sink::finish()
{
    if (!m_error.isEmpty())
        return false;
    if (m_compressor) {
        // Polled once before the compressor's last work (seconds for xz), and again while it waits.
        if (m_control.cancelled())
            return fail(cancelledMessage());
        if (!fromCompressor(m_compressor->finish()))
            return false;
    }
    settle();
    return true;
}

void Sink::report(qint64 done, qint64 total)
{
    m_done = done;
    m_total = total;
    settle();
}

void Sink::settle()
{
    if (m_total < 0)
        return;
    const qint64 done = std::max<qint64>(0, m_done - (m_compressor ? m_compressor->pending() : 0));
    if (done > m_reported) {
        m_reported = done;
        m_control.report(done, m_total);
    }
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
                         Sink& sink, const std::function<bool(const char*, qint64)>& chunk, qint64 doneBefore,
                         qint64 overall)
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
        t.releasePages(r.first * rb + quint64(done), quint64(n)); // an 8 GiB mapping must not stay resident
        done += n;
        sink.report(doneBefore + done, overall < 0 ? total : overall);
    }
    return true;
}

bool forEachRun(const TensorPieces& t, const RecordSet& records,
                const std::function<bool(const TensorView&)>& fn)
{
    const auto& starts = t.pieceStarts();
    const RecordSet available = records.clampedTo(t.availableRecords());
    for (const RecordRun& run : available.runs())
        for (size_t k = t.pieceOf(run.first); k < starts.size() && starts[k] < run.end; ++k) {
            const quint64 a = std::max(run.first, starts[k]);
            const quint64 b = std::min(run.end, starts[k] + t.pieces()[k].availableRecords());
            if (a < b && !fn(t.pieces()[k].records(a - starts[k], b - a)))
                return false;
        }
    return true;
}

WriteResult saveAtomically(const QString& path, const std::function<WriteResult(QIODevice&)>& writeTo,
                           Durability durability)
{
    if (durability == Durability::SyncedWhenReplacing) {
        const QFileInfo target(path);
        UnnamedFile unnamed;
        if (!target.exists() && !target.isSymLink() && unnamed.open(path)) {
            WriteResult r = writeTo(unnamed.device());
            QString error;
            if (r && !unnamed.name(&error))
                return failure(QCoreApplication::translate("idx", "cannot save the file: %1").arg(error));
            return r; // a failure leaves nothing: the file had no name
        }
    }
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

WriteResult writeIdx(QIODevice& out, const TensorView& t, RecordRange range, Container container,
                     const Control& control)
{
    const auto r = detail::clampRange(t, range);
    if (t.header().ndim() == 0 && r.records() == 0)
        return detail::failure(QCoreApplication::translate("idx", "the scalar is not available"));
    detail::Sink sink(out, container, control);
    const Header h = detail::headerForRange(t.header(), r);
    const bool ok = sink.write(h.encode()) &&
                    detail::forEachPayloadChunk(t, r, ByteOrder::Big, control, sink,
                                                [&](const char* d, qint64 n) { return sink.write(d, n); }) &&
                    sink.finish();
    return ok ? WriteResult{} : detail::failure(sink.error());
}

WriteResult writeIdx(const QString& path, const TensorView& t, RecordRange range, Container container,
                     const Control& control, Durability durability)
{
    return detail::saveAtomically(
        path, [&](QIODevice& out) { return writeIdx(out, t, range, container, control); }, durability);
}

WriteResult writeIdxBytes(const QString& path, const Header& header, QByteArrayView payload,
                          Container container)
{
    if (quint64(payload.size()) != header.dataBytes)
        return detail::failure(
            QCoreApplication::translate("idx", "the payload has %1 bytes but the header declares %2")
                .arg(payload.size())
                .arg(header.dataBytes));
    const TensorView view(header, reinterpret_cast<const uchar*>(payload.data()), quint64(payload.size()),
                          nullptr);
    return writeIdx(path, view, {}, container);
}

} // namespace idx
