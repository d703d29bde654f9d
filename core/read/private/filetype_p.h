// Internal: whether a path names a regular file, decided before anything is opened.
#pragma once

#include "diagnostic.h"

#include <optional>

namespace idx::detail {

/// An error for a missing path, a folder, a FIFO, socket or device; nullopt for a regular file.
[[nodiscard]] std::optional<Diagnostic> checkFileType(const QString& path);

} // namespace idx::detail
