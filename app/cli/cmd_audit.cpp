// `idxscope-cli audit IMAGES [--labels FILE] [--against IMAGES2 [--against-labels FILE2]] [--top N]
// [--json]`: duplicates, near duplicates, suspected label errors and outliers (core/insights/audit.h), in
// text or JSON.
#include "clicommon.h"
#include "clitr.h"
#include "commands.h"

#include "audit.h"
#include "companion.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <exception>
#include <limits>

namespace idx::cli {

namespace {

constexpr IntOption kTop{"top", "N", 0, std::numeric_limits<int>::max()};

struct Writer {
    bool two = false;
    ClassNames names; // of the first file's labels (known dataset or --class-names)

    [[nodiscard]] QJsonValue ref(const RecordRef& r) const
    {
        if (!two)
            return double(r.record);
        return QJsonObject{{QStringLiteral("file"), r.file}, {QStringLiteral("record"), double(r.record)}};
    }
    [[nodiscard]] QString text(const RecordRef& r) const
    {
        return two ? QStringLiteral("%1:%2")
                         .arg(r.file == 0 ? QStringLiteral("A") : QStringLiteral("B"))
                         .arg(r.record)
                   : QString::number(r.record);
    }
};

qsizetype shown(qsizetype size, qint64 top)
{
    return top < 0 ? size : std::min<qsizetype>(size, qsizetype(top));
}

QJsonObject toJson(const AuditResult& r, const std::vector<qint64>& labels, const Writer& w, qint64 top)
{
    QJsonObject o;
    if (w.two)
        o.insert(QStringLiteral("records"), QJsonArray{double(r.records[0]), double(r.records[1])});
    else
        o.insert(QStringLiteral("records"), double(r.records[0]));
    QJsonArray exact;
    for (qsizetype i = 0; i < shown(qsizetype(r.exactDuplicates.size()), top); ++i) {
        QJsonArray group;
        for (const RecordRef& m : r.exactDuplicates[size_t(i)])
            group.append(w.ref(m));
        exact.append(group);
    }
    o.insert(QStringLiteral("exact_duplicates"), exact);
    QJsonArray near;
    for (qsizetype i = 0; i < shown(qsizetype(r.nearDuplicates.size()), top); ++i) {
        const NearDuplicate& p = r.nearDuplicates[size_t(i)];
        near.append(QJsonObject{{QStringLiteral("a"), w.ref(p.a)},
                                {QStringLiteral("b"), w.ref(p.b)},
                                {QStringLiteral("distance"), p.distance}});
    }
    o.insert(QStringLiteral("near_duplicates"), near);
    QJsonArray suspects;
    for (qsizetype i = 0; i < shown(qsizetype(r.labelSuspects.size()), top); ++i) {
        const LabelSuspect& s = r.labelSuspects[size_t(i)];
        suspects.append(QJsonObject{{QStringLiteral("record"), w.ref(s.record)},
                                    {QStringLiteral("label"), double(s.label)},
                                    {QStringLiteral("suggested"), double(s.suggested)},
                                    {QStringLiteral("score"), s.score},
                                    {QStringLiteral("support"), s.support}});
    }
    o.insert(QStringLiteral("label_suspects"), suspects);
    QJsonArray outliers;
    for (qsizetype i = 0; i < shown(qsizetype(r.outliers.size()), top); ++i) {
        const Outlier& x = r.outliers[size_t(i)];
        outliers.append(
            QJsonObject{{QStringLiteral("record"), w.ref(x.record)}, {QStringLiteral("score"), x.score}});
    }
    o.insert(QStringLiteral("outliers"), outliers);
    const std::vector<ClassOverlap> overlap = classOverlap(r.confusion, labels);
    QJsonArray pairs;
    for (qsizetype i = 0; i < shown(qsizetype(overlap.size()), top); ++i) {
        const ClassOverlap& p = overlap[size_t(i)];
        QJsonObject pair{{QStringLiteral("a"), double(p.a)},
                         {QStringLiteral("b"), double(p.b)},
                         {QStringLiteral("count"), double(p.count)},
                         {QStringLiteral("share"), p.share}};
        if (const QString a = w.names.name(p.a); !a.isEmpty())
            pair.insert(QStringLiteral("a_name"), a);
        if (const QString b = w.names.name(p.b); !b.isEmpty())
            pair.insert(QStringLiteral("b_name"), b);
        pairs.append(pair);
    }
    o.insert(QStringLiteral("class_overlap"), pairs);
    o.insert(QStringLiteral("totals"),
             QJsonObject{{QStringLiteral("exact_duplicates"), double(r.exactDuplicates.size())},
                         {QStringLiteral("near_duplicates"), double(r.nearDuplicates.size())},
                         {QStringLiteral("label_suspects"), double(r.labelSuspects.size())},
                         {QStringLiteral("outliers"), double(r.outliers.size())},
                         {QStringLiteral("class_overlap"), double(overlap.size())}});
    const AuditThresholds& t = r.thresholds;
    o.insert(QStringLiteral("thresholds"),
             QJsonObject{{QStringLiteral("neighbours"), t.neighbours},
                         {QStringLiteral("components"), t.components},
                         {QStringLiteral("explained_variance"), t.explainedVariance},
                         {QStringLiteral("median_nearest_distance"), t.medianNearestDistance},
                         {QStringLiteral("near_duplicate_factor"), t.nearDuplicateFactor},
                         {QStringLiteral("near_duplicate_distance"), t.nearDuplicateDistance},
                         {QStringLiteral("outlier_factor"), t.outlierFactor},
                         {QStringLiteral("suspect_share"), t.suspectShare},
                         {QStringLiteral("neighbour_search"),
                          t.approximate ? QStringLiteral("approximate") : QStringLiteral("exact")},
                         {QStringLiteral("recall"), t.recall},
                         {QStringLiteral("recall_sample"), double(t.recallSample)}});
    o.insert(QStringLiteral("cached"), r.fromCache);
    return o;
}

QString toText(const AuditResult& r, const std::vector<qint64>& labels, const Writer& w, qint64 top)
{
    const AuditThresholds& t = r.thresholds;
    QString s;
    auto more = [&](qsizetype size) {
        if (shown(size, top) < size)
            s += Tr::tr("  … %1 more (--top N shows more; without it, all)\n").arg(size - shown(size, top));
    };
    const QString features = t.components > 0 ? Tr::tr("%1 principal components (%2% of the variance)")
                                                    .arg(t.components)
                                                    .arg(t.explainedVariance * 100, 0, 'f', 1)
                                              : Tr::tr("the values themselves");
    s += Tr::tr("Features: %1; %2 neighbours per record%3\n")
             .arg(features)
             .arg(t.neighbours)
             .arg(r.fromCache ? Tr::tr(" (from the cache)") : QString());
    if (t.approximate)
        s += Tr::tr(
                 "Neighbours searched approximately (HNSW): %1% of the true neighbours found, measured on %2 "
                 "records\n")
                 .arg(t.recall * 100, 0, 'f', 1)
                 .arg(t.recallSample);
    s += Tr::tr("\nExact duplicates (equal bytes): %1 groups\n").arg(r.exactDuplicates.size());
    for (qsizetype i = 0; i < shown(qsizetype(r.exactDuplicates.size()), top); ++i) {
        QStringList members;
        for (const RecordRef& m : r.exactDuplicates[size_t(i)])
            members << w.text(m);
        s += QStringLiteral("  %1\n").arg(members.join(QStringLiteral(", ")));
    }
    more(qsizetype(r.exactDuplicates.size()));
    s += Tr::tr("\nNear duplicates (distance at most %1 = %2 × the median nearest-neighbour distance %3): %4 "
                "pairs\n")
             .arg(t.nearDuplicateDistance, 0, 'g', 4)
             .arg(t.nearDuplicateFactor)
             .arg(t.medianNearestDistance, 0, 'g', 4)
             .arg(r.nearDuplicates.size());
    for (qsizetype i = 0; i < shown(qsizetype(r.nearDuplicates.size()), top); ++i) {
        const NearDuplicate& p = r.nearDuplicates[size_t(i)];
        s += QStringLiteral("  %1 ~ %2  %3\n").arg(w.text(p.a), w.text(p.b)).arg(p.distance, 0, 'g', 4);
    }
    more(qsizetype(r.nearDuplicates.size()));
    s += Tr::tr("\nSuspected label errors (another label has more of the neighbours' votes, the nearest "
                "weighing most, and the record's own at most %1%): %2\n")
             .arg(t.suspectShare * 100)
             .arg(r.labelSuspects.size());
    for (qsizetype i = 0; i < shown(qsizetype(r.labelSuspects.size()), top); ++i) {
        const LabelSuspect& x = r.labelSuspects[size_t(i)];
        s += Tr::tr("  %1  label %2, suggested %3 (%4% of the votes)  score %5\n")
                 .arg(w.text(x.record), w.names.caption(x.label), w.names.caption(x.suggested))
                 .arg(qRound(x.support * 100))
                 .arg(x.score, 0, 'f', 2);
    }
    more(qsizetype(r.labelSuspects.size()));
    if (!labels.empty()) {
        const std::vector<ClassOverlap> overlap = classOverlap(r.confusion, labels);
        s += Tr::tr(
                 "\nClass overlap (records of either class whose neighbours vote for the other): %1 pairs\n")
                 .arg(overlap.size());
        // At most ten pairs in text, fewer with --top.
        const qsizetype listed = shown(qsizetype(overlap.size()), top < 0 ? 10 : std::min<qint64>(top, 10));
        for (qsizetype i = 0; i < listed; ++i) {
            const ClassOverlap& p = overlap[size_t(i)];
            s += Tr::tr("  %1 ~ %2  %3 records (%4% of both classes)\n")
                     .arg(w.names.caption(p.a), w.names.caption(p.b))
                     .arg(p.count)
                     .arg(p.share * 100, 0, 'f', 2);
        }
        if (top >= 0 && top < 10)
            more(qsizetype(overlap.size()));
        else if (listed < qsizetype(overlap.size()))
            s += Tr::tr("  … %1 more (--json lists them all)\n").arg(overlap.size() - size_t(listed));
    }
    s += Tr::tr("\nOutliers (mean neighbour distance at least %1 × the median): %2\n")
             .arg(t.outlierFactor)
             .arg(r.outliers.size());
    for (qsizetype i = 0; i < shown(qsizetype(r.outliers.size()), top); ++i)
        s += QStringLiteral("  %1  %2\n")
                 .arg(w.text(r.outliers[size_t(i)].record))
                 .arg(r.outliers[size_t(i)].score, 0, 'f', 2);
    more(qsizetype(r.outliers.size()));
    return s;
}

} // namespace

int cmdAudit(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("audit"),
        Tr::tr("Find exact and near duplicates, suspected label errors and outliers among the records of\n"
               "an images file, and with --against, leakage between two splits (a training and a test\n"
               "file) and test records whose training neighbours carry another label. Records are\n"
               "compared on a PCA projection; k-nearest neighbours, exact (approximate for large files,\n"
               "see --search). Neighbour graphs are cached by content, so a second audit of the same\n"
               "data is quick."),
        QStringLiteral("IMAGES"));
    cl.addPositional(QStringLiteral("IMAGES"), Tr::tr("An IDX images file (raw, .gz or .xz)."));
    cl.addLabelsOption(Tr::tr("Its labels: also suspected label errors and class overlap."));
    cl.addClassNamesOption();
    cl.addOption({QStringLiteral("against"), Tr::tr("A second images file (the other split)."),
                  QStringLiteral("IMAGES2")});
    cl.addOption(
        {QStringLiteral("against-labels"), Tr::tr("The second file's labels."), QStringLiteral("FILE2")});
    cl.addOption(kTop, Tr::tr("List at most N of each finding (default: all)."));
    cl.addOption(kNeighboursOption, Tr::tr("Neighbours per record (default 50)."));
    cl.addOption(kComponentsOption,
                 Tr::tr("PCA components compared (default 50); 0 compares the values themselves."));
    cl.addOption({QStringLiteral("no-cache"), Tr::tr("Neither read nor keep cached neighbour graphs.")});
    cl.addSearchOption();
    cl.addJsonOption();
    if (const auto done = cl.parse(args, 1, 1))
        return *done;
    if (!cl.classNamesHaveLabels())
        return Usage;
    const std::optional<ClassNames> given = cl.classNames();
    if (!given)
        return Failure;
    if (!cl.needs(QStringLiteral("against-labels"), QStringLiteral("against"),
                  Tr::tr("--against-labels names the labels of --against: give the second file too")) ||
        !cl.needs(
            QStringLiteral("against-labels"), QStringLiteral("labels"),
            Tr::tr("--against-labels judges the second file's labels by the first's: give --labels too")))
        return Usage;
    AuditOptions options;
    qint64 top = -1;
    if (!cl.read(kTop, &top) || !cl.read(kNeighboursOption, &options.neighbours) ||
        !cl.read(kComponentsOption, &options.components))
        return Usage;
    const std::optional<NeighbourSearch> search = cl.search();
    if (!search)
        return Usage;
    options.search = *search;
    if (!cl.isSet(QStringLiteral("no-cache")))
        options.cacheDir = defaultAuditCacheDir();

