// Converting a compressed IDX file to IDX or .npy as it is decoded: the header (or the .npy preamble), then
// each decoded piece written through the sink (compressed again when the container asks; converted to
// little-endian for .npy), so neither the payload nor its decoded copy is ever whole in memory.
#include "streamconvert.h"

#include "idxfile.h"
#include "sink.h"

#include <QCoreApplication>
#include <QIODevice>

#include <algorithm>

namespace idx {

bool streamsToIdx(const IdxFile& file)
{
    return file.headerValid() && file.container() != Container::Raw && !file.isConverted() &&
           file.options().isDefault();
}

WriteResult streamToIdx(IdxFile& file, QIODevice& out, Container container, const Control& control)
{
    if (!streamsToIdx(file))
        return detail::failure(QCoreApplication::translate(
            "idx", "only a compressed IDX file read as stored converts as it is read"));
    detail::Sink sink(out, container, control);
    const auto total = qint64(file.header().dataBytes);
    qint64 done = 0;
    // Progress in payload bytes, from the sink; the stream's own (compressed bytes read) would mix units.
    const auto piece = [&](QByteArrayView bytes) {
        done += bytes.size();
        const bool ok = sink.write(bytes);
        sink.report(done, total);
        return ok;
    };
    const bool decoded =
        sink.write(file.header().encode()) && file.streamPayload(piece, Control{{}, control.cancel});
    if (!sink.error().isEmpty())
        return detail::failure(sink.error());
    // A decoding failure, or a stream that ended cleanly but short of the header's payload: the file's error.
    if (const QString why = firstError(file.diagnostics()); !why.isEmpty())
        return detail::failure(why);
    if (!decoded)
        return detail::failure(control.cancelled() ? detail::cancelledMessage()
                                                   : QCoreApplication::translate(
                                                         "idx", "the payload was written out once already"));
    return sink.finish() ? WriteResult{} : detail::failure(sink.error());
}

WriteResult streamToIdx(IdxFile& file, const QString& path, Container container, const Control& control,
                        Durability durability)
{
    return detail::saveAtomically(
        path, [&](QIODevice& out) { return streamToIdx(file, out, container, control); }, durability);
}

WriteResult streamToNpy(IdxFile& file, QIODevice& out, const Control& control)
{
    if (!streamsToIdx(file))
        return detail::failure(QCoreApplication::translate(
            "idx", "only a compressed IDX file read as stored converts as it is read"));
    const Header& h = file.header();
    detail::Sink sink(out, Container::Raw, control);
    const auto total = qint64(h.dataBytes);
    const qsizetype size = h.elementSize();
    qint64 done = 0;
    // Whole elements, converted to little-endian by the writers' own walk; its progress is the payload's.
    const auto elements = [&](QByteArrayView bytes) {
        const auto one = Header::make(h.dtype, {quint64(bytes.size() / size)});
        if (!one)
            return sink.fail(QCoreApplication::translate("idx", "the payload could not be converted"));
        const TensorView run(*one, reinterpret_cast<const uchar*>(bytes.data()), quint64(bytes.size()),
                             nullptr, file.options().dataOrder);
        const bool ok = detail::forEachPayloadChunk(
            run, {0, one->dims[0]}, ByteOrder::Little, Control{{}, control.cancel}, sink,
            [&](const char* d, qint64 n) { return sink.write(d, n); }, done, total);
        done += bytes.size();
        return ok;
    };
    // A piece may end inside an element: its first bytes wait for the next piece.
    QByteArray split;
    const auto piece = [&](QByteArrayView bytes) {
        if (!split.isEmpty()) {
            const qsizetype need = std::min(size - split.size(), bytes.size());
            split += bytes.first(need);
            bytes = bytes.sliced(need);
            if (split.size() < size)
                return true;
            if (!elements(split))
                return false;
            split.clear();
        }
        const qsizetype whole = bytes.size() - bytes.size() % size;
        if (whole > 0 && !elements(bytes.first(whole)))
            return false;
        split = bytes.sliced(whole).toByteArray();
        return true;
    };
    const bool decoded =
        sink.write(detail::npyPreamble(h)) && file.streamPayload(piece, Control{{}, control.cancel});
    if (!sink.error().isEmpty())
        return detail::failure(sink.error());
    if (const QString why = firstError(file.diagnostics()); !why.isEmpty())
        return detail::failure(why);
    if (decoded && !split.isEmpty()) // a whole payload is whole elements: never, unless the loader erred
        return detail::failure(QCoreApplication::translate("idx", "the payload could not be converted"));
    if (!decoded)
        return detail::failure(control.cancelled() ? detail::cancelledMessage()
                                                   : QCoreApplication::translate(
                                                         "idx", "the payload was written out once already"));
    return sink.finish() ? WriteResult{} : detail::failure(sink.error());
}

WriteResult streamToNpy(IdxFile& file, const QString& path, const Control& control, Durability durability)
{
    return detail::saveAtomically(
        path, [&](QIODevice& out) { return streamToNpy(file, out, control); }, durability);
}

} // namespace idx
