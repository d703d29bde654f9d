// One record of a tensor as a QImage: which two axes make the image, how values become pixels, how much to
// enlarge. Shared by the PNG export, the contact sheet, the thumbnailer and the GUI.
#pragma once

#include "progress.h"
#include "recordset.h"
#include "render.h"
#include "tensorpieces.h"
#include "tensorview.h"

#include <QImage>

#include <optional>

namespace idx {

/// Largest width or height of an image produced here (PNG and QPainter stay comfortable below it).
inline constexpr int kMaxImageSide = 32767;

struct RecordImageOptions {
    /// Tensor axes (records are axis 0, so both >= 1 and distinct) giving the image rows and columns; other
    /// axes are fixed at index 0. Both -1: the record's last two axes (core's SliceSpec::forRecord).
    int rowAxis = -1;
    int colAxis = -1;
    RenderOptions render;
    int scale = 1; // nearest-neighbour enlargement factor, >= 1
};

/// Empty when `options` fit the tensor's shape; else a user-facing reason (bad axes, bad scale).
[[nodiscard]] QString checkRecordImageOptions(const Header& header, const RecordImageOptions& options);

/// Record `record` rendered and scaled: Format_Grayscale8 for gray output, Format_RGB888 for colormaps (and
/// for gray renders that needed a colour for non-finite values). Null when the record is not available yet,
/// the options do not fit the shape, or the image would be too large.
[[nodiscard]] QImage renderRecordImage(const TensorView& view, quint64 record,
                                       const RecordImageOptions& options);

/// The same for a tensor in pieces (an edited one: the record is read where it is, nothing is copied).
[[nodiscard]] QImage renderRecordImage(const TensorPieces& t, quint64 record,
                                       const RecordImageOptions& options);

/// The size a record image will have (before rendering), or nullopt when the options do not fit the shape.
[[nodiscard]] std::optional<QSize> recordImageSize(const Header& header, const RecordImageOptions& options);

/// Records first..end-1 as one run (end clamped to the available records).
[[nodiscard]] RecordSet recordSpan(const TensorView& view, quint64 first = 0, quint64 end = ~quint64(0));

} // namespace idx
