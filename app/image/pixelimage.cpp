// idx::PixelBuffer to QImage conversion and nearest-neighbour scaling.
#include "pixelimage.h"

#include <cstring>

namespace idx {

namespace {

QImage::Format formatFor(int channels)
{
    switch (channels) {
    case 1:
        return QImage::Format_Grayscale8;
    case 3:
        return QImage::Format_RGB888;
    default:
        return QImage::Format_Invalid;
    }
}

bool plausible(const PixelBuffer& b)
{
    return !b.isNull() && b.width > 0 && b.height > 0 && formatFor(b.channels) != QImage::Format_Invalid &&
           b.pixels.size() >= size_t(b.width) * size_t(b.height) * size_t(b.channels);
}

} // namespace

QImage toQImage(const PixelBuffer& buffer)
{
    if (!plausible(buffer))
        return {};
    QImage image(buffer.width, buffer.height, formatFor(buffer.channels));
    if (image.isNull())
        return {};
    const size_t row = size_t(buffer.width) * size_t(buffer.channels);
    for (int y = 0; y < buffer.height; ++y)
        std::memcpy(image.scanLine(y), buffer.pixels.data() + size_t(y) * row, row);
    return image;
}

QImage toQImage(PixelBuffer&& buffer)
{
    if (!plausible(buffer))
        return {};
    const qsizetype row = qsizetype(buffer.width) * buffer.channels;
    if (row % 4 != 0) // QImage wants 32-bit aligned scan lines for its own operations: copy into its layout
        return toQImage(static_cast<const PixelBuffer&>(buffer));
    auto* owned = new std::vector<uchar>(std::move(buffer.pixels));
    return QImage(
        owned->data(), buffer.width, buffer.height, row, formatFor(buffer.channels),
        [](void* p) { delete static_cast<std::vector<uchar>*>(p); }, owned);
}

QImage scaleNearest(const QImage& image, int factor)
{
    if (image.isNull() || factor < 1)
        return {};
    if (factor == 1)
        return image;
    const qint64 w = qint64(image.width()) * factor;
    const qint64 h = qint64(image.height()) * factor;
    if (w > 32767 || h > 32767)
        return {};
    QImage out(int(w), int(h), image.format());
    if (out.isNull())
        return {};
    out.setColorTable(image.colorTable());
    const int bpp = image.depth() / 8;
    if (bpp < 1) // sub-byte formats are never produced here; let Qt do it
        return image.scaled(int(w), int(h), Qt::IgnoreAspectRatio, Qt::FastTransformation);
    for (int y = 0; y < image.height(); ++y) {
        const uchar* src = image.constScanLine(y);
        uchar* first = out.scanLine(y * factor);
        for (int x = 0; x < image.width(); ++x)
            for (int k = 0; k < factor; ++k)
                std::memcpy(first + (size_t(x) * factor + k) * bpp, src + size_t(x) * bpp, size_t(bpp));
        for (int k = 1; k < factor; ++k)
            std::memcpy(out.scanLine(y * factor + k), first, size_t(w) * bpp);
    }
    return out;
}

QImage fitInto(const QImage& image, int size)
{
    if (image.isNull() || size < 1)
        return {};
    const int longest = qMax(image.width(), image.height());
    if (longest <= size)
        return scaleNearest(image, size / longest);
    // Computed here rather than by Qt so a very thin image keeps at least one row.
    const int w = qMax(1, int(qint64(image.width()) * size / longest));
    const int h = qMax(1, int(qint64(image.height()) * size / longest));
    return image.scaled(w, h, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
}

} // namespace idx
