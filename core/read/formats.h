// The file formats idxscope knows, each described once: what it is called, the file names it usually has and
// the magic of its first bytes. Recognition by content (the IDX reader's choice of reader, the diagnosis of a
// file that is not IDX, the test for an archive) and the name patterns of every file dialog come from this
// table, so a format added here is recognised and offered everywhere.
#pragma once

#include <QByteArrayView>
#include <QString>
#include <QtGlobal>

#include <optional>
#include <span>

namespace idx {

enum class Format : quint8 {
    Idx,  // the tensors themselves
    Npy,  // NumPy array
    Npz,  // NumPy archive of arrays (a zip)
    Lush, // Lush/EBLearn matrix
    Gzip, // a container around any of the above
    Xz,
    Bzip2, // known only to say it is not read
    Zstd,
    Csv,   // tables: exported records, change logs, class names
    Text,  // class names, one per line
    Png,   // images exported
    Image, // pictures a record is replaced with: any image Qt reads
    Svg,   // the dataset map drawn
};

struct FormatSpec {
    Format format;
    /// The name patterns files of this format usually have (space-separated globs, as file dialogs take
    /// them).
    const char* patterns;
    /// Whether File ▸ Open reads it (alone, or as the content of a .gz / .xz).
    bool opens;
};

/// Every format, in the order file dialogs list them.
[[nodiscard]] std::span<const FormatSpec> formats();
[[nodiscard]] const FormatSpec& formatSpec(Format f);
/// Its description for a file dialog, translated: "IDX files", "NumPy arrays".
[[nodiscard]] QString formatDescription(Format f);

/// The format whose magic `head` (a file's first bytes) starts with, of those that have one: gzip, xz, .npy,
/// zip (.npz), Lush (either byte order), bzip2, zstd, PNG. IDX has no magic of its own to tell (its first two
/// bytes are zero): nullopt, as for anything else.
[[nodiscard]] std::optional<Format> formatByMagic(QByteArrayView head);
/// Whether `head` starts with `f`'s magic.
[[nodiscard]] bool hasMagic(QByteArrayView head, Format f);

/// Lush/EBLearn matrix magics are 0x1E3D4C5x, x naming the element type; stored in either byte order.
inline constexpr quint32 kLushMagicBase = 0x1E3D4C50u;
[[nodiscard]] constexpr bool isLushMagic(quint32 word)
{
    return (word & 0xFFFFFFF0u) == kLushMagicBase;
}

} // namespace idx
