// Shared test fixtures, generated in code: IDX bytes for any type, shape and values (big- or little-endian
// data), gzip (single or multi-member, bad CRC/ISIZE, truncated, bombs), xz, and files in a QTemporaryDir.
// Header-only; uses zlib and liblzma directly so the fixtures do not depend on the code under test's
// decoders.
#pragma once

#include "dtype.h"
#include "header.h"

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QtEndian>

#include <lzma.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace fx {

/// A header from raw parts (any type code, any dims), for invalid headers too.
inline QByteArray rawHeader(quint8 typeCode, const std::vector<quint32>& dims, quint8 zero0 = 0,
                            quint8 zero1 = 0)
{
    QByteArray out(4 + 4 * qsizetype(dims.size()), '\0');
    auto* p = reinterpret_cast<uchar*>(out.data());
    p[0] = zero0;
    p[1] = zero1;
    p[2] = typeCode;
    p[3] = uchar(dims.size());
    for (size_t i = 0; i < dims.size(); ++i)
        qToBigEndian<quint32>(dims[i], p + 4 + 4 * i);
    return out;
}

/// Deterministic values that each type represents exactly, with negatives for signed types.
inline std::vector<double> sampleValues(idx::DType t, quint64 n, quint64 seed = 1)
{
    std::vector<double> v(static_cast<size_t>(n));
    for (quint64 i = 0; i < n; ++i) {
        const quint64 h = (i + seed) * 2654435761ull;
        switch (t) {
        case idx::DType::UInt8:
            v[size_t(i)] = double(h % 256);
            break;
        case idx::DType::Int8:
            v[size_t(i)] = double(qint64(h % 256) - 128);
            break;
        case idx::DType::Int16:
            v[size_t(i)] = double(qint64(h % 65536) - 32768);
            break;
        case idx::DType::Int32:
            v[size_t(i)] = double(qint64(h % 4294967296ull) - 2147483648ll);
            break;
        case idx::DType::Float32:
        case idx::DType::Float64:
            v[size_t(i)] = double(qint64(h % 20001) - 10000) / 64.0; // exact in float32
            break;
        }
    }
    return v;
}

/// Payload bytes for values (big-endian unless told otherwise).
inline QByteArray encodeValues(idx::DType t, const std::vector<double>& values,
                               idx::ByteOrder order = idx::ByteOrder::Big)
{
    const int es = idx::elementSize(t);
    QByteArray out(qsizetype(values.size()) * es, '\0');
    auto* p = reinterpret_cast<uchar*>(out.data());
    for (size_t i = 0; i < values.size(); ++i) {
        idx::encodeElement(p + i * size_t(es), t, values[i]);
        if (order == idx::ByteOrder::Little)
            std::reverse(p + i * size_t(es), p + (i + 1) * size_t(es));
    }
    return out;
}

/// A complete IDX file: canonical header plus payload.
inline QByteArray idxBytes(idx::DType t, const std::vector<quint64>& dims, const std::vector<double>& values,
                           idx::ByteOrder dataOrder = idx::ByteOrder::Big)
{
    const auto h = idx::Header::make(t, dims);
    if (!h)
        throw std::invalid_argument("fixture dims overflow");
    return h->encode() + encodeValues(t, values, dataOrder);
}

/// One IDX file with sampleValues for its shape.
inline QByteArray idxSample(idx::DType t, const std::vector<quint64>& dims, quint64 seed = 1)
{
    quint64 n = 1;
    for (quint64 d : dims)
        n *= d;
    return idxBytes(t, dims, sampleValues(t, n, seed));
}

/// One gzip member (zlib, gzip wrapper).
inline QByteArray gzip(const QByteArray& data, int level = 6)
{
    z_stream s{};
    if (deflateInit2(&s, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw std::runtime_error("deflateInit2");
    QByteArray out(qsizetype(deflateBound(&s, uLong(data.size()))) + 64, '\0');
    s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.constData()));
    s.avail_in = uInt(data.size());
    s.next_out = reinterpret_cast<Bytef*>(out.data());
    s.avail_out = uInt(out.size());
    const int r = deflate(&s, Z_FINISH);
    out.resize(qsizetype(s.total_out));
    deflateEnd(&s);
    if (r != Z_STREAM_END)
        throw std::runtime_error("deflate");
    return out;
}

/// `members` gzip members, each holding a consecutive part of `data` (some parts may be empty).
inline QByteArray gzipMembers(const QByteArray& data, int members, int level = 6)
{
    QByteArray out;
    const qsizetype part = (data.size() + members - 1) / std::max(members, 1);
    for (int i = 0; i < members; ++i) {
        const qsizetype from = std::min(data.size(), part * i);
        out += gzip(data.mid(from, std::min(part, data.size() - from)), level);
    }
    return out;
}

