// Class names: the three text forms people keep them in, told apart by what every line looks like.
#include "classnames.h"

#include "csvreader.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>

#include <optional>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

constexpr qsizetype kMaxName = ClassNames::kMaxName;

std::optional<qint64> integer(const QByteArray& field)
{
    bool ok = false;
    const qint64 v = field.trimmed().toLongLong(&ok);
    return ok ? std::optional(v) : std::nullopt;
}

// How many of the non-empty lines match `pattern`, and how many there are.
std::pair<int, int> matching(const QStringList& lines, const QRegularExpression& pattern)
{
    int hits = 0, total = 0;
    for (const QString& line : lines) {
        if (line.trimmed().isEmpty())
            continue;
        ++total;
        hits += pattern.match(line).hasMatch() ? 1 : 0;
    }
    return {hits, total};
}

// "label code [code …]": EMNIST's mapping files (emnist-balanced-mapping.txt: "10 65" names label 10 "A").
// nullopt with `error` naming the first line that is not one.
std::optional<ClassNames> parseMapping(const QStringList& lines, QString* error)
{
    static const QRegularExpression kLine(QStringLiteral(R"(^\s*(-?\d+)\s+(\d+)(?:\s+\d+)*\s*$)"));
    ClassNames out;
    for (qsizetype k = 0; k < lines.size(); ++k) {
        const QString& line = lines[k];
        if (line.trimmed().isEmpty())
            continue;
        const auto m = kLine.match(line);
        bool okLabel = false, okCode = false;
        const qint64 label = m.hasMatch() ? m.captured(1).toLongLong(&okLabel) : 0;
        const uint code = m.hasMatch() ? m.captured(2).toUInt(&okCode) : 0;
        if (!okLabel || !okCode || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF) || code < 0x20) {
            *error = Tr::tr("line %1: not a mapping line 'label code-point' (decimal numbers, a printable "
                            "character's code)")
                         .arg(k + 1);
            return std::nullopt;
        }
        const char32_t c = code;
        out.set(label, QString::fromUcs4(&c, 1));
    }
    return out;
}

// "label,name" records (a header row skipped; with more columns the last one is the name).
std::optional<ClassNames> parseCsv(const QByteArray& text, QString* error)
{
    QByteArray copy = text;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    CsvOptions options;
    options.trimSpaces = true;
    CsvReader reader(buffer, options);
    std::vector<CsvRecord> records;
    while (auto r = reader.next())
        records.push_back(std::move(*r));
    if (const auto& bad = reader.error()) {
        *error = csvMessage({}, bad->at, bad->reason);
        return std::nullopt;
    }
    size_t first = 0;
    if (!records.empty() && !integer(records[0].fields[0].text))
        first = 1; // a header row ("label,name", "index,codepoint,char")
    if (first >= records.size()) {
        *error = Tr::tr("the CSV holds no 'label,name' rows");
        return std::nullopt;
    }
    ClassNames out;
    for (size_t i = first; i < records.size(); ++i) {
        const CsvRecord& r = records[i];
        const auto label = integer(r.fields[0].text);
        if (r.fields.size() < 2 || !label) {
            *error = csvMessage({}, r.at(), Tr::tr("not a 'label,name' row (the label is a whole number)"));
            return std::nullopt;
        }
        const QString name = QString::fromUtf8(r.fields.back().text).trimmed();
        if (name.contains(QLatin1Char('\n')) || name.contains(QLatin1Char('\r'))) {
            *error = csvMessage({}, r.fields.back().at, Tr::tr("the name holds a line break"));
            return std::nullopt;
        }
        if (name.size() > kMaxName) {
            *error = csvMessage({}, r.fields.back().at,
                                Tr::tr("the name is longer than %1 characters").arg(kMaxName));
            return std::nullopt;
        }
        if (!out.name(*label).isEmpty()) {
            *error = csvMessage({}, r.at(), Tr::tr("label %1 is named twice").arg(*label));
            return std::nullopt;
        }
        out.set(*label, name);
    }
    return out;
}
} // namespace

ClassNames::ClassNames(const QStringList& names, qint64 first)
{
    for (qsizetype k = 0; k < names.size(); ++k)
        set(first + k, names[k]);
}

QString ClassNames::name(qint64 label) const
{
    const auto it = m_names.find(label);
    return it == m_names.end() ? QString() : it->second;
}

QString ClassNames::caption(qint64 label) const
{
    const QString n = name(label);
    const QString number = QString::number(label);
    return n.isEmpty() || n == number ? number : QStringLiteral("%1 · %2").arg(number, n); // never "2 · 2"
}

QString ClassNames::text(qint64 label) const
{
    const QString n = name(label);
    return n.isEmpty() ? QString::number(label) : n;
}

QString ClassNames::fileSafeName(qint64 label) const
{
    // Letters, digits (any script: KMNIST's お stays), '-' and '_' are kept; every run of anything else
    // (spaces, '/', quotes) becomes one '-'.
    QString out;
    for (const QChar c : name(label)) {
        if (c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('-'))
            out += c;
        else if (!out.endsWith(QLatin1Char('-')))
            out += QLatin1Char('-');
    }
    while (out.startsWith(QLatin1Char('-')))
        out.remove(0, 1);
    // Short enough for any file system with the index and ".png" around it; never half a character.
    while (out.toUtf8().size() > kMaxFileSafeBytes)
        out.chop(out.size() >= 2 && out.at(out.size() - 1).isLowSurrogate() ? 2 : 1);
    while (out.endsWith(QLatin1Char('-')))
        out.chop(1);
    return out;
}

