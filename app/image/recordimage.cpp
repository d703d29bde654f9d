// Rendering one record to a QImage through core's slices and render buffers.
#include "recordimage.h"

#include "pixelimage.h"

#include <QCoreApplication>

namespace idx {

namespace {

bool defaultAxes(const RecordImageOptions& o)
{
    return o.rowAxis < 0 && o.colAxis < 0;
}

SliceSpec sliceFor(const Header& h, quint64 record, const RecordImageOptions& o)
{
    SliceSpec spec = SliceSpec::forRecord(h, record);
    if (!defaultAxes(o)) {
        spec.rowAxis = o.rowAxis;
        spec.colAxis = o.colAxis;
    }
    return spec;
}

} // namespace

QString checkRecordImageOptions(const Header& header, const RecordImageOptions& o)
{
    if (o.scale < 1 || o.scale > 1024)
        return QCoreApplication::translate("idx", "the scale must be between 1 and 1024, not %1")
            .arg(o.scale);
    if (!defaultAxes(o)) {
        const int n = header.ndim();
        if (n < 3)
            return QCoreApplication::translate("idx",
                                               "image axes can only be chosen for tensors with at least 3 "
                                               "dimensions (this one has %1)")
                .arg(n);
        if (o.rowAxis < 1 || o.colAxis < 1 || o.rowAxis >= n || o.colAxis >= n || o.rowAxis == o.colAxis)
            return QCoreApplication::translate("idx", "image axes must be two different axes from 1 to %1 "
                                                      "(axis 0 holds the records), not %2,%3")
                .arg(n - 1)
                .arg(o.rowAxis)
                .arg(o.colAxis);
    }
    const auto size = recordImageSize(header, o);
    if (!size)
        return QCoreApplication::translate("idx", "the records are too large to be images");
    return {};
}

std::optional<QSize> recordImageSize(const Header& h, const RecordImageOptions& o)
{
    if (o.scale < 1)
        return std::nullopt;
    const SliceSpec spec = sliceFor(h, 0, o);
    const int n = h.ndim();
    // 0-D and 1-D tensors: a record is one value, one pixel.
    const auto [rowAxis, colAxis] = spec.imageAxes(h);
    if (rowAxis >= n || colAxis >= n)
        return std::nullopt;
    const quint64 rows = rowAxis >= 0 ? h.dims[size_t(rowAxis)] : 1;
    const quint64 cols = colAxis >= 0 ? h.dims[size_t(colAxis)] : 1;
    const quint64 w = cols * quint64(o.scale), hh = rows * quint64(o.scale);
    if (cols > quint64(kMaxImageSide) || rows > quint64(kMaxImageSide) || w > quint64(kMaxImageSide) ||
        hh > quint64(kMaxImageSide))
        return std::nullopt;
    return QSize(int(w), int(hh));
}

QImage renderRecordImage(const TensorView& view, quint64 record, const RecordImageOptions& o)
{
    if (record >= view.availableRecords() || !recordImageSize(view.header(), o))
        return {};
    std::optional<PixelBuffer> pixels;
    if (view.header().ndim() <= 1) {
        Slice one;
        one.width = one.height = 1;
        one.values = {view.value(record)};
        pixels = renderSlice(one, o.render);
    } else if (defaultAxes(o)) {
        pixels = renderRecord(view, record, o.render);
    } else {
        const auto slice = extractSlice(view, sliceFor(view.header(), record, o));
        if (slice)
            pixels = renderSlice(*slice, o.render);
    }
    if (!pixels || pixels->isNull())
        return {};
    return scaleNearest(toQImage(std::move(*pixels)), o.scale);
}

QImage renderRecordImage(const TensorPieces& t, quint64 record, const RecordImageOptions& options)
{
    if (record >= t.availableRecords())
        return {};
    return renderRecordImage(t.recordView(record), 0, options);
}

RecordSet recordSpan(const TensorView& view, quint64 first, quint64 end)
{
    return RecordSet::span(first, std::min(end, view.availableRecords()));
}

} // namespace idx
