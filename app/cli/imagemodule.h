// The commands that draw (export, thumbnail, import-png, sprite, map) are in a module of their own, loaded
// when one of them is asked for, so that the others start without QtGui and the libraries it brings (a
// conversion starts in half the time).
#pragma once

#include <QStringList>

namespace idx::cli {

/// The places the module is looked for, in order: beside the program (a build tree; Windows) and the library
/// folder it is installed in (lib/idxscope/modules beside the program's bin/, as configured).
[[nodiscard]] QStringList imageModuleCandidates();

/// Runs the image command args[1] in the module (loaded now, never unloaded: the process ends with the
/// command). Failure after an error naming the module when it is missing or cannot be loaded.
int runInImageModule(const QStringList& args);

} // namespace idx::cli
