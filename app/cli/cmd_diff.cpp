// `idxscope-cli diff A B [--json]`: what differs between two files, compared by their decoded values
// (core/compare/diff.h). Exit status as cmp and diff have it: 0 equal, 1 different, 2 trouble.
#include "clicommon.h"
#include "clitr.h"
#include "commands.h"
#include "numbertext.h"

#include "diff.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace idx::cli {

namespace {

enum DiffExit : int { Equal = 0, Different = 1, Trouble = 2 };
static_assert(int(Trouble) == int(Usage), "CommandLine::parse reports usage errors as trouble");
constexpr int kListedInText = 20; // entries of each list in the text output (JSON lists them all)

QJsonValue jsonNumber(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(); // JSON has no infinity: null
}

QJsonArray jsonDims(const Header& h)
{
    QJsonArray dims;
    for (quint64 d : h.dims)
        dims.append(double(d));
    return dims;
}

QJsonObject jsonChange(const RecordChange& c, bool byIndex)
{
    QJsonObject o;
    if (byIndex) {
        o.insert(QStringLiteral("record"), double(c.a));
    } else {
        o.insert(QStringLiteral("a"), double(c.a));
        o.insert(QStringLiteral("b"), double(c.b));
    }
    o.insert(QStringLiteral("elements"), double(c.elements));
    o.insert(QStringLiteral("max_abs_diff"), jsonNumber(c.maxAbsDiff));
    return o;
}

template <typename T, typename F> QJsonArray jsonList(const std::vector<T>& items, F&& f)
{
    QJsonArray a;
    for (const T& item : items)
        a.append(f(item));
    return a;
}

QJsonObject toJson(const LoadedFile& fa, const LoadedFile& fb, const TensorDiff& d)
{
    const Header& ha = fa.view.header();
    const Header& hb = fb.view.header();
    auto side = [](const LoadedFile& f) {
        return QJsonObject{{QStringLiteral("path"), displayPath(f.path)},
                           {QStringLiteral("type"), dtypeName(f.view.dtype())},
                           {QStringLiteral("dims"), jsonDims(f.view.header())}};
    };
    QJsonObject o{{QStringLiteral("a"), side(fa)},
                  {QStringLiteral("b"), side(fb)},
                  {QStringLiteral("equal"), d.equal()}};
    QJsonObject header;
    if (d.typeDiffers)
        header.insert(QStringLiteral("type"), QJsonObject{{QStringLiteral("a"), dtypeName(ha.dtype)},
                                                          {QStringLiteral("b"), dtypeName(hb.dtype)}});
    if (d.dimsDiffer)
        header.insert(QStringLiteral("dims"),
                      QJsonObject{{QStringLiteral("a"), jsonDims(ha)}, {QStringLiteral("b"), jsonDims(hb)}});
    o.insert(QStringLiteral("header"), header);
    if (d.shapesDiffer)
        o.insert(QStringLiteral("not_compared"), Tr::tr("the records have different shapes"));
    if (!d.dimsDiffer) {
        o.insert(QStringLiteral("records_differing"),
                 QJsonObject{{QStringLiteral("count"), double(d.recordsDiffering)},
                             {QStringLiteral("elements"), double(d.elementsDiffering)},
                             {QStringLiteral("max_abs_diff"), jsonNumber(d.maxAbsDiff)},
                             {QStringLiteral("truncated"), d.listTruncated},
                             {QStringLiteral("records"), jsonList(d.records, [](const RecordChange& c) {
                                  return jsonChange(c, true);
                              })}});
        if (ha.ndim() == 1)
            o.insert(QStringLiteral("changed_labels"), jsonList(d.changedLabels, [](const LabelChange& c) {
                         return QJsonObject{{QStringLiteral("record"), double(c.index)},
                                            {QStringLiteral("a"), c.oldValue},
                                            {QStringLiteral("b"), c.newValue}};
                     }));
    }
    if (!d.alignmentSkipped.isEmpty())
        o.insert(QStringLiteral("not_aligned"), d.alignmentSkipped);
    if (const auto& al = d.alignment) {
        auto pair = [](const KeptPair& p) {
            return QJsonObject{{QStringLiteral("a"), double(p.a)}, {QStringLiteral("b"), double(p.b)}};
        };
        auto index = [](quint64 i) { return double(i); };
        o.insert(QStringLiteral("alignment"),
                 QJsonObject{{QStringLiteral("kept"), double(al->kept)},
                             {QStringLiteral("exact"), al->exact},
                             {QStringLiteral("deleted"), jsonList(al->deleted, index)},
                             {QStringLiteral("inserted"), jsonList(al->inserted, index)},
                             {QStringLiteral("moved"), jsonList(al->moved, pair)},
                             {QStringLiteral("changed"), jsonList(al->changed, [](const RecordChange& c) {
                                  return jsonChange(c, false);
                              })}});
    }
    return o;
}

/// "records 3, 17, 30 and 5 more" (the first kListedInText).
template <typename T, typename F> QString listed(const std::vector<T>& items, quint64 total, F&& text)
{
    QStringList parts;
    for (size_t i = 0; i < items.size() && i < size_t(kListedInText); ++i)
        parts << text(items[i]);
    QString s = parts.join(QStringLiteral(", "));
    if (total > quint64(parts.size()))
        s += Tr::tr(" and %1 more (--json lists them all)").arg(total - quint64(parts.size()));
    return s;
}

QString elements(quint64 n)
{
    return n == 1 ? Tr::tr("1 element") : Tr::tr("%1 elements").arg(n);
}

QString largest(double v)
{
    return std::isfinite(v) ? numberText(v) : Tr::tr("infinite (NaN or infinity against a number)");
}

void printText(const LoadedFile& fa, const LoadedFile& fb, const TensorDiff& d)
{
    const Header& ha = fa.view.header();
    const Header& hb = fb.view.header();
    QString text = Tr::tr("A: %1 (%2, %3)\nB: %4 (%5, %6)\n")
                       .arg(displayPath(fa.path), dtypeName(ha.dtype), ha.shapeString(), displayPath(fb.path),
                            dtypeName(hb.dtype), hb.shapeString());
    if (d.equal()) {
        out(text + Tr::tr("equal: the same header and the same values (compared decoded)\n"));
        return;
    }
    if (d.typeDiffers)
        text += Tr::tr("type differs: %1 in A, %2 in B (values compared as numbers)\n")
                    .arg(dtypeName(ha.dtype), dtypeName(hb.dtype));
    if (d.dimsDiffer)
        text += Tr::tr("dims differ: %1 in A, %2 in B\n").arg(ha.shapeString(), hb.shapeString());
    if (d.shapesDiffer)
        text += Tr::tr("records not compared: their shapes differ\n");
    if (!d.dimsDiffer) {
        const quint64 n = ha.recordCount();
        if (d.recordsDiffering == 0)
            text += Tr::tr("no record differs: the values are equal\n");
        else if (ha.ndim() == 1)
            text += Tr::tr("%1 of %2 labels differ: %3\n")
                        .arg(d.recordsDiffering)
                        .arg(n)
                        .arg(listed(d.changedLabels, d.recordsDiffering, [](const LabelChange& c) {
                            return Tr::tr("record %1: %2 → %3")
                                .arg(c.index)
                                .arg(numberText(c.oldValue), numberText(c.newValue));
                        }));
        else
            text += Tr::tr("%1 of %2 records differ (%3; largest difference %4): %5\n")
                        .arg(d.recordsDiffering)
                        .arg(n)
                        .arg(elements(d.elementsDiffering))
                        .arg(largest(d.maxAbsDiff))
                        .arg(listed(d.records, d.recordsDiffering, [](const RecordChange& c) {
                            return Tr::tr("record %1 (%2, up to %3)")
                                .arg(c.a)
                                .arg(elements(c.elements))
                                .arg(largest(c.maxAbsDiff));
                        }));
    }
    if (!d.alignmentSkipped.isEmpty())
        text += Tr::tr("records not aligned: %1\n").arg(d.alignmentSkipped);
    if (const auto& al = d.alignment) {
        text += Tr::tr("records aligned by content: %1 kept in order, %2 deleted, %3 inserted, %4 moved, "
                       "%5 changed\n")
                    .arg(al->kept)
                    .arg(al->deleted.size())
                    .arg(al->inserted.size())
                    .arg(al->moved.size())
                    .arg(al->changed.size());
        auto index = [](quint64 i) { return QString::number(i); };
        if (!al->deleted.empty())
            text += Tr::tr("  deleted from A: %1\n").arg(listed(al->deleted, al->deleted.size(), index));
        if (!al->inserted.empty())
            text += Tr::tr("  inserted in B: %1\n").arg(listed(al->inserted, al->inserted.size(), index));
        if (!al->moved.empty())
            text += Tr::tr("  moved (A → B): %1\n")
                        .arg(listed(al->moved, al->moved.size(), [](const KeptPair& p) {
                            return QStringLiteral("%1 → %2").arg(p.a).arg(p.b);
                        }));
        if (!al->changed.empty())
            text += Tr::tr("  changed (A → B): %1\n")
                        .arg(listed(al->changed, al->changed.size(), [](const RecordChange& c) {
                            return Tr::tr("%1 → %2 (%3, up to %4)")
                                .arg(c.a)
                                .arg(c.b)
                                .arg(elements(c.elements))
                                .arg(largest(c.maxAbsDiff));
                        }));
        if (!al->exact)
            text += Tr::tr(
                "  (the files differ too much for a guaranteed longest alignment; this one is valid)\n");
    }
    out(text);
}

} // namespace

