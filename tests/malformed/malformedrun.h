// Running the malformed suite's children as tst_malformed and malformedbench both do: every case written into
// one folder, each child (`idxscope-cli validate` or guiprobe) started offscreen with HOME in that folder,
// the unreadable file opened by a child running as an unprivileged user when we are root (root reads any
// file).
#pragma once

#include "malformedcases.h"

#include <QElapsedTimer>
#include <QHash>
#include <QProcess>

#include <grp.h>
#include <unistd.h>

namespace mf {

/// Writes every case into `dir` (made world-searchable, so the unprivileged child reaches the files and fails
/// only on the unreadable one); returns each case's path by name, or an empty map on failure.
inline QHash<QString, QString> materializeAll(const QString& dir, const std::vector<Case>& cases)
{
    QHash<QString, QString> paths;
    if (!QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                        QFile::ReadOther | QFile::ExeOther | QFile::ReadGroup |
                                        QFile::ExeGroup))
        return {};
    for (const Case& c : cases) {
        const QString path = materialize(dir, c);
        if (path.isEmpty())
            return {};
        paths.insert(c.name, path);
    }
    return paths;
}

struct Run {
    bool finished = false; // false: not started, or killed by the hang guard
    bool crashed = false;
    int exitCode = -1;
    QString output; // stdout + stderr
    double wallMs = 0;
};

/// Runs `program args` for case `c` and waits at most `guardMs` for it to end (then kills it).
inline Run runChild(const QString& program, const QStringList& args, const Case& c, const QString& home,
                    int guardMs)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("HOME"), home);
    p.setProcessEnvironment(env);
    if (c.kind == Kind::Unreadable && ::geteuid() == 0) {
        p.setChildProcessModifier([] {
            // Runs in the child between fork and exec: drop to nobody for good.
            constexpr uid_t kNobody = 65534;
            const gid_t gid = kNobody;
            if (::setgroups(1, &gid) != 0 || ::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)
                ::_exit(99);
        });
    }
    Run r;
    QElapsedTimer timer;
    timer.start();
    p.start(program, args);
    if (!p.waitForFinished(guardMs)) {
        r.output = QStringLiteral("did not finish within %1 ms: %2").arg(guardMs).arg(p.errorString());
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.wallMs = double(timer.nsecsElapsed()) / 1e6;
    r.finished = true;
    r.crashed = p.exitStatus() == QProcess::CrashExit;
    r.exitCode = p.exitCode();
    r.output = QString::fromUtf8(p.readAll());
    return r;
}

} // namespace mf
