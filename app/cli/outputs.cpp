// The checks on the files idxscope-cli commands write.
#include "outputs.h"

#include "clitr.h"
#include "console.h"

#include <QFileInfo>

namespace idx::cli {

std::optional<int> refuseFolder(const QString& target)
{
    if (QFileInfo(target).isDir())
        return fileError(target, Tr::tr("is a folder; give the name of the file to write"));
    return std::nullopt;
}

std::optional<int> refuseExisting(const QString& target, bool overwrite)
{
    if (!overwrite && QFileInfo::exists(target))
        return fileError(target, existsAlready());
    return std::nullopt;
}

QString existsAlready()
{
    return Tr::tr("the file exists already (use --overwrite to replace it)");
}

} // namespace idx::cli
