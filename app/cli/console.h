// What idxscope-cli says: UTF-8 output, error and warning lines that name the file, usage errors, JSON
// documents, progress on a terminal; and the exit statuses.
#pragma once

#include "progress.h"

#include <QString>

#include <memory>

class QJsonDocument;

namespace idx::cli {

enum Exit : int { Success = 0, Failure = 1, Usage = 2 };

inline constexpr char kProgram[] = "idxscope-cli";

/// UTF-8 to stdout / stderr, unbuffered enough for interleaving (stdout is flushed before stderr writes).
void out(const QString& text);
void err(const QString& text);
[[nodiscard]] bool stderrIsTerminal();

/// An indented JSON document on stdout (what --json prints).
void printJson(const QJsonDocument& document);

/// The path as the user gave it, with native separators (what messages show).
[[nodiscard]] QString displayPath(const QString& path);

/// "idxscope-cli: error: FILE: reason" on stderr; returns Failure.
int fileError(const QString& path, const QString& reason);
/// "idxscope-cli: warning: FILE: message" on stderr.
void fileWarning(const QString& path, const QString& message);
/// "idxscope-cli: error: message" and a hint to `--help` on stderr; returns Usage.
int usageError(const QString& message, const QString& command = {});

/// Progress "\r<what> done/total (p%)" on stderr, throttled to whole percents; thread safe. Disabled when
/// stderr is not a terminal.
class TerminalProgress {
public:
    explicit TerminalProgress(QString what);
    ~TerminalProgress();
    void update(qint64 done, qint64 total);
    void finish();
    /// A Control whose progress goes to this (no cancel); valid while this lives.
    [[nodiscard]] Control control();

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace idx::cli
