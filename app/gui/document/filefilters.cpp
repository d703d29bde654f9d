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
    for (const auto& [description, patterns] : filters)
        out << description + QStringLiteral(" (") + QLatin1String(patterns) + u')';
    return out.join(QStringLiteral(";;"));
}

FileFilter allFilesFilter()
{
    return {Tr::tr("All files"), "*"};
}

} // namespace idx::gui
