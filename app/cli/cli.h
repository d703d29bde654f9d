// idxscope-cli: the commands (info, stats, export, convert, validate, thumbnail, audit, map, diff and the
// others listed in cli.cpp) over idxcore.
#pragma once

#include <QStringList>

namespace idx::cli {

/// Runs the command line `args` (args[0] is the program). Returns the exit status: 0 success, 1 a file could
/// not be read or is invalid, 2 bad usage.
int run(const QStringList& args);

} // namespace idx::cli
