// The PNG encoder of every export: 8-bit gray and RGB images framed as PNG (IHDR, IDAT, IEND) by hand over
// two compressors, because no PNG library does either job as fast:
//
// - Small images (a record, a thumbnail) in one piece with libdeflate. Per-image set-up is what costs here:
//   encoding 10,000 Fashion-MNIST records on both cores took 13 ms this way against 71 ms with libspng and
//   235 ms with QImageWriter, all at zlib level 1 (idxbench, "PNG encoders").
// - Large images (contact sheets, sprite sheets, enlarged slices) in strips compressed on all cores with
//   ISA-L, joined into one zlib stream: every strip but the last ends with a full flush (a byte-aligned,
//   non-final deflate block, as pigz does), and the Adler-32 is computed over the whole at the end. libspng
//   and QImageWriter compress on one core: the 2800 × 2800 sheet of 10,000 records took 6 ms this way
//   against 63 ms with libspng, 31 ms with libdeflate on one core and 164 ms with QImageWriter.
//
// Every row uses filter type 0 (None): records are mostly flat, and the filters' search would cost more
// than the compressors. The output is decoded by Qt's and by PIL's readers in the tests.
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
