// Private: opening the sibling formats (sibling.h) as the IDX stream each stands for: a .npy or a Lush
// matrix (raw, or inside gzip or xz), an array of an .npz (ARCHIVE.npz:NAME, or an archive of one array). The
// layout parsed from the first bytes becomes a canonical IDX header and a SiblingConverter delivers the data
// as IDX, so IdxFile loads it as it loads a decompressed stream: progress, cancel, truncation and trailing
// bytes are that path's own.
#pragma once

#include "bytesource_p.h"
#include "header.h"
#include "openoptions.h"
#include "sibling.h"

#include <memory>
#include <optional>

namespace idx {

class ZipArchive;

/// A sibling opened, or why not.
struct SiblingStream {
    /// Why the file cannot be read (then there is no stream).
    std::optional<Diagnostic> error;
    /// A sibling's preamble was read: it says its own type and byte order, IDX's reading options are dropped.
    bool ownReading = false;
    SourceLayout layout;
    Header header;     // the canonical IDX header the stream starts with
    Diagnostics notes; // warnings: options that do not apply, a conversion
    std::unique_ptr<ByteSource> stream;
    /// An archive's member: its first bytes (as the file's leading bytes) and the archive's size on disk.
    std::optional<QByteArray> leading;
    qint64 archiveSize = -1;
};

/// The sibling format whose magic `head` starts with (Npy, Lush), or nullopt.
[[nodiscard]] std::optional<SourceFormat> siblingMagic(QByteArrayView head);

/// `stream` from the sibling's first byte, `prefix` its first bytes (the whole preamble, or all it has);
/// `asked`: the options the file was opened with.
[[nodiscard]] SiblingStream openSiblingStream(SourceFormat format, QByteArrayView prefix,
                                              std::unique_ptr<ByteSource> stream, const OpenOptions& asked);
/// An .npz opened by its own name (`leading`: its first bytes): its only array, or an error naming them.
[[nodiscard]] SiblingStream openNpz(const QString& archive, QByteArrayView leading, const OpenOptions& asked);
/// ARCHIVE.npz:NAME; `zip`: the archive when it is open already.
[[nodiscard]] SiblingStream openNpzMember(const ArchiveMember& member, const OpenOptions& asked,
                                          std::shared_ptr<ZipArchive> zip = nullptr);

} // namespace idx
