// Fuzz target: the .npy reader on arbitrary bytes: parseNpyHeader on the whole input and on prefixes (the
// preamble as readNpy reads it, and half the input), then readNpy and importNpy on the same bytes as a file
// (tmpfs). Oracles: an accepted header agrees with an independent reading of the preamble (version, header
// length, data offset) and of the dict (each key once; descr, shape → a data size computed here with checked
// arithmetic that fits the file), and re-encoded the way numpy writes it parses to the same array; a prefix
// gives the same verdict; readNpy holds the data bytes swapped to big-endian (swapped here independently) and
// importNpy writes the IDX header and those bytes; a rejected input is rejected by both, with nothing
// written.
#include "fuzz_common.h"

#include "dtype.h"
#include "npyreader.h"

#include <QFile>
#include <QtEndian>

namespace {

const QByteArray kMagic("\x93NUMPY", 6);

/// The descr spellings numpy gives each (dtype, byte order) the reader accepts ('=' being little-endian
/// here).
QByteArrayList descrsFor(idx::DType t, idx::ByteOrder order)
{
    const bool little = order == idx::ByteOrder::Little;
    switch (t) {
    case idx::DType::UInt8:
        return {"|u1", "<u1", ">u1", "=u1"};
    case idx::DType::Int8:
        return {"|i1", "<i1", ">i1", "=i1"};
    case idx::DType::Int16:
        return little ? QByteArrayList{"<i2", "=i2"} : QByteArrayList{">i2"};
    case idx::DType::Int32:
        return little ? QByteArrayList{"<i4", "=i4"} : QByteArrayList{">i4"};
    case idx::DType::Float32:
        return little ? QByteArrayList{"<f4", "=f4"} : QByteArrayList{">f4"};
    case idx::DType::Float64:
        return little ? QByteArrayList{"<f8", "=f8"} : QByteArrayList{">f8"};
    }
    return {};
}

/// Where the value of `key` starts in `dict` (after the quoted key, blanks and the colon); each key must be
/// there exactly once (in either quote style).
bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

qsizetype valueOf(const QByteArray& dict, const QByteArray& key)
{
    const QByteArray single = '\'' + key + '\'', twice = '"' + key + '"';
    FZ_CHECK(dict.count(single) + dict.count(twice) == 1);
    qsizetype p = dict.indexOf(single);
    p = (p >= 0 ? p : dict.indexOf(twice)) + key.size() + 2;
    while (p < dict.size() && isSpace(dict[p]))
        ++p;
    FZ_CHECK(p < dict.size() && dict[p] == ':');
    ++p;
    while (p < dict.size() && isSpace(dict[p]))
        ++p;
    return p;
}

void checkDict(const QByteArray& header, const idx::NpyInfo& info)
{
    const qsizetype close = header.indexOf('}'); // accepted descr values are 3 characters, none holds a brace
    FZ_CHECK(close > 0);
    const QByteArray dict = header.left(close);
    qsizetype p = valueOf(dict, "descr");
    const char q = dict[p];
    FZ_CHECK(q == '\'' || q == '"');
    const qsizetype end = dict.indexOf(q, p + 1);
    FZ_CHECK(end > p);
    FZ_CHECK(descrsFor(info.dtype, info.order).contains(dict.mid(p + 1, end - p - 1)));
    p = valueOf(dict, "fortran_order");
    FZ_CHECK(dict.mid(p).startsWith("False"));
    p = valueOf(dict, "shape");
    FZ_CHECK(dict[p] == '(');
    const qsizetype closeShape = dict.indexOf(')', p);
    FZ_CHECK(closeShape > p);
    std::vector<quint64> dims;
    for (QByteArray part : dict.mid(p + 1, closeShape - p - 1).split(',')) {
        part = part.trimmed();
        if (part.endsWith('L'))
            part.chop(1);
        if (part.isEmpty())
            continue;
        bool ok = false;
        dims.push_back(part.toULongLong(&ok));
        FZ_CHECK(ok);
    }
    FZ_CHECK(dims == info.dims);
}

/// What numpy writes for this array: a version 1.0 header padded to 64 bytes (2.0 when longer than 65535).
QByteArray canonical(const idx::NpyInfo& info)
{
    const int es = idx::elementSize(info.dtype);
    const QByteArray code = info.dtype == idx::DType::UInt8     ? "u1"
                            : info.dtype == idx::DType::Int8    ? "i1"
                            : info.dtype == idx::DType::Int16   ? "i2"
                            : info.dtype == idx::DType::Int32   ? "i4"
                            : info.dtype == idx::DType::Float32 ? "f4"
                                                                : "f8";
    const char order = es == 1 ? '|' : info.order == idx::ByteOrder::Little ? '<' : '>';
    QByteArray shape = "(";
    for (size_t k = 0; k < info.dims.size(); ++k)
        shape += (k ? ", " : "") + QByteArray::number(info.dims[k]);
    shape += info.dims.size() == 1 ? ",)" : ")";
    QByteArray dict =
        QByteArray("{'descr': '") + order + code + "', 'fortran_order': False, 'shape': " + shape + ", }";
    const bool v2 = dict.size() + 11 > 65535;
    const int fixed = v2 ? 12 : 10;
    while ((fixed + dict.size() + 1) % 64)
        dict += ' ';
    dict += '\n';
    QByteArray out = kMagic + char(v2 ? 2 : 1) + '\0';
    char len[4];
    qToLittleEndian<quint32>(quint32(dict.size()), len);
    out.append(len, v2 ? 4 : 2);
    return out + dict;
}

QByteArray bigEndianData(const QByteArray& in, const idx::NpyInfo& info)
{
    QByteArray d = in.mid(info.dataOffset, qsizetype(info.dataBytes));
    const int es = idx::elementSize(info.dtype);
    if (info.order == idx::ByteOrder::Little)
        for (qsizetype k = 0; k + es <= d.size(); k += es)
            for (int a = 0, b = es - 1; a < b; ++a, --b)
                std::swap(d[k + a], d[k + b]);
    return d;
}

bool sameVerdict(const idx::NpyParse& a, const idx::NpyParse& b)
{
    if (a.info.has_value() != b.info.has_value() || a.error != b.error)
        return false;
    return !a.info || (a.info->dims == b.info->dims && a.info->dtype == b.info->dtype &&
                       a.info->order == b.info->order && a.info->dataOffset == b.info->dataOffset &&
                       a.info->dataBytes == b.info->dataBytes && a.info->major == b.info->major);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    const QByteArray in(reinterpret_cast<const char*>(data),
                        qsizetype(size)); // a heap copy of exactly `size`
    const qint64 fileSize = in.size();
    const idx::NpyParse p = idx::parseNpyHeader(in, fileSize);
    FZ_CHECK(p.info.has_value() == p.error.isEmpty());

    // The preamble as the file reader takes it (12 bytes, then the header length), and half the input.
    if (in.size() >= 12 && in.startsWith(kMagic)) {
        const auto* u = reinterpret_cast<const uchar*>(in.constData());
        const qint64 len = u[6] == 1 ? qFromLittleEndian<quint16>(u + 8) : qFromLittleEndian<quint32>(u + 8);
        if (len <= (1 << 20))
            FZ_CHECK(sameVerdict(idx::parseNpyHeader(in.left(qsizetype(12 + len)), fileSize), p));
    }
    const idx::NpyParse half = idx::parseNpyHeader(in.left(in.size() / 2), fileSize);
    if (half.info)
        FZ_CHECK(sameVerdict(half, p));

    if (p.info) {
        const idx::NpyInfo& info = *p.info;
        FZ_CHECK(in.startsWith(kMagic));
        const int major = uchar(in[6]);
        FZ_CHECK(info.major == major && major >= 1 && major <= 3);
        const auto* u = reinterpret_cast<const uchar*>(in.constData());
        const qint64 start = major == 1 ? 10 : 12;
        const qint64 len = major == 1 ? qFromLittleEndian<quint16>(u + 8) : qFromLittleEndian<quint32>(u + 8);
        FZ_CHECK(info.dataOffset == start + len && info.dataOffset <= fileSize);
        FZ_CHECK(info.dims.size() <= 255);
        // The data size: 0 with any zero dimension, else the product, which must not overflow 64 bits.
        quint64 bytes = quint64(idx::elementSize(info.dtype));
        bool overflow = false;
        for (quint64 d : info.dims) {
            FZ_CHECK(d <= 0xFFFFFFFFu);
            overflow = overflow || __builtin_mul_overflow(bytes, d, &bytes);
        }
        const bool zero = std::find(info.dims.begin(), info.dims.end(), 0u) != info.dims.end();
        FZ_CHECK(zero ? info.dataBytes == 0 : (!overflow && bytes == info.dataBytes));
        FZ_CHECK(info.dataBytes <= quint64(fileSize - info.dataOffset));
        checkDict(in.mid(start, len), info);
        // Re-encoded as numpy writes it, with the same data: the same array.
        const QByteArray again = canonical(info) + in.mid(info.dataOffset, qsizetype(info.dataBytes));
        const idx::NpyParse q = idx::parseNpyHeader(again, again.size());
        FZ_CHECK(q.info && q.info->dims == info.dims && q.info->dtype == info.dtype &&
                 q.info->dataBytes == info.dataBytes &&
                 (q.info->order == info.order || idx::elementSize(info.dtype) == 1));
    }

    // Through files, as the GUI and CLI read them.
    static const QString npyPath = fz::scratchPath("npy");
    static const QString idxPath = fz::scratchPath("npy-idx");
    if (!fz::writeScratch(npyPath, in))
        return 0;
    QFile::remove(idxPath);
    const idx::NpyRead r = idx::readNpy(npyPath);
    const idx::WriteResult w = idx::importNpy(npyPath, idxPath);
    FZ_CHECK(bool(r) == p.info.has_value() && bool(w) == p.info.has_value());
    if (!p.info) {
        FZ_CHECK(r.error == p.error && w.error == p.error);
        FZ_CHECK(!QFile::exists(idxPath));
        return 0;
    }
    const QByteArray expected = bigEndianData(in, *p.info);
    FZ_CHECK(r.view.header().dims == p.info->dims && r.view.dtype() == p.info->dtype);
    FZ_CHECK(r.view.byteOrder() == idx::ByteOrder::Big &&
             r.view.availableBytes() == quint64(expected.size()));
    FZ_CHECK(expected.isEmpty() ||
             std::memcmp(r.view.data(), expected.constData(), size_t(expected.size())) == 0);
    QFile out(idxPath);
    FZ_CHECK(out.open(QIODevice::ReadOnly));
    FZ_CHECK(out.readAll() == idx::Header::make(p.info->dtype, p.info->dims)->encode() + expected);
    return 0;
}
