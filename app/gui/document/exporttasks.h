// The work behind the GUI's Export and Import menus as plain synchronous functions: which records a choice
// means, contiguous copies of scattered records or of one slice, and one function per export/import that
// returns a JobOutcome. ExportJob runs them on a worker thread; tests call them directly.
#pragma once

#include "classnames.h"
#include "contactsheet.h"
#include "editabletensor.h"
#include "exportformats.h"
#include "pngimport.h"
#include "recordexport.h"
#include "recordset.h"
#include "writer.h"

#include <QList>
#include <QMetaType>
#include <QSet>
#include <QStringList>

#include <algorithm>
#include <limits>
#include <vector>

namespace idx::gui {

/// What a finished job has to say: success text, or a reason, and the files involved.
struct JobOutcome {
    bool ok = false;
    bool cancelled = false;
    QString message;       // on success: what was written (for the status bar)
    QString error;         // on failure or cancel: the reason, with native paths
    QStringList files;     // written files (native separators); not listed for a PNG export (see fileCount)
    quint64 fileCount = 0; // PNG exports: the files written (millions of records: none is listed in files)
    QStringList conflicts; // existing targets that made an export refuse (nothing written): the first ones
    quint64 conflictCount = 0; // PNG exports: all of them (others list every conflict)
    QStringList remaining;     // after cancel/failure: files written that could not be removed
    QString openPath;          // imports: the IDX file to offer to open
    QString openLabelsPath;
};

/// A record count for tr()'s %n (an int; counts past it read as its largest value).
[[nodiscard]] inline int trCount(quint64 n)
{
    return int(std::min<quint64>(n, quint64(std::numeric_limits<int>::max())));
}

/// Which records an export covers.
enum class RecordScope : quint8 { Current, Selected, Range, All, Labels, Filtered };

struct RecordChoice {
    RecordScope scope = RecordScope::All;
    quint64 first = 0; // Range: [first, end)
    quint64 end = 0;
    QSet<qint64> labels; // Labels: records whose label is one of these
};

/// What the document offers to choose from.
struct RecordContext {
    quint64 available = 0; // records that can be exported (decoded so far)
    quint64 current = 0;
    idx::RecordSet selection;   // runs: Select All is one, whatever the size
    QSet<qint64> filter;        // the gallery's label filter; empty = none
    std::vector<qint64> labels; // label of record r, when known
    idx::ClassNames names;      // names of the label values, when known
};

/// The records `choice` means, within the available ones, as runs (never a list per record: All over 10.9
/// million records is one run).
[[nodiscard]] idx::RecordSet resolveRecords(const RecordChoice& choice, const RecordContext& context);
/// The selection when it has several records (or no filter is set), else the label filter's records, else
/// all.
[[nodiscard]] RecordChoice defaultChoice(const RecordContext& context);

/// One 2-D slice (flips and transposition applied, as displayed) as an H × W tensor in the data's dtype.
/// Null view when the slice is not available.
[[nodiscard]] idx::TensorView sliceTensor(const idx::TensorPieces& data, const idx::SliceSpec& spec);
/// The slice in gray with the dtype's default window (uint8 unchanged), 1 pixel per value.
[[nodiscard]] QImage rawSliceImage(const idx::TensorPieces& data, const idx::SliceSpec& spec);

[[nodiscard]] JobOutcome runSlicePng(const QImage& image, int scale, const QString& path);
// The data in pieces: an edited document's records are read where they are, never copied together.
[[nodiscard]] JobOutcome runRecordsPng(const idx::TensorPieces& data, idx::RecordExportOptions options,
                                       const idx::Control& control = {});
[[nodiscard]] JobOutcome runContactSheet(const idx::TensorPieces& data,
                                         const idx::ContactSheetOptions& options, const QString& path,
                                         const idx::Control& control = {});
/// Checks for existing sprite/metadata files first (conflicts, nothing written) unless `overwrite`.
[[nodiscard]] JobOutcome runSprite(const idx::TensorPieces& data, const idx::SpriteSheetOptions& options,
                                   bool overwrite, const idx::Control& control = {});

enum class DataFormat : quint8 { Csv, Npy };
/// `columnNames` name the values of a CSV line in a first line (a label table's columns; none: no such line).
[[nodiscard]] JobOutcome runDataOut(const idx::TensorView& data, DataFormat format, const QString& path,
                                    const idx::Control& control = {}, const QStringList& columnNames = {});
/// Chosen records, written where they are (a selection of millions of records is never gathered).
[[nodiscard]] JobOutcome runDataOut(const idx::TensorPieces& data, const idx::RecordSet& records,
                                    DataFormat format, const QString& path, const idx::Control& control = {},
                                    const QStringList& columnNames = {});
/// `labels` may be null. Both files written completely or neither replaced.
[[nodiscard]] JobOutcome runSubset(const idx::EditableTensor& images, const idx::EditableTensor* labels,
                                   const idx::RecordSet& records, const QString& imagesPath,
                                   const QString& labelsPath, idx::Container container,
                                   const idx::Control& control = {});
[[nodiscard]] JobOutcome runImportPng(const idx::PngImportOptions& options, const idx::Control& control = {});
[[nodiscard]] JobOutcome runImportNpy(const QString& npyPath, const QString& idxPath,
                                      idx::Container container, const idx::Control& control = {});

} // namespace idx::gui

Q_DECLARE_METATYPE(idx::gui::JobOutcome)
