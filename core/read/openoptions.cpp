// OpenOptions: how a reinterpretation is told to the person, and the canonical header it reads a file's
// header as.
#include "openoptions.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};
} // namespace

QString OpenOptions::describe() const
{
    QStringList parts;
    if (elementType)
        parts << Tr::tr("read as %1").arg(storedTypeName(*elementType));
    if (littleEndianFile)
        parts << Tr::tr("whole file little-endian");
    else if (dataOrder == ByteOrder::Little)
        parts << Tr::tr("little-endian payload");
    if (ignoreTrailing)
        parts << Tr::tr("trailing bytes ignored");
    return parts.join(QStringLiteral(" · "));
}

QByteArray canonicalHeader(QByteArrayView prefix, const OpenOptions& options)
{
    if (prefix.size() < 4)
        return prefix.toByteArray();
    QByteArray out = prefix.toByteArray();
    auto* p = reinterpret_cast<uchar*>(out.data());
    if (options.littleEndianFile) {
        // Magic NN TT 00 00 and little-endian dims: each 4-byte group reversed.
        const qsizetype end = std::min<qsizetype>(out.size(), 4 + 4 * qsizetype(p[0]));
        for (qsizetype at = 0; at + 4 <= end; at += 4)
            std::reverse(p + at, p + at + 4);
    }
    if (options.elementType)
        p[2] = quint8(shownAs(*options.elementType));
    return out;
}

} // namespace idx
