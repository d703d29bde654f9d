// The idxscope-cli commands. Each takes the whole command line (args[0] the program, args[1] the command)
// and returns the exit status.
#pragma once

#include <QStringList>

namespace idx::cli {

int cmdInfo(const QStringList& args);
int cmdStats(const QStringList& args);
int cmdExport(const QStringList& args);
int cmdConvert(const QStringList& args);
int cmdValidate(const QStringList& args);
int cmdRepair(const QStringList& args);
int cmdThumbnail(const QStringList& args);
int cmdImportPng(const QStringList& args);
int cmdImportNpy(const QStringList& args);
int cmdSprite(const QStringList& args);
int cmdAudit(const QStringList& args);
int cmdMap(const QStringList& args);
int cmdDiff(const QStringList& args);

} // namespace idx::cli
