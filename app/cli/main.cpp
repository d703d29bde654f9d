// idxscope-cli: hands the command line to the CLI library.
#include "cli.h"

#include <QCoreApplication>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    return idx::cli::run(QCoreApplication::arguments());
}
