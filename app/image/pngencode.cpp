// PNG framing over libdeflate (small images) and ISA-L strips on all cores (large ones): see pngencode.h
// for why this exists beside QImageWriter and libspng.
#include "pngencode.h"

#include <QtConcurrent/QtConcurrentMap>
#include <QtEndian>

#include <isa-l/igzip_lib.h>
#include <libdeflate.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>
#include <vector>

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

// The image as PNG sees it: its pixel bytes per row and colour type; RGB32 is converted to RGB888 first.
struct Source {
    QImage image;
    int channels = 0;
    qsizetype rowBytes = 0;
};

Source sourceOf(const QImage& image)
{
    Source s;
    if (image.isNull())
        return s;
    if (image.format() == QImage::Format_Grayscale8) {
        s.image = image;
        s.channels = 1;
    } else if (image.format() == QImage::Format_RGB888) {
        s.image = image;
        s.channels = 3;
    } else if (image.format() == QImage::Format_RGB32) {
        s.image = image.convertToFormat(QImage::Format_RGB888);
        if (s.image.isNull())
            return {};
        s.channels = 3;
    } else {
        return s;
    }
    s.rowBytes = qsizetype(s.image.width()) * s.channels;
    return s;
}

// A whole chunk: length, type, data, CRC (over type and data).
void appendChunk(QByteArray& out, const char type[4], const char* data, quint32 size)
{
    uchar len[4];
    qToBigEndian<quint32>(size, len);
    out.append(reinterpret_cast<const char*>(len), 4);
    const qsizetype typeAt = out.size();
    out.append(type, 4);
    if (size > 0)
        out.append(data, size);
    uchar crc[4];
    qToBigEndian<quint32>(libdeflate_crc32(0, out.constData() + typeAt, size_t(size) + 4), crc);
    out.append(reinterpret_cast<const char*>(crc), 4);
}

QByteArray signatureAndHeader(const Source& s, qsizetype reserve)
{
    QByteArray out;
    out.reserve(reserve);
    static constexpr char signature[8] = {'\x89', 'P', 'N', 'G', '\r', '\n', '\x1a', '\n'};
    out.append(signature, 8);
    uchar ihdr[13];
    qToBigEndian<quint32>(quint32(s.image.width()), ihdr);
    qToBigEndian<quint32>(quint32(s.image.height()), ihdr + 4);
    ihdr[8] = 8;                        // bit depth
    ihdr[9] = s.channels == 1 ? 0 : 2;  // colour type: gray or truecolour
    ihdr[10] = ihdr[11] = ihdr[12] = 0; // deflate, adaptive filtering, no interlace
    appendChunk(out, "IHDR", reinterpret_cast<const char*>(ihdr), 13);
    return out;
}

// Rows [first, first + count) as PNG scanlines: a filter byte (0, None) before each row.
void filterRows(const Source& s, int first, int count, char* to)
{
    for (int y = first; y < first + count; ++y) {
        *to++ = 0;
        std::memcpy(to, s.image.constScanLine(y), size_t(s.rowBytes));
        to += s.rowBytes;
    }
}

// ISA-L's level 2 compresses the contact sheet a little better than its level 1 at about the same speed;
// its level 3 was both slower (2x) and worse there, so higher zlib levels stop at 2.
int isalLevelFor(int level)
{
    return level <= 3 ? 1 : 2;
}

quint32 isalLevelBufSize(int isalLevel)
{
    return isalLevel == 1 ? ISAL_DEF_LVL1_DEFAULT : ISAL_DEF_LVL2_DEFAULT;
}

// One strip: its scanlines deflated into a whole IDAT chunk (the first strip's data starts with the zlib
// header). Every strip but the last ends with a full flush, byte-aligned and not final, so the next strip's
// independent deflate stream continues the one zlib stream. Empty when memory runs out.
struct Strip {
    int first = 0;
    int rows = 0;
    bool last = false;
    QByteArray chunk;
};

// The buffers a strip is compressed with (about 800 KiB), kept by each thread rather than allocated and
// freed for every strip.
struct StripScratch {
    std::vector<char> raw;
    std::vector<char> out;
    std::vector<uint8_t> levelBuf;
    isal_zstream stream;
};

