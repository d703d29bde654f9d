// Shared pieces of the idxscope-cli commands: console output, exit codes, per-command option parsing with
// --help, loading and validating a file, record ranges.
#pragma once

#include "classnames.h"
#include "diagnostic.h"
#include "idxfile.h"
#include "remedy.h"
#include "tensorview.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace idx::cli {

enum Exit : int { Success = 0, Failure = 1, Usage = 2 };

inline constexpr char kProgram[] = "idxscope-cli";

/// UTF-8 to stdout / stderr, unbuffered enough for interleaving (stdout is flushed before stderr writes).
void out(const QString& text);
void err(const QString& text);
[[nodiscard]] bool stderrIsTerminal();

/// The path as the user gave it, with native separators (what messages show).
[[nodiscard]] QString displayPath(const QString& path);

/// "idxscope-cli: error: FILE: reason" on stderr; returns Failure.
int fileError(const QString& path, const QString& reason);
/// "idxscope-cli: warning: FILE: message" on stderr.
void fileWarning(const QString& path, const QString& message);
/// "idxscope-cli: error: message" and a hint to `--help` on stderr; returns Usage.
int usageError(const QString& message, const QString& command = {});

/// QCommandLineParser for one command, with --help and clean usage errors (never exits the process).
class CommandLine {
public:
    CommandLine(QString command, QString description, QString positionalSyntax);
    QCommandLineParser& parser() { return m_parser; }
    void addOption(const QCommandLineOption& option) { m_parser.addOption(option); }
    void addPositional(const QString& name, const QString& description, const QString& syntax = {});

    /// Parses args (args[0] program, args[1] the command). Returns an exit code when the command is done
    /// (--help printed: Success; a usage error printed: Usage), nullopt to go on. Checks the positional
    /// count.
    [[nodiscard]] std::optional<int> parse(const QStringList& args, int minPositional,
                                           int maxPositional = -1);
    /// The positional arguments after the command name.
    [[nodiscard]] const QStringList& positional() const { return m_positional; }
    [[nodiscard]] bool isSet(const QString& name) const { return m_parser.isSet(name); }
    [[nodiscard]] QString value(const QString& name) const { return m_parser.value(name); }
    [[nodiscard]] QString helpText() const;
    [[nodiscard]] const QString& command() const { return m_command; }

    /// A usage error for this command.
    int usage(const QString& message) const { return usageError(message, m_command); }
    /// Parses an integer option in [min, max]; on error prints a usage message and returns nullopt.
    [[nodiscard]] std::optional<qint64> intValue(const QString& name, qint64 min, qint64 max) const;

    /// Adds --type, --byte-order and --ignore-trailing: how to read a file that is not canonical IDX.
    void addReadOptions();
    /// The options given by those (defaults where absent); nullopt after a usage message for a bad value.
    [[nodiscard]] std::optional<OpenOptions> readOptions() const;

    /// Adds --class-names FILE: names for the label values (one per line, an EMNIST mapping, or a CSV).
    void addClassNamesOption();
    /// The names read from --class-names (empty when it is not given); nullopt after an error naming the
    /// file and the problem.
    [[nodiscard]] std::optional<ClassNames> classNames() const;

private:
    QString m_command;
    QString m_syntax;
    QCommandLineParser m_parser;
    QStringList m_positional;
};

/// A file opened, loaded (synchronously) and checked.
struct LoadedFile {
    QString path;
    std::shared_ptr<IdxFile> file;
    TensorView view;
    Diagnostics diagnostics;
    QString error; // the first error (a truncated payload counts), empty when the file is valid
    std::vector<Remedy> remedies; // what would make sense of its diagnostics (none without any)

    [[nodiscard]] bool ok() const { return error.isEmpty(); }
    [[nodiscard]] QStringList warnings() const;
    /// Why writing the values read would not write the file's own values (int64 or uint64 beyond 2^53,
    /// rounded when read as float64); empty when every value was read exactly.
    [[nodiscard]] QString inexactReading() const;
};

/// Opens and fully loads `path` read with `options`. Progress on stderr when it is a terminal and the file is
/// compressed. A little-endian byte order asked for a file whose header is reversed reads the whole file
/// little-endian.
[[nodiscard]] LoadedFile loadFile(const QString& path, const OpenOptions& options = {});

/// An images file and, optionally, its labels.
struct ImagesInput {
    LoadedFile images;
    LoadedFile labels; // path empty when none was asked for
};
/// Loads an images file and, when `labelsPath` is given, its labels (checked against it); nullopt after an
/// error naming the file (*status set to the exit status).
[[nodiscard]] std::optional<ImagesInput> loadImagesWithLabels(const QString& imagesPath,
                                                              const QString& labelsPath, int* status);

/// The names of a labels file's values: `given` (--class-names) when there are any, else the names of the
/// known dataset the labels are (dataset.h), else none.
[[nodiscard]] ClassNames namesForLabels(const TensorView& labels, const ClassNames& given);

/// Prints the warnings of a valid file on stderr (non-JSON modes), then the plausible remedies as hints.
void printWarnings(const LoadedFile& f);
/// Prints the error of a file that failed to load, then the plausible remedies as hints; returns Failure.
int loadError(const LoadedFile& f);
/// "--type float64: read the payload as float64 (type code 0x0E), dims kept (evidence)" per plausible
/// remedy.
[[nodiscard]] QStringList remedyHints(const LoadedFile& f);

struct Range {
    quint64 first = 0;
    quint64 end = 0;
};

/// Parses "A:B" (half-open, either end optional: ":100", "500:", ":"; or a single index "7") against
/// `count` records. nullopt and a reason in `error` when malformed or out of range.
[[nodiscard]] std::optional<Range> parseRange(const QString& text, quint64 count, QString* error);

/// Parses "LOW:HIGH" (two numbers, LOW < HIGH).
[[nodiscard]] std::optional<std::pair<double, double>> parseNumberPair(const QString& text, QChar separator);

/// Progress "\r<what> done/total (p%)" on stderr, throttled to whole percents; thread safe. Disabled when
/// stderr is not a terminal.
class TerminalProgress {
public:
    explicit TerminalProgress(QString what);
    ~TerminalProgress();
    void update(qint64 done, qint64 total);
    void finish();

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace idx::cli
