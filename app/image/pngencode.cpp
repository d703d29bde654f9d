// PNG framing over libdeflate: see pngencode.h for why this exists beside QImageWriter.
#include "pngencode.h"

#include <QtEndian>

#include <libdeflate.h>
#include <zlib.h>

#include <cstring>
#include <memory>

namespace idx {

namespace {

struct CompressorDeleter {
    void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

// One compressor per thread and level: allocating one costs more than compressing a digit.
libdeflate_compressor* compressorFor(int level)
{
    thread_local std::unique_ptr<libdeflate_compressor, CompressorDeleter> compressor;
    thread_local int compressorLevel = -1;
    if (!compressor || compressorLevel != level) {
        compressor.reset(libdeflate_alloc_compressor(level));
        compressorLevel = level;
    }
    return compressor.get();
}

void appendChunk(QByteArray& out, const char type[4], const uchar* data, quint32 size)
{
    uchar len[4];
    qToBigEndian<quint32>(size, len);
    out.append(reinterpret_cast<const char*>(len), 4);
    const qsizetype typeAt = out.size();
    out.append(type, 4);
    if (size > 0)
        out.append(reinterpret_cast<const char*>(data), size);
    // The CRC covers the chunk type and data.
    const uLong crc = ::crc32(0, reinterpret_cast<const Bytef*>(out.constData() + typeAt), uInt(size + 4));
    uchar c[4];
    qToBigEndian<quint32>(quint32(crc), c);
    out.append(reinterpret_cast<const char*>(c), 4);
}

} // namespace

QByteArray encodePng(const QImage& image, int level)
{
    int channels = 0;
    if (image.format() == QImage::Format_Grayscale8)
        channels = 1;
    else if (image.format() == QImage::Format_RGB888)
        channels = 3;
    if (channels == 0 || image.isNull())
        return {};
    const int w = image.width();
    const int h = image.height();
    const qsizetype rowBytes = qsizetype(w) * channels;

    // Filter type 0 (None) on every row: digits are small and mostly flat, so filtering buys little.
    QByteArray raw(qsizetype(h) * (rowBytes + 1), Qt::Uninitialized);
    for (int y = 0; y < h; ++y) {
        char* row = raw.data() + qsizetype(y) * (rowBytes + 1);
        row[0] = 0;
        std::memcpy(row + 1, image.constScanLine(y), size_t(rowBytes));
    }
    libdeflate_compressor* c = compressorFor(qBound(1, level, 12));
    if (!c)
        return {};
    QByteArray z(qsizetype(libdeflate_zlib_compress_bound(c, size_t(raw.size()))), Qt::Uninitialized);
    const size_t zn =
        libdeflate_zlib_compress(c, raw.constData(), size_t(raw.size()), z.data(), size_t(z.size()));
    if (zn == 0)
        return {};

    QByteArray out;
    out.reserve(qsizetype(zn) + 64);
    static constexpr char signature[8] = {'\x89', 'P', 'N', 'G', '\r', '\n', '\x1a', '\n'};
    out.append(signature, 8);
    uchar ihdr[13];
    qToBigEndian<quint32>(quint32(w), ihdr);
    qToBigEndian<quint32>(quint32(h), ihdr + 4);
    ihdr[8] = 8;                        // bit depth
    ihdr[9] = channels == 1 ? 0 : 2;    // colour type: gray or truecolour
    ihdr[10] = ihdr[11] = ihdr[12] = 0; // deflate, adaptive filtering, no interlace
    appendChunk(out, "IHDR", ihdr, 13);
    appendChunk(out, "IDAT", reinterpret_cast<const uchar*>(z.constData()), quint32(zn));
    appendChunk(out, "IEND", nullptr, 0);
    return out;
}

} // namespace idx
