// gen_malformed DIR: writes the malformed-file suite into DIR (for trying the files by hand in the GUI or
// CLI).
#include "malformedcases.h"

#include <QCoreApplication>

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: gen_malformed DIR\n");
        return 2;
    }
    const QString dir = QString::fromLocal8Bit(argv[1]);
    QDir().mkpath(dir);
    int n = 0;
    for (const mf::Case& c : mf::cases()) {
        if (c.kind == mf::Kind::Missing)
            continue;
        if (mf::materialize(dir, c).isEmpty()) {
            std::fprintf(stderr, "gen_malformed: cannot write %s\n", qPrintable(c.name));
            return 1;
        }
        ++n;
    }
    std::printf("gen_malformed: %d files in %s\n", n, qPrintable(dir));
    return 0;
}
