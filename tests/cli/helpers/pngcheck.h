// Independent checks of a PNG file for the encoder's tests: its chunks and zlib stream taken apart with zlib
// (every CRC, one stream ending exactly at the last IDAT byte, its Adler-32), and its pixels as PIL decodes
// them (Debian's python3-pil, in a child process).
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QSize>
#include <QString>
#include <QtEndian>

#include <zlib.h>

namespace pngcheck {

struct Structure {
    QString error; // empty when the file is well formed
    int idatChunks = 0;
    QByteArray scanlines; // the inflated IDAT stream: filter byte + row, per row
};

/// Walks the chunks, checks each CRC with zlib and inflates the IDAT stream, checking that it ends (with its
/// Adler-32, which zlib verifies) exactly where the IDAT data ends, and that IEND comes last.
inline Structure structure(const QByteArray& png)
{
    Structure s;
    if (!png.startsWith("\x89PNG\r\n\x1a\n")) {
        s.error = QStringLiteral("no PNG signature");
        return s;
    }
    QByteArray idat;
    qsizetype at = 8;
    bool ended = false;
    while (at < png.size()) {
        if (ended) {
            s.error = QStringLiteral("bytes after IEND");
            return s;
        }
        if (png.size() - at < 12) {
            s.error = QStringLiteral("truncated chunk at %1").arg(at);
            return s;
        }
        const auto* p = reinterpret_cast<const uchar*>(png.constData() + at);
        const quint32 len = qFromBigEndian<quint32>(p);
        if (qsizetype(len) > png.size() - at - 12) {
            s.error = QStringLiteral("chunk length past the end at %1").arg(at);
            return s;
        }
        const QByteArray type = png.mid(at + 4, 4);
        const quint32 crc = qFromBigEndian<quint32>(p + 8 + len);
        if (quint32(::crc32(0, p + 4, uInt(len + 4))) != crc) {
            s.error = QStringLiteral("bad CRC in %1 at %2").arg(QString::fromLatin1(type)).arg(at);
            return s;
        }
        if (type == "IDAT") {
            idat.append(png.constData() + at + 8, len);
            ++s.idatChunks;
        }
        ended = type == "IEND";
        at += 12 + qsizetype(len);
    }
    if (!ended) {
        s.error = QStringLiteral("no IEND");
        return s;
    }
    z_stream z{};
    if (inflateInit(&z) != Z_OK) {
        s.error = QStringLiteral("inflateInit failed");
        return s;
    }
    z.next_in = reinterpret_cast<Bytef*>(idat.data());
    z.avail_in = uInt(idat.size());
    char buf[65536];
    int r = Z_OK;
    while (r == Z_OK) {
        z.next_out = reinterpret_cast<Bytef*>(buf);
        z.avail_out = sizeof buf;
        r = inflate(&z, Z_NO_FLUSH);
        s.scanlines.append(buf, qsizetype(sizeof buf - z.avail_out));
    }
    if (r != Z_STREAM_END)
        s.error = QStringLiteral("the zlib stream does not decode (%1)").arg(r);
    else if (z.avail_in != 0)
        s.error = QStringLiteral("%1 bytes after the end of the zlib stream").arg(z.avail_in);
    inflateEnd(&z);
    return s;
}

struct PilImage {
    QString mode; // "L", "RGB", ...
    QSize size;
    QByteArray pixels; // rows without padding
    QString error;
};

/// The image as PIL decodes it (it checks chunk CRCs and the zlib stream too).
inline PilImage pilDecode(const QString& path)
{
    PilImage out;
    QProcess p;
    p.start(
        QStringLiteral("/usr/bin/python3"),
        {QStringLiteral("-c"),
         QStringLiteral("import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1])\nim.load()\n"
                        "sys.stdout.buffer.write(('%s %d %d\\n' % (im.mode, im.width, im.height)).encode())\n"
                        "sys.stdout.buffer.write(im.tobytes())\n"),
         path});
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        out.error = QStringLiteral("PIL could not decode it: ") +
                    QString::fromUtf8(p.readAllStandardError()) + p.errorString();
        return out;
    }
    const QByteArray all = p.readAllStandardOutput();
    const qsizetype nl = all.indexOf('\n');
    const QList<QByteArray> head = all.left(nl).split(' ');
    if (nl < 0 || head.size() != 3) {
        out.error = QStringLiteral("unexpected output from PIL");
        return out;
    }
    out.mode = QString::fromLatin1(head[0]);
    out.size = QSize(head[1].toInt(), head[2].toInt());
    out.pixels = all.mid(nl + 1);
    return out;
}

} // namespace pngcheck
