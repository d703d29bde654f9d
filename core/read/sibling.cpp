// Sibling formats: Lush matrix headers, .npz pairs and the FILE.npz:NAME address (the .npz listing is
// ziparchive.cpp's).
#include "sibling.h"
#include "formats.h"

#include "filetype_p.h"
#include "header.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QtEndian>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

constexpr int kLushMaxDims = 11; // Lush's own limit

struct LushType {
    quint32 magic;
    StoredType type;
    const char* name;
};
constexpr LushType kLushTypes[] = {
    {0x1E3D4C51u, StoredType::Float32, "float matrix"}, {0x1E3D4C53u, StoredType::Float64, "double matrix"},
    {0x1E3D4C54u, StoredType::Int32, "integer matrix"}, {0x1E3D4C55u, StoredType::UInt8, "byte matrix"},
    {0x1E3D4C56u, StoredType::Int16, "short matrix"},   {0x1E3D4C57u, StoredType::Int8, "short8 matrix"},
};
} // namespace

QString sourceFormatName(SourceFormat f)
{
    switch (f) {
    case SourceFormat::Npy:
        return Tr::tr("NumPy .npy");
    case SourceFormat::Npz:
        return Tr::tr("NumPy .npz");
    case SourceFormat::Lush:
        return Tr::tr("Lush matrix");
    case SourceFormat::Idx:
        break;
    }
    return QStringLiteral("IDX");
}

LayoutParse parseLushLayout(QByteArrayView prefix)
{
    LayoutParse r;
    if (prefix.size() < 8) {
        r.error = Tr::tr("the Lush matrix header is truncated");
        return r;
    }
    const auto* p = reinterpret_cast<const uchar*>(prefix.data());
    // The writer's own byte order, for the header and the data alike: the magic says which.
    ByteOrder order = ByteOrder::Big;
    quint32 magic = qFromBigEndian<quint32>(p);
    if (!isLushMagic(magic)) {
        magic = qFromLittleEndian<quint32>(p);
        order = ByteOrder::Little;
    }
    const auto get = [&](int i) {
        return order == ByteOrder::Big ? qFromBigEndian<qint32>(p + 4 * i)
                                       : qFromLittleEndian<qint32>(p + 4 * i);
    };
    const LushType* type = nullptr;
    for (const LushType& t : kLushTypes)
        if (t.magic == magic)
            type = &t;
    if (!type) {
        r.error =
            isLushMagic(magic)
                ? Tr::tr("Lush matrix type 0x%1 is not supported (float, double, integer, byte, short and "
                         "short8 matrices are)")
                      .arg(magic, 8, 16, QLatin1Char('0'))
                : Tr::tr("not a Lush matrix (no magic 0x1E3D4C5x)");
        return r;
    }
    const qint32 ndim = get(1);
    if (ndim < 0 || ndim > kLushMaxDims) {
        r.error =
            Tr::tr("the Lush matrix claims %1 dimensions (0 to %2 are possible)").arg(ndim).arg(kLushMaxDims);
        return r;
    }
    const int stored = std::max(3, int(ndim)); // the unused ones of the first three are stored as 1
    if (prefix.size() < 8 + 4 * stored) {
        r.error = Tr::tr("the Lush matrix header is truncated: %1 dimensions need %2 bytes")
                      .arg(ndim)
                      .arg(8 + 4 * stored);
        return r;
    }
    SourceLayout layout;
    layout.format = SourceFormat::Lush;
    layout.type = type->type;
    layout.order = order;
    layout.descr = QString::fromLatin1(type->name);
    for (int i = 0; i < ndim; ++i) {
        const qint32 d = get(2 + i);
        if (d < 0) {
            r.error = Tr::tr("dimension %1 of the Lush matrix is negative (%2)").arg(i).arg(d);
            return r;
        }
        layout.dims.push_back(quint64(d));
    }
    layout.dataOffset = 8 + 4 * stored;
    r.layout = std::move(layout);
    return r;
}

std::optional<ArchiveMember> splitArchivePath(const QString& path)
{
    const qsizetype colon = path.lastIndexOf(QLatin1Char(':'));
    if (colon <= 0 || colon == path.size() - 1 || QFileInfo::exists(path))
        return std::nullopt;
    const QString archive = path.left(colon);
    if (detail::checkFileType(archive)) // missing, a folder, or a FIFO that must never be opened
        return std::nullopt;
    return ArchiveMember{archive, path.mid(colon + 1)};
}

QString npzArrayName(const QString& member)
{
    return member.endsWith(QLatin1String(".npy")) ? member.chopped(4) : member;
}

namespace {
/// The name of the labels array that pairs with images array `name` (x_NAME: y_NAME, images: labels,
/// NAME_images: NAME_labels); empty when `name` is not an images name.
QString labelsPartner(const QString& name)
{
    if (name.startsWith(QLatin1String("x_")))
        return QLatin1String("y_") + name.mid(2);
    if (name == QLatin1String("images"))
        return QStringLiteral("labels");
    if (name.endsWith(QLatin1String("_images")))
        return name.chopped(7) + QLatin1String("_labels");
    return {};
}
} // namespace

std::optional<std::pair<QString, QString>> pairedArrays(const NpzListing& listing)
{
    QHash<QString, const NpzArray*> byName; // the first of a name, as a linear search would find it
    for (const NpzArray& a : listing.arrays)
        if (a.layout && !byName.contains(a.name))
            byName.insert(a.name, &a);
    std::vector<std::pair<QString, QString>> pairs;
    for (const NpzArray& a : listing.arrays) {
        const QString labels = labelsPartner(a.name);
        const NpzArray* l = labels.isEmpty() ? nullptr : byName.value(labels);
        if (!a.layout || !l || a.layout->dims.size() < 2 || l->layout->dims.size() != 1 ||
            a.layout->dims[0] != l->layout->dims[0])
            continue;
        pairs.emplace_back(a.name, l->name);
    }
    if (pairs.empty())
        return std::nullopt;
    for (const auto& p : pairs)
        if (p.first.contains(QLatin1String("train")))
            return p;
    return pairs.front();
}

bool isZipArchive(const QString& path)
{
    if (detail::checkFileType(path)) // only a regular file is read here: a FIFO would block
        return false;
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && hasMagic(f.read(4), Format::Npz);
}

QString preferredArchiveMember(const QString& path)
{
    if (!isZipArchive(path))
        return path;
    // The names first (no member read), then the layouts of the arrays that could pair: an archive of many
    // members opens in time linear in their number, its members untouched.
    QSet<QString> names, wanted;
    for (const NpzArray& a : listNpz(path, [](const QString&) { return false; }).arrays)
        names.insert(a.name);
    for (const QString& name : std::as_const(names))
        if (const QString labels = labelsPartner(name); !labels.isEmpty() && names.contains(labels))
            wanted << name << labels;
    if (wanted.isEmpty())
        return path;
    const auto pair =
        pairedArrays(listNpz(path, [&wanted](const QString& name) { return wanted.contains(name); }));
    return pair ? path + QLatin1Char(':') + pair->first : path;
}

} // namespace idx
