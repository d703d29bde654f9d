// `idxscope-cli sprite FILE --out DIR`: a TensorBoard Projector sprite sheet (DIR/sprite.png, a square grid,
// row-major) and, with --labels, DIR/metadata.tsv (one label per line, same order).
#include "clicommon.h"
#include "clitr.h"
#include "imagecommands.h"

#include "companion.h"
#include "exportformats.h"

#include <QDir>
#include <QFileInfo>

namespace idx::cli {

int cmdSprite(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("sprite"),
        Tr::tr("Writes DIR/sprite.png for the TensorBoard Projector: the records tiled into a square\n"
               "grid, row-major, at most 8192x8192 pixels; with --labels also DIR/metadata.tsv, one\n"
               "label per line in the same order, and a second column with the class names when they\n"
               "are known (a known dataset, or --class-names). Existing files are not replaced without\n"
               "--overwrite."),
        QStringLiteral("FILE --out DIR"));
    cl.addPositional(QStringLiteral("FILE"), Tr::tr("An IDX images file (raw, .gz or .xz)."));
    cl.addOutOption(Tr::tr("The folder for sprite.png and metadata.tsv (created if missing)."),
                    QStringLiteral("DIR"));
    cl.addLabelsOption(Tr::tr("Labels file: writes metadata.tsv."));
    cl.addRecordsOption();
    cl.addOption(kScaleOption, Tr::tr("Enlarge each tile by N (default 1)."));
    cl.addOverwriteOption(Tr::tr("Replace existing sprite.png / metadata.tsv."));
    cl.addClassNamesOption();
    cl.addReadOptions();
    if (const auto done = cl.parse(args, 1, 1))
        return *done;
    const auto dir = cl.outPath();
    if (!dir)
        return Usage;
    if (!cl.classNamesHaveLabels())
        return Usage;
    SpriteSheetOptions o;
    if (!cl.read(kScaleOption, &o.image.scale))
        return Usage;
    const QFileInfo dirInfo(*dir);
    if (dirInfo.exists() && !dirInfo.isDir())
        return fileError(*dir, Tr::tr("is a file; --out wants a folder"));

    const std::optional<ClassNames> given = cl.classNames();
    if (!given)
        return Failure;

    const QString path = cl.positional().at(0);
    const LoadedFile f = loadFile(path, cl.openOptions());
    if (!f.ok())
        return loadError(f);
    const auto range = cl.records(f.view.recordCount());
    if (!range)
        return Usage;
    const auto labels = loadLabels(cl.labelsPath(), f.view.header());
    if (!labels)
        return Failure;
    if (!labels->path.isEmpty()) {
        o.labels = labelClasses(labels->view);
        o.classNames = namesForLabels(labels->view, *given);
    }
    if (const QString bad = checkRecordImageOptions(f.view.header(), o.image); !bad.isEmpty())
        return fileError(path, bad);
    printWarnings(f, *labels);
    o.records = recordSpan(f.view, range->first, range->end);
    if (o.records.isEmpty())
        return cl.usage(Tr::tr("the record range is empty: there is nothing to put in a sprite"));
    o.spritePath = QDir(*dir).filePath(QStringLiteral("sprite.png"));
    o.metadataPath = QDir(*dir).filePath(QStringLiteral("metadata.tsv"));
    for (const QString& target : {o.spritePath, o.labels.empty() ? QString() : o.metadataPath})
        if (const auto refused = refuseExisting(target, cl.overwrite()))
            return *refused;
    if (!QDir().mkpath(*dir))
        return fileError(*dir, Tr::tr("the folder cannot be created"));
    const auto w = valueWindow(f, o.image.render.colormap);
    if (!w)
        return Failure;
    o.image.render.window = *w;

    TerminalProgress progress(Tr::tr("rendering"));
    const Control control = progress.control();
    const SpriteSheetResult r = writeProjectorSprite(f.view, o, control);
    progress.finish();
    if (!r)
        return fileError(path, r.error);
    out(Tr::tr("%1 records in a %2x%2 grid of %3x%4 tiles: %5\n")
            .arg(o.records.count())
            .arg(r.layout.side)
            .arg(r.layout.tile.width())
            .arg(r.layout.tile.height())
            .arg(displayPath(o.spritePath)));
    return Success;
}

} // namespace idx::cli
