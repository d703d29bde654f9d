// idxscope-cli: hands the command line to the CLI library.
#include "cli.h"
#include "translations.h"

#include <QCoreApplication>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    // Messages and help in the system's language. What scripts read does not change with it: exit statuses,
    // CSV and the whole of --json output, whose descriptions and messages stay English.
    if (!QCoreApplication::arguments().contains(QStringLiteral("--json")))
        idx::i18n::installTranslations(&app);
    return idx::cli::run(QCoreApplication::arguments());
}
