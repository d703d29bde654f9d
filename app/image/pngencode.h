// A PNG encoder for the bulk-export hot path: 8-bit gray and RGB images framed as PNG (IHDR, one IDAT, IEND)
// with libdeflate doing the compression.
//
// Why not QImageWriter here: for 28×28 digits, QImageWriter's per-image set-up (handler lookup, libpng and
// zlib state) costs several times the compression itself, and an export writes tens of thousands of them. The
// PNG framing is a few dozen lines; the compression, the hard part, stays in a library (libdeflate), and the
// output is checked by decoding it with Qt's PNG reader in the tests.
#pragma once

#include <QByteArray>
#include <QImage>

namespace idx {

/// Encodes a Format_Grayscale8 or Format_RGB888 image as PNG (zlib-style level 1–12, libdeflate's scale).
/// Returns an empty array for other formats (callers fall back to QImageWriter). Thread safe.
[[nodiscard]] QByteArray encodePng(const QImage& image, int level = 1);

} // namespace idx
