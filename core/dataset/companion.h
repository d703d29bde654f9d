// Companion files: the labels file of an images file (and back), by the naming conventions in use.
#pragma once

#include "header.h"
#include "tensorview.h"

#include <QStringList>

#include <optional>

namespace idx {

/// Candidate companion paths for `path` in the same folder, most likely first: X-images-idx3-ubyte ↔
/// X-labels-idx1-ubyte, X-images.idx3-ubyte ↔ X-labels.idx1-ubyte, with .gz/.xz variants, and QMNIST's
/// X-images-idx3-ubyte ↔ X-labels-idx2-int. Works for labels → images too.
[[nodiscard]] QStringList companionCandidates(const QString& path);
/// The first candidate that exists.
[[nodiscard]] std::optional<QString> findCompanion(const QString& path);
/// The labels path to write beside `imagesPath` (a subset exported with its labels): "…images-idx3…" →
/// "…labels-idx1…" in any case and either spelling; any other NAME[.ext][.gz|.xz] → NAME-labels-idx1-ubyte
/// with the same .gz / .xz suffix.
[[nodiscard]] QString companionLabelsPath(const QString& imagesPath);
/// The other split of a dataset file in the same folder, by its name: train ↔ t10k or test (MNIST's and
/// Fashion-MNIST's names, and "test" elsewhere), any case, the same compression first, then raw, .gz, .xz;
/// nullopt when none exists.
[[nodiscard]] std::optional<QString> findOtherSplit(const QString& path);
/// Empty when `labels` fits `images` (same record count, labels 1-D or 2-D); else a user-facing reason.
[[nodiscard]] QString checkCompanion(const Header& images, const Header& labels);
/// The class of each available record of a labels tensor: the value for 1-D labels, column 0 for 2-D
/// tables (QMNIST's [N, 8] int32 labels). Non-finite or fractional values are truncated toward zero.
[[nodiscard]] std::vector<qint64> labelClasses(const TensorView& labels);

} // namespace idx
