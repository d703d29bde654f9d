// `idxscope-cli import-png DIR OUT`: a folder of same-sized PNGs into an IDX images file, labels from the
// file names or a CSV.
#include "clicommon.h"
#include "clitr.h"
#include "imagecommands.h"
#include "importoptions.h"

#include "pngimport.h"

#include <QFileInfo>

namespace idx::cli {

int cmdImportPng(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("import-png"),
        Tr::tr("Imports the PNG files directly inside DIR (in natural name order; all of one size; colour\n"
               "converted to gray) into a new uint8 IDX images file. With --labels-out, a labels file\n"
               "is written too: labels from the names (NAME_LABEL.png, as 'export --labels' names them)\n"
               "or, with --labels-csv, from lines 'filename,label'. Writing is atomic."),
        QStringLiteral("DIR OUT-images"));
    cl.addPositional(QStringLiteral("DIR"), Tr::tr("The folder of PNG files."));
    cl.addPositional(QStringLiteral("OUT-images"), Tr::tr("The IDX images file to write."));
    cl.addOption(
        {QStringLiteral("labels-out"), Tr::tr("The IDX labels file to write."), QStringLiteral("FILE")});
    cl.addOption({QStringLiteral("labels-csv"),
                  Tr::tr("Labels from a CSV of filename,label (needs --labels-out)."),
                  QStringLiteral("FILE")});
    addGzOption(cl);
    if (const auto done = cl.parse(args, 2, 2))
        return *done;

    PngImportOptions o;
    o.folder = cl.positional().at(0);
    o.imagesPath = cl.positional().at(1);
    const bool labelsOut = cl.isSet(QStringLiteral("labels-out"));
    if (!cl.needs(QStringLiteral("labels-csv"), QStringLiteral("labels-out"),
                  Tr::tr("--labels-csv needs --labels-out (the labels file to write)")))
        return Usage;
    if (labelsOut && cl.value(QStringLiteral("labels-out")).isEmpty())
        return cl.usage(Tr::tr("--labels-out wants a file name"));
    o.labels = !labelsOut
                   ? LabelSource::None
                   : (cl.isSet(QStringLiteral("labels-csv")) ? LabelSource::Csv : LabelSource::FileNames);
    o.labelsPath = cl.value(QStringLiteral("labels-out"));
    o.labelsCsv = cl.value(QStringLiteral("labels-csv"));
    o.container = outputContainer(cl, o.imagesPath);
    if (!QFileInfo(o.folder).isDir())
        return fileError(o.folder,
                         QFileInfo::exists(o.folder) ? Tr::tr("is not a folder") : Tr::tr("no such folder"));
    for (const QString& target : {o.imagesPath, o.labelsPath})
        if (const auto refused = refuseFolder(target))
            return *refused;

    TerminalProgress progress(Tr::tr("reading"));
    const Control control = progress.control();
    const PngImportResult r = importPngFolder(o, control);
    progress.finish();
    if (!r)
        return fileError(r.errorPath.isEmpty() ? o.folder : r.errorPath, r.error);
    for (const QString& note : r.notes)
        fileWarning(o.folder, note);
    out(Tr::tr("%1 images of %2x%3 written to %4\n")
            .arg(r.files.size())
            .arg(r.width)
            .arg(r.height)
            .arg(displayPath(o.imagesPath)));
    return Success;
}

} // namespace idx::cli
