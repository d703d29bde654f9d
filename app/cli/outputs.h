// The files idxscope-cli commands write: refused where a folder stands, or where a file exists already and
// --overwrite was not given.
#pragma once

#include <QString>

#include <optional>

namespace idx::cli {

/// Failure, after an error naming `target`, when it is a folder where a file is to be written; nullopt
/// otherwise.
[[nodiscard]] std::optional<int> refuseFolder(const QString& target);
/// Failure, after an error naming `target`, when it exists and `overwrite` is false; nullopt otherwise.
[[nodiscard]] std::optional<int> refuseExisting(const QString& target, bool overwrite);
/// "the file exists already (use --overwrite to replace it)"
[[nodiscard]] QString existsAlready();

} // namespace idx::cli
