// File-manager thumbnails of IDX files: the first record, or a small grid of the first records, fitted into
// N × N (tiny images enlarged with nearest-neighbour so digits stay crisp).
#pragma once

#include "recordimage.h"

namespace idx {

struct ThumbnailOptions {
    int size = 128;  // the result fits in size × size
    int maxGrid = 3; // at most maxGrid × maxGrid records; 1: only the first record
    int gap = 1;     // pixels between grid tiles
    Colormap colormap = Colormap::Gray;
};

struct ThumbnailResult {
    QImage image;
    QString error; // user-facing reason, empty on success
    explicit operator bool() const { return error.isEmpty() && !image.isNull(); }
};

/// The grid side used for `view`: the largest k <= maxGrid with k*k complete records whose k × k tiles fit in
/// size × size at 1:1; 1 when even two tiles would not fit or there are fewer than four records.
[[nodiscard]] int thumbnailGrid(const TensorView& view, const ThumbnailOptions& options);

/// Renders the thumbnail from the records available now (a partially decoded file is fine). The window is the
/// default one for the shown records (identity for uint8).
[[nodiscard]] ThumbnailResult renderThumbnail(const TensorView& view, const ThumbnailOptions& options = {});

} // namespace idx
