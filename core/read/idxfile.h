// Opening an IDX file: container sniffing (raw / gzip / xz by content), header validation, memory-mapped raw
// payloads and streaming, progressive, bounded decompression of compressed ones.
#pragma once

#include "container.h"
#include "diagnostic.h"
#include "header.h"
#include "openoptions.h"
#include "progress.h"
#include "sibling.h"
#include "tensorview.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace idx {

class IdxFile {
public:
    /// Opens `path` synchronously: stats it, sniffs the container, reads and validates the header (for a
    /// compressed file, only the first few KiB are decompressed). A sibling format (sibling.h) is read as
    /// the IDX it stands for: .npy, Lush matrices (raw or compressed), ARCHIVE.npz:NAME and an .npz of
    /// one array; its data is converted while it loads. Never returns null: check headerValid()
    /// and diagnostics(). Raw files are memory-mapped, so their payload is complete at once.
    [[nodiscard]] static std::shared_ptr<IdxFile> open(const QString& path, const OpenOptions& options = {});

    ~IdxFile();
    IdxFile(const IdxFile&) = delete;
    IdxFile& operator=(const IdxFile&) = delete;

    [[nodiscard]] QString path() const;
    /// What the file was opened with (littleEndianFile implies a little-endian dataOrder here).
    [[nodiscard]] const OpenOptions& options() const;
    /// The type code byte as stored in the file (header().typeCode is the one read with, which differs
    /// under OpenOptions::elementType).
    [[nodiscard]] quint8 storedTypeCode() const;
    /// What the file is: IDX, or a sibling format read as IDX (its stored type, byte order, layout). A
    /// sibling opens with default options whatever was asked: the reinterpretations are IDX's.
    [[nodiscard]] const SourceLayout& source() const;
    /// The data is converted while it loads (a sibling format, or a type IDX has no code for): view() is
    /// big-endian whatever the options' dataOrder, which was applied in the conversion.
    [[nodiscard]] bool isConverted() const;
    [[nodiscard]] Container container() const;
    /// Size of the file on disk (compressed size for gzip/xz).
    [[nodiscard]] qint64 fileSize() const;
    /// Up to the first 256 bytes of the file as stored on disk (for hex views of invalid files).
    [[nodiscard]] QByteArray leadingBytes() const;

    /// True when the header parsed; the view may then hold records even if there are errors (truncation).
    [[nodiscard]] bool headerValid() const;
    [[nodiscard]] const Header& header() const;

    /// Decodes the rest of a compressed payload on the calling thread (call it from a worker). Returns false
    /// on cancel or a decoding error (see diagnostics()). Raw files: returns true at once (their view is
    /// complete from open(); load() only adds the byte-order check, so isLoaded() turns true then). view()
    /// and diagnostics() may be called from other threads meanwhile and see the records decoded so far.
    /// Progress is reported in compressed bytes read: (consumed, fileSize()). After a cancel, calling load()
    /// again resumes where it stopped. Do not call load() on one file from two threads at once.
    bool load(const Control& control = {});
    /// For a decoded file (compressed, or a sibling format converted) before or instead of load(): the rest
    /// of its payload handed to `write` as it is decoded, a megabyte at a time, not kept (view() then holds
    /// only the first megabyte, for the byte order's check; diagnostics() as after load()). False when
    /// `write` refused a piece, decoding failed or it was cancelled; false at once for a raw file (view()
    /// maps it).
    bool streamPayload(const std::function<bool(QByteArrayView piece)>& write, const Control& control = {});
    [[nodiscard]] bool isLoaded() const;
    /// Bytes of the (decompressed) stream decoded so far, header included, and the expected total.
    [[nodiscard]] qint64 decodedBytes() const;
    [[nodiscard]] qint64 expectedBytes() const;
    /// Bytes of the file on disk that load() has read so far (for a file whose decoding produces nothing for
    /// a while: column-major data is gathered whole first). Thread safe.
    [[nodiscard]] qint64 bytesRead() const;

    /// Snapshot of the payload available now. Thread safe.
    [[nodiscard]] TensorView view() const;
    /// All errors and warnings known now (complete once loaded). Thread safe.
    [[nodiscard]] Diagnostics diagnostics() const;
    /// Stream bytes beyond the declared payload (known once loaded; bounded by the decompression limit).
    [[nodiscard]] qint64 trailingBytes() const;

    /// Compressed files: bytes allocated for the decoded payload now, and the most ever held at once. The
    /// buffer grows geometrically with real output and never beyond header().dataBytes (0 for raw files).
    [[nodiscard]] qint64 bufferCapacity() const;
    [[nodiscard]] qint64 peakBufferBytes() const;
    /// Stream bytes beyond the declared payload that load() decodes (counting, not storing them) before it
    /// stops with a DecompressionLimit error (the records stay usable): 1 MiB plus 7x the payload, so an 8x
    /// payload is still measured.
    [[nodiscard]] qint64 excessLimit() const;

    /// Raw (mapped) files: true once the file shrank on disk under the mapping and a read touched a page past
    /// its new end. Such reads see zeros instead of crashing (SIGBUS); the data shown is then wrong, so tell
    /// the user the file changed on disk and offer to reload. Never cleared. Thread safe.
    [[nodiscard]] bool mappingDamaged() const;

private:
    IdxFile();
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace idx
