// What both imports (import-npy here, import-png in the image commands) take alike: --gz, and the container
// the output is written in.
#pragma once

#include "clitr.h"
#include "commandline.h"
#include "container.h"

namespace idx::cli {

inline void addGzOption(CommandLine& cl)
{
    cl.addOption(
        {QStringLiteral("gz"),
         Tr::tr("Compress the output with gzip (also when OUT ends in .gz; xz when it ends in .xz).")});
}

/// --gz, or else what the name asks for (.gz, .xz).
inline Container outputContainer(const CommandLine& cl, const QString& path)
{
    return cl.isSet(QStringLiteral("gz")) ? Container::Gzip : containerForPath(path);
}

} // namespace idx::cli
