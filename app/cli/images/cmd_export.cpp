// `idxscope-cli export FILE --out DIR ...`: records as PNG files (in parallel), or one contact sheet
// (--grid).
#include "clicommon.h"
#include "clitr.h"
#include "imagecommands.h"

#include "companion.h"
#include "contactsheet.h"
#include "recordexport.h"

#include <QFileInfo>

namespace idx::cli {

namespace {

constexpr IntOption kGrid{"grid", "COLS", 1, 100000};
constexpr IntOption kGap{"gap", "N", 0, 1000};

QString colormapNames()
{
    QStringList names;
    for (Colormap c : allColormaps())
        names << colormapName(c);
    return names.join(QStringLiteral(", "));
}

int writeSheet(const LoadedFile& f, const QString& target, const ContactSheetOptions& options, bool overwrite)
{
    if (QFileInfo(target).isDir())
        return fileError(target,
                         Tr::tr("is a folder; --grid writes one image: give a file name such as sheet.png"));
    if (const auto refused = refuseExisting(target, overwrite))
        return *refused;
    TerminalProgress progress(Tr::tr("rendering"));
    const Control control = progress.control();
    const ContactSheetResult sheet = renderContactSheet(f.view, options, control);
    progress.finish();
    if (!sheet)
        return fileError(f.path, sheet.error);
    if (const QString why = savePng(sheet.image, target); !why.isEmpty())
        return fileError(target, why);
    return Success;
}

} // namespace

int cmdExport(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("export"),
        Tr::tr("Exports records as PNG files named by record index (zero-padded, '_LABEL' appended\n"
               "with --labels, the class name instead with --name-labels), or with --grid one contact\n"
               "sheet. uint8 values are written unchanged; other types are windowed to the tensor's\n"
               "min..max unless --window is given."),
        QStringLiteral("FILE --out DIR"));
    cl.addPositional(QStringLiteral("FILE"), Tr::tr("An IDX file (raw, .gz or .xz)."));
    cl.addOutOption(Tr::tr("The folder for the PNG files (created if missing); with --grid, the PNG file."),
                    QStringLiteral("DIR"));
    cl.addRecordsOption();
    cl.addLabelsOption(Tr::tr("Labels file: the label goes into each name (00042_7.png)."));
    cl.addOption(
        {QStringLiteral("name-labels"),
         Tr::tr("Name files by class (00042_Ankle-boot.png): the names of a known dataset's labels, or\n"
                "those of --class-names. Needs --labels.")});
    cl.addClassNamesOption();
    cl.addOption({QStringLiteral("colormap"),
                  Tr::tr("Colormap: %1 (RGB output unless gray).").arg(colormapNames()),
                  QStringLiteral("NAME")});
    cl.addOption(kScaleOption, Tr::tr("Enlarge by N with nearest-neighbour (default 1)."));
    cl.addOption({QStringLiteral("window"), Tr::tr("Values LOW..HIGH map to black..white."),
                  QStringLiteral("LOW:HIGH")});
    cl.addOption({QStringLiteral("axes"),
                  Tr::tr("The two image axes of N-D data (axis 0 holds the records; default "
                         "the last two)."),
                  QStringLiteral("R,C")});
    cl.addOption(kGrid, Tr::tr("Write one contact sheet with COLS columns to --out FILE.png."));
    cl.addOption(kGap, Tr::tr("Pixels between contact-sheet tiles (default 0)."));
    cl.addOverwriteOption(Tr::tr("Replace existing files (refused by default)."));
    cl.addReadOptions();
    if (const auto done = cl.parse(args, 1, 1))
        return *done;

    // Usage first, then the files: a typo should not wait for a large file to decompress.
    const auto target = cl.outPath();
    if (!target)
        return Usage;
    const bool grid = cl.isSet(kGrid);
    if (!cl.needs(QStringLiteral("gap"), QStringLiteral("grid"),
                  Tr::tr("--gap only applies to a contact sheet (--grid)")))
        return Usage;
    if (cl.labelsPath() && grid)
        return cl.usage(Tr::tr("--labels does not apply to a contact sheet (--grid)"));
    const bool nameLabels = cl.isSet(QStringLiteral("name-labels"));
    if (!cl.needs(QStringLiteral("name-labels"), QStringLiteral("labels"),
                  Tr::tr("--name-labels names files by their labels: give the labels file (--labels)")) ||
        !cl.needs(QStringLiteral("class-names"), QStringLiteral("name-labels"),
                  Tr::tr("--class-names only applies to file names by class (--name-labels)")))
        return Usage;

