// Thumbnails: a contact sheet of the first records, fitted into the requested square.
#include "thumbnail.h"
#include "tensorwindow.h"

#include "contactsheet.h"
#include "pixelimage.h"

#include <QCoreApplication>

namespace idx {

int thumbnailGrid(const TensorView& view, const ThumbnailOptions& o)
{
    const auto tile = recordImageSize(view.header(), RecordImageOptions{});
    if (!tile || o.maxGrid <= 1)
        return 1;
    const int side = qMax(tile->width(), tile->height());
    int best = 1;
    for (int k = 2; k <= o.maxGrid; ++k) {
        if (quint64(k) * quint64(k) > view.availableRecords())
            break;
        if (qint64(k) * side + qint64(k - 1) * o.gap > o.size)
            break;
        best = k;
    }
    return best;
}

ThumbnailResult renderThumbnail(const TensorView& view, const ThumbnailOptions& o)
{
    ThumbnailResult result;
    if (o.size < 1) {
        result.error =
            QCoreApplication::translate("idx", "the thumbnail size must be at least 1, not %1").arg(o.size);
        return result;
    }
    if (view.availableRecords() == 0) {
        result.error = QCoreApplication::translate("idx", "the file has no complete record to show");
        return result;
    }
    const int k = thumbnailGrid(view, o);
    ContactSheetOptions sheet;
    sheet.records = recordSpan(view, 0, quint64(k) * quint64(k));
    sheet.columns = k;
    sheet.gap = k > 1 ? o.gap : 0;
    sheet.image.render.colormap = o.colormap;
    const auto window = tensorWindow(view, o.colormap, 0, quint64(k) * quint64(k));
    if (window)
        sheet.image.render.window = *window;
    const ContactSheetResult rendered = renderContactSheet(view, sheet);
    if (!rendered) {
        result.error = rendered.error;
        return result;
    }
    result.image = fitInto(rendered.image, o.size);
    if (result.image.isNull() || result.image.width() > o.size || result.image.height() > o.size)
        result.error =
            QCoreApplication::translate("idx", "the image could not be scaled to %1 × %1").arg(o.size);
    return result;
}

} // namespace idx
