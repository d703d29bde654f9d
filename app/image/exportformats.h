// Export formats beyond single PNGs: the TensorBoard Projector's sprite sheet (records tiled into a square
// grid, row-major, one image of at most 8192×8192) and its metadata.tsv (one label per line, same order, no
// header line for a single column; with class names, a "label<TAB>class" header and both columns).
#pragma once

#include "classnames.h"
#include "editabletensor.h"
#include "recordimage.h"
#include "recordset.h"

#include <QStringList>

#include <functional>
#include <vector>

namespace idx {

/// The Projector refuses sprites larger than this on either side.
inline constexpr int kProjectorMaxSprite = 8192;

struct SpriteSheetOptions {
    RecordSet records;          // ascending: the order of the embedding's points
    std::vector<qint64> labels; // optional: labels[r] is the label of record r; empty: no metadata.tsv
    ClassNames classNames;      // optional: a second column naming each label's class
    RecordImageOptions image;
    QString spritePath;   // PNG, written atomically
    QString metadataPath; // TSV, written atomically when labels are given
};

struct SpriteSheetLayout {
    int side = 0; // columns == rows == ceil(sqrt(N))
    QSize tile;
    QSize sheet;
};

struct SpriteSheetResult {
    bool ok = false;
    bool cancelled = false;
    QString error;
    SpriteSheetLayout layout;
    explicit operator bool() const { return ok; }
};

/// The grid for `count` tiles of `tile` size; error set (and nullopt) beyond the Projector's 8192 limit.
[[nodiscard]] std::optional<SpriteSheetLayout> spriteSheetLayout(quint64 count, QSize tile,
                                                                 QString* error = nullptr);
/// metadata.tsv text: one label per line for each record, in order (records without a label get an empty
/// line). With class names, the Projector's two-column form: a "label\tclass" header line, then
/// "9\tAnkle boot" (tabs and line breaks inside a name become spaces; an unnamed label's class is empty).
[[nodiscard]] QByteArray projectorMetadata(const RecordSet& records, const std::vector<qint64>& labels,
                                           const ClassNames& names = {});

/// Renders the records of `view` into the sprite and writes it (and metadata.tsv). Progress counts records.
[[nodiscard]] SpriteSheetResult
writeProjectorSprite(const TensorView& view, const SpriteSheetOptions& options, const Control& control = {});
/// The same over a tensor in pieces (an edited one: each record is read where it is).
[[nodiscard]] SpriteSheetResult writeProjectorSprite(const TensorPieces& t, const SpriteSheetOptions& options,
                                                     const Control& control = {});
/// The same over an edited tensor (records rendered one by one through recordView).
[[nodiscard]] SpriteSheetResult writeProjectorSprite(const EditableTensor& tensor,
                                                     const SpriteSheetOptions& options,
                                                     const Control& control = {});

} // namespace idx
