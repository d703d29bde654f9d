// The PNG encoder of every export: 8-bit gray and RGB images framed as PNG (IHDR, IDAT, IEND) by hand over
// two compressors, because neither PNG library at hand is as fast at either job (idxbench, "PNG encoders"
// and "Contact sheet", zlib level 1, medians of five runs on 2 busy cores):
//
// - Small images (a record, a thumbnail) in one piece with libdeflate. Per-image set-up is what costs here:
//   10,000 Fashion-MNIST records on both cores took 149 ms this way, 323 ms with libspng (filtering off, as
//   here) and 465 ms with QImageWriter.
// - Large images (contact sheets, sprite sheets, enlarged slices) in strips compressed on all cores with
//   ISA-L, joined into one zlib stream: every strip but the last ends with a full flush (a byte-aligned,
//   non-final deflate block, as pigz does; libdeflate only writes final blocks), and the Adler-32 is computed
//   over the whole at the end. The 2800 × 2800 sheet of 10,000 records took 20 ms this way, 65 ms with
//   libdeflate in one piece, 159 ms with libspng and 221 ms with QImageWriter (all three on one core).
//
// Every row uses filter type 0 (None), no filter search: records are mostly flat, and the files come out
// within 5% of QImageWriter's, which filters (the sheet: 4.63 MB against 4.44; records: 531 bytes against
// 546). The tests decode the output with zlib, Qt's reader and PIL.
#pragma once

#include <QByteArray>
#include <QImage>

namespace idx {

/// Images of at least this many pixel bytes are compressed in strips on all cores.
inline constexpr qsizetype kParallelPngBytes = qsizetype(1) << 20;

/// Encodes a Format_Grayscale8, Format_RGB888 or Format_RGB32 (alpha ignored: opaque) image as PNG.
/// `level` is zlib's scale (1 fastest .. 9, up to 12 for small images: libdeflate's); large images map it
/// to ISA-L's levels (1–3: ISA-L 1, 4 and up: 2). Returns an empty array for other formats or when
/// memory runs out (callers fall back to QImageWriter). Thread safe; blocks while the strips compress.
[[nodiscard]] QByteArray encodePng(const QImage& image, int level = 1);

/// The one-piece route (libdeflate, the calling thread only), whatever the size.
[[nodiscard]] QByteArray encodePngWhole(const QImage& image, int level = 1);

/// The strip route (ISA-L on all cores) with `rowsPerStrip` rows per strip (0: about 256 KiB a strip),
/// whatever the size.
[[nodiscard]] QByteArray encodePngStrips(const QImage& image, int level = 1, int rowsPerStrip = 0);

} // namespace idx
