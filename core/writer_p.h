// Internal: what the IDX, NumPy and CSV writers share: an output sink (plain or gzip) that checks every
// write, the atomic-save wrapper, and a chunked walk over a record range's payload with byte-order
// conversion.
#pragma once

#include "progress.h"
#include "tensorview.h"
#include "writer.h"

#include <QByteArray>

#include <memory>

class QIODevice;

namespace idx::detail {

/// Writes to a device, through zlib's gzip deflate when asked. The first failure sticks: later calls
/// return false at once and error() says why.
class Sink {
public:
    Sink(QIODevice& out, Compression compression);
    ~Sink();
    Sink(const Sink&) = delete;
    Sink& operator=(const Sink&) = delete;

    bool write(const char* data, qint64 size);
    bool write(QByteArrayView bytes) { return write(bytes.data(), bytes.size()); }
    /// Flushes the compressor; call once at the end.
    bool finish();
    [[nodiscard]] const QString& error() const { return m_error; }
    bool fail(QString message);

private:
    bool writeDevice(const char* data, qint64 size);
    bool deflateSome(const char* data, qint64 size, bool last);

    QIODevice& m_out;
    struct Zlib;
    std::unique_ptr<Zlib> m_zlib;
    QString m_error;
};

/// Records [first, end) of the available ones, after clamping `range`.
struct ClampedRange {
    quint64 first = 0;
    quint64 end = 0;
    [[nodiscard]] quint64 records() const { return end - first; }
};
[[nodiscard]] ClampedRange clampRange(const TensorView& t, RecordRange range);

/// The header of the written records: dims[0] replaced by the record count (a scalar stays a scalar).
[[nodiscard]] Header headerForRange(const Header& h, ClampedRange r);

/// Calls chunk(bytes, size) over the payload of records r, converted to byte order `target`, in pieces of
/// about 1 MiB; reports progress in bytes and polls cancel between pieces. Returns false when cancelled (sink
/// then holds "cancelled") or when chunk returns false.
bool forEachPayloadChunk(const TensorView& t, ClampedRange r, ByteOrder target, const Control& control,
                         Sink& sink, const std::function<bool(const char*, qint64)>& chunk);

/// Runs writeTo(device) on a QSaveFile at `path`: committed only when it succeeds, so a failure (or cancel)
/// leaves any existing file untouched.
WriteResult saveAtomically(const QString& path, const std::function<WriteResult(QIODevice&)>& writeTo);

[[nodiscard]] WriteResult failure(QString message);
[[nodiscard]] QString cancelledMessage();

} // namespace idx::detail
