// Exporting records as PNG files into a folder, in parallel over the machine's cores, with progress, cancel,
// an overwrite policy and clean-up: an export either completes or removes the files it wrote.
#pragma once

#include "classnames.h"
#include "recordimage.h"
#include "recordset.h"

#include <QStringList>

#include <optional>
#include <vector>

namespace idx {

/// Digits in the largest record index of a tensor with `recordCount` records (at least 1): the one width
/// all names of an export share, so name order is record order.
[[nodiscard]] int recordNameWidth(quint64 recordCount);

/// "00042.png", or "00042_7.png" with a label, or "00042_Ankle-boot.png" with the label's name made safe for
/// a file name (ClassNames::fileSafeName); a label without a name keeps its number.
[[nodiscard]] QString recordFileName(quint64 record, int width, std::optional<qint64> label = std::nullopt,
                                     const ClassNames* names = nullptr);

/// zlib level (0..9) to QImageWriter's PNG quality (Qt maps quality [0, 100] to compression [9, 0]).
[[nodiscard]] int pngQualityForLevel(int level);

struct RecordExportOptions {
    QString folder;             // created when missing
    RecordSet records;          // the records to export (recordSpan() makes a run)
    std::vector<qint64> labels; // optional: labels[r] is the label of record r; records past the end get none
    ClassNames classNames;      // optional: names go into the file names instead of the label numbers
    RecordImageOptions image;
    int nameWidth = 0;      // 0: recordNameWidth(the tensor's record count), stable across exports
    bool overwrite = false; // false: refuse, writing nothing, when any target exists
    int pngLevel = 1;       // zlib level: fast, since PNGs of digits are tiny anyway
};

/// How many paths a result lists at most (the counts say how many there were): an export of millions of
/// records must not keep a name per record.
inline constexpr qsizetype kMaxListedPaths = 100;

struct RecordExportResult {
    bool ok = false;
    bool cancelled = false;
    QString error;             // user-facing reason (empty on success)
    QString errorPath;         // the file or folder the error is about (native separators), when there is one
    quint64 written = 0;       // files written (on success: one per record)
    quint64 conflictCount = 0; // existing targets that made the export refuse
    QStringList conflicts;     // the first of them (native separators), at most kMaxListedPaths
    quint64 remainingCount = 0; // after a cancel or failure: files written that could not be removed
    QStringList remaining;      // the first of them, at most kMaxListedPaths
    explicit operator bool() const { return ok; }
};

/// The target file name (without folder) of `record` in an export with `options` of a tensor of
/// `recordCount` records.
[[nodiscard]] QString exportFileName(quint64 record, quint64 recordCount, const RecordExportOptions& options);

/// Writes one PNG per record, a batch of records at a time over all cores: memory stays flat in the number
/// of records. Progress counts records. Existing targets are found by listing the folder once. On cancel or
/// failure the files written so far are removed (and any that could not be are listed in `remaining`); with
/// `overwrite`, files it replaced are among them, so a GUI should ask before overwriting. Blocks; call from a
/// worker thread in a GUI.
[[nodiscard]] RecordExportResult exportRecords(const TensorView& view, const RecordExportOptions& options,
                                               const Control& control = {});
/// The same over a tensor in pieces (an edited one: each record is read where it is).
[[nodiscard]] RecordExportResult exportRecords(const TensorPieces& t, const RecordExportOptions& options,
                                               const Control& control = {});

/// Writes `image` as PNG to `path` atomically (QSaveFile), with encodePng (a large image is compressed on
/// all cores) or, for formats it does not take, QImageWriter. Empty on success, else the reason.
[[nodiscard]] QString savePng(const QImage& image, const QString& path, int pngLevel = 1);

} // namespace idx
