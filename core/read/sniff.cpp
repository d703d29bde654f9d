// Recognising containers and foreign formats from the first bytes of a file, so a wrong file gets a name
// ("this is a PNG image") instead of a bare "bad magic number".
#include "sniff.h"
#include "formats.h"

#include "container.h"
#include "dtype.h"

#include <QtEndian>

#include <cstring>

namespace idx {

namespace {
bool startsWith(QByteArrayView head, const char* sig, qsizetype len)
{
    return head.size() >= len && std::memcmp(head.data(), sig, size_t(len)) == 0;
}

Diagnostic foreign(QByteArrayView head, QString message, DiagCode code = DiagCode::ForeignFormat)
{
    const auto* p = reinterpret_cast<const uchar*>(head.data());
    const qint64 first4 = head.size() >= 4 ? qint64(qFromBigEndian<quint32>(p)) : -1;
    return Diagnostic{Severity::Error, code, 0, -1, first4, std::move(message)};
}

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

// HTML after optional BOM and whitespace, case-insensitive: what a failed download usually saves.
bool looksLikeHtml(QByteArrayView head)
{
    qsizetype i = 0;
    if (startsWith(head, "\xEF\xBB\xBF", 3))
        i = 3;
    while (i < head.size() && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n'))
        ++i;
    const QByteArrayView rest = head.sliced(i);
    for (const char* tag : {"<!doctype html", "<html", "<head", "<body", "<!--"}) {
        const auto n = qsizetype(std::strlen(tag));
        if (rest.size() >= n && rest.first(n).compare(QByteArrayView(tag, n), Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}
} // namespace

std::optional<Container> detectContainer(QByteArrayView head)
{
    if (hasMagic(head, Format::Gzip))
        return Container::Gzip;
    if (hasMagic(head, Format::Xz))
        return Container::Xz;
    return std::nullopt;
}

std::optional<Diagnostic> identifyForeign(QByteArrayView head)
{
    const auto* p = reinterpret_cast<const uchar*>(head.data());
    if (hasMagic(head, Format::Gzip))
        return foreign(
            head, Tr::tr("the data is gzip-compressed (again, inside its container?): decompress it first"));
    if (hasMagic(head, Format::Xz))
        return foreign(
            head, Tr::tr("the data is xz-compressed (again, inside its container?): decompress it first"));
    if (hasMagic(head, Format::Bzip2))
        return foreign(head,
                       Tr::tr("this is bzip2-compressed data, which is not supported: decompress it first"));
    if (hasMagic(head, Format::Zstd))
        return foreign(head,
                       Tr::tr("this is zstd-compressed data, which is not supported: decompress it first"));
    if (hasMagic(head, Format::Npy))
        return foreign(head, Tr::tr("this is a NumPy .npy file, not IDX"));
    if (hasMagic(head, Format::Npz))
        return foreign(head, Tr::tr("this is a zip archive (a NumPy .npz?), not IDX: extract it first"));
    if (hasMagic(head, Format::Png))
        return foreign(head, Tr::tr("this is a PNG image, not IDX"));
    if (looksLikeHtml(head))
        return foreign(head, Tr::tr("this is an HTML page, not IDX: a failed download?"));
    static constexpr char kLfs[] = "version https://git-lfs.github.com/spec/";
    if (startsWith(head, kLfs, qsizetype(sizeof kLfs - 1)))
        return foreign(head,
                       Tr::tr("this is a Git LFS pointer, not the data: fetch it with \"git lfs pull\""));
    if (head.size() >= 4) {
        const quint32 be = qFromBigEndian<quint32>(p);
        const quint32 le = qFromLittleEndian<quint32>(p);
        if (isLushMagic(be))
            return foreign(head, Tr::tr("this is a Lush/EBLearn matrix file (magic 0x%1), not IDX")
                                     .arg(be, 8, 16, QLatin1Char('0')));
        if (isLushMagic(le))
            return foreign(head,
                           Tr::tr("this is a Lush/EBLearn matrix file (magic 0x%1, little-endian), not IDX")
                               .arg(le, 8, 16, QLatin1Char('0')));
        // Whole-file little-endian IDX: the magic reads NN TT 00 00 instead of 00 00 TT NN.
        if (p[2] == 0 && p[3] == 0 && dtypeFromCode(p[1]))
            return foreign(
                head,
                Tr::tr("the header bytes are reversed: this looks like a whole-file little-endian IDX "
                       "(type code 0x%1, %n dimension(s)); IDX is big-endian",
                       nullptr, p[0])
                    .arg(p[1], 2, 16, QLatin1Char('0')),
                DiagCode::LittleEndianIdx);
    }
    return std::nullopt;
}

} // namespace idx
