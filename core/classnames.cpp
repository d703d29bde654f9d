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
QString tr(const char* s)
{
    return QCoreApplication::translate("idx", s);
}

constexpr qsizetype kMaxName = 200; // a class name longer than this is not a name

std::optional<qint64> integer(const QByteArray& field)
{
    bool ok = false;
    const qint64 v = field.trimmed().toLongLong(&ok);
    return ok ? std::optional(v) : std::nullopt;
}

// "label code [code …]": EMNIST's mapping files (emnist-balanced-mapping.txt: "10 65" names label 10 "A").
std::optional<ClassNames> parseMapping(const QStringList& lines)
{
    static const QRegularExpression kLine(QStringLiteral(R"(^\s*(-?\d+)\s+(\d+)(?:\s+\d+)*\s*$)"));
    ClassNames out;
    for (const QString& line : lines) {
        if (line.trimmed().isEmpty())
            continue;
        const auto m = kLine.match(line);
        if (!m.hasMatch())
            return std::nullopt;
        bool okLabel = false, okCode = false;
        const qint64 label = m.captured(1).toLongLong(&okLabel);
        const uint code = m.captured(2).toUInt(&okCode);
        if (!okLabel || !okCode || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF) || code < 0x20)
            return std::nullopt;
        const char32_t c = code;
        out.set(label, QString::fromUcs4(&c, 1));
    }
    return out.isEmpty() ? std::nullopt : std::optional(out);
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
    if (reader.error() || records.empty())
        return std::nullopt;
    size_t first = 0;
    if (!integer(records[0].fields[0].text))
        first = 1; // a header row ("label,name", "index,codepoint,char")
    if (first >= records.size())
        return std::nullopt;
    ClassNames out;
    for (size_t i = first; i < records.size(); ++i) {
        const CsvRecord& r = records[i];
        const auto label = integer(r.fields[0].text);
        if (r.fields.size() < 2 || !label)
            return std::nullopt;
        const QString name = QString::fromUtf8(r.fields.back().text).trimmed();
        if (name.size() > kMaxName) {
            if (error)
                *error = csvMessage({}, r.fields.back().at,
                                    tr("the name is longer than %1 characters").arg(kMaxName));
            return std::nullopt;
        }
        if (!out.name(*label).isEmpty()) {
            if (error)
                *error = csvMessage({}, r.at(), tr("label %1 is named twice").arg(*label));
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
    while (out.endsWith(QLatin1Char('-')))
        out.chop(1);
    while (out.startsWith(QLatin1Char('-')))
        out.remove(0, 1);
    return out;
}

std::optional<qint64> ClassNames::labelOf(const QString& text) const
{
    const QString t = text.trimmed();
    for (const auto& [label, name] : m_names)
        if (t == caption(label) || t.compare(name, Qt::CaseInsensitive) == 0)
            return label;
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
    while (!lines.isEmpty() && lines.back().trimmed().isEmpty())
        lines.removeLast();
    if (lines.isEmpty()) {
        if (error)
            *error = tr("the file holds no names");
        return {};
    }
    if (auto mapping = parseMapping(lines))
        return *mapping;
    if (text.contains(',')) {
        if (auto csv = parseCsv(text, &why))
            return *csv;
        if (!why.isEmpty()) {
            if (error)
                *error = why;
            return {};
        }
    }
    // One name per line.
    ClassNames out;
    for (qsizetype k = 0; k < lines.size(); ++k) {
        const QString name = lines[k].trimmed();
        if (name.size() > kMaxName) {
            if (error)
                *error = tr("line %1: the name is longer than %2 characters").arg(k + 1).arg(kMaxName);
            return {};
        }
        out.set(k, name);
    }
    if (out.isEmpty() && error)
        *error = tr("the file holds no names");
    return out;
}

ClassNames ClassNames::load(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("cannot read the class names: %1").arg(file.errorString());
        return {};
    }
    // Read one byte more than allowed: a size() of 0 does not prove a pipe or special file is short.
    const QByteArray text = file.read(kMaxFileBytes + 1);
    if (text.size() > kMaxFileBytes) {
        if (error)
            *error = tr("the class names file is larger than %1 MB: it is not a list of names")
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
