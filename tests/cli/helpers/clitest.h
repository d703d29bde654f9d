// Helpers for the CLI tests: running the built idxscope-cli, decoding its JSON, inflating gzip and xz output,
// and small fixture writers on top of tests/common/fixtures.h.
#pragma once

#include "fixtures.h"

#include <QByteArray>
#include <QDir>
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#endif

namespace clitest {

/// The executable under test.
inline QString cliPath()
{
    return QStringLiteral(IDXSCOPE_BINARY_DIR "/app/idxscope-cli");
}

struct Run {
    bool started = false;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    [[nodiscard]] QString errText() const { return QString::fromUtf8(err); }
    [[nodiscard]] QString outText() const { return QString::fromUtf8(out); }
};

/// Runs idxscope-cli with `args` (in `env`, when given); waits without a timeout of its own (ctest's TIMEOUT
/// bounds the test).
inline Run runCli(const QStringList& args, const QProcessEnvironment* env = nullptr)
{
    Run r;
    QProcess p;
    if (env)
        p.setProcessEnvironment(*env);
    p.setProgram(cliPath());
    p.setArguments(args);
    p.start();
    r.started = p.waitForStarted(-1);
    if (!r.started)
        return r;
    p.waitForFinished(-1);
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

#ifdef Q_OS_UNIX
/// Runs idxscope-cli with its standard error on a pseudo-terminal (as on a user's terminal, where progress is
/// shown); `err` holds what the terminal received.
inline Run runCliOnTerminal(const QStringList& args)
{
    Run r;
    const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) {
        if (master >= 0)
            ::close(master);
        return r;
    }
    ::fcntl(master, F_SETFL, ::fcntl(master, F_GETFL) | O_NONBLOCK);
    const auto drain = [&] {
        char buf[4096];
        for (ssize_t n; (n = ::read(master, buf, sizeof buf)) > 0;)
            r.err.append(buf, qsizetype(n));
    };
    QProcess p;
    p.setProgram(cliPath());
    p.setArguments(args);
    p.setStandardErrorFile(QString::fromLocal8Bit(::ptsname(master)));
    p.start();
    r.started = p.waitForStarted(-1);
    if (r.started) {
        while (!p.waitForFinished(20)) // the terminal is read while the program writes (its buffer is small)
            drain();
        drain();
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
    }
    ::close(master);
    return r;
}
#endif

/// Replaces "@" at the start of each argument with the folder path and a separator.
inline QStringList inDir(const QTemporaryDir& dir, const QStringList& args)
{
    QStringList out;
    for (const QString& a : args)
        out << (a.startsWith(QLatin1Char('@')) ? dir.filePath(a.mid(1)) : a);
    return out;
}

/// The error line prefix the CLI promises for a file.
inline QString errorPrefix(const QString& path)
{
    return QStringLiteral("idxscope-cli: error: ") + QDir::toNativeSeparators(path) + QLatin1Char(':');
}

/// Inflates gzip (all members) with zlib; empty on error.
inline QByteArray gunzip(const QByteArray& gz)
{
    QByteArray out;
    z_stream s{};
    if (inflateInit2(&s, 15 + 16) != Z_OK)
        return {};
    s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.constData()));
    s.avail_in = uInt(gz.size());
    char buf[65536];
    for (;;) {
        s.next_out = reinterpret_cast<Bytef*>(buf);
        s.avail_out = sizeof buf;
        const int r = inflate(&s, Z_NO_FLUSH);
        out.append(buf, qsizetype(sizeof buf - s.avail_out));
        if (r == Z_STREAM_END) {
            if (s.avail_in == 0)
                break;
            inflateReset(&s); // next member
            continue;
        }
        if (r != Z_OK) {
            out.clear();
            break;
        }
    }
    inflateEnd(&s);
    return out;
}

/// Decodes xz (all streams) with liblzma; empty on error.
inline QByteArray unxz(const QByteArray& xz)
{
    lzma_stream s = LZMA_STREAM_INIT;
    if (lzma_stream_decoder(&s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
        return {};
    s.next_in = reinterpret_cast<const uint8_t*>(xz.constData());
    s.avail_in = size_t(xz.size());
    QByteArray out;
    uint8_t buf[65536];
    for (;;) {
        s.next_out = buf;
        s.avail_out = sizeof buf;
        const lzma_ret r = lzma_code(&s, LZMA_FINISH);
        out.append(reinterpret_cast<const char*>(buf), qsizetype(sizeof buf - s.avail_out));
        if (r == LZMA_STREAM_END)
            break;
        if (r != LZMA_OK) {
            out.clear();
            break;
        }
    }
    lzma_end(&s);
    return out;
}

/// Reads a whole file (empty when missing).
inline QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace clitest
