// idxscope-mimequery FILE...: prints "FILE<TAB>media type" per file as QMimeDatabase sees it (name and
// content), for staged_install.sh, which points XDG_DATA_DIRS at a staged share/ directory.
#include <QCoreApplication>
#include <QMimeDatabase>

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QMimeDatabase db;
    const QStringList files = QCoreApplication::arguments().mid(1);
    for (const QString& file : files)
        std::printf("%s\t%s\n", qPrintable(file), qPrintable(db.mimeTypeForFile(file).name()));
    return 0;
}
