// Streaming saves of an EditableTensor: runs of untouched records go straight from the base mapping (or an
// inserted chunk) to the sink in ~1 MiB pieces, releasing a large mapping's pages once written, modified
// records from the overlay; compressed by the writers' Sink (gzip with ISA-L, xz with liblzma, both on all
// cores).
#include "save.h"

#include "sink.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QStorageInfo>

#include <algorithm>
#include <cstring>

namespace idx {

namespace {

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

// Passes writes on, retrying short writes: a file device that fills up reports a partial count first and the
// real reason ("No space left on device") only on the next attempt.
class RetryingDevice : public QIODevice {
public:
    explicit RetryingDevice(QIODevice& inner) : m_inner(inner)
    {
        open(QIODevice::WriteOnly | QIODevice::Unbuffered);
    }

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char* data, qint64 len) override
    {
        qint64 done = 0;
        while (done < len) {
            const qint64 n = m_inner.write(data + done, len - done);
            if (n <= 0) {
                QString why = m_inner.errorString();
                if (auto* file = qobject_cast<QFileDevice*>(&m_inner);
                    file && why == QLatin1String("Unknown error")) {
                    const QStorageInfo storage(QFileInfo(file->fileName()).absolutePath());
                    if (storage.isValid() && storage.bytesAvailable() < (1 << 20))
                        why = Tr::tr("the disk is full (%1 bytes free)").arg(storage.bytesAvailable());
                }
                setErrorString(why);
                return -1;
            }
            done += n;
        }
        return len;
    }

private:
    QIODevice& m_inner;
};

// An output for any container: the writers' checked Sink (which compresses) over a device that retries
// short writes.
class OutSink {
public:
    OutSink(QIODevice& out, Container c, const Control& control) : m_device(out), m_sink(m_device, c, control)
    {}

    bool write(const char* data, qint64 size) { return m_sink.write(data, size); }
    [[nodiscard]] detail::Sink& sink() { return m_sink; }
    bool finish() { return m_sink.finish(); }
    bool fail(QString message) { return m_sink.fail(std::move(message)); }
    void report(qint64 done, qint64 total) { m_sink.report(done, total); }
    [[nodiscard]] QString error() const { return m_sink.error(); }

private:
    RetryingDevice m_device;
    detail::Sink m_sink;
};

// Header for `count` records of t's shape.
Header headerFor(const EditableTensor& t, quint64 count)
{
    Header h = t.header();
    if (h.dims.empty())
        return h;
    auto dims = h.dims;
    dims[0] = count;
    Header out = Header::make(h.dtype, dims).value_or(h);
    out.typeCode = h.typeCode;
    return out;
}

// Writes records of `t` (the whole tensor, or the chosen ones) as they lie, big-endian: runs of the file
// straight from the mapping (whose pages go again once written), inserted chunks, the overlay's records.
bool writeRecords(OutSink& sink, const EditableTensor& t, const RecordSet& records, const Control& control)
{
    const qint64 total = qint64(records.count() * t.recordBytes());
    qint64 done = 0;
    return detail::forEachRun(t.pieces(), records, [&](const TensorView& run) {
        const bool ok = detail::forEachPayloadChunk(
            run, {0, run.availableRecords()}, ByteOrder::Big, control, sink.sink(),
            [&](const char* d, qint64 n) { return sink.write(d, n); }, done, total);
        done += qint64(run.availableBytes());
        return ok;
    });
}

WriteResult finishWith(OutSink& sink, bool ok)
{
    ok = ok && sink.finish();
    return ok ? WriteResult{} : detail::failure(sink.error());
}

} // namespace

WriteResult saveEditable(QIODevice& out, const EditableTensor& t, Container c, const Control& control)
{
    OutSink sink(out, c, control);
    const Header h = headerFor(t, t.recordCount());
    bool ok = sink.write(h.encode().constData(), qint64(h.headerBytes));
    if (t.header().ndim() == 0) // a scalar: its one element
        ok = ok && detail::forEachPayloadChunk(t.snapshot(), {0, 1}, ByteOrder::Big, control, sink.sink(),
                                               [&](const char* d, qint64 n) { return sink.write(d, n); });
    else
        ok = ok && writeRecords(sink, t, RecordSet::span(0, t.recordCount()), control);
    return finishWith(sink, ok);
}

