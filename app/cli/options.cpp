// The options several idxscope-cli commands share, each declared and checked here once: --records (and
// the A:B ranges it takes), --labels, --class-names, --json, --out and --overwrite.
#include "commandline.h"

#include "clitr.h"

#include <cmath>

namespace idx::cli {

namespace {
const QString kRecords = QStringLiteral("records");
const QString kLabels = QStringLiteral("labels");
const QString kClassNames = QStringLiteral("class-names");
const QString kJson = QStringLiteral("json");
const QString kOut = QStringLiteral("out");
const QString kOverwrite = QStringLiteral("overwrite");
} // namespace

// ---- --records ----

void CommandLine::addRecordsOption(const QString& description)
{
    addOption({kRecords,
               description.isEmpty() ? Tr::tr("Records A:B (half-open; ':100', '500:').") : description,
               QStringLiteral("A:B")});
}

std::optional<Range> CommandLine::records(quint64 count) const
{
    if (!isSet(kRecords))
        return Range{0, count};
    QString why;
    const auto r = parseRange(value(kRecords), count, &why);
    if (!r)
        usage(why);
    return r;
}

std::optional<Range> parseRange(const QString& text, quint64 count, QString* error)
{
    auto fail = [&](const QString& why) -> std::optional<Range> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const QString t = text.trimmed();
    const qsizetype colon = t.indexOf(QLatin1Char(':'));
    auto number = [](const QString& s, quint64* v) {
        bool ok = false;
        *v = s.trimmed().toULongLong(&ok);
        return ok && !s.trimmed().startsWith(QLatin1Char('+'));
    };
    const QString malformed = Tr::tr("'%1' is not a record range (A:B, :B, A: or an index)").arg(text);
    Range r;
    if (colon < 0) {
        quint64 i = 0;
        if (!number(t, &i))
            return fail(malformed);
        r.first = i;
        r.end = i + 1;
    } else {
        const QString a = t.left(colon), b = t.mid(colon + 1);
        r.first = 0;
        r.end = count;
        if ((!a.trimmed().isEmpty() && !number(a, &r.first)) ||
            (!b.trimmed().isEmpty() && !number(b, &r.end)))
            return fail(malformed);
    }
    if (r.first > r.end)
        return fail(Tr::tr("the record range %1 ends before it starts").arg(text));
    if (r.end > count)
        return fail(Tr::tr("the record range %1 is outside the file's records 0:%2").arg(text).arg(count));
    return r;
}

std::optional<std::pair<double, double>> parseNumberPair(const QString& text, QChar separator)
{
    const QStringList parts = text.split(separator);
    if (parts.size() != 2)
        return std::nullopt;
    bool ok1 = false, ok2 = false;
    const double a = parts[0].trimmed().toDouble(&ok1);
    const double b = parts[1].trimmed().toDouble(&ok2);
    if (!ok1 || !ok2 || !(a < b) || !std::isfinite(a) || !std::isfinite(b))
        return std::nullopt;
    return std::pair{a, b};
}

// ---- --labels, --class-names ----

void CommandLine::addLabelsOption(const QString& description)
{
    addOption({kLabels, description, QStringLiteral("FILE")});
}

std::optional<QString> CommandLine::labelsPath() const
{
    return optionalValue(kLabels);
}

void CommandLine::addClassNamesOption()
{
    addOption({kClassNames,
               Tr::tr("Names of the label values, from FILE: one name per line (line 1 names label 0), an\n"
                      "EMNIST mapping ('label code-point' per line) or a CSV ('label,name'). They replace a\n"
                      "known dataset's names."),
               QStringLiteral("FILE")});
}

bool CommandLine::classNamesHaveLabels() const
{
    return needs(kClassNames, kLabels,
                 Tr::tr("--class-names names the labels of --labels: give the labels file too"));
}

void CommandLine::addSearchOption()
{
    addOption({QStringLiteral("search"),
               Tr::tr("How neighbours are searched: exact, approximate (HNSW, its recall measured on a\n"
                      "sample) or auto (default: exact up to %L1 records, approximate beyond).")
                   .arg(kMaxExactSearchRows),
               QStringLiteral("MODE")});
}

std::optional<NeighbourSearch> CommandLine::search() const
{
    const QString mode = value(QStringLiteral("search"));
    if (!isSet(QStringLiteral("search")) || mode == QLatin1String("auto"))
        return NeighbourSearch::Automatic;
    if (mode == QLatin1String("exact"))
        return NeighbourSearch::Exact;
    if (mode == QLatin1String("approximate"))
        return NeighbourSearch::Approximate;
    usage(Tr::tr("--search takes exact, approximate or auto, not '%1'").arg(mode));
    return std::nullopt;
}

std::optional<ClassNames> CommandLine::classNames() const
{
    if (!isSet(kClassNames))
        return ClassNames();
    const QString path = value(kClassNames);
    QString why;
    ClassNames names = ClassNames::load(path, &why);
    if (names.isEmpty()) {
        fileError(path, why);
        return std::nullopt;
    }
    return names;
}

// ---- --json ----

void CommandLine::addJsonOption(const QString& description)
{
    addOption({kJson, description.isEmpty() ? Tr::tr("Print JSON.") : description});
}

bool CommandLine::json() const
{
    return isSet(kJson);
}

// ---- --out, --overwrite ----

void CommandLine::addOutOption(const QString& description, const QString& valueName)
{
    addOption({{QStringLiteral("o"), kOut}, description, valueName});
}

std::optional<QString> CommandLine::outPath() const
{
    return required(kOut, Tr::tr("--out is required"));
}

void CommandLine::addOverwriteOption(const QString& description)
{
    addOption({kOverwrite, description});
}

bool CommandLine::overwrite() const
{
    return isSet(kOverwrite);
}

} // namespace idx::cli