void deflateStrip(const Source& s, int isalLevel, Strip& strip)
{
    try {
        thread_local const auto scratch = std::make_unique<StripScratch>();
        const size_t rawBytes = size_t(strip.rows) * size_t(s.rowBytes + 1);
        // Stored blocks bound the output: 5 bytes per block of at most 65,535, plus the flush.
        const size_t bound = rawBytes + 5 * (rawBytes / 16384 + 2) + 64;
        const size_t levelBufSize = isalLevelBufSize(isalLevel);
        if (scratch->raw.size() < rawBytes)
            scratch->raw.resize(rawBytes);
        if (scratch->out.size() < bound)
            scratch->out.resize(bound);
        if (scratch->levelBuf.size() < levelBufSize)
            scratch->levelBuf.resize(levelBufSize);
        filterRows(s, strip.first, strip.rows, scratch->raw.data());

        isal_zstream& stream = scratch->stream;
        isal_deflate_stateless_init(&stream);
        stream.level = uint32_t(isalLevel);
        stream.level_buf = scratch->levelBuf.data();
        stream.level_buf_size = uint32_t(levelBufSize);
        stream.flush = strip.last ? NO_FLUSH : FULL_FLUSH;
        stream.end_of_stream = strip.last ? 1 : 0;
        stream.next_in = reinterpret_cast<uint8_t*>(scratch->raw.data());
        stream.avail_in = uint32_t(rawBytes);
        stream.next_out = reinterpret_cast<uint8_t*>(scratch->out.data());
        stream.avail_out = uint32_t(bound);
        if (isal_deflate_stateless(&stream) != COMP_OK || stream.avail_in != 0)
            return;

        const qsizetype header = strip.first == 0 ? 2 : 0;
        const quint32 size = quint32(header + qsizetype(stream.total_out));
        QByteArray chunk(8 + qsizetype(size) + 4, Qt::Uninitialized);
        qToBigEndian<quint32>(size, chunk.data());
        std::memcpy(chunk.data() + 4, "IDAT", 4);
        if (header) { // zlib header: deflate with a 32 KiB window, "fastest", check bits
            chunk[8] = char(0x78);
            chunk[9] = char(0x01);
        }
        std::memcpy(chunk.data() + 8 + header, scratch->out.data(), stream.total_out);
        qToBigEndian<quint32>(libdeflate_crc32(0, chunk.constData() + 4, size_t(size) + 4),
                              chunk.data() + 8 + size);
        strip.chunk = std::move(chunk);
    } catch (const std::bad_alloc&) {
        strip.chunk.clear();
    }
}

} // namespace

QByteArray encodePng(const QImage& image, int level)
{
    const qsizetype bytes =
        image.isNull() ? 0 : qsizetype(image.width()) * image.height() * image.depth() / 8;
    return bytes >= kParallelPngBytes ? encodePngStrips(image, level) : encodePngWhole(image, level);
}

QByteArray encodePngWhole(const QImage& image, int level)
{
    const Source s = sourceOf(image);
    if (s.channels == 0)
        return {};
    try {
        const int h = s.image.height();
        const size_t rawBytes = size_t(h) * size_t(s.rowBytes + 1);
        const auto raw = std::make_unique_for_overwrite<char[]>(rawBytes);
        filterRows(s, 0, h, raw.get());
        libdeflate_compressor* c = compressorFor(std::clamp(level, 1, 12));
        if (!c)
            return {};
        const size_t bound = libdeflate_zlib_compress_bound(c, rawBytes);
        const auto z = std::make_unique_for_overwrite<char[]>(bound);
        const size_t zn = libdeflate_zlib_compress(c, raw.get(), rawBytes, z.get(), bound);
        if (zn == 0 || zn > 0x7fffffffu)
            return {};
        QByteArray out = signatureAndHeader(s, qsizetype(zn) + 64);
        appendChunk(out, "IDAT", z.get(), quint32(zn));
        appendChunk(out, "IEND", nullptr, 0);
        return out;
    } catch (const std::bad_alloc&) {
        return {};
    }
}

QByteArray encodePngStrips(const QImage& image, int level, int rowsPerStrip)
{
    const Source s = sourceOf(image);
    if (s.channels == 0)
        return {};
    try {
        const int h = s.image.height();
        // A strip's scanlines are one ISA-L input (32-bit sizes): a strip never holds more than 1 GiB.
        const qsizetype maxRows = std::max<qsizetype>(1, (qsizetype(1) << 30) / (s.rowBytes + 1));
        if (rowsPerStrip <= 0)
            rowsPerStrip = int(std::clamp<qsizetype>((qsizetype(256) << 10) / (s.rowBytes + 1), 1, h));
        rowsPerStrip = int(std::min<qsizetype>(rowsPerStrip, maxRows));
        std::vector<Strip> strips;
        strips.reserve(size_t((h + rowsPerStrip - 1) / rowsPerStrip));
        for (int y = 0; y < h; y += rowsPerStrip)
            strips.push_back({y, std::min(rowsPerStrip, h - y), y + rowsPerStrip >= h, {}});
        const int isalLevel = isalLevelFor(level);
        QtConcurrent::blockingMap(strips, [&](Strip& strip) { deflateStrip(s, isalLevel, strip); });

        qsizetype total = 64;
        for (const Strip& strip : strips) {
            if (strip.chunk.isEmpty())
                return {};
            total += strip.chunk.size();
        }
        // The zlib trailer: Adler-32 of all scanlines, in order (a pass over memory: well under a millisecond
        // for the 7.8 MB sheet).
        quint32 adler = 1;
        static constexpr char filterNone = 0;
        for (int y = 0; y < h; ++y) {
            adler = libdeflate_adler32(adler, &filterNone, 1);
            adler = libdeflate_adler32(adler, s.image.constScanLine(y), size_t(s.rowBytes));
        }
        QByteArray out = signatureAndHeader(s, total);
        for (Strip& strip : strips) {
            out.append(strip.chunk);
            strip.chunk = QByteArray(); // the copy in `out` is the one kept
        }
        uchar trailer[4];
        qToBigEndian<quint32>(adler, trailer);
        appendChunk(out, "IDAT", reinterpret_cast<const char*>(trailer), 4);
        appendChunk(out, "IEND", nullptr, 0);
        return out;
    } catch (const std::bad_alloc&) {
        return {};
    }
}

} // namespace idx