int cmdDiff(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("diff"),
        Tr::tr("Compare two files by their decoded values, so a .gz and a re-compressed copy are\n"
               "equal: the header fields that differ; for equal dims, the records that differ at the\n"
               "same index (and for labels files the changed labels); for different record counts,\n"
               "the records aligned by content like a diff of lines (deleted, inserted, moved,\n"
               "changed).\n\n"
               "Exit status: 0 the files are equal, 1 they differ, 2 trouble (a file could not be\n"
               "read, bad usage)."),
        QStringLiteral("A B"));
    cl.addPositional(QStringLiteral("A"), Tr::tr("An IDX file (raw, .gz or .xz; or a sibling format)."));
    cl.addPositional(QStringLiteral("B"), Tr::tr("The file to compare it with."));
    cl.addReadOptions();
    cl.addJsonOption();
    if (const auto done = cl.parse(args, 2, 2))
        return *done; // Success after --help, Usage (2, trouble) after a usage error
    const OpenOptions& options = cl.openOptions();

    const LoadedFile fa = loadFile(cl.positional().at(0), options);
    if (!fa.ok()) {
        (void)loadError(fa);
        return Trouble;
    }
    const LoadedFile fb = loadFile(cl.positional().at(1), options);
    if (!fb.ok()) {
        (void)loadError(fb);
        return Trouble;
    }
    const bool json = cl.json();
    if (!json) {
        printWarnings(fa);
        printWarnings(fb);
    }
    TerminalProgress progress(Tr::tr("compare"));
    const Control control = progress.control();
    std::optional<TensorDiff> d;
    try {
        d = diffTensors(TensorPieces(fa.view), TensorPieces(fb.view), {}, control);
    } catch (const std::bad_alloc&) {
        progress.finish();
        (void)fileError(fa.path, Tr::tr("not enough memory to compare it with %1").arg(displayPath(fb.path)));
        return Trouble;
    }
    progress.finish();
    if (!d) {
        (void)fileError(fa.path, Tr::tr("the comparison was interrupted"));
        return Trouble;
    }
    if (json)
        printJson(QJsonDocument(toJson(fa, fb, *d)));
    else
        printText(fa, fb, *d);
    return d->equal() ? Equal : Different;
}

} // namespace idx::cli
