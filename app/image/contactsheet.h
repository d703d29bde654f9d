// Contact sheets: records tiled row-major into one image, with optional gaps and index/label captions.
#pragma once

#include "classnames.h"
#include "recordimage.h"
#include "recordset.h"

#include <QColor>

#include <vector>

namespace idx {

struct ContactSheetOptions {
    RecordSet records; // tiled in ascending order, row-major
    int columns = 10;  // >= 1; fewer when there are fewer records
    int gap = 0;       // pixels between tiles (not around the sheet)
    RecordImageOptions image;
    QColor background = Qt::black; // gaps, empty cells of the last row, caption strips
    /// A caption strip under each tile with "index", "index: label" or, when the label has a name,
    /// "index: name". Drawing text needs a QGuiApplication; the CLI leaves captions off.
    bool captions = false;
    std::vector<qint64> labels; // optional: labels[r] is the label of record r (for captions)
    ClassNames classNames;      // optional: names of the label values
};

struct ContactSheetLayout {
    int columns = 0;
    int rows = 0;
    QSize tile; // one record image
    int captionHeight = 0;
    QSize sheet; // columns * tile.width + (columns - 1) * gap, rows * (tile.height + captionHeight) + ...
};

struct ContactSheetResult {
    QImage image; // Format_Grayscale8 when every tile is gray and there are no captions; else RGB
    bool cancelled = false;
    QString error; // user-facing reason, empty on success
    explicit operator bool() const { return error.isEmpty() && !image.isNull(); }
};

/// The geometry a sheet will have, or an error message in `error`.
[[nodiscard]] ContactSheetLayout contactSheetLayout(const Header& header, const ContactSheetOptions& options,
                                                    QString* error = nullptr);

/// Renders the records in parallel and tiles them. Progress counts records. Blocks.
[[nodiscard]] ContactSheetResult
renderContactSheet(const TensorView& view, const ContactSheetOptions& options, const Control& control = {});
/// The same over a tensor in pieces (an edited one: each record is read where it is).
[[nodiscard]] ContactSheetResult renderContactSheet(const TensorPieces& t, const ContactSheetOptions& options,
                                                    const Control& control = {});

} // namespace idx
