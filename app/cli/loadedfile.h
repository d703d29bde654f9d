// Files the idxscope-cli commands read: a file opened, loaded and checked (LoadedFile), an images file with
// its labels, the warnings and errors they print with the repairs that would make sense of them, and the
// class names of labels.
#pragma once

#include "classnames.h"
#include "dataset.h"
#include "diagnostic.h"
#include "idxfile.h"
#include "remedy.h"
#include "render.h"
#include "tensorview.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace idx::cli {

/// A file opened, loaded (synchronously) and checked.
struct LoadedFile {
    QString path;
    std::shared_ptr<IdxFile> file;
    TensorView view;
    Diagnostics diagnostics;
    QString error; // the first error (a truncated payload counts), empty when the file is valid
    std::vector<Remedy> remedies; // what would make sense of its diagnostics (none without any)

    [[nodiscard]] bool ok() const { return error.isEmpty(); }
    [[nodiscard]] QStringList warnings() const;
    /// Why writing the values read would not write the file's own values (int64 or uint64 beyond 2^53,
    /// rounded when read as float64); empty when every value was read exactly.
    [[nodiscard]] QString inexactReading() const;
};

/// Opens and fully loads `path` read with `options`. Progress on stderr when it is a terminal and the file is
/// compressed. A little-endian byte order asked for a file whose header is reversed reads the whole file
/// little-endian.
[[nodiscard]] LoadedFile loadFile(const QString& path, const OpenOptions& options = {});

/// Loads the labels file `path` of an images file with header `images`, checked against it; an empty
/// LoadedFile (no path) when there is none. nullopt after an error naming the labels file (exit status
/// Failure).
[[nodiscard]] std::optional<LoadedFile> loadLabels(const std::optional<QString>& path, const Header& images);

/// An images file and, optionally, its labels.
struct ImagesInput {
    LoadedFile images;
    LoadedFile labels; // path empty when none was asked for
};
/// Loads an images file and, when `labelsPath` is given, its labels (checked against it); nullopt after an
/// error naming the file (*status set to the exit status).
[[nodiscard]] std::optional<ImagesInput>
loadImagesWithLabels(const QString& imagesPath, const std::optional<QString>& labelsPath, int* status);

/// The label of each record of a labels file; empty when none was loaded (no path).
[[nodiscard]] std::vector<qint64> labelValues(const LoadedFile& labels);

/// The names to show for labels: `given` (--class-names) when there are any, else those of the known
/// dataset the labels are (dataset.h), else none.
[[nodiscard]] ClassNames classNamesFor(const std::optional<DatasetIdentity>& dataset,
                                       const ClassNames& given);
/// classNamesFor the dataset a labels file is.
[[nodiscard]] ClassNames namesForLabels(const TensorView& labels, const ClassNames& given);

/// Prints the warnings of a valid file on stderr (non-JSON modes), then the plausible remedies as hints.
void printWarnings(const LoadedFile& f);
/// printWarnings for the images file, then for its labels file when there is one.
void printWarnings(const LoadedFile& images, const LoadedFile& labels);
void printWarnings(const ImagesInput& input);
/// Prints the error of a file that failed to load, then the plausible remedies as hints; returns Failure.
int loadError(const LoadedFile& f);
/// "--type float64: read the payload as float64 (type code 0x0E), dims kept (evidence)" per plausible
/// remedy.
[[nodiscard]] QStringList remedyHints(const LoadedFile& f);
/// "ARGUMENTS: description (evidence)", with "; implausible" after the evidence of an implausible one.
[[nodiscard]] QString describeRemedy(const Remedy& remedy);

/// The window of the whole file's values for `colormap` (what records are drawn with unless told);
/// nullopt after an error naming the file.
[[nodiscard]] std::optional<Window> valueWindow(const LoadedFile& f, Colormap colormap);

} // namespace idx::cli
