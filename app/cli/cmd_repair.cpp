// `idxscope-cli repair IN OUT [--type NAME] [--byte-order ORDER] [--ignore-trailing] [--auto]`: reads IN the
// way the options (or, with --auto, the unambiguous remedies) say and writes it as canonical big-endian IDX.
#include "clicommon.h"
#include "clitr.h"
#include "commands.h"

#include "writer.h"

#include <algorithm>

namespace idx::cli {

namespace {
// Applies unambiguous remedies one at a time (a reversed header first, then what reading it that way shows)
// until the file reads cleanly or none is left.
LoadedFile autoRepair(const QString& path, OpenOptions options)
{
    LoadedFile f = loadFile(path, options);
    for (int round = 0; round < 4 && !f.diagnostics.isEmpty(); ++round) {
        const auto it =
            std::find_if(f.remedies.begin(), f.remedies.end(), [](const Remedy& r) { return r.unambiguous; });
        if (it == f.remedies.end())
            break;
        options = it->options;
        f = loadFile(path, options);
    }
    return f;
}
} // namespace

int cmdRepair(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("repair"),
        Tr::tr("Writes IN as canonical IDX (big-endian, the declared payload only), read as the options\n"
               "say: --type for a wrong or unknown type code, --byte-order little for a little-endian\n"
               "payload or a whole-file little-endian IDX. With --auto, applies only the unambiguous\n"
               "remedies (a reversed header that reads whole, a payload whose bytes read little-endian,\n"
               "the one plausible type of a payload that is an exact multiple of the declared size);\n"
               "otherwise exits 1 listing the candidates. OUT's name chooses the container (.gz, .xz,\n"
               "else raw); writing is atomic."),
        QStringLiteral("IN OUT"));
    cl.addPositional(QStringLiteral("IN"), Tr::tr("The file to repair (raw, .gz or .xz)."));
    cl.addPositional(QStringLiteral("OUT"), Tr::tr("The IDX file to write."));
    cl.addReadOptions();
    cl.addOption({QStringLiteral("auto"), Tr::tr("Apply the unambiguous remedies found in IN.")});
    if (const auto done = cl.parse(args, 2, 2))
        return *done;
    const QString in = cl.positional().at(0);
    const QString target = cl.positional().at(1);
    if (const auto refused = refuseFolder(target))
        return *refused;

    const bool automatic = cl.isSet(QStringLiteral("auto"));
    const LoadedFile f = automatic ? autoRepair(in, cl.openOptions()) : loadFile(in, cl.openOptions());
    if (automatic) {
        // What is left needs a choice: the candidates, and nothing written.
        QStringList left;
        for (const Remedy& r : f.remedies)
            left << QStringLiteral("  %1\n").arg(describeRemedy(r));
        if (!f.ok() || !left.isEmpty()) {
            fileError(in, f.ok() ? Tr::tr("no unambiguous repair: choose one of the candidates")
                                 : f.error + (left.isEmpty() ? Tr::tr("; no repair is known for this")
                                                             : Tr::tr("; no unambiguous repair")));
            if (!left.isEmpty())
                err(Tr::tr("candidates (give their options instead of --auto):\n") + left.join(QString()));
            return Failure;
        }
    } else if (!f.ok()) {
        return loadError(f);
    }
    if (const QString why = f.inexactReading(); !why.isEmpty())
        return fileError(in, why);
    for (const QString& w : f.warnings())
        fileWarning(in, w);

    TerminalProgress progress(Tr::tr("writing"));
    const Control control = progress.control();
    const WriteResult result = writeIdx(target, f.view, {}, containerForPath(target), control);
    progress.finish();
    if (!result)
        return fileError(target, result.error);
    const QString how = f.file->options().describe();
    out(Tr::tr("%1: wrote %2 (%3, %4)%5\n")
            .arg(displayPath(in), displayPath(target), dtypeName(f.view.dtype()),
                 f.view.header().shapeString(), how.isEmpty() ? QString() : QStringLiteral(": ") + how));
    return Success;
}

} // namespace idx::cli
