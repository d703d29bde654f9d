// The containers an IDX file comes in: raw, gzip or xz. One enum for reading (what a file was found to be)
// and writing (what to write), and the choice a file name makes.
#pragma once

#include <QString>

namespace idx {

enum class Container : quint8 { Raw, Gzip, Xz };

/// "raw", "gzip", "xz"
[[nodiscard]] QString containerName(Container c);

/// The container a path asks for by its suffix (.gz → gzip, .xz → xz, anything else raw): for Save As,
/// convert and export. Reading never trusts the name (see sniff.h).
[[nodiscard]] Container containerForPath(const QString& path);

} // namespace idx
