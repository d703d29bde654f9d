// The idxscope-cli commands that need no images (QtCore only; those that draw are in images/imagecommands.h,
// in a module loaded when one of them is asked for). Each takes the whole command line (args[0] the program,
// args[1] the command) and returns the exit status.
#pragma once

#include <QStringList>

namespace idx::cli {

int cmdInfo(const QStringList& args);
int cmdStats(const QStringList& args);
int cmdConvert(const QStringList& args);
int cmdValidate(const QStringList& args);
int cmdRepair(const QStringList& args);
int cmdImportNpy(const QStringList& args);
int cmdAudit(const QStringList& args);
int cmdDiff(const QStringList& args);

} // namespace idx::cli
