// The formats' table and their magics.
#include "formats.h"

#include <QCoreApplication>
#include <QtEndian>

#include <array>
#include <iterator>

namespace idx {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

// The patterns of IDX: MNIST's own names (train-images-idx3-ubyte, and the -int/-float/-double/-short of
// other writers), .idx, and the compressed names the reader opens whatever is inside.
constexpr std::array kFormats{
    FormatSpec{Format::Idx,
               "*-idx?-ubyte *.idx?-ubyte *-idx?-int *-idx?-float *-idx?-double *-idx?-short *.idx", true},
    FormatSpec{Format::Npy, "*.npy", true},
    FormatSpec{Format::Npz, "*.npz", true},
    FormatSpec{Format::Lush, "*.mat *.lush", true},
    FormatSpec{Format::Gzip, "*.gz", true},
    FormatSpec{Format::Xz, "*.xz", true},
    FormatSpec{Format::Bzip2, "*.bz2", false},
    FormatSpec{Format::Zstd, "*.zst", false},
    FormatSpec{Format::Csv, "*.csv", false},
    FormatSpec{Format::Text, "*.txt", false},
    FormatSpec{Format::Png, "*.png", false},
    FormatSpec{Format::Image, "*.png *.bmp *.pgm *.jpg", false},
    FormatSpec{Format::Svg, "*.svg", false},
};

bool startsWith(QByteArrayView head, const char* magic, qsizetype n)
{
    return head.size() >= n && head.first(n) == QByteArrayView(magic, n);
}
} // namespace

std::span<const FormatSpec> formats()
{
    return kFormats;
}

const FormatSpec& formatSpec(Format f)
{
    for (const FormatSpec& s : kFormats)
        if (s.format == f)
            return s;
    Q_UNREACHABLE(); // every enumerator has its row (tests/core/read/tst_formats.cpp)
    return kFormats.front();
}

QString formatDescription(Format f)
{
    switch (f) {
    case Format::Idx:
        return Tr::tr("IDX files");
    case Format::Npy:
        return Tr::tr("NumPy arrays");
    case Format::Npz:
        return Tr::tr("NumPy archives");
    case Format::Lush:
        return Tr::tr("Lush matrices");
    case Format::Gzip:
        return Tr::tr("gzip-compressed files");
    case Format::Xz:
        return Tr::tr("xz-compressed files");
    case Format::Bzip2:
        return Tr::tr("bzip2-compressed files");
    case Format::Zstd:
        return Tr::tr("zstd-compressed files");
    case Format::Csv:
        return Tr::tr("CSV files");
    case Format::Text:
        return Tr::tr("Text files");
    case Format::Png:
        return Tr::tr("PNG images");
    case Format::Image:
        return Tr::tr("Images");
    case Format::Svg:
        return Tr::tr("SVG drawings");
    }
    return {};
}

bool hasMagic(QByteArrayView head, Format f)
{
    switch (f) {
    case Format::Gzip:
        return startsWith(head, "\x1f\x8b", 2);
    case Format::Xz:
        return startsWith(head, "\xfd\x37\x7a\x58\x5a\x00", 6); // fd "7zXZ" 00
    case Format::Npy:
        return startsWith(head, "\x93NUMPY", 6);
    case Format::Npz:
        // A zip's first local header, or the end record of an empty archive.
        return startsWith(head, "PK\x03\x04", 4) || startsWith(head, "PK\x05\x06", 4);
    case Format::Lush:
        if (head.size() < 4)
            return false;
        return isLushMagic(qFromBigEndian<quint32>(head.data())) ||
               isLushMagic(qFromLittleEndian<quint32>(head.data()));
    case Format::Bzip2: // "BZh" and the block size, 1 to 9
        return startsWith(head, "BZh", 3) && head.size() >= 4 && head[3] >= '1' && head[3] <= '9';
    case Format::Zstd:
        return startsWith(head, "\x28\xb5\x2f\xfd", 4);
    case Format::Png:
        return startsWith(head, "\x89PNG\r\n\x1a\n", 8);
    case Format::Idx:
    case Format::Csv:
    case Format::Text:
    case Format::Image:
    case Format::Svg:
        break;
    }
    return false;
}

std::optional<Format> formatByMagic(QByteArrayView head)
{
    for (const FormatSpec& s : kFormats)
        if (hasMagic(head, s.format))
            return s.format;
    return std::nullopt;
}

} // namespace idx