/// The same gzip bytes with the last member's stored CRC-32 changed (returns the stored value through
/// `stored`).
inline QByteArray withBadCrc(QByteArray gz, quint32* stored = nullptr)
{
    auto* p = reinterpret_cast<uchar*>(gz.data()) + gz.size() - 8;
    const quint32 bad = qFromLittleEndian<quint32>(p) ^ 0x5A5A5A5Au;
    qToLittleEndian<quint32>(bad, p);
    if (stored)
        *stored = bad;
    return gz;
}

/// The same gzip bytes with the last member's ISIZE off by `delta`.
inline QByteArray withBadIsize(QByteArray gz, quint32 delta = 1)
{
    auto* p = reinterpret_cast<uchar*>(gz.data()) + gz.size() - 4;
    qToLittleEndian<quint32>(qFromLittleEndian<quint32>(p) + delta, p);
    return gz;
}

/// xz stream (liblzma easy encoder, CRC64 check).
inline QByteArray xz(const QByteArray& data, uint32_t preset = 1)
{
    QByteArray out(qsizetype(lzma_stream_buffer_bound(size_t(data.size()))), '\0');
    size_t pos = 0;
    if (lzma_easy_buffer_encode(preset, LZMA_CHECK_CRC64, nullptr,
                                reinterpret_cast<const uint8_t*>(data.constData()), size_t(data.size()),
                                reinterpret_cast<uint8_t*>(out.data()), &pos, size_t(out.size())) != LZMA_OK)
        throw std::runtime_error("lzma_easy_buffer_encode");
    out.resize(qsizetype(pos));
    return out;
}

/// gzip whose stream is `prefix` followed by `zeroMiB` MiB of zeros, as one member per 4 MiB of zeros
/// (each about 4 KiB): a decompression bomb of roughly zeroMiB KiB on disk.
inline QByteArray gzipZeroBomb(const QByteArray& prefix, quint64 zeroMiB)
{
    const QByteArray block = gzip(QByteArray(4 << 20, '\0'), 9);
    QByteArray out = gzip(prefix);
    for (quint64 i = 0; i < zeroMiB / 4; ++i)
        out += block;
    if (zeroMiB % 4)
        out += gzip(QByteArray(qsizetype(zeroMiB % 4) << 20, '\0'), 9);
    return out;
}

/// Writes `bytes` to dir/name and returns the path (empty on failure).
inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

enum class Wrap { Raw, Gzip, GzipMulti, Xz };

inline const char* wrapName(Wrap w)
{
    switch (w) {
    case Wrap::Raw:
        return "raw";
    case Wrap::Gzip:
        return "gzip";
    case Wrap::GzipMulti:
        return "gzip3";
    case Wrap::Xz:
        return "xz";
    }
    return "?";
}

/// Small doubles of both signs, as a PCA projection holds (t10k-images-pca.idx2-double's kind of values).
inline std::vector<double> coordinates(quint64 n)
{
    std::vector<double> v(static_cast<size_t>(n));
    for (quint64 i = 0; i < n; ++i)
        v[size_t(i)] = std::sin(double(i) * 0.37) * (1.0 + double(i % 7)) / 3.0;
    return v;
}

/// Integers the way real data has them: a small range (0..1000), the high bytes nearly constant.
inline std::vector<double> smallIntegers(quint64 n)
{
    std::vector<double> v(static_cast<size_t>(n));
    for (quint64 i = 0; i < n; ++i)
        v[size_t(i)] = double((i * 37) % 1001);
    return v;
}

/// Pseudo-random bytes (xorshift): no element type reads them as data.
inline QByteArray noise(qsizetype n)
{
    QByteArray out(n, '\0');
    quint64 x = 0x9E3779B97F4A7C15ull;
    for (qsizetype i = 0; i < n; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out[i] = char(x >> 24);
    }
    return out;
}

/// A header as a whole-file little-endian writer puts it: magic and each dim byte-reversed.
inline QByteArray reversedHeader(quint8 typeCode, const std::vector<quint32>& dims)
{
    QByteArray h = rawHeader(typeCode, dims);
    for (qsizetype at = 0; at + 4 <= h.size(); at += 4)
        std::reverse(h.begin() + at, h.begin() + at + 4);
    return h;
}

/// The bytes in the given container (multi-member gzip: three members).
inline QByteArray wrap(const QByteArray& data, Wrap w)
{
    switch (w) {
    case Wrap::Raw:
        return data;
    case Wrap::Gzip:
        return gzip(data);
    case Wrap::GzipMulti:
        return gzipMembers(data, 3);
    case Wrap::Xz:
        return xz(data);
    }
    return data;
}

/// Runs a Python script with Debian's interpreter (python3-numpy is installed for it by build.sh), the
/// folder as its argument: files written by numpy itself. Empty on success, else what went wrong.
inline QString runNumpy(const QString& script, const QString& folder)
{
    QProcess py;
    py.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), script, folder});
    if (!py.waitForFinished(60000))
        return QStringLiteral("python3 hung");
    if (py.exitStatus() != QProcess::NormalExit || py.exitCode() != 0)
        return QString::fromUtf8(py.readAllStandardError());
    return {};
}

} // namespace fx
