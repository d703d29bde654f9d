// Converting a compressed IDX file to IDX as it is decoded: the header, then each decoded piece written
// through the sink (compressed again when the container asks), so neither the payload nor its decoded copy is
// ever whole in memory.
#include "streamconvert.h"

#include "idxfile.h"
#include "sink.h"

#include <QCoreApplication>
#include <QIODevice>

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

} // namespace idx
