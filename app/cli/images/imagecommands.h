// The idxscope-cli commands that draw (export, thumbnail, import-png, sprite, map): they need QtGui, so they
// live in a module of their own that idxscope-cli loads only when one of them is asked for (imagemodule.h),
// and the other commands start without QtGui's libraries. Each takes the whole command line (args[0] the
// program, args[1] the command) and returns the exit status.
#pragma once

#include <QStringList>

namespace idx::cli {

int cmdExport(const QStringList& args);
int cmdThumbnail(const QStringList& args);
int cmdImportPng(const QStringList& args);
int cmdSprite(const QStringList& args);
int cmdMap(const QStringList& args);

/// Runs the image command args[1]; Usage after an error when it is none of them.
int runImageCommand(const QStringList& args);

} // namespace idx::cli
