// Loading the files the idxscope-cli commands read, and printing their warnings, errors and repair hints.
#include "loadedfile.h"

#include "clitr.h"
#include "commandline.h"
#include "companion.h"
#include "console.h"
#include "tensorwindow.h"

namespace idx::cli {

QString LoadedFile::inexactReading() const
{
    for (const Diagnostic& d : diagnostics)
        if (d.code == DiagCode::Converted && d.actual > 0)
            return Tr::tr(
                       "%1; writing would not keep them (IDX has no 64-bit integer type, and float64 holds "
                       "integers exactly only up to 2^53)")
                .arg(d.message);
    return {};
}

QStringList LoadedFile::warnings() const
{
    QStringList w;
    for (const Diagnostic& d : diagnostics)
        if (!d.isError())
            w << d.message;
    return w;
}

LoadedFile loadFile(const QString& path, const OpenOptions& options)
{
    LoadedFile f;
    f.path = path;
    f.file = IdxFile::open(path, options);
    if (options.dataOrder == ByteOrder::Little && !options.littleEndianFile && !f.file->headerValid()) {
        // A reversed header, as the diagnosis says or, with --type (whose code then stands in a byte of the
        // reversed magic, where the diagnosis cannot see it), as reading it reversed shows.
        const Diagnostics d = f.file->diagnostics();
        OpenOptions whole = options;
        whole.littleEndianFile = true;
        auto reversed = IdxFile::open(path, whole);
        if ((!d.isEmpty() && d.front().code == DiagCode::LittleEndianIdx) || reversed->headerValid())
            f.file = std::move(reversed);
    }
    // Anything decoded (a compressed stream, a sibling format converted to IDX, a widened reading) takes time
    // in proportion to its size and shows its progress; a mapped IDX file is complete once open (its load
    // only samples the byte order) and reports none.
    if (f.file->headerValid() && !f.file->isLoaded() && stderrIsTerminal()) {
        TerminalProgress progress(f.file->container() != Container::Raw ? Tr::tr("decompressing")
                                                                        : Tr::tr("converting"));
        (void)f.file->load(progress.control());
        progress.finish();
    } else if (f.file->headerValid()) {
        (void)f.file->load();
    }
    f.diagnostics = f.file->diagnostics();
    f.view = f.file->view();
    f.error = firstError(f.diagnostics);
    if (f.error.isEmpty() && !f.file->headerValid())
        f.error = Tr::tr("not a valid IDX file");
    if (f.error.isEmpty() && !f.view.isComplete())
        f.error = Tr::tr("the payload is incomplete (%1 of %2 bytes)")
                      .arg(f.view.availableBytes())
                      .arg(f.view.header().dataBytes);
    if (!f.diagnostics.isEmpty())
        f.remedies = findRemedies(*f.file);
    return f;
}

// ---- images and labels ----

std::optional<LoadedFile> loadLabels(const std::optional<QString>& path, const Header& images)
{
    if (!path)
        return LoadedFile();
    LoadedFile labels = loadFile(*path);
    if (!labels.ok()) {
        (void)loadError(labels);
        return std::nullopt;
    }
    if (const QString bad = checkCompanion(images, labels.view.header()); !bad.isEmpty()) {
        (void)fileError(*path, bad);
        return std::nullopt;
    }
    return labels;
}

std::vector<qint64> labelValues(const LoadedFile& labels)
{
    return labels.path.isEmpty() ? std::vector<qint64>() : labelClasses(labels.view);
}

std::optional<ImagesInput> loadImagesWithLabels(const QString& imagesPath,
                                                const std::optional<QString>& labelsPath, int* status)
{
    ImagesInput in;
    in.images = loadFile(imagesPath);
    if (!in.images.ok()) {
        *status = loadError(in.images);
        return std::nullopt;
    }
    auto labels = loadLabels(labelsPath, in.images.view.header());
    if (!labels) {
        *status = Failure;
        return std::nullopt;
    }
    in.labels = std::move(*labels);
    return in;
}

ClassNames classNamesFor(const std::optional<DatasetIdentity>& dataset, const ClassNames& given)
{
    return !given.isEmpty() ? given : dataset ? dataset->classes : ClassNames();
}

ClassNames namesForLabels(const TensorView& labels, const ClassNames& given)
{
    if (!given.isEmpty())
        return given; // without looking for the dataset
    return classNamesFor(identifyDataset(labels), given);
}

// ---- warnings, errors, remedies ----

QString describeRemedy(const Remedy& r)
{
    return QStringLiteral("%1: %2 (%3%4)")
        .arg(openArguments(r.options).join(QLatin1Char(' ')), r.description, r.evidence,
             r.plausible ? QString() : Tr::tr("; implausible"));
}

QStringList remedyHints(const LoadedFile& f)
{
    QStringList hints;
    for (const Remedy& r : f.remedies)
        if (r.plausible)
            hints << describeRemedy(r);
    return hints;
}

namespace {
void printHints(const LoadedFile& f)
{
    for (const QString& h : remedyHints(f))
        err(Tr::tr("%1: hint: %2: %3\n").arg(QLatin1String(kProgram), displayPath(f.path), h));
}
} // namespace

int loadError(const LoadedFile& f)
{
    fileError(f.path, f.error);
    printHints(f);
    return Failure;
}

void printWarnings(const LoadedFile& f)
{
    for (const QString& w : f.warnings())
        fileWarning(f.path, w);
    printHints(f);
}

void printWarnings(const LoadedFile& images, const LoadedFile& labels)
{
    printWarnings(images);
    if (!labels.path.isEmpty())
        printWarnings(labels);
}

void printWarnings(const ImagesInput& input)
{
    printWarnings(input.images, input.labels);
}

std::optional<Window> valueWindow(const LoadedFile& f, Colormap colormap)
{
    const auto w = tensorWindow(f.view, colormap);
    if (!w)
        (void)fileError(f.path, Tr::tr("the value range could not be computed"));
    return w;
}

} // namespace idx::cli