    RecordImageOptions image;
    if (cl.isSet(QStringLiteral("colormap"))) {
        const auto cm = colormapFromName(cl.value(QStringLiteral("colormap")));
        if (!cm)
            return cl.usage(Tr::tr("unknown colormap '%1' (known: %2)")
                                .arg(cl.value(QStringLiteral("colormap")), colormapNames()));
        image.render.colormap = *cm;
    }
    if (!cl.read(kScaleOption, &image.scale))
        return Usage;
    std::optional<Window> window;
    if (cl.isSet(QStringLiteral("window"))) {
        const auto pair = parseNumberPair(cl.value(QStringLiteral("window")), QLatin1Char(':'));
        if (!pair)
            return cl.usage(Tr::tr("--window wants LOW:HIGH with LOW < HIGH, not '%1'")
                                .arg(cl.value(QStringLiteral("window"))));
        window = Window{pair->first, pair->second};
    }
    bool axesGiven = false;
    if (cl.isSet(QStringLiteral("axes"))) {
        const QStringList parts = cl.value(QStringLiteral("axes")).split(QLatin1Char(','));
        bool ok1 = false, ok2 = false;
        if (parts.size() == 2) {
            image.rowAxis = parts[0].trimmed().toInt(&ok1);
            image.colAxis = parts[1].trimmed().toInt(&ok2);
        }
        if (!ok1 || !ok2)
            return cl.usage(
                Tr::tr("--axes wants two axis numbers R,C, not '%1'").arg(cl.value(QStringLiteral("axes"))));
        axesGiven = true;
    }
    int columns = 0, gap = 0;
    if (grid && (!cl.read(kGrid, &columns) || !cl.read(kGap, &gap)))
        return Usage;

    const std::optional<ClassNames> given = cl.classNames();
    if (!given)
        return Failure;

    const QString path = cl.positional().at(0);
    const LoadedFile f = loadFile(path, cl.openOptions());
    if (!f.ok())
        return loadError(f);
    const Header& header = f.view.header();
    if (axesGiven || image.scale > 1) {
        // Shape-dependent checks are usage errors too: the command line does not fit this file.
        if (const QString bad = checkRecordImageOptions(header, image); !bad.isEmpty())
            return cl.usage(bad);
    }
    const auto range = cl.records(f.view.recordCount());
    if (!range)
        return Usage;
    const auto labels = loadLabels(cl.labelsPath(), header);
    if (!labels)
        return Failure;
    ClassNames names;
    if (nameLabels) {
        names = namesForLabels(labels->view, *given);
        if (names.isEmpty())
            return fileError(labels->path, Tr::tr("its labels have no class names (it is no known dataset's "
                                                  "labels file): give them with --class-names FILE"));
    }
    if (const QString bad = checkRecordImageOptions(header, image); !bad.isEmpty())
        return fileError(path, bad);
    printWarnings(f, *labels);

    if (window) {
        image.render.window = *window;
    } else {
        const auto w = valueWindow(f, image.render.colormap);
        if (!w)
            return Failure;
        image.render.window = *w;
    }

    if (grid) {
        ContactSheetOptions sheet;
        sheet.records = recordSpan(f.view, range->first, range->end);
        if (sheet.records.isEmpty())
            return cl.usage(Tr::tr("the record range is empty: there is nothing to put on a sheet"));
        sheet.columns = columns;
        sheet.gap = gap;
        sheet.image = image;
        return writeSheet(f, *target, sheet, cl.overwrite());
    }

    RecordExportOptions options;
    options.folder = *target;
    options.records = recordSpan(f.view, range->first, range->end);
    options.labels = labelValues(*labels);
    options.classNames = names;
    options.image = image;
    options.overwrite = cl.overwrite();
    TerminalProgress progress(Tr::tr("exporting"));
    const Control control = progress.control();
    const RecordExportResult result = exportRecords(f.view, options, control);
    progress.finish();
    if (!result) {
        QString reason = result.error;
        if (result.conflictCount > 0)
            reason = existsAlready() + (result.conflictCount > 1
                                            ? Tr::tr("; %1 more files exist").arg(result.conflictCount - 1)
                                            : QString());
        fileError(result.errorPath.isEmpty() ? path : result.errorPath, reason);
        for (const QString& left : result.remaining)
            fileError(left, Tr::tr("written before the failure and could not be removed"));
        if (result.remainingCount > quint64(result.remaining.size()))
            fileError(options.folder, Tr::tr("%1 more files written before the failure could not be removed")
                                          .arg(result.remainingCount - quint64(result.remaining.size())));
        return Failure;
    }
    return Success;
}

} // namespace idx::cli
