// `idxscope-cli convert IN OUT [--records A:B]`: to .npy, .csv, gzip IDX (.gz), xz IDX (.xz) or raw IDX, by
// OUT's name. A CSV of a recognised label table (QMNIST's) begins with a line naming its columns. A
// compressed IDX file converted whole to IDX or .npy streams through (core's streamToIdx, streamToNpy).
#include "clicommon.h"
#include "clitr.h"
#include "commands.h"

#include "dataset.h"
#include "idxfile.h"
#include "streamconvert.h"
#include "writer.h"

#include <QFileInfo>

namespace idx::cli {

namespace {
// A conversion is made from a file that stays: a new file is not waited for until it is on the disk (as gzip,
// xz and cp do not: a power loss just after may leave it missing or short), a file it replaces still is
// (after a power loss, the old one or the whole new one).
constexpr Durability kDurability = Durability::SyncedWhenReplacing;
} // namespace

int cmdConvert(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("convert"),
        Tr::tr(
            "Converts an IDX file by the output's name: .npy (NumPy), .csv, .gz (gzip IDX), .xz (xz\n"
            "IDX), anything else raw IDX. Writing is atomic: an existing OUT is replaced only on success,\n"
            "and once the new file is on the disk; a new OUT is not waited for (as with gzip -d).\n"
            "The CSV of a known label table (QMNIST's) begins with a line of its column names."),
        QStringLiteral("IN OUT"));
    cl.addPositional(QStringLiteral("IN"), Tr::tr("An IDX file (raw, .gz or .xz)."));
    cl.addPositional(QStringLiteral("OUT"), Tr::tr("The file to write."));
    cl.addRecordsOption(Tr::tr("Only records A:B (half-open; ':100', '500:')."));
    cl.addReadOptions();
    if (const auto done = cl.parse(args, 2, 2))
        return *done;

    const QString in = cl.positional().at(0);
    const QString target = cl.positional().at(1);
    if (const auto refused = refuseFolder(target))
        return *refused;
    const QString suffix = QFileInfo(target).suffix().toLower();
    const bool npy = suffix == QLatin1String("npy");
    if (!cl.isSet(QStringLiteral("records")) && suffix != QLatin1String("csv")) {
        // A compressed IDX file converted whole to IDX or .npy: decoded and written as it goes, never whole
        // in memory. Its problems are reported as loadFile's would be, without reading it again.
        const auto file = IdxFile::open(in, cl.openOptions());
        if (streamsToIdx(*file) && firstError(file->diagnostics()).isEmpty()) {
            TerminalProgress progress(Tr::tr("converting"));
            const WriteResult written =
                npy ? streamToNpy(*file, target, progress.control(), kDurability)
                    : streamToIdx(*file, target, containerForPath(target), progress.control(), kDurability);
            progress.finish();
            LoadedFile f;
            f.path = in;
            f.file = file;
            f.view = file->view(); // its first megabyte only: the rest went to the target
            f.diagnostics = file->diagnostics();
            f.error = firstError(f.diagnostics);
            if (!f.error.isEmpty()) {
                f.remedies = findRemedies(*file);
                return loadError(f);
            }
            if (!written)
                return fileError(target, written.error);
            // The warnings and their repair hints, judged as loadFile's are: from a sample of the payload,
            // here its first megabyte, which the file kept.
            if (!f.diagnostics.isEmpty())
                f.remedies = findRemedies(*file);
            printWarnings(f);
            return Success;
        }
    }
    const LoadedFile f = loadFile(in, cl.openOptions());
    if (!f.ok())
        return loadError(f);
    const auto range = cl.records(f.view.recordCount());
    if (!range)
        return Usage;
    if (const QString why = f.inexactReading(); !why.isEmpty())
        return fileError(in, why);
    printWarnings(f);

    const RecordRange records{range->first, range->end};
    TerminalProgress progress(Tr::tr("writing"));
    const Control control = progress.control();
    WriteResult result;
    if (npy)
        result = writeNpy(target, f.view, records, control, kDurability);
    else if (suffix == QLatin1String("csv"))
        result = writeCsv(target, f.view, records, control,
                          columnNamesOf(identifyDataset(f.view), f.view.header()), kDurability);
    else
        result = writeIdx(target, f.view, records, containerForPath(target), control, kDurability);
    progress.finish();
    if (!result)
        return fileError(target, result.error);
    return Success;
}

} // namespace idx::cli
