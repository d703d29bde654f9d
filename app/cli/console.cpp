// What idxscope-cli says: console output, error lines, usage errors, JSON, terminal progress.
#include "console.h"

#include "clitr.h"

#include <QDir>
#include <QJsonDocument>

#include <atomic>
#include <cstdio>
#include <mutex>

#ifdef Q_OS_UNIX
#include <unistd.h>
#elif defined(Q_OS_WIN)
#include <io.h>
#endif

namespace idx::cli {

namespace {
std::mutex& consoleMutex()
{
    static std::mutex m;
    return m;
}
} // namespace

void out(const QString& text)
{
    std::lock_guard lock(consoleMutex());
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

void err(const QString& text)
{
    std::lock_guard lock(consoleMutex());
    std::fflush(stdout);
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
    std::fflush(stderr);
}

bool stderrIsTerminal()
{
#ifdef Q_OS_UNIX
    return ::isatty(STDERR_FILENO) == 1;
#elif defined(Q_OS_WIN)
    return ::_isatty(_fileno(stderr)) != 0;
#else
    return false;
#endif
}

void printJson(const QJsonDocument& document)
{
    out(QString::fromUtf8(document.toJson(QJsonDocument::Indented)));
}

QString displayPath(const QString& path)
{
    return QDir::toNativeSeparators(path);
}

int fileError(const QString& path, const QString& reason)
{
    err(Tr::tr("%1: error: %2: %3\n").arg(QLatin1String(kProgram), displayPath(path), reason));
    return Failure;
}

void fileWarning(const QString& path, const QString& message)
{
    err(Tr::tr("%1: warning: %2: %3\n").arg(QLatin1String(kProgram), displayPath(path), message));
}

int usageError(const QString& message, const QString& command)
{
    const QString help = command.isEmpty()
                             ? QStringLiteral("%1 --help").arg(QLatin1String(kProgram))
                             : QStringLiteral("%1 %2 --help").arg(QLatin1String(kProgram), command);
    err(Tr::tr("%1: error: %2\n").arg(QLatin1String(kProgram), message) +
        Tr::tr("Try '%1' for more information.\n").arg(help));
    return Usage;
}

// ---- progress ----

struct TerminalProgress::Private {
    QString what;
    bool enabled = false;
    std::atomic<int> lastPercent{-1};
    std::atomic<bool> shown{false};
};

TerminalProgress::TerminalProgress(QString what) : d(std::make_unique<Private>())
{
    d->what = std::move(what);
    d->enabled = stderrIsTerminal();
}

TerminalProgress::~TerminalProgress()
{
    finish();
}

void TerminalProgress::update(qint64 done, qint64 total)
{
    if (!d->enabled || total <= 0)
        return;
    const int percent = int(std::clamp<qint64>(done * 100 / total, 0, 100));
    int last = d->lastPercent.load();
    if (percent <= last || !d->lastPercent.compare_exchange_strong(last, percent))
        return;
    d->shown = true;
    err(QStringLiteral("\r%1: %2/%3 (%4%)").arg(d->what).arg(done).arg(total).arg(percent));
}

void TerminalProgress::finish()
{
    if (d->enabled && d->shown.exchange(false))
        err(QStringLiteral("\n"));
}

Control TerminalProgress::control()
{
    Control control;
    control.progress = [this](qint64 done, qint64 total) { update(done, total); };
    return control;
}

} // namespace idx::cli
