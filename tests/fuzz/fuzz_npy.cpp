// Fuzz target: the .npy reader on arbitrary bytes: parseNpyHeader on the whole input and on prefixes (the
// preamble as readNpy reads it, and half the input), then readNpy and importNpy on the same bytes as a file
// (tmpfs). Oracles: an accepted header agrees with an independent reading of the preamble (version, header
// length, data offset) and of the dict (each key once; descr, shape → a data size computed here with checked
// arithmetic that fits the file), and re-encoded the way numpy writes it parses to the same array; a prefix
// gives the same verdict; readNpy holds the data as big-endian IDX — converted here independently: bytes
// swapped, the types IDX lacks widened, column-major data placed by each stored element's own index — and
// importNpy writes the IDX header and those bytes; a rejected input (or int64 values that would be rounded)
// is rejected by both, with nothing written.
#include "fuzz_common.h"

#include "dtype.h"
#include "npyreader.h"
#include "storedtype.h"

#include <QFile>
#include <QtEndian>

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

namespace {

const QByteArray kMagic("\x93NUMPY", 6);

const char* codeOf(idx::StoredType t)
{
    switch (t) {
    case idx::StoredType::UInt8:
        return "u1";
    case idx::StoredType::Int8:
        return "i1";
    case idx::StoredType::Int16:
        return "i2";
    case idx::StoredType::Int32:
        return "i4";
    case idx::StoredType::Float32:
        return "f4";
    case idx::StoredType::Float64:
        return "f8";
    case idx::StoredType::UInt16:
        return "u2";
    case idx::StoredType::UInt32:
        return "u4";
    case idx::StoredType::Int64:
        return "i8";
    case idx::StoredType::UInt64:
        return "u8";
    case idx::StoredType::Float16:
        return "f2";
    case idx::StoredType::Bool:
        return "b1";
    }
    return "";
}

/// The descr spellings numpy gives each (type, byte order) the reader accepts ('=' being little-endian here).
QByteArrayList descrsFor(idx::StoredType t, idx::ByteOrder order)
{
    const QByteArray c = codeOf(t);
    if (idx::storedSize(t) == 1)
        return {'|' + c, '<' + c, '>' + c, '=' + c};
    return order == idx::ByteOrder::Little ? QByteArrayList{'<' + c, '=' + c} : QByteArrayList{'>' + c};
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
    FZ_CHECK(descrsFor(info.stored, info.order).contains(dict.mid(p + 1, end - p - 1)));
    FZ_CHECK(info.dtype == idx::shownAs(info.stored));
    p = valueOf(dict, "fortran_order");
    FZ_CHECK(dict.mid(p).startsWith(info.fortran ? "True" : "False"));
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
    const char order = idx::storedSize(info.stored) == 1      ? '|'
                       : info.order == idx::ByteOrder::Little ? '<'
                                                              : '>';
    QByteArray shape = "(";
    for (size_t k = 0; k < info.dims.size(); ++k)
        shape += (k ? ", " : "") + QByteArray::number(info.dims[k]);
    shape += info.dims.size() == 1 ? ",)" : ")";
    QByteArray dict = QByteArray("{'descr': '") + order + codeOf(info.stored) +
                      "', 'fortran_order': " + (info.fortran ? "True" : "False") + ", 'shape': " + shape +
                      ", }";
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

/// A double holds an integer exactly when its significant bits (trailing zeros aside) number at most 53.
bool exactInDouble(quint64 magnitude)
{
    return magnitude == 0 || (magnitude >> __builtin_ctzll(magnitude)) < (quint64(1) << 53);
}

/// One stored element as the IDX value it reads as, big-endian; false when an int64/uint64 has no exact
/// float64 (it would be rounded).
bool convertOne(const uchar* in, const idx::NpyInfo& info, QByteArray& out)
{
    const int size = idx::storedSize(info.stored);
    uchar be[8];
    for (int k = 0; k < size; ++k) // big-endian first, whatever the file's order
        be[k] = info.order == idx::ByteOrder::Little ? in[size - 1 - k] : in[k];
    quint64 u = 0;
    for (int k = 0; k < size; ++k)
        u = (u << 8) | be[k];
    const auto putBig = [&](quint64 v, int n) {
        for (int k = n - 1; k >= 0; --k)
            out.append(char((v >> (8 * k)) & 0xFF));
    };
    const auto putDouble = [&](double d) {
        quint64 bits;
        std::memcpy(&bits, &d, 8);
        putBig(bits, 8);
    };
    switch (info.stored) {
    case idx::StoredType::Bool:
        out.append(char(u != 0));
        return true;
    case idx::StoredType::UInt16:
        putBig(u, 4); // zero-extended into int32
        return true;
    case idx::StoredType::UInt32:
        putDouble(double(u));
        return true;
    case idx::StoredType::Int64: {
        const auto v = qint64(u);
        if (!exactInDouble(v < 0 ? 0 - u : u)) // the magnitude, as unsigned (INT64_MIN included)
            return false;
        putDouble(double(v));
        return true;
    }
    case idx::StoredType::UInt64:
        if (!exactInDouble(u))
            return false;
        putDouble(double(u));
        return true;
    case idx::StoredType::Float16: { // sign, 5 exponent bits, 10 mantissa bits; every value fits float32
        const int exponent = int(u >> 10) & 0x1F;
        const int mantissa = int(u & 0x3FF);
        float f = exponent == 0    ? std::ldexp(float(mantissa), -24)
                  : exponent == 31 ? (mantissa ? std::numeric_limits<float>::quiet_NaN()
                                               : std::numeric_limits<float>::infinity())
                                   : std::ldexp(float(1024 + mantissa), exponent - 25);
        if (u & 0x8000)
            f = -f;
        quint32 bits;
        std::memcpy(&bits, &f, 4);
        putBig(bits, 4);
        return true;
    }
    default:
        putBig(u, size);
        return true;
    }
    return true;
}

/// The IDX payload the data stands for, computed element by element; nullopt when a value would be rounded.
std::optional<QByteArray> expectedPayload(const QByteArray& in, const idx::NpyInfo& info)
{
    const int size = idx::storedSize(info.stored);
    const quint64 count = info.storedBytes / quint64(size);
    const auto* data = reinterpret_cast<const uchar*>(in.constData()) + info.dataOffset;
    std::vector<QByteArray> elements(count);
    for (quint64 j = 0; j < count; ++j) {
        // Column-major: stored element j has index (j mod d0, j / d0 mod d1, …); its row-major position is
        // that index read the other way.
        quint64 target = j;
        if (info.fortran) {
            quint64 rest = j, position = 0;
            for (size_t k = 0; k < info.dims.size(); ++k) {
                const quint64 i = rest % info.dims[k];
                rest /= info.dims[k];
                quint64 after = 1;
                for (size_t m = k + 1; m < info.dims.size(); ++m)
                    after *= info.dims[m];
                position += i * after;
            }
            target = position;
        }
        if (!convertOne(data + j * quint64(size), info, elements[target]))
            return std::nullopt;
    }
    QByteArray out;
    for (const QByteArray& e : elements)
        out += e;
    return out;
}

/// Payloads equal byte for byte, except that any NaN matches any NaN for float16 data (the bits a NaN keeps
/// when widened are the converter's choice).
bool samePayload(const QByteArray& a, const QByteArray& b, const idx::NpyInfo& info)
{
    if (a.size() != b.size())
        return false;
    if (info.stored != idx::StoredType::Float16)
        return a == b;
    for (qsizetype k = 0; k + 4 <= a.size(); k += 4) {
        const auto fa = qFromBigEndian<float>(a.constData() + k),
                   fb = qFromBigEndian<float>(b.constData() + k);
        if (std::isnan(fa) ? !std::isnan(fb) : std::memcmp(a.constData() + k, b.constData() + k, 4) != 0)
            return false;
    }
    return true;
}

bool sameVerdict(const idx::NpyParse& a, const idx::NpyParse& b)
{
    if (a.info.has_value() != b.info.has_value() || a.error != b.error)
        return false;
    return !a.info || (a.info->dims == b.info->dims && a.info->dtype == b.info->dtype &&
                       a.info->stored == b.info->stored && a.info->fortran == b.info->fortran &&
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
        // The data sizes, stored and as IDX: 0 with any zero dimension, else the product, which must not
        // overflow 64 bits.
        quint64 bytes = quint64(idx::elementSize(info.dtype));
        quint64 stored = quint64(idx::storedSize(info.stored));
        bool overflow = false;
        for (quint64 d : info.dims) {
            FZ_CHECK(d <= 0xFFFFFFFFu);
            overflow = overflow || __builtin_mul_overflow(bytes, d, &bytes);
            overflow = overflow || __builtin_mul_overflow(stored, d, &stored);
        }
        const bool zero = std::find(info.dims.begin(), info.dims.end(), 0u) != info.dims.end();
        FZ_CHECK(zero ? info.dataBytes == 0 && info.storedBytes == 0
                      : (!overflow && bytes == info.dataBytes && stored == info.storedBytes));
        FZ_CHECK(info.storedBytes <= quint64(fileSize - info.dataOffset));
        checkDict(in.mid(start, len), info);
        // Re-encoded as numpy writes it, with the same data: the same array.
        const QByteArray again = canonical(info) + in.mid(info.dataOffset, qsizetype(info.storedBytes));
        const idx::NpyParse q = idx::parseNpyHeader(again, again.size());
        FZ_CHECK(q.info && q.info->dims == info.dims && q.info->dtype == info.dtype &&
                 q.info->stored == info.stored && q.info->fortran == info.fortran &&
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
    if (!p.info) {
        FZ_CHECK(!r && !w);
        FZ_CHECK(r.error == p.error && w.error == p.error);
        FZ_CHECK(!QFile::exists(idxPath));
        return 0;
    }
    const std::optional<QByteArray> expected = expectedPayload(in, *p.info);
    if (!expected) { // a value beyond 2^53: refused by both, naming it, nothing written
        FZ_CHECK(!r && !w && r.error.contains(QStringLiteral("2^53")) &&
                 w.error.contains(QStringLiteral("2^53")));
        FZ_CHECK(!QFile::exists(idxPath));
        return 0;
    }
    FZ_CHECK(r && w);
    FZ_CHECK(r.view.header().dims == p.info->dims && r.view.dtype() == p.info->dtype);
    FZ_CHECK(r.view.byteOrder() == idx::ByteOrder::Big &&
             r.view.availableBytes() == quint64(expected->size()));
    const QByteArray got(reinterpret_cast<const char*>(r.view.data()), qsizetype(r.view.availableBytes()));
    FZ_CHECK(samePayload(got, *expected, *p.info));
    QFile out(idxPath);
    FZ_CHECK(out.open(QIODevice::ReadOnly));
    const QByteArray header = idx::Header::make(p.info->dtype, p.info->dims)->encode();
    const QByteArray written = out.readAll();
    FZ_CHECK(written.startsWith(header) && samePayload(written.mid(header.size()), *expected, *p.info));
    return 0;
}
