// CommandLine: one command's options and arguments (QCommandLineParser with --help and clean usage errors),
// and the options several commands share, each declared and checked in one place: how to read a file
// (--type, --byte-order, --ignore-trailing; readoptions.cpp, which also writes them: openArguments), and
// --records, --labels, --class-names, --json, --out, --overwrite and integer options with their ranges
// (options.cpp).
#pragma once

#include "console.h"

#include "classnames.h"
#include "idxfile.h"
#include "neighbours.h"
#include "recordfeatures.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace idx::cli {

/// An integer option: its name, value name and range, stated once for its declaration and its parsing.
struct IntOption {
    const char* name;
    const char* valueName;
    qint64 min;
    qint64 max;
};

/// Integer options of more than one command (each describes them in its own words).
inline constexpr IntOption kScaleOption{"scale", "N", 1, 64};
inline constexpr IntOption kNeighboursOption{"neighbours", "K", 1, 1000};
inline constexpr IntOption kComponentsOption{"components", "N", 0, kMaxPcaInput};

struct Range {
    quint64 first = 0;
    quint64 end = 0;
};

/// Parses "A:B" (half-open, either end optional: ":100", "500:", ":"; or a single index "7") against
/// `count` records. nullopt and a reason in `error` when malformed or out of range.
[[nodiscard]] std::optional<Range> parseRange(const QString& text, quint64 count, QString* error);

/// Parses "LOW:HIGH" (two numbers, LOW < HIGH).
[[nodiscard]] std::optional<std::pair<double, double>> parseNumberPair(const QString& text, QChar separator);

/// The arguments that open a file with `options` ("--type float64 --byte-order little …"): what
/// CommandLine::addReadOptions reads back.
[[nodiscard]] QStringList openArguments(const OpenOptions& options);
/// The --byte-order that reads a file with `options`: "little" or "big".
[[nodiscard]] QString byteOrderArgument(const OpenOptions& options);

class CommandLine {
public:
    /// A command's parser, with --help and the command itself as the first positional argument.
    CommandLine(QString command, QString description, QString positionalSyntax);
    void addOption(const QCommandLineOption& option) { m_parser.addOption(option); }
    void addOption(const IntOption& option, const QString& description);
    void addPositional(const QString& name, const QString& description, const QString& syntax = {});

    /// Parses args (args[0] program, args[1] the command). Returns an exit code when the command is done
    /// (--help printed: Success; a usage error printed: Usage), nullopt to go on. Checks the positional
    /// count and the read options (when added).
    [[nodiscard]] std::optional<int> parse(const QStringList& args, int minPositional,
                                           int maxPositional = -1);
    /// The positional arguments after the command name.
    [[nodiscard]] const QStringList& positional() const { return m_positional; }
    [[nodiscard]] bool isSet(const QString& name) const { return m_parser.isSet(name); }
    [[nodiscard]] bool isSet(const IntOption& option) const { return isSet(QLatin1String(option.name)); }
    [[nodiscard]] QString value(const QString& name) const { return m_parser.value(name); }
    /// The value of an option; nullopt when it is not given.
    [[nodiscard]] std::optional<QString> optionalValue(const QString& name) const
    {
        return isSet(name) ? std::optional(value(name)) : std::nullopt;
    }
    [[nodiscard]] QString helpText() const;
    [[nodiscard]] const QString& command() const { return m_command; }

    /// A usage error for this command.
    int usage(const QString& message) const { return usageError(message, m_command); }
    /// Parses an integer option in [min, max]; on error prints a usage message and returns nullopt.
    [[nodiscard]] std::optional<qint64> intValue(const QString& name, qint64 min, qint64 max) const;
    [[nodiscard]] std::optional<qint64> intValue(const IntOption& option) const
    {
        return intValue(QLatin1String(option.name), option.min, option.max);
    }
    /// When `option` is given, its value into *value (left alone when it is not); false after a usage
    /// error.
    template <typename T> [[nodiscard]] bool read(const IntOption& option, T* value) const
    {
        if (!isSet(option))
            return true;
        const auto v = intValue(option);
        if (v)
            *value = T(*v);
        return v.has_value();
    }
    /// False after the usage error `message` when `option` is given without `needed`.
    [[nodiscard]] bool needs(const QString& option, const QString& needed, const QString& message) const;
    /// The value of an option the command cannot do without; nullopt after the usage error `missing` when
    /// it is absent or empty.
    [[nodiscard]] std::optional<QString> required(const QString& name, const QString& missing) const;

    /// Adds --type, --byte-order and --ignore-trailing: how to read a file that is not canonical IDX.
    void addReadOptions();
    /// The options given by those (defaults where absent), checked by parse().
    [[nodiscard]] const OpenOptions& openOptions() const { return m_openOptions; }

    /// Adds --records A:B (the usual description unless another is given).
    void addRecordsOption(const QString& description = {});
    /// The records asked for of `count` (all of them without --records); nullopt after a usage error.
    [[nodiscard]] std::optional<Range> records(quint64 count) const;

    /// Adds --labels FILE, the labels of the command's images file, described as the command uses them.
    void addLabelsOption(const QString& description);
    /// The labels file given; nullopt without --labels.
    [[nodiscard]] std::optional<QString> labelsPath() const;

    /// Adds --class-names FILE: names for the label values (one per line, an EMNIST mapping, or a CSV).
    void addClassNamesOption();
    /// False after a usage error when --class-names is given without the --labels it names.
    [[nodiscard]] bool classNamesHaveLabels() const;
    /// The names read from --class-names (empty when it is not given); nullopt after an error naming the
    /// file and the problem.
    [[nodiscard]] std::optional<ClassNames> classNames() const;

    /// Adds --search exact|approximate|auto: how neighbours are searched.
    void addSearchOption();
    /// The search --search asks for (Automatic when absent); nullopt after a usage error.
    [[nodiscard]] std::optional<NeighbourSearch> search() const;

    /// Adds --json ("Print JSON." unless another description is given).
    void addJsonOption(const QString& description = {});
    [[nodiscard]] bool json() const;

    /// Adds -o/--out VALUE: what the command writes, described in its own words.
    void addOutOption(const QString& description, const QString& valueName);
    /// The value of --out; nullopt after the usage error "--out is required".
    [[nodiscard]] std::optional<QString> outPath() const;

    /// Adds --overwrite: replace the files the command would write.
    void addOverwriteOption(const QString& description);
    [[nodiscard]] bool overwrite() const;

private:
    /// The read options given; nullopt after a usage message for a bad value.
    [[nodiscard]] std::optional<OpenOptions> parseReadOptions() const;

    QString m_command;
    QString m_syntax;
    QCommandLineParser m_parser;
    QStringList m_positional;
    bool m_hasReadOptions = false;
    OpenOptions m_openOptions;
};

} // namespace idx::cli
