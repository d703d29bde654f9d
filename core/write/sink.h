// What every writer shares (the IDX, NumPy and CSV writers here; saving and the change log in edit/, the
// map's export, the .npy conversion in read/): an output sink (raw, gzip or xz) that checks every write, the
// atomic-save wrapper, and a chunked walk over a record range's payload with byte-order conversion. In
// idx::detail: not an interface for the application.
#pragma once

#include "container.h"
#include "progress.h"
#include "recordset.h"
#include "tensorpieces.h"
#include "tensorview.h"
#include "writeresult.h"

#include <QByteArray>

#include <functional>
#include <memory>

class QIODevice;

namespace idx::detail {

class Compressor;

/// Writes to a device, compressed when the container asks for it (see compressor_p.h). The first failure
/// sticks: later calls return false at once and error() says why. `control` is polled for cancel while a
/// compressor waits for its threads and receives the progress given to report().
class Sink {
public:
    Sink(QIODevice& out, Container container, Control control = {});
    ~Sink();
    Sink(const Sink&) = delete;
    Sink& operator=(const Sink&) = delete;

    bool write(const char* data, qint64 size);
    bool write(QByteArrayView bytes) { return write(bytes.data(), bytes.size()); }
    /// Flushes the compressor; call once at the end. Polls cancel first when compressing. Reports the last
    /// progress.
    bool finish();
    /// Reports `done` of `total` input bytes written, less what the compressor still holds: progress follows
    /// the compressed output, never going backwards, so it does not sit at 100 % while compression finishes.
    void report(qint64 done, qint64 total);
    [[nodiscard]] const QString& error() const { return m_error; }
    bool fail(QString message);

private:
    bool writeDevice(const char* data, qint64 size);
    bool fromCompressor(bool ok);
    void settle();

    QIODevice& m_out;
    Control m_control;
    std::unique_ptr<Compressor> m_compressor;
    QString m_error;
    qint64 m_done = 0;
    qint64 m_total = -1;
    qint64 m_reported = -1;
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
/// about 1 MiB; reports progress in bytes through the sink (`doneBefore` + this walk's of `overall`, or of
/// this walk's own total when overall < 0), polls cancel between pieces and releases the pages each piece
/// read from a large mapping. Returns false when cancelled (sink then holds "cancelled") or when chunk
/// returns false.
bool forEachPayloadChunk(const TensorView& t, ClampedRange r, ByteOrder target, const Control& control,
                         Sink& sink, const std::function<bool(const char*, qint64)>& chunk,
                         qint64 doneBefore = 0, qint64 overall = -1);

/// Calls fn(run) for the runs of `records` (those available) as contiguous views of t's pieces, in order:
/// one view per run and piece it spans, so a selection of an edited tensor is read where it is. False as
/// soon as fn returns false.
bool forEachRun(const TensorPieces& t, const RecordSet& records,
                const std::function<bool(const TensorView&)>& fn);

/// The .npy 1.0 preamble of a tensor with header `h`: magic, version, length and the dict of descr, order and
/// shape, padded so the data starts on a 64-byte boundary (writeNpy's, and the streamed conversion's).
[[nodiscard]] QByteArray npyPreamble(const Header& h);

/// Runs writeTo(device) on a QSaveFile at `path`: committed only when it succeeds, so a failure (or cancel)
/// leaves any existing file untouched. With Durability::SyncedWhenReplacing and no file at `path`, on an
/// unnamed file (newfile_p.h) that is given the name when whole, without waiting for the disk.
WriteResult saveAtomically(const QString& path, const std::function<WriteResult(QIODevice&)>& writeTo,
                           Durability durability = Durability::Synced);

[[nodiscard]] WriteResult failure(QString message);
[[nodiscard]] QString cancelledMessage();

} // namespace idx::detail
