// Finding, loading and calling the image commands' module.
#include "imagemodule.h"

#include "clitr.h"
#include "console.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibrary>

namespace idx::cli {

QStringList imageModuleCandidates()
{
    const QDir dir(QCoreApplication::applicationDirPath());
    const QString file = QStringLiteral(IDXSCOPE_CLI_MODULE_FILE);
    const QString installed = QStringLiteral(IDXSCOPE_CLI_MODULE_DIR); // empty: installed beside it
    QStringList places{dir.filePath(file)};
    if (!installed.isEmpty())
        places << QDir::cleanPath(dir.filePath(installed + QLatin1Char('/') + file));
    return places;
}

int runInImageModule(const QStringList& args)
{
    const QStringList candidates = imageModuleCandidates();
    for (const QString& path : candidates) {
        if (!QFileInfo::exists(path))
            continue;
        QLibrary module(path);
        if (!module.load())
            return fileError(
                path,
                Tr::tr("the module of the image commands could not be loaded: %1").arg(module.errorString()));
        using Entry = int (*)(const QStringList*);
        const auto entry = reinterpret_cast<Entry>(module.resolve("idxscope_cli_image_command"));
        if (!entry)
            return fileError(
                path, Tr::tr("is not the module of the image commands (%1)").arg(module.errorString()));
        return entry(&args);
    }
    QStringList places;
    for (const QString& path : candidates)
        places << displayPath(path);
    return fileError(candidates.constFirst(),
                     Tr::tr("'%1' needs the module of the image commands, which is missing (looked for it "
                            "at: %2)")
                         .arg(args.value(1), places.join(QStringLiteral(", "))));
}

} // namespace idx::cli