    int status = Success;
    const QString path = cl.positional().at(0);
    const auto first = loadImagesWithLabels(path, cl.labelsPath(), &status);
    if (!first)
        return status;
    std::optional<ImagesInput> second;
    if (cl.isSet(QStringLiteral("against"))) {
        second = loadImagesWithLabels(cl.value(QStringLiteral("against")),
                                      cl.optionalValue(QStringLiteral("against-labels")), &status);
        if (!second)
            return status;
    }
    const bool json = cl.json();
    if (!json) {
        printWarnings(*first);
        if (second)
            printWarnings(*second);
    }

    AuditFile a{first->images.view, labelValues(first->labels)};
    AuditFile b;
    if (second)
        b = {second->images.view, labelValues(second->labels)};
    TerminalProgress progress(Tr::tr("audit"));
    const Control control = progress.control();
    AuditProblem problem;
    std::optional<AuditResult> result;
    try {
        result = audit(a, second ? &b : nullptr, options, control, &problem);
    } catch (const std::bad_alloc&) {
        progress.finish();
        return fileError(path, Tr::tr("not enough memory for the audit of these records"));
    } catch (const std::exception& e) { // OpenBLAS missing (it is opened on first use)
        progress.finish();
        return fileError(path, QString::fromLocal8Bit(e.what()));
    }
    progress.finish();
    if (!result)
        return fileError(problem.file == 1 && second ? second->images.path : path,
                         problem.reason.isEmpty() ? Tr::tr("the audit was interrupted") : problem.reason);

    Writer w{second.has_value(), {}};
    if (!first->labels.path.isEmpty())
        w.names = namesForLabels(first->labels.view, *given);
    if (json) {
        QJsonObject o = toJson(*result, a.labels, w, top);
        QJsonArray files{displayPath(path)};
        if (second)
            files.append(displayPath(second->images.path));
        o.insert(QStringLiteral("files"), files);
        printJson(QJsonDocument(o));
    } else {
        QString head = Tr::tr("%1: %2 records").arg(displayPath(path)).arg(result->records[0]);
        if (second)
            head = Tr::tr("A = %1: %2 records\nB = %3: %4 records")
                       .arg(displayPath(path))
                       .arg(result->records[0])
                       .arg(displayPath(second->images.path))
                       .arg(result->records[1]);
        out(head + QLatin1Char('\n') + toText(*result, a.labels, w, top));
    }
    return Success;
}

} // namespace idx::cli
