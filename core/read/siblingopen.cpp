// Opening a sibling format as IDX: its layout parsed from the first bytes, its canonical IDX header made,
// its stream put behind a SiblingConverter; an .npz's array found by name, or as the archive's only one.
#include "siblingopen_p.h"

#include "formats.h"
#include "payload_p.h"
#include "siblingconverter_p.h"
#include "ziparchive_p.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>
#include <QtEndian>

#include <algorithm>

namespace idx {

using namespace detail;

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

// Like the foreign-format errors of sniff.h: at offset 0, the first four bytes as the value found.
Diagnostic formatError(QByteArrayView head, QString message, DiagCode code = DiagCode::ForeignFormat)
{
    const qint64 first4 =
        head.size() >= 4 ? qint64(qFromBigEndian<quint32>(reinterpret_cast<const uchar*>(head.data()))) : -1;
    return Diagnostic{Severity::Error, code, 0, -1, first4, std::move(message)};
}

SiblingStream failed(Diagnostic error)
{
    SiblingStream s;
    s.error = std::move(error);
    return s;
}
} // namespace

std::optional<SourceFormat> siblingMagic(QByteArrayView head)
{
    if (hasMagic(head, Format::Npy))
        return SourceFormat::Npy;
    if (hasMagic(head, Format::Lush))
        return SourceFormat::Lush;
    return std::nullopt;
}

SiblingStream openSiblingStream(SourceFormat format, QByteArrayView prefix,
                                std::unique_ptr<ByteSource> stream, const OpenOptions& asked)
{
    SiblingStream s;
    s.ownReading = true;
    const LayoutParse parsed =
        format == SourceFormat::Lush ? parseLushLayout(prefix) : parseNpyLayout(prefix);
    if (!parsed.layout) {
        s.error = formatError(
            prefix, Tr::tr("this %1 file cannot be read: %2").arg(sourceFormatName(format), parsed.error));
        return s;
    }
    s.layout = *parsed.layout;
    if (format == SourceFormat::Npz)
        s.layout.format = SourceFormat::Npz;
    const auto idxHeader = Header::make(shownAs(s.layout.type), s.layout.dims);
    if (!idxHeader) { // parseNpyLayout checked it; a Lush shape may still overflow
        s.error = makeError(DiagCode::SizeOverflow, Tr::tr("the shape's size overflows 64 bits"));
        return s;
    }
    s.header = *idxHeader;
    if (!asked.isDefault())
        s.notes << Diagnostic{
            Severity::Warning,
            DiagCode::Converted,
            -1,
            -1,
            -1,
            Tr::tr("a %1 file says its own type and byte order: the reading options (%2) do "
                   "not apply to it")
                .arg(sourceFormatName(format), asked.describe())};
    if (needsConversion(s.layout.type))
        s.notes << Diagnostic{
            Severity::Warning, DiagCode::Converted, -1, -1, -1, conversionNote(s.layout.type)};
    s.stream = std::make_unique<SiblingConverter>(std::move(stream), s.layout, s.header);
    return s;
}

SiblingStream openNpz(const QString& archive, QByteArrayView leading, const OpenOptions& asked)
{
    QString error;
    const auto zip = ZipArchive::open(archive, &error);
    // The names only: no member is read until one is chosen.
    const NpzListing listing = zip ? zip->list([](const QString&) { return false; }) : NpzListing{{}, error};
    if (!listing.error.isEmpty())
        return failed(formatError(
            leading, Tr::tr("this zip archive (a NumPy .npz?) cannot be read: %1").arg(listing.error)));
    if (listing.arrays.size() == 1) // the archive opened once
        return openNpzMember({archive, listing.arrays.front().member}, asked, zip);
    // At most kNamesShown names: an archive may hold hundreds of thousands.
    constexpr size_t kNamesShown = 20;
    QStringList names;
    for (size_t i = 0; i < std::min(listing.arrays.size(), kNamesShown); ++i)
        names << listing.arrays[i].name;
    if (listing.arrays.size() > kNamesShown)
        names << QStringLiteral("…");
    const QString name = QFileInfo(archive).fileName();
    return failed(formatError(
        leading, Tr::tr("this NumPy .npz archive holds %1 arrays (%2): open one of them as %3:NAME")
                     .arg(listing.arrays.size())
                     .arg(names.join(QLatin1String(", ")), name)));
}

SiblingStream openNpzMember(const ArchiveMember& member, const OpenOptions& asked,
                            std::shared_ptr<ZipArchive> zip)
{
    const qint64 archiveSize = QFileInfo(member.archive).size();
    QString error;
    std::unique_ptr<ByteSource> first =
        zip ? zip->member(member.member, &error) : zipSource(member.archive, member.member, &error);
    if (!first) {
        SiblingStream s = failed(makeError(DiagCode::NotFound, error));
        s.archiveSize = archiveSize;
        return s;
    }
    QByteArray prefix;
    readMore(*first, prefix, kMaxSiblingHeader);
    SiblingStream s;
    if (siblingMagic(prefix) != SourceFormat::Npy)
        s = failed(formatError(
            prefix, Tr::tr("the archive member \"%1\" is not a NumPy .npy array").arg(member.member)));
    else
        s = openSiblingStream(SourceFormat::Npz, prefix, replaySource(prefix, std::move(first)), asked);
    s.archiveSize = archiveSize;
    s.leading = prefix.left(kLeadingBytes);
    return s;
}

} // namespace idx
