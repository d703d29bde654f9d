// `idxscope-cli sprite FILE --out DIR`: a TensorBoard Projector sprite sheet (DIR/sprite.png, a square grid,
// row-major) and, with --labels, DIR/metadata.tsv (one label per line, same order).
#include "clicommon.h"
#include "commands.h"

#include "companion.h"
#include "exportformats.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace idx::cli {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idxscope_cli)
};
} // namespace

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
    cl.addPositional(QStringLiteral("sprite"), Tr::tr("The command."), QStringLiteral("sprite"));
    cl.addPositional(QStringLiteral("FILE"), Tr::tr("An IDX images file (raw, .gz or .xz)."));
    cl.addOption({{QStringLiteral("o"), QStringLiteral("out")},
                  Tr::tr("The folder for sprite.png and metadata.tsv (created if missing)."),
                  QStringLiteral("DIR")});
    cl.addOption(
        {QStringLiteral("labels"), Tr::tr("Labels file: writes metadata.tsv."), QStringLiteral("FILE")});
    cl.addOption({QStringLiteral("records"), Tr::tr("Records A:B (half-open; ':100', '500:')."),
                  QStringLiteral("A:B")});
    cl.addOption(
        {QStringLiteral("scale"), Tr::tr("Enlarge each tile by N (default 1)."), QStringLiteral("N")});
    cl.addOption({QStringLiteral("overwrite"), Tr::tr("Replace existing sprite.png / metadata.tsv.")});
    cl.addClassNamesOption();
    cl.addReadOptions();
    if (const auto done = cl.parse(args, 1, 1))
        return *done;
    const std::optional<OpenOptions> readOptions = cl.readOptions();
    if (!readOptions)
        return Usage;
    if (!cl.isSet(QStringLiteral("out")) || cl.value(QStringLiteral("out")).isEmpty())
        return cl.usage(Tr::tr("--out is required"));
    if (cl.isSet(QStringLiteral("class-names")) && !cl.isSet(QStringLiteral("labels")))
        return cl.usage(Tr::tr("--class-names names the labels of --labels: give the labels file too"));
    SpriteSheetOptions o;
    if (cl.isSet(QStringLiteral("scale"))) {
        const auto scale = cl.intValue(QStringLiteral("scale"), 1, 64);
        if (!scale)
            return Usage;
        o.image.scale = int(*scale);
    }
    const QString dir = cl.value(QStringLiteral("out"));
    const QFileInfo dirInfo(dir);
    if (dirInfo.exists() && !dirInfo.isDir())
        return fileError(dir, Tr::tr("is a file; --out wants a folder"));

    const std::optional<ClassNames> given = cl.classNames();
    if (!given)
        return Failure;

    const QString path = cl.positional().at(0);
    const LoadedFile f = loadFile(path, *readOptions);
    if (!f.ok())
        return loadError(f);
    Range range{0, f.view.recordCount()};
    if (cl.isSet(QStringLiteral("records"))) {
        QString why;
        const auto r = parseRange(cl.value(QStringLiteral("records")), f.view.recordCount(), &why);
        if (!r)
            return cl.usage(why);
        range = *r;
    }
    if (cl.isSet(QStringLiteral("labels"))) {
        const QString labelsPath = cl.value(QStringLiteral("labels"));
        const LoadedFile labels = loadFile(labelsPath);
        if (!labels.ok())
            return fileError(labelsPath, labels.error);
        if (const QString bad = checkCompanion(f.view.header(), labels.view.header()); !bad.isEmpty())
            return fileError(labelsPath, bad);
        printWarnings(labels);
        o.labels = labelClasses(labels.view);
        o.classNames = namesForLabels(labels.view, *given);
    }
    if (const QString bad = checkRecordImageOptions(f.view.header(), o.image); !bad.isEmpty())
        return fileError(path, bad);
    printWarnings(f);
    o.records = recordSpan(f.view, range.first, range.end);
    if (o.records.isEmpty())
        return cl.usage(Tr::tr("the record range is empty: there is nothing to put in a sprite"));
    o.spritePath = QDir(dir).filePath(QStringLiteral("sprite.png"));
    o.metadataPath = QDir(dir).filePath(QStringLiteral("metadata.tsv"));
    if (!cl.isSet(QStringLiteral("overwrite")))
        for (const QString& target : {o.spritePath, o.labels.empty() ? QString() : o.metadataPath})
            if (!target.isEmpty() && QFileInfo::exists(target))
                return fileError(target, Tr::tr("the file exists already (use --overwrite to replace it)"));
    if (!QDir().mkpath(dir))
        return fileError(dir, Tr::tr("the folder cannot be created"));
    const auto w = tensorWindow(f.view, o.image.render.colormap);
    if (!w)
        return fileError(path, Tr::tr("the value range could not be computed"));
    o.image.render.window = *w;

    TerminalProgress progress(Tr::tr("rendering"));
    Control control;
    control.progress = [&progress](qint64 done, qint64 total) { progress.update(done, total); };
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
