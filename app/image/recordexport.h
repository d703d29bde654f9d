// Exporting records as PNG files into a folder, in parallel over the machine's cores, with progress, cancel,
// an overwrite policy and clean-up: an export either completes or removes the files it wrote.
#pragma once

#include "recordimage.h"

#include <QStringList>

#include <optional>
#include <vector>

namespace idx {

/// Digits in the largest record index of a tensor with `recordCount` records (at least 1): the one width
/// all names of an export share, so name order is record order.
[[nodiscard]] int recordNameWidth(quint64 recordCount);

/// "00042.png", or "00042_7.png" with a label.
[[nodiscard]] QString recordFileName(quint64 record, int width, std::optional<qint64> label = std::nullopt);

/// zlib level (0..9) to QImageWriter's PNG quality (Qt maps quality [0, 100] to compression [9, 0]).
[[nodiscard]] int pngQualityForLevel(int level);

struct RecordExportOptions {
    QString folder;               // created when missing
    std::vector<quint64> records; // the records to export, each once (recordList() makes a range)
    std::vector<qint64> labels; // optional: labels[r] is the label of record r; records past the end get none
    RecordImageOptions image;
    int nameWidth = 0;      // 0: recordNameWidth(the tensor's record count), stable across exports
    bool overwrite = false; // false: refuse, writing nothing, when any target exists
    int pngLevel = 1;       // zlib level: fast, since PNGs of digits are tiny anyway
};

struct RecordExportResult {
    bool ok = false;
    bool cancelled = false;
    QString error;         // user-facing reason (empty on success)
    QString errorPath;     // the file or folder the error is about (native separators), when there is one
    QStringList files;     // the files written, in record order (on success)
    QStringList conflicts; // existing targets that made the export refuse (native separators)
    QStringList remaining; // after a cancel or failure: files written that could not be removed
    explicit operator bool() const { return ok; }
};

/// The target file names (without folder) for `options`, in record order.
[[nodiscard]] QStringList exportFileNames(const TensorView& view, const RecordExportOptions& options);

/// Writes one PNG per record. Progress counts records. On cancel or failure the files written so far are
/// removed (and any that could not be are listed in `remaining`); with `overwrite`, files it replaced are
/// among them, so a GUI should ask before overwriting. Blocks; call from a worker thread in a GUI.
[[nodiscard]] RecordExportResult exportRecords(const TensorView& view, const RecordExportOptions& options,
                                               const Control& control = {});

/// Writes `image` as PNG to `path` atomically (QSaveFile). Empty on success, else the reason.
[[nodiscard]] QString savePng(const QImage& image, const QString& path, int pngLevel = 1);

} // namespace idx
