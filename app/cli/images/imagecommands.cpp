// The image commands' dispatch, inside their module.
#include "imagecommands.h"

#include "clitr.h"
#include "console.h"

namespace idx::cli {

int runImageCommand(const QStringList& args)
{
    struct Entry {
        const char* name;
        int (*run)(const QStringList&);
    };
    static constexpr Entry kImageCommands[] = {
        {"export", cmdExport},
        {"thumbnail", cmdThumbnail},
        {"import-png", cmdImportPng},
        {"sprite", cmdSprite},
        {"map", cmdMap},
    };
    if (args.size() >= 2)
        for (const auto& c : kImageCommands)
            if (args.at(1) == QLatin1String(c.name))
                return c.run(args);
    return usageError(Tr::tr("unknown command '%1'").arg(args.value(1)));
}

} // namespace idx::cli
