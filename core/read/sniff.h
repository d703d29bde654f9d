// Recognising containers and foreign formats from the first bytes of a file.
#pragma once

#include "diagnostic.h"

#include <QByteArrayView>

#include <optional>

namespace idx {

enum class Container : quint8;

/// gzip (1f 8b) or xz (fd 37 7a 58 5a 00); nullopt for anything else (treated as raw).
[[nodiscard]] std::optional<Container> detectContainer(QByteArrayView head);

/// When the first bytes (decompressed, if the file was compressed) are another known format, an error
/// naming it: .npy, zip/.npz, PNG, HTML, Git LFS pointer, Lush/EBLearn matrix (either byte order),
/// whole-file little-endian IDX, gzip/xz inside.
[[nodiscard]] std::optional<Diagnostic> identifyForeign(QByteArrayView head);

} // namespace idx
