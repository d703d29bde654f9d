// idxscope-cli: the top level. Picks the command, prints the overall help and the version.
#include "cli.h"

#include "clitr.h"
#include "commands.h"
#include "console.h"
#include "imagemodule.h"

#include <QCoreApplication>

namespace idx::cli {

namespace {

struct CommandEntry {
    const char* name;
    int (*run)(const QStringList&); // nullptr: a command that draws, run in the image module (imagemodule.h)
    const char* summary;
};

const CommandEntry kCommands[] = {
    {"info", cmdInfo,
     QT_TRANSLATE_NOOP("idxscope_cli", "header, sizes, byte order, companion file, warnings")},
    {"stats", cmdStats,
     QT_TRANSLATE_NOOP("idxscope_cli", "value statistics and histogram, per label if asked")},
    {"export", nullptr, QT_TRANSLATE_NOOP("idxscope_cli", "records as PNG files, or one contact sheet")},
    {"convert", cmdConvert, QT_TRANSLATE_NOOP("idxscope_cli", "to .npy, .csv, gzip or xz IDX, or raw IDX")},
    {"validate", cmdValidate, QT_TRANSLATE_NOOP("idxscope_cli", "check files: OK, warnings or error")},
    {"repair", cmdRepair,
     QT_TRANSLATE_NOOP("idxscope_cli", "rewrite a misread file as canonical IDX (another type, byte order)")},
    {"thumbnail", nullptr, QT_TRANSLATE_NOOP("idxscope_cli", "a PNG thumbnail (for file managers)")},
    {"import-png", nullptr,
     QT_TRANSLATE_NOOP("idxscope_cli", "a folder of PNG files into IDX images (and labels)")},
    {"import-npy", cmdImportNpy, QT_TRANSLATE_NOOP("idxscope_cli", "a NumPy .npy array into IDX")},
    {"sprite", nullptr,
     QT_TRANSLATE_NOOP("idxscope_cli", "a TensorBoard Projector sprite sheet and metadata.tsv")},
    {"audit", cmdAudit,
     QT_TRANSLATE_NOOP("idxscope_cli", "duplicates, suspected label errors, outliers, train/test leakage")},
    {"map", nullptr,
     QT_TRANSLATE_NOOP("idxscope_cli", "every record a point in the plane (CSV, .npy, PNG, SVG)")},
    {"diff", cmdDiff,
     QT_TRANSLATE_NOOP("idxscope_cli", "what differs between two files: header, records, labels, alignment")},
};

QString topLevelHelp()
{
    QString text =
        Tr::tr("Usage: %1 COMMAND [options] [arguments]\n"
               "Inspect, check, convert and compare IDX tensor files (the MNIST format; raw, gzip or xz).\n\n"
               "Commands:\n")
            .arg(QLatin1String(kProgram));
    for (const auto& c : kCommands)
        text += QStringLiteral("  %1%2\n")
                    .arg(QLatin1String(c.name), -12)
                    .arg(QCoreApplication::translate("idxscope_cli", c.summary));
    text += Tr::tr("\nOptions:\n"
                   "  -h, --help     Show this help; '%1 COMMAND --help' shows a command's options.\n"
                   "  -v, --version  Show the version.\n\n"
                   "Exit status: 0 success, 1 a file could not be read or is not valid IDX, 2 bad usage;\n"
                   "diff: 0 equal, 1 different, 2 trouble (as cmp and diff).\n")
                .arg(QLatin1String(kProgram));
    return text;
}

} // namespace

int run(const QStringList& args)
{
    if (args.size() < 2)
        return usageError(Tr::tr("no command given"));
    const QString first = args.at(1);
    if (first == QLatin1String("-h") || first == QLatin1String("--help") || first == QLatin1String("-?") ||
        first == QLatin1String("help")) {
        if (first == QLatin1String("help") && args.size() > 2) // "help CMD" = "CMD --help"
            return run({args.at(0), args.at(2), QStringLiteral("--help")});
        out(topLevelHelp());
        return Success;
    }
    if (first == QLatin1String("-v") || first == QLatin1String("--version")) {
        out(QStringLiteral("%1 %2\n").arg(QLatin1String(kProgram), QLatin1String(IDXSCOPE_VERSION)));
        return Success;
    }
    for (const auto& c : kCommands)
        if (first == QLatin1String(c.name))
            return c.run ? c.run(args) : runInImageModule(args);
    if (first.startsWith(QLatin1Char('-')))
        return usageError(Tr::tr("unknown option '%1' (options come after the command)").arg(first));
    return usageError(Tr::tr("unknown command '%1'").arg(first));
}

} // namespace idx::cli
