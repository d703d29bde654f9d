// idxbench's PNG part: every encoder gets the same images, the same zlib level and the same cores; each
// output is decoded with Qt's reader and compared with its input, so no encoder wins by writing less.
#include "pngbench.h"

#include "benchutil.h"
#include "contactsheet.h"
#include "idxfile.h"
#include "pngencode.h"
#include "recordexport.h"
#include "tensorwindow.h"

#include <QBuffer>
#include <QElapsedTimer>
#include <QImageWriter>
#include <QtConcurrent/QtConcurrentMap>

#include <spng.h>

#include <cstdlib>
#include <cstring>
#include <numeric>

namespace bench {

namespace {

QByteArray qtPng(const QImage& image, int level)
{
    QByteArray out;
    QBuffer buffer(&out);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    writer.setQuality(idx::pngQualityForLevel(level));
    writer.write(image);
    return out;
}

// libspng at the same level, with filtering off as idxscope's encoder has it (filter None on every row).
QByteArray spngPng(const QImage& image, int level)
{
    const bool gray = image.format() == QImage::Format_Grayscale8;
    const size_t rowBytes = size_t(image.width()) * (gray ? 1 : 3);
    QByteArray packed; // libspng takes rows without padding
    const char* pixels = reinterpret_cast<const char*>(image.constBits());
    if (size_t(image.bytesPerLine()) != rowBytes) {
        packed.resize(qsizetype(rowBytes) * image.height());
        for (int y = 0; y < image.height(); ++y)
            std::memcpy(packed.data() + qsizetype(rowBytes) * y, image.constScanLine(y), rowBytes);
        pixels = packed.constData();
    }
    spng_ctx* ctx = spng_ctx_new(SPNG_CTX_ENCODER);
    spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1);
    spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, level);
    spng_set_option(ctx, SPNG_FILTER_CHOICE, SPNG_DISABLE_FILTERING);
    spng_ihdr ihdr{};
    ihdr.width = uint32_t(image.width());
    ihdr.height = uint32_t(image.height());
    ihdr.bit_depth = 8;
    ihdr.color_type = gray ? SPNG_COLOR_TYPE_GRAYSCALE : SPNG_COLOR_TYPE_TRUECOLOR;
    spng_set_ihdr(ctx, &ihdr);
    QByteArray out;
    if (spng_encode_image(ctx, pixels, rowBytes * size_t(image.height()), SPNG_FMT_PNG,
                          SPNG_ENCODE_FINALIZE) == 0) {
        size_t len = 0;
        int error = 0;
        void* png = spng_get_png_buffer(ctx, &len, &error);
        if (png) {
            out = QByteArray(static_cast<const char*>(png), qsizetype(len));
            std::free(png);
        }
    }
    spng_ctx_free(ctx);
    return out;
}

bool samePixels(const QByteArray& png, const QImage& image)
{
    const QImage decoded = QImage::fromData(png, "PNG").convertToFormat(image.format());
    if (decoded.size() != image.size())
        return false;
    const size_t rowBytes = size_t(image.width()) * size_t(image.depth() / 8);
    for (int y = 0; y < image.height(); ++y)
        if (std::memcmp(decoded.constScanLine(y), image.constScanLine(y), rowBytes) != 0)
            return false;
    return true;
}

template <typename Encode> EncoderRun runSmall(const std::vector<QImage>& images, int repeat, Encode&& encode)
{
    EncoderRun r;
    std::vector<QByteArray> out(images.size());
    std::vector<size_t> index(images.size());
    std::iota(index.begin(), index.end(), size_t(0));
    r.ms = time(repeat, [&] {
               QtConcurrent::blockingMap(index, [&](size_t i) { out[i] = encode(images[i]); });
           }).best;
    for (size_t i = 0; i < images.size(); ++i) {
        r.bytes += out[i].size();
        r.decodes = r.decodes && samePixels(out[i], images[i]);
    }
    return r;
}

template <typename Encode> EncoderRun runSheet(const QImage& sheet, int repeat, Encode&& encode)
{
    EncoderRun r;
    QByteArray out;
    r.ms = time(repeat, [&] { out = encode(sheet); }).best;
    r.bytes = out.size();
    r.decodes = samePixels(out, sheet);
    return r;
}

} // namespace

SmallEncoders encodeSmall(const std::vector<QImage>& images, int level, int repeat)
{
    SmallEncoders s;
    s.hand = runSmall(images, repeat, [&](const QImage& i) { return idx::encodePngWhole(i, level); });
    s.qt = runSmall(images, repeat, [&](const QImage& i) { return qtPng(i, level); });
    s.spng = runSmall(images, repeat, [&](const QImage& i) { return spngPng(i, level); });
    return s;
}

SheetEncoders encodeSheet(const QImage& sheet, int level, int repeat)
{
    SheetEncoders s;
    s.strips = runSheet(sheet, repeat, [&](const QImage& i) { return idx::encodePngStrips(i, level); });
    s.whole = runSheet(sheet, repeat, [&](const QImage& i) { return idx::encodePngWhole(i, level); });
    s.qt = runSheet(sheet, repeat, [&](const QImage& i) { return qtPng(i, level); });
    s.spng = runSheet(sheet, repeat, [&](const QImage& i) { return spngPng(i, level); });
    return s;
}

SheetJob contactSheetJob(const QString& rawPath, const QString& pngPath, int count, int columns, int repeat)
{
    SheetJob best;
    best.ms = 1e300;
    for (int run = 0; run < repeat; ++run) {
        SheetJob j;
        QElapsedTimer t;
        t.start();
        auto file = idx::IdxFile::open(rawPath);
        if (!file)
            return best;
        const idx::TensorView view = file->view();
        j.openMs = double(t.nsecsElapsed()) / 1e6;
        idx::ContactSheetOptions o;
        o.records = idx::recordSpan(view, 0, quint64(count));
        o.columns = columns;
        const auto window = idx::tensorWindow(view, o.image.render.colormap);
        if (!window)
            return best;
        o.image.render.window = *window;
        const auto sheet = idx::renderContactSheet(view, o);
        j.renderMs = double(t.nsecsElapsed()) / 1e6 - j.openMs;
        j.ok = bool(sheet) && idx::savePng(sheet.image, pngPath).isEmpty();
        j.ms = double(t.nsecsElapsed()) / 1e6;
        j.saveMs = j.ms - j.openMs - j.renderMs;
        j.sheet = sheet.image;
        if (!j.ok)
            return j;
        if (j.ms < best.ms)
            best = j;
    }
    return best;
}

bool decodesTo(const QString& pngPath, const QImage& sheet)
{
    QFile f(pngPath);
    return f.open(QIODevice::ReadOnly) && samePixels(f.readAll(), sheet);
}

} // namespace bench
