// malformedbench [--repeat N]: the malformed suite's timing figures, which tst_malformed does not check (it
// keeps only a hang guard). Runs every case through `idxscope-cli validate` and guiprobe N times (default 5)
// as tst_malformed does, and prints each case's median and worst wall time per child, the slowest child of
// each kind and the whole suite's time. Output is "key: value" lines.
#include "malformedrun.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

namespace {
struct Figure {
    double median = 0;
    double worst = 0;
};

Figure figure(std::vector<double> t)
{
    std::sort(t.begin(), t.end());
    return {t[t.size() / 2], t.back()};
}
} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const qsizetype at = args.indexOf(QStringLiteral("--repeat"));
    const int repeat = at > 0 ? std::max(1, args.value(at + 1).toInt()) : 5;
    QTemporaryDir dir;
    const std::vector<mf::Case> cases = mf::cases();
    const QHash<QString, QString> paths =
        dir.isValid() ? mf::materializeAll(dir.path(), cases) : QHash<QString, QString>();
    if (paths.isEmpty()) {
        std::fprintf(stderr, "malformedbench: cannot write the cases\n");
        return 1;
    }
    const QString programs[2] = {QStringLiteral(IDXSCOPE_CLI), QStringLiteral(IDXSCOPE_GUIPROBE)};
    const char* kinds[2] = {"cli", "gui"};
    Figure slowest[2];
    QString slowestCase[2];
    double total = 0;
    for (const mf::Case& c : cases) {
        for (int k = 0; k < 2; ++k) {
            QStringList a = {paths.value(c.name)};
            if (k == 0)
                a.prepend(QStringLiteral("validate"));
            std::vector<double> t;
            for (int i = 0; i < repeat; ++i) {
                const mf::Run r = mf::runChild(programs[k], a, c, dir.path(), 120000);
                if (!r.finished) {
                    std::fprintf(stderr, "malformedbench: %s %s: %s\n", kinds[k], qPrintable(c.name),
                                 qPrintable(r.output));
                    return 1;
                }
                t.push_back(r.wallMs);
                total += r.wallMs;
            }
            const Figure f = figure(t);
            std::printf("%s.%s_ms: %.1f / %.1f (median / worst of %d)\n", qPrintable(c.name), kinds[k],
                        f.median, f.worst, repeat);
            if (f.worst > slowest[k].worst) {
                slowest[k] = f;
                slowestCase[k] = c.name;
            }
        }
    }
    for (int k = 0; k < 2; ++k)
        std::printf("slowest_%s_child_ms: %.1f / %.1f (median / worst of %d, %s)\n", kinds[k],
                    slowest[k].median, slowest[k].worst, repeat, qPrintable(slowestCase[k]));
    std::printf("suite_ms: %.0f (mean of %d passes over %d cases, both children)\n", total / repeat, repeat,
                int(cases.size()));
    return 0;
}
