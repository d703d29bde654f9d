// File-dialog filters from the formats' table.
#include "filefilters.h"

#include <QCoreApplication>
#include <QStringList>

namespace idx::gui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(FileFilters)
};
} // namespace

QString fileFilters(std::initializer_list<FileFilter> filters)
{
    QStringList out;
    for (const FileFilter& f : filters)
        out << f.description + QStringLiteral(" (") + f.patterns + u')';
    return out.join(QStringLiteral(";;"));
}

FileFilter fileFilter(idx::Format format)
{
    return fileFilter(idx::formatDescription(format), {format});
}

FileFilter fileFilter(const QString& description, std::initializer_list<idx::Format> formats)
{
    QStringList patterns;
    for (const idx::Format f : formats)
        patterns << QLatin1String(idx::formatSpec(f).patterns);
    return {description, patterns.join(u' ')};
}

FileFilter idxFilter()
{
    using idx::Format;
    return fileFilter(idx::formatDescription(Format::Idx), {Format::Idx, Format::Gzip, Format::Xz});
}

FileFilter allFilesFilter()
{
    return {Tr::tr("All files"), QStringLiteral("*")};
}

QString openFilters()
{
    QStringList all;
    for (const idx::FormatSpec& s : idx::formats())
        if (s.opens)
            all << QLatin1String(s.patterns);
    using idx::Format;
    return fileFilters({{Tr::tr("Files idxscope opens"), all.join(u' ')},
                        idxFilter(),
                        fileFilter(Tr::tr("NumPy arrays and archives"), {Format::Npy, Format::Npz}),
                        fileFilter(Format::Lush),
                        allFilesFilter()});
}

} // namespace idx::gui
