// CommandLine: parsing one command's arguments, its help, and the checks of option values that do not
// depend on a particular option (integers in a range, an option that needs another, a required one).
#include "commandline.h"

#include "clitr.h"

namespace idx::cli {

CommandLine::CommandLine(QString command, QString description, QString positionalSyntax)
    : m_command(std::move(command)), m_syntax(std::move(positionalSyntax))
{
    m_parser.setApplicationDescription(description);
    m_parser.addHelpOption();
    addPositional(m_command, Tr::tr("The command."), m_command);
}

void CommandLine::addPositional(const QString& name, const QString& description, const QString& syntax)
{
    m_parser.addPositionalArgument(name, description, syntax);
}

void CommandLine::addOption(const IntOption& option, const QString& description)
{
    addOption({QLatin1String(option.name), description, QLatin1String(option.valueName)});
}

QString CommandLine::helpText() const
{
    // Qt's first line names the program by its full path and misses the command: replace it.
    QString text = m_parser.helpText();
    const qsizetype eol = text.indexOf(QLatin1Char('\n'));
    const QString usage =
        Tr::tr("Usage: %1 %2 [options] %3").arg(QLatin1String(kProgram), m_command, m_syntax).trimmed();
    text = eol < 0 ? usage + QLatin1Char('\n') : usage + text.mid(eol);
    if (!text.endsWith(QLatin1Char('\n')))
        text += QLatin1Char('\n');
    return text;
}

std::optional<int> CommandLine::parse(const QStringList& args, int minPositional, int maxPositional)
{
    if (!m_parser.parse(args))
        return usage(m_parser.errorText());
    if (m_parser.isSet(QStringLiteral("help")) || m_parser.isSet(QStringLiteral("help-all"))) {
        out(helpText());
        return Success;
    }
    m_positional = m_parser.positionalArguments();
    if (!m_positional.isEmpty())
        m_positional.removeFirst(); // the command itself
    if (m_positional.size() < minPositional)
        return usage(m_positional.isEmpty() ? Tr::tr("missing arguments") : Tr::tr("too few arguments"));
    if (maxPositional >= 0 && m_positional.size() > maxPositional)
        return usage(Tr::tr("unexpected argument '%1'").arg(m_positional.at(maxPositional)));
    if (m_hasReadOptions) {
        const std::optional<OpenOptions> options = parseReadOptions();
        if (!options)
            return Usage;
        m_openOptions = *options;
    }
    return std::nullopt;
}

std::optional<qint64> CommandLine::intValue(const QString& name, qint64 min, qint64 max) const
{
    bool ok = false;
    const qint64 v = value(name).trimmed().toLongLong(&ok);
    if (!ok || v < min || v > max) {
        usage(Tr::tr("--%1 wants a whole number from %2 to %3, not '%4'")
                  .arg(name)
                  .arg(min)
                  .arg(max)
                  .arg(value(name)));
        return std::nullopt;
    }
    return v;
}

bool CommandLine::needs(const QString& option, const QString& needed, const QString& message) const
{
    if (isSet(option) && !isSet(needed)) {
        usage(message);
        return false;
    }
    return true;
}

std::optional<QString> CommandLine::required(const QString& name, const QString& missing) const
{
    if (!isSet(name) || value(name).isEmpty()) {
        usage(missing);
        return std::nullopt;
    }
    return value(name);
}

} // namespace idx::cli
