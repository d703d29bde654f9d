// `idxscope-cli convert IN OUT [--records A:B]`: to .npy, .csv, gzip IDX (.gz), xz IDX (.xz) or raw IDX, by
// OUT's name.
#include "clicommon.h"
#include "commands.h"

#include "writer.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace idx::cli {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idxscope_cli)
};
} // namespace

int cmdConvert(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("convert"),
        Tr::tr(
            "Converts an IDX file by the output's name: .npy (NumPy), .csv, .gz (gzip IDX), .xz (xz\n"
            "IDX), anything else raw IDX. Writing is atomic: an existing OUT is replaced only on success."),
        QStringLiteral("IN OUT"));
    cl.addPositional(QStringLiteral("convert"), Tr::tr("The command."), QStringLiteral("convert"));
    cl.addPositional(QStringLiteral("IN"), Tr::tr("An IDX file (raw, .gz or .xz)."));
    cl.addPositional(QStringLiteral("OUT"), Tr::tr("The file to write."));
    cl.addOption({QStringLiteral("records"), Tr::tr("Only records A:B (half-open; ':100', '500:')."),
                  QStringLiteral("A:B")});
    cl.addReadOptions();
    if (const auto done = cl.parse(args, 2, 2))
        return *done;
    const std::optional<OpenOptions> readOptions = cl.readOptions();
    if (!readOptions)
        return Usage;

    const QString in = cl.positional().at(0);
    const QString target = cl.positional().at(1);
    if (QFileInfo(target).isDir())
        return fileError(target, Tr::tr("is a folder; give the name of the file to write"));
    const LoadedFile f = loadFile(in, *readOptions);
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
    if (const QString why = f.inexactReading(); !why.isEmpty())
        return fileError(in, why);
    printWarnings(f);

    const RecordRange records{range.first, range.end};
    TerminalProgress progress(Tr::tr("writing"));
    Control control;
    control.progress = [&progress](qint64 done, qint64 total) { progress.update(done, total); };
    const QString suffix = QFileInfo(target).suffix().toLower();
    WriteResult result;
    if (suffix == QLatin1String("npy"))
        result = writeNpy(target, f.view, records, control);
    else if (suffix == QLatin1String("csv"))
        result = writeCsv(target, f.view, records, control);
    else
        result = writeIdx(target, f.view, records, containerForPath(target), control);
    progress.finish();
    if (!result)
        return fileError(target, result.error);
    return Success;
}

} // namespace idx::cli
