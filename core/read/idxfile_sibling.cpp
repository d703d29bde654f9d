// IdxFile for the sibling formats: the layout parsed from the first bytes becomes a canonical IDX header,
// and a SiblingConverter delivers the data as IDX, so loading, progress, cancel, truncation and trailing-byte
// checks are the compressed path's own.
#include "formats.h"
#include "idxfile_p.h"
#include "ziparchive_p.h"

#include <QFileInfo>
#include <QtEndian>

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
} // namespace

std::optional<SourceFormat> siblingMagic(QByteArrayView head)
{
    if (hasMagic(head, Format::Npy))
        return SourceFormat::Npy;
    if (hasMagic(head, Format::Lush))
        return SourceFormat::Lush;
    return std::nullopt;
}

void IdxFile::Private::fail(Diagnostic error)
{
    openDiags << std::move(error);
    loaded = true;
}

void IdxFile::Private::openSibling(SourceFormat format, QByteArrayView prefix,
                                   std::unique_ptr<ByteSource> stream)
{
    const OpenOptions asked = options;
    options = OpenOptions{};
    const LayoutParse parsed =
        format == SourceFormat::Lush ? parseLushLayout(prefix) : parseNpyLayout(prefix);
    if (!parsed.layout) {
        fail(formatError(
            prefix, Tr::tr("this %1 file cannot be read: %2").arg(sourceFormatName(format), parsed.error)));
        return;
    }
    source = *parsed.layout;
    if (format == SourceFormat::Npz)
        source.format = SourceFormat::Npz;
    const auto idxHeader = Header::make(shownAs(source.type), source.dims);
    if (!idxHeader) { // parseNpyLayout checked it; a Lush shape may still overflow
        fail(makeError(DiagCode::SizeOverflow, Tr::tr("the shape's size overflows 64 bits")));
        return;
    }
    synthesized = true;
    storedTypeCode = quint8(shownAs(source.type));
    if (!asked.isDefault())
        openDiags << Diagnostic{
            Severity::Warning,
            DiagCode::Converted,
            -1,
            -1,
            -1,
            Tr::tr("a %1 file says its own type and byte order: the reading options (%2) do "
                   "not apply to it")
                .arg(sourceFormatName(format), asked.describe())};
    if (needsConversion(source.type))
        openDiags << Diagnostic{Severity::Warning,          DiagCode::Converted, -1, -1, -1,
                                conversionNote(source.type)};
    openStream(std::make_unique<SiblingConverter>(std::move(stream), source, *idxHeader), {},
               idxHeader->headerBytes);
}

void IdxFile::Private::openWidened(std::unique_ptr<ByteSource> stream)
{
    // The header as IDX reads it under the options (its type code the widened type's), for the dims.
    QByteArray prefix;
    readMore(*stream, prefix, kMaxHeaderBytes);
    acceptHeader(prefix);
    if (!headerValid) {
        loaded = true;
        return;
    }
    const StoredType type = *options.elementType;
    SourceLayout layout;
    layout.type = type;
    layout.order = options.dataOrder;
    layout.dims = header.dims;
    layout.dataOffset = header.headerBytes;
    layout.descr = storedTypeName(type);
    headerValid = false;
    const Header shown = header;
    header = {};
    source = layout;
    openDiags << Diagnostic{Severity::Warning, DiagCode::Converted, -1, -1, -1, conversionNote(type)};
    synthesized = true;
    openStream(std::make_unique<SiblingConverter>(replaySource(prefix, std::move(stream)), layout, shown), {},
               shown.headerBytes);
}

void IdxFile::Private::openArchive(const QString& archive)
{
    QString error;
    const auto zip = ZipArchive::open(archive, &error);
    const NpzListing listing = zip ? zip->list() : NpzListing{{}, error};
    if (!listing.error.isEmpty()) {
        fail(formatError(leading,
                         Tr::tr("this zip archive (a NumPy .npz?) cannot be read: %1").arg(listing.error)));
        return;
    }
    if (listing.arrays.size() == 1) {
        openArchiveMember({archive, listing.arrays.front().member}, zip); // the archive opened once
        return;
    }
    QStringList names;
    for (const NpzArray& a : listing.arrays)
        names << a.name;
    const QString name = QFileInfo(archive).fileName();
    fail(formatError(leading,
                     Tr::tr("this NumPy .npz archive holds %1 arrays (%2): open one of them as %3:NAME")
                         .arg(listing.arrays.size())
                         .arg(names.join(QLatin1String(", ")), name)));
}

void IdxFile::Private::openArchiveMember(const ArchiveMember& member, std::shared_ptr<ZipArchive> zip)
{
    container = Container::Raw;
    fileSize = QFileInfo(member.archive).size();
    QString error;
    std::unique_ptr<ByteSource> first =
        zip ? zip->member(member.member, &error) : zipSource(member.archive, member.member, &error);
    if (!first) {
        fail(makeError(DiagCode::NotFound, error));
        return;
    }
    QByteArray prefix;
    readMore(*first, prefix, kMaxSiblingHeader);
    leading = prefix.left(kLeadingBytes);
    if (!siblingMagic(prefix) || siblingMagic(prefix) != SourceFormat::Npy) {
        fail(formatError(prefix,
                         Tr::tr("the archive member \"%1\" is not a NumPy .npy array").arg(member.member)));
        return;
    }
    openSibling(SourceFormat::Npz, prefix, replaySource(prefix, std::move(first)));
}

} // namespace idx