std::optional<qint64> ClassNames::labelOf(const QString& text) const
{
    const QString t = text.trimmed();
    // Exact first (EMNIST names "A" 10 and "a" 36); then ignoring case, when only one name matches.
    for (const auto& [label, name] : m_names)
        if (t == caption(label) || t == name)
            return label;
    std::optional<qint64> folded;
    for (const auto& [label, name] : m_names)
        if (t.compare(name, Qt::CaseInsensitive) == 0) {
            if (folded)
                return std::nullopt; // "b" where "B" and "b" are both names, neither typed exactly
            folded = label;
        }
    if (folded)
        return folded;
    bool ok = false;
    const qint64 number = t.toLongLong(&ok);
    return ok ? std::optional<qint64>(number) : std::nullopt;
}

void ClassNames::set(qint64 label, const QString& name)
{
    if (name.isEmpty())
        m_names.erase(label);
    else
        m_names[label] = name;
}

QStringList ClassNames::byValue() const
{
    QStringList out;
    if (m_names.empty() || m_names.begin()->first < 0 || m_names.rbegin()->first > 0xFFFF)
        return out;
    for (qint64 k = 0; k <= m_names.rbegin()->first; ++k)
        out << name(k);
    return out;
}

ClassNames ClassNames::parse(const QByteArray& text, QString* error)
{
    QString why;
    QString decoded = QString::fromUtf8(text);
    if (decoded.startsWith(QChar(0xFEFF)))
        decoded.remove(0, 1);
    static const QRegularExpression kBreak(QStringLiteral("\r\n|\r|\n"));
    QStringList lines = decoded.split(kBreak);
    // A byte-order mark at the start of a line (files joined with cat) is not part of a name. (The CSV reader
    // drops one at the start of the file only: joined CSV files still fail at the second one's header.)
    for (QString& line : lines)
        if (line.startsWith(QChar(0xFEFF)))
            line.remove(0, 1);
    while (!lines.isEmpty() && lines.back().trimmed().isEmpty())
        lines.removeLast();
    if (lines.isEmpty()) {
        if (error)
            *error = Tr::tr("the file holds no names");
        return {};
    }
    // The form is decided by most lines, so that one bad line is an error naming it rather than a file
    // read as names of another form ("9,Boot" as the name of label 9's neighbour).
    static const QRegularExpression kMappingLine(QStringLiteral(R"(^\s*-?\d+\s+\d+(\s+\d+)*\s*$)"));
    static const QRegularExpression kCsvLine(QStringLiteral(R"(^\s*"?-?\d+"?\s*,)"));
    const auto fail = [&](const QString& reason) {
        if (error)
            *error = reason;
        return ClassNames();
    };
    const auto [mappingLines, nonEmpty] = matching(lines, kMappingLine);
    const QString none = Tr::tr("the file holds no names");
    if (2 * mappingLines > nonEmpty) {
        auto mapping = parseMapping(lines, &why);
        return !mapping ? fail(why) : mapping->isEmpty() ? fail(none) : *mapping;
    }
    const int csvLines = matching(lines, kCsvLine).first;
    // A header line ("label,name") counts for the CSV form too.
    const bool header = lines.front().contains(QLatin1Char(',')) && !kCsvLine.match(lines.front()).hasMatch();
    if (2 * (csvLines + (header ? 1 : 0)) > nonEmpty) {
        auto csv = parseCsv(text, &why);
        return !csv ? fail(why) : csv->isEmpty() ? fail(none) : *csv;
    }
    // One name per line.
    ClassNames out;
    for (qsizetype k = 0; k < lines.size(); ++k) {
        const QString name = lines[k].trimmed();
        if (name.contains(QLatin1Char('\t')))
            return fail(Tr::tr("line %1: a tab inside a name (tab-separated files are not read: give a CSV "
                               "'label,name' or one name per line)")
                            .arg(k + 1));
        if (name.size() > kMaxName) {
            if (error)
                *error = Tr::tr("line %1: the name is longer than %2 characters").arg(k + 1).arg(kMaxName);
            return {};
        }
        out.set(k, name);
    }
    return out.isEmpty() ? fail(none) : out;
}

ClassNames ClassNames::load(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = Tr::tr("cannot read the class names: %1").arg(file.errorString());
        return {};
    }
    // Read one byte more than allowed: a size() of 0 does not prove a pipe or special file is short.
    const QByteArray text = file.read(kMaxFileBytes + 1);
    if (text.size() > kMaxFileBytes) {
        if (error)
            *error = Tr::tr("the class names file is larger than %1 MB: it is not a list of names")
                         .arg(kMaxFileBytes >> 20);
        return {};
    }
    return parse(text, error);
}

QByteArray ClassNames::toCsv() const
{
    QByteArray out = "label,name\n";
    for (const auto& [label, name] : m_names) {
        QByteArray field = name.toUtf8();
        if (field.contains(',') || field.contains('"') || field.contains('\n') || field.contains('\r'))
            field = '"' + field.replace("\"", "\"\"") + '"';
        out += QByteArray::number(label) + ',' + field + '\n';
    }
    return out;
}

} // namespace idx
