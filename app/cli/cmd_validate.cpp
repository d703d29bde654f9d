// `idxscope-cli validate FILE...`: one verdict line per file on stdout; exit 1 if any file is invalid.
#include "clicommon.h"
#include "commands.h"

#include <QCoreApplication>

namespace idx::cli {

namespace {
QString tr(const char* s)
{
    return QCoreApplication::translate("idxscope-cli", s);
}
} // namespace

int cmdValidate(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("validate"),
        tr("Checks IDX files and prints one line per file: 'FILE: OK', 'FILE: OK with warnings: ...'\n"
           "or 'FILE: error: ...'. A truncated payload is an error. Exit status 1 if any file is invalid."),
        QStringLiteral("FILE..."));
    cl.addPositional(QStringLiteral("validate"), tr("The command."), QStringLiteral("validate"));
    cl.addPositional(QStringLiteral("FILE"), tr("IDX files (raw, .gz or .xz)."), QStringLiteral("FILE..."));
    cl.addReadOptions();
    if (const auto done = cl.parse(args, 1))
        return *done;
    const std::optional<OpenOptions> readOptions = cl.readOptions();
    if (!readOptions)
        return Usage;

    int status = Success;
    for (const QString& path : cl.positional()) {
        const LoadedFile f = loadFile(path, *readOptions);
        const QString name = displayPath(path);
        const QString hints = remedyHints(f).join(QStringLiteral("; "));
        const QString tryThis = hints.isEmpty() ? QString() : tr(" (try %1)").arg(hints);
        if (!f.ok()) {
            status = Failure;
            out(tr("%1: error: %2%3\n").arg(name, f.error, tryThis));
            continue;
        }
        const QStringList warnings = f.warnings();
        if (warnings.isEmpty())
            out(tr("%1: OK\n").arg(name));
        else
            out(tr("%1: OK with warnings: %2%3\n").arg(name, warnings.join(QStringLiteral("; ")), tryThis));
    }
    return status;
}

} // namespace idx::cli
