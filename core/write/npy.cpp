// Writing NumPy .npy files, format version 1.0: magic, version, little-endian header length, a Python dict
// literal padded so the data starts on a 64-byte boundary (as numpy itself writes), then C-order data.
#include "writer.h"

#include "sink.h"

#include <QCoreApplication>
#include <QtEndian>

namespace idx {
namespace {

QByteArray npyDescr(DType t)
{
    switch (t) {
    case DType::UInt8:
        return QByteArrayLiteral("|u1");
    case DType::Int8:
        return QByteArrayLiteral("|i1");
    case DType::Int16:
        return QByteArrayLiteral("<i2");
    case DType::Int32:
        return QByteArrayLiteral("<i4");
    case DType::Float32:
        return QByteArrayLiteral("<f4");
    case DType::Float64:
        break;
    }
    return QByteArrayLiteral("<f8");
}

// Python tuple syntax: () for a scalar, (N,) for one dimension, (A, B, C) otherwise.
QByteArray npyShape(const std::vector<quint64>& dims)
{
    QByteArray s = "(";
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i)
            s += ", ";
        s += QByteArray::number(dims[i]);
    }
    if (dims.size() == 1)
        s += ',';
    return s + ')';
}

} // namespace

namespace detail {
QByteArray npyPreamble(const Header& h)
{
    QByteArray dict =
        "{'descr': '" + npyDescr(h.dtype) + "', 'fortran_order': False, 'shape': " + npyShape(h.dims) + ", }";
    constexpr qsizetype kFixed = 6 + 2 + 2;                            // magic, version, header length
    const qsizetype total = (kFixed + dict.size() + 1 + 63) / 64 * 64; // +1: the closing newline
    dict.append(total - kFixed - dict.size() - 1, ' ');
    dict += '\n';
    QByteArray out("\x93NUMPY\x01\x00", 8);
    char len[2];
    qToLittleEndian<quint16>(quint16(dict.size()), len); // < 65536: at most 255 dims of 10 digits
    out.append(len, 2);
    return out + dict;
}
} // namespace detail

WriteResult writeNpy(const QString& path, const TensorView& t, RecordRange range, const Control& control,
                     Durability durability)
{
    const auto r = detail::clampRange(t, range);
    if (t.header().ndim() == 0 && r.records() == 0)
        return detail::failure(QCoreApplication::translate("idx", "the scalar is not available"));
    const Header h = detail::headerForRange(t.header(), r);
    return detail::saveAtomically(
        path,
        [&](QIODevice& out) {
            detail::Sink sink(out, Container::Raw, control);
            const bool ok =
                sink.write(detail::npyPreamble(h)) &&
                detail::forEachPayloadChunk(t, r, ByteOrder::Little, control, sink,
                                            [&](const char* d, qint64 n) { return sink.write(d, n); });
            return ok ? WriteResult{} : detail::failure(sink.error());
        },
        durability);
}

WriteResult writeNpy(const QString& path, const TensorPieces& t, const RecordSet& records,
                     const Control& control)
{
    if (t.header().ndim() == 0)
        return writeNpy(path, t.recordView(0), {}, control);
    const RecordSet available = records.clampedTo(t.availableRecords());
    const Header h = detail::headerForRange(t.header(), {0, available.count()});
    const qint64 total = qint64(h.dataBytes);
    return detail::saveAtomically(path, [&](QIODevice& out) {
        detail::Sink sink(out, Container::Raw, control);
        qint64 done = 0;
        const bool ok = sink.write(detail::npyPreamble(h)) &&
                        detail::forEachRun(t, available, [&](const TensorView& run) {
                            const bool written = detail::forEachPayloadChunk(
                                run, {0, run.availableRecords()}, ByteOrder::Little, control, sink,
                                [&](const char* d, qint64 n) { return sink.write(d, n); }, done, total);
                            done += qint64(run.availableBytes());
                            return written;
                        });
        return ok ? WriteResult{} : detail::failure(sink.error());
    });
}

} // namespace idx
