// `idxscope-cli stats FILE [--records A:B] [--labels FILE] [--bins N] [--json]`: value statistics.
#include "clicommon.h"
#include "clitr.h"
#include "commands.h"

#include "companion.h"
#include "stats.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace idx::cli {

namespace {

constexpr IntOption kBins{"bins", "N", 1, 1 << 20};

void insertFigures(QJsonObject& o, const Stats& s)
{
    o.insert(QStringLiteral("min"), s.min);
    o.insert(QStringLiteral("max"), s.max);
    o.insert(QStringLiteral("mean"), s.mean);
    o.insert(QStringLiteral("std"), s.std);
    o.insert(QStringLiteral("nan"), double(s.nan));
    o.insert(QStringLiteral("posinf"), double(s.posinf));
    o.insert(QStringLiteral("neginf"), double(s.neginf));
    o.insert(QStringLiteral("zeros"), double(s.zeros));
}

QJsonObject statsObject(const Stats& s)
{
    QJsonObject o;
    o.insert(QStringLiteral("count"), double(s.count));
    insertFigures(o, s);
    QJsonArray edges, counts;
    for (double e : s.histogram.edges)
        edges.append(e);
    for (quint64 c : s.histogram.counts)
        counts.append(double(c));
    o.insert(QStringLiteral("histogram"),
             QJsonObject{{QStringLiteral("edges"), edges}, {QStringLiteral("counts"), counts}});
    return o;
}

// Per class: `count` is the number of records (what people ask of a labels file), `elements` the values.
QJsonObject classObject(const ClassStats& c)
{
    QJsonObject o;
    o.insert(QStringLiteral("count"), double(c.records));
    o.insert(QStringLiteral("elements"), double(c.stats.count));
    insertFigures(o, c.stats);
    return o;
}

QString number(double v)
{
    return QString::number(v, 'g', 10);
}

QString statsText(const QString& path, const Range& range, const Stats& s)
{
    const QList<std::pair<QString, QString>> lines = {
        {Tr::tr("count"), QString::number(s.count)},
        {Tr::tr("min"), number(s.min)},
        {Tr::tr("max"), number(s.max)},
        {Tr::tr("mean"), number(s.mean)},
        {Tr::tr("std"), number(s.std)},
        {Tr::tr("nan"), QString::number(s.nan)},
        {Tr::tr("+inf"), QString::number(s.posinf)},
        {Tr::tr("-inf"), QString::number(s.neginf)},
        {Tr::tr("zeros"), QString::number(s.zeros)},
        {Tr::tr("histogram"), Tr::tr("%1 bins (--json lists them)").arg(s.histogram.counts.size())}};
    // The values in one column, after the longest key of the language spoken.
    qsizetype width = 0;
    for (const auto& [key, value] : lines)
        width = std::max(width, key.size() + 1);
    QString t = Tr::tr("%1 (records %2:%3)\n")
                    .arg(displayPath(path), QString::number(range.first), QString::number(range.end));
    for (const auto& [key, value] : lines)
        t += QStringLiteral("  %1 %2\n").arg(key + QLatin1Char(':'), -int(width)).arg(value);
    return t;
}

QString labelText(const LabelStats& ls, const ClassNames& names)
{
    QString t = Tr::tr("  per label:\n");
    t += QStringLiteral("    %1 %2 %3 %4 %5 %6\n")
             .arg(Tr::tr("label"), 8)
             .arg(Tr::tr("records"), 9)
             .arg(Tr::tr("min"), 12)
             .arg(Tr::tr("max"), 12)
             .arg(Tr::tr("mean"), 12)
             .arg(Tr::tr("std"), 12);
    for (const ClassStats& c : ls.classes)
        t += QStringLiteral("    %1 %2 %3 %4 %5 %6%7\n")
                 .arg(c.label, 8)
                 .arg(c.records, 9)
                 .arg(number(c.stats.min), 12)
                 .arg(number(c.stats.max), 12)
                 .arg(number(c.stats.mean), 12)
                 .arg(number(c.stats.std), 12)
                 .arg(names.name(c.label).isEmpty() ? QString() : QStringLiteral("  ") + names.name(c.label));
    if (ls.unlabelled)
        t += Tr::tr("    %1 records without a label\n").arg(ls.unlabelled);
    return t;
}

} // namespace

int cmdStats(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("stats"),
        Tr::tr("Value statistics of an IDX file (or a range of its records): count, min, max, mean,\n"
               "population std, NaN/+Inf/-Inf and zero counts, a histogram; per label with --labels."),
        QStringLiteral("FILE"));
    cl.addPositional(QStringLiteral("FILE"), Tr::tr("An IDX file (raw, .gz or .xz)."));
    cl.addRecordsOption();
    cl.addLabelsOption(Tr::tr("Labels file: also statistics per label."));
    cl.addOption(kBins, Tr::tr("Histogram bins for 16-bit and wider types (default 256; 8-bit types "
                               "get one bin per value)."));
    cl.addJsonOption();
    cl.addReadOptions();
    cl.addClassNamesOption();
    if (const auto done = cl.parse(args, 1, 1))
        return *done;
    if (!cl.classNamesHaveLabels())
        return Usage;
    const std::optional<ClassNames> given = cl.classNames();
    if (!given)
        return Failure;

    StatsOptions options;
    if (!cl.read(kBins, &options.bins))
        return Usage;
    const QString path = cl.positional().at(0);
    const LoadedFile f = loadFile(path, cl.openOptions());
    if (!f.ok())
        return loadError(f);

    const auto range = cl.records(f.view.recordCount());
    if (!range)
        return Usage;
    options.firstRecord = range->first;
    options.endRecord = range->end;

    const auto labels = loadLabels(cl.labelsPath(), f.view.header());
    if (!labels)
        return Failure;

    const bool json = cl.json();
    if (!json)
        printWarnings(f, *labels);

    TerminalProgress progress(Tr::tr("statistics"));
    const Control control = progress.control();
    const auto stats = computeStats(f.view, options, control);
    progress.finish();
    if (!stats)
        return fileError(path, Tr::tr("the statistics could not be computed"));
    std::optional<LabelStats> labelStats;
    ClassNames names;
    if (!labels->path.isEmpty()) {
        labelStats = computeLabelStats(f.view, labelClasses(labels->view), options);
        names = namesForLabels(labels->view, *given);
        if (!labelStats)
            return fileError(path, Tr::tr("the per-label statistics could not be computed"));
    }

    if (json) {
        QJsonObject o = statsObject(*stats);
        o.insert(QStringLiteral("file"), displayPath(path));
        o.insert(QStringLiteral("records"), QJsonArray{double(range->first), double(range->end)});
        o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(f.warnings() + labels->warnings()));
        if (labelStats) {
            QJsonObject perLabel;
            for (const ClassStats& c : labelStats->classes) {
                QJsonObject entry = classObject(c);
                const QString name = names.name(c.label);
                entry.insert(QStringLiteral("name"), name.isEmpty() ? QJsonValue() : QJsonValue(name));
                perLabel.insert(QString::number(c.label), entry);
            }
            o.insert(QStringLiteral("per_label"), perLabel);
            o.insert(QStringLiteral("labels"), displayPath(labels->path));
            o.insert(QStringLiteral("unlabelled"), double(labelStats->unlabelled));
        }
        printJson(QJsonDocument(o));
    } else {
        out(statsText(path, *range, *stats) + (labelStats ? labelText(*labelStats, names) : QString()));
    }
    return Success;
}

} // namespace idx::cli