WriteResult saveEditable(const QString& path, const EditableTensor& t, Container c, const Control& control)
{
    return detail::saveAtomically(path, [&](QIODevice& out) { return saveEditable(out, t, c, control); });
}

WriteResult saveRecords(QIODevice& out, const EditableTensor& t, const RecordSet& records, Container c,
                        const Control& control)
{
    if (!records.isEmpty() && records.last() >= t.recordCount()) {
        const quint64 r =
            *std::find_if(records.begin(), records.end(), [&](quint64 x) { return x >= t.recordCount(); });
        return detail::failure(
            Tr::tr("record %1 is out of range (the tensor has %2 records)").arg(r).arg(t.recordCount()));
    }
    if (t.header().ndim() == 0)
        return detail::failure(Tr::tr("a scalar has no records to export"));
    OutSink sink(out, c, control);
    const Header h = headerFor(t, records.count());
    const bool ok =
        sink.write(h.encode().constData(), h.headerBytes) && writeRecords(sink, t, records, control);
    return finishWith(sink, ok);
}

WriteResult saveRecords(const QString& path, const EditableTensor& t, const RecordSet& records, Container c,
                        const Control& control)
{
    return detail::saveAtomically(path,
                                  [&](QIODevice& out) { return saveRecords(out, t, records, c, control); });
}

WriteResult exportSubset(const EditableTensor& images, const EditableTensor* labels, const RecordSet& records,
                         const QString& imagesPath, const QString& labelsPath, Container c,
                         const Control& control)
{
    const bool withLabels = labels && !labelsPath.isEmpty();
    if (withLabels && labels->recordCount() != images.recordCount())
        return detail::failure(Tr::tr("the images have %1 records but the labels %2")
                                   .arg(images.recordCount())
                                   .arg(labels->recordCount()));
    const qint64 total = qint64(records.count()) * (withLabels ? 2 : 1);
    const auto part = [&](qint64 offset) {
        Control sub;
        sub.cancel = control.cancel;
        // Progress arrives in bytes of one file; scale it to records of both.
        sub.progress = [&, offset](qint64 done, qint64 all) {
            control.report(offset + (all > 0 ? done * qint64(records.count()) / all : 0), total);
        };
        return sub;
    };
    QSaveFile imagesFile(imagesPath);
    if (!imagesFile.open(QIODevice::WriteOnly))
        return detail::failure(Tr::tr("cannot create %1: %2")
                                   .arg(QDir::toNativeSeparators(imagesPath), imagesFile.errorString()));
    WriteResult r = saveRecords(imagesFile, images, records, c, part(0));
    if (!r)
        return r;
    std::unique_ptr<QSaveFile> labelsFile;
    if (withLabels) {
        labelsFile = std::make_unique<QSaveFile>(labelsPath);
        if (!labelsFile->open(QIODevice::WriteOnly))
            return detail::failure(Tr::tr("cannot create %1: %2")
                                       .arg(QDir::toNativeSeparators(labelsPath), labelsFile->errorString()));
        r = saveRecords(*labelsFile, *labels, records, c, part(qint64(records.count())));
        if (!r)
            return r; // both QSaveFiles are discarded: nothing replaced
    }
    if (!imagesFile.commit())
        return detail::failure(
            Tr::tr("cannot save %1: %2").arg(QDir::toNativeSeparators(imagesPath), imagesFile.errorString()));
    if (labelsFile && !labelsFile->commit())
        return detail::failure(Tr::tr("the images were saved but the labels could not be: %1: %2")
                                   .arg(QDir::toNativeSeparators(labelsPath), labelsFile->errorString()));
    return r;
}

} // namespace idx
