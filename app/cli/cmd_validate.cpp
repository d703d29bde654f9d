// `idxscope-cli validate FILE...`: one verdict line per file on stdout; exit 1 if any file is invalid.
#include "clicommon.h"
#include "clitr.h"
#include "commands.h"

namespace idx::cli {

int cmdValidate(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("validate"),
        Tr::tr(
            "Checks IDX files and prints one line per file: 'FILE: OK', 'FILE: OK with warnings: ...'\n"
            "or 'FILE: error: ...'. A truncated payload is an error. Exit status 1 if any file is invalid."),
        QStringLiteral("FILE..."));
    cl.addPositional(QStringLiteral("FILE"), Tr::tr("IDX files (raw, .gz or .xz)."),
                     QStringLiteral("FILE..."));
    cl.addReadOptions();
    if (const auto done = cl.parse(args, 1))
        return *done;

    int status = Success;
    for (const QString& path : cl.positional()) {
        const LoadedFile f = loadFile(path, cl.openOptions());
        const QString name = displayPath(path);
        const QString hints = remedyHints(f).join(QStringLiteral("; "));
        const QString tryThis = hints.isEmpty() ? QString() : Tr::tr(" (try %1)").arg(hints);
        if (!f.ok()) {
            status = Failure;
            out(Tr::tr("%1: error: %2%3\n").arg(name, f.error, tryThis));
            continue;
        }
        const QStringList warnings = f.warnings();
        if (warnings.isEmpty())
            out(Tr::tr("%1: OK\n").arg(name));
        else
            out(Tr::tr("%1: OK with warnings: %2%3\n")
                    .arg(name, warnings.join(QStringLiteral("; ")), tryThis));
    }
    return status;
}

} // namespace idx::cli
