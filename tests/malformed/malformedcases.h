// The malformed-file suite's generator: ≥ 40 broken or strange inputs, each with the outcome the CLI must
// give (error, warning, or OK), what the GUI must show (the error page, the content with a warning, or the
// content alone), spelled out per case, and a keyword their reason must contain. Files are generated in code
// (no binaries in the repository); the special kinds (folder, missing path, unreadable file, FIFO) are made
// here too. Used by tst_malformed and by the gen_malformed tool.
#pragma once

#include "fixtures.h"

#include <QDir>

#include <sys/stat.h>

namespace mf {

/// `idxscope-cli validate`: exit 1 and "FILE: error: reason", exit 0 and "FILE: OK with warnings: reason", or
/// exit 0 and "FILE: OK".
enum class Cli { Error, Warning, Ok };
/// The GUI: the inline error page with the reason (no usable header); the content with the reason in the
/// warning bar (a readable header: the complete records stay viewable); or the content and no message.
enum class Gui { ErrorPage, ContentWithWarning, Content };
enum class Kind { Bytes, Folder, Missing, Unreadable, Fifo };

struct Case {
    QString name; // file name (IDX-style names, so nothing is recognised by name)
    Cli cli;
    Gui gui;
    QString keyword;  // must appear in the CLI's line and in the GUI's message (case-insensitive)
    QByteArray bytes; // Kind::Bytes and Kind::Unreadable
    Kind kind = Kind::Bytes;
};

inline QByteArray be32(quint32 v)
{
    QByteArray b(4, '\0');
    qToBigEndian<quint32>(v, b.data());
    return b;
}
inline QByteArray le32(quint32 v)
{
    QByteArray b(4, '\0');
    qToLittleEndian<quint32>(v, b.data());
    return b;
}

inline std::vector<Case> cases()
{
    using idx::DType;
    std::vector<Case> c;
    const QByteArray u8 = fx::idxSample(DType::UInt8, {10, 8, 8});
    const QByteArray f32 = fx::idxSample(DType::Float32, {6, 4, 4});
    const QByteArray u8payload = u8.mid(16);
    auto add = [&c](const char* name, Cli cli, Gui gui, const char* keyword, QByteArray bytes,
                    Kind kind = Kind::Bytes) {
        c.push_back(
            Case{QString::fromLatin1(name), cli, gui, QString::fromUtf8(keyword), std::move(bytes), kind});
    };
    // Too short, bad magic, unknown type codes.
    add("empty-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "magic", {});
    add("one-byte-idx1-ubyte", Cli::Error, Gui::ErrorPage, "magic", QByteArray(1, '\0'));
    add("two-bytes-idx1-ubyte", Cli::Error, Gui::ErrorPage, "magic", QByteArray(2, '\0'));
    add("three-bytes-idx1-ubyte", Cli::Error, Gui::ErrorPage, "magic", QByteArray("\0\0\x08", 3));
    add("bad-magic-idx3-ubyte", Cli::Error, Gui::ErrorPage, "00 00",
        fx::rawHeader(0x08, {2, 2, 2}, 0x12, 0x34) + "abcdefgh");
    for (quint8 code : {0x00, 0x01, 0x07, 0x0A, 0x0F, 0x10, 0xFF}) {
        const QByteArray name = "type-" + QByteArray::number(code, 16) + "-idx2-ubyte";
        add(name.constData(), Cli::Error, Gui::ErrorPage, "unknown type code",
            fx::rawHeader(code, {2, 2}) + "abcd");
    }
    // Header and payload sizes.
    add("truncated-dims-idx3-ubyte", Cli::Error, Gui::ErrorPage, "dimension", u8.left(9));
    add("truncated-data-idx3-ubyte", Cli::Error, Gui::ContentWithWarning, "truncated",
        u8.left(u8.size() - 100));
    add("partial-element-idx3-float", Cli::Error, Gui::ContentWithWarning, "truncated",
        f32.left(f32.size() - 3));
    add("trailing-bytes-idx3-ubyte", Cli::Warning, Gui::ContentWithWarning, "trailing", u8 + "xyz");
    add("payload-2x-idx3-ubyte", Cli::Warning, Gui::ContentWithWarning, "2×", u8 + u8payload);
    add("payload-4x-idx3-ubyte", Cli::Warning, Gui::ContentWithWarning, "4×",
        u8 + u8payload + u8payload + u8payload);
    QByteArray x8 = u8;
    for (int i = 0; i < 7; ++i)
        x8 += u8payload;
    add("payload-8x-idx3-ubyte", Cli::Warning, Gui::ContentWithWarning, "8×", x8);
    add("overflow-dims-idx3-double", Cli::Error, Gui::ErrorPage, "overflow",
        fx::rawHeader(0x0E, {0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF}));
    add("ndim255-overflow-idx-ubyte", Cli::Error, Gui::ErrorPage, "overflow",
        fx::rawHeader(0x08, std::vector<quint32>(255, 2)));
    add("terabytes-idx3-ubyte", Cli::Error, Gui::ContentWithWarning, "truncated",
        fx::rawHeader(0x08, {1000000, 1000000, 2}) + QByteArray(64, '\5'));
    add("ndim255-ones-idx-ubyte", Cli::Ok, Gui::Content, "",
        fx::rawHeader(0x08, std::vector<quint32>(255, 1)) + "\x07");
    add("ndim255-short-idx-ubyte", Cli::Error, Gui::ErrorPage, "dimension",
        fx::rawHeader(0x08, std::vector<quint32>(255, 1)).left(600));
    add("zero-records-idx3-ubyte", Cli::Ok, Gui::Content, "", fx::rawHeader(0x08, {0, 28, 28}));
    add("zero-middle-dim-idx3-int", Cli::Ok, Gui::Content, "", fx::rawHeader(0x0C, {5, 0, 3}));
    add("little-endian-data-idx3-float", Cli::Warning, Gui::ContentWithWarning, "little-endian",
        fx::idxBytes(DType::Float32, {50, 4, 4}, fx::sampleValues(DType::Float32, 800),
                     idx::ByteOrder::Little));
    // Containers.
    const QByteArray gz = fx::gzip(u8);
    add("bad-crc-idx3-ubyte.gz", Cli::Error, Gui::ContentWithWarning, "CRC", fx::withBadCrc(gz));
    add("bad-isize-idx3-ubyte.gz", Cli::Error, Gui::ContentWithWarning, "ISIZE", fx::withBadIsize(gz));
    add("truncated-idx3-ubyte.gz", Cli::Error, Gui::ContentWithWarning, "truncated", gz.left(gz.size() / 2));
    add("truncated-header-idx3-ubyte.gz", Cli::Error, Gui::ErrorPage, "truncated", gz.left(12));
    add("multi-member-idx3-ubyte.gz", Cli::Ok, Gui::Content, "", fx::gzipMembers(u8, 4));
    add("empty-stream-idx3-ubyte.gz", Cli::Error, Gui::ErrorPage, "magic", fx::gzip({}));
    add("garbage-after-idx3-ubyte.gz", Cli::Warning, Gui::ContentWithWarning, "gzip",
        gz + "garbage!garbage!");
    // A bomb: ~2 MiB on disk decompressing to 2 GiB of zeros behind a 640-byte payload (deflate's best ratio
    // is about 1:1000, so "a few KB to gigabytes" takes this many KB).
    add("bomb-idx3-ubyte.gz", Cli::Error, Gui::ContentWithWarning, "bomb", fx::gzipZeroBomb(u8, 2048));
    const QByteArray xz = fx::xz(u8);
    add("truncated-idx3-ubyte.xz", Cli::Error, Gui::ContentWithWarning, "truncated", xz.left(xz.size() - 9));
    QByteArray xzBad = xz;
    xzBad[xzBad.size() / 2] = char(xzBad[xzBad.size() / 2] ^ 0x55);
    add("corrupt-idx3-ubyte.xz", Cli::Error, Gui::ContentWithWarning, "corrupt", xzBad);
    add("gzip-in-gzip-idx3-ubyte.gz", Cli::Error, Gui::ErrorPage, "gzip", fx::gzip(gz));
    // Other formats under IDX names.
    add("numpy-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "NumPy",
        QByteArray("\x93NUMPY\x01\x00v\x00{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", 70));
    add("npz-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "zip",
        QByteArray("PK\x03\x04", 4) + QByteArray(60, '\0'));
    add("png-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "PNG",
        QByteArray("\x89PNG\r\n\x1a\n", 8) + QByteArray(60, '\0'));
    add("html-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "HTML",
        "\n<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body>Not Found</body></html>\n");
    add("lfs-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "LFS",
        "version https://git-lfs.github.com/spec/v1\noid sha256:4b1c\nsize 47040016\n");
    add("lush-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "Lush",
        be32(0x1E3D4C51) + be32(1) + be32(4) + QByteArray(4, 'a'));
    // Sibling formats are read; their broken variants fail like IDX does.
    add("lush-le-images-idx3-ubyte", Cli::Error, Gui::ContentWithWarning, "truncated",
        le32(0x1E3D4C55) + le32(1) + le32(2) + le32(1) + le32(1) + QByteArray(1, 'b'));
    add("lush-packed-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "not supported",
        be32(0x1E3D4C52) + be32(1) + be32(2) + be32(1) + be32(1) + QByteArray(2, 'b'));
    add("lush-negative-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "negative",
        be32(0x1E3D4C55) + be32(2) + be32(2) + be32(0xFFFFFFFE) + be32(1));
    add("lush-dims-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "dimensions",
        be32(0x1E3D4C55) + be32(40) + QByteArray(40, '\0'));
    const auto npyFile = [](const char* dict, QByteArray data) {
        QByteArray h(dict);
        while ((10 + h.size() + 1) % 64)
            h += ' ';
        h += '\n';
        QByteArray out("\x93NUMPY\x01\x00", 8);
        out += char(h.size() & 0xFF);
        out += char(h.size() >> 8);
        return out + h + data;
    };
    add("numpy-truncated-images-idx3-ubyte", Cli::Error, Gui::ContentWithWarning, "truncated",
        npyFile("{'descr': '<u2', 'fortran_order': False, 'shape': (3, 2, 2), }", QByteArray(13, 'x')));
    add("numpy-fortran-cut-images-idx3-ubyte", Cli::Error, Gui::ContentWithWarning, "Fortran",
        npyFile("{'descr': '<f4', 'fortran_order': True, 'shape': (3, 2, 2), }", QByteArray(40, 'x')));
    add("numpy-complex-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "c8",
        npyFile("{'descr': '<c8', 'fortran_order': False, 'shape': (3, 2, 2), }", QByteArray(96, 'x')));
    add("numpy-huge-images-idx3-ubyte", Cli::Error, Gui::ContentWithWarning, "Fortran",
        npyFile("{'descr': '<i8', 'fortran_order': True, 'shape': (60000, 28, 28), }", QByteArray(64, 'x')));
    add("little-endian-idx3-ubyte", Cli::Error, Gui::ErrorPage, "reversed",
        QByteArray("\x03\x08\x00\x00", 4) + le32(2) + le32(2) + le32(2) + QByteArray(8, 'c'));
    add("bzip2-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "bzip2",
        QByteArray("BZh91AY&SY") + QByteArray(30, '\0'));
    add("zstd-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "zstd",
        QByteArray("\x28\xb5\x2f\xfd", 4) + QByteArray(30, '\0'));
    // Not regular or not readable.
    add("folder-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "folder", {}, Kind::Folder);
    add("missing-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "no such file", {}, Kind::Missing);
    add("unreadable-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "permission", u8, Kind::Unreadable);
    add("fifo-images-idx3-ubyte", Cli::Error, Gui::ErrorPage, "FIFO", {}, Kind::Fifo);
    return c;
}

/// Creates the case's file in `dir` (readable by everyone except the unreadable case, so a child process
/// running as an unprivileged user reaches it); returns its path, or empty on failure.
inline QString materialize(const QString& dir, const Case& c)
{
    const QString path = QDir(dir).filePath(c.name);
    const QByteArray native = QFile::encodeName(path);
    switch (c.kind) {
    case Kind::Folder:
        return QDir().mkpath(path) ? path : QString();
    case Kind::Missing:
        return path;
    case Kind::Fifo:
        return ::mkfifo(native.constData(), 0644) == 0 ? path : QString();
    case Kind::Bytes:
    case Kind::Unreadable: {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(c.bytes) != c.bytes.size())
            return {};
        f.close();
        return ::chmod(native.constData(), c.kind == Kind::Unreadable ? 0000 : 0644) == 0 ? path : QString();
    }
    }
    return {};
}

} // namespace mf
