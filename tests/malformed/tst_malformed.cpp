// The malformed-file suite: every generated input (malformedcases.h) through the real CLI (`idxscope-cli
// validate`) and the real GUI (guiprobe: MainWindow + DocumentView, offscreen). Each child must give the
// case's outcome and keyword, finish within 2 s of wall time (the limit, generous for these sizes)
// and stay under 300 MB of peak memory (getrusage(RUSAGE_CHILDREN) after waiting for it: the maximum over
// children so far, so a case that crosses the limit fails on its own row). The unreadable file is opened by a
// child running as an unprivileged user when the test runs as root (root reads any file).
#include "idxfile.h"
#include "malformedcases.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTest>

#include <grp.h>
#include <sys/resource.h>
#include <unistd.h>

namespace {
constexpr qint64 kWallLimitMs = 2000;
constexpr long kPeakLimitKiB = 300 * 1024;
constexpr uid_t kNobody = 65534;

struct Run {
    int exitCode = -1;
    bool crashed = false;
    QString output; // stdout + stderr
    qint64 wallMs = 0;
};

Run runChild(const QString& program, const QStringList& args, bool unprivileged, const QString& home)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("HOME"), home);
    p.setProcessEnvironment(env);
    if (unprivileged && ::geteuid() == 0) {
        p.setChildProcessModifier([] {
            // Runs in the child between fork and exec: drop to nobody for good.
            const gid_t gid = kNobody;
            if (::setgroups(1, &gid) != 0 || ::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)
                ::_exit(99);
        });
    }
    Run r;
    QElapsedTimer timer;
    timer.start();
    p.start(program, args);
    if (!p.waitForStarted(30000) || !p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        r.output = QStringLiteral("did not finish: ") + p.errorString();
        return r;
    }
    r.wallMs = timer.elapsed();
    r.crashed = p.exitStatus() == QProcess::CrashExit;
    r.exitCode = p.exitCode();
    r.output = QString::fromUtf8(p.readAll());
    return r;
}

long peakChildKiB()
{
    rusage u{};
    ::getrusage(RUSAGE_CHILDREN, &u);
    return u.ru_maxrss;
}

const char* outcomeName(mf::Outcome o)
{
    return o == mf::Outcome::Error ? "error" : o == mf::Outcome::Warning ? "warning" : "ok";
}
} // namespace

class TestMalformed : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cli_data() { rows(); }
    void cli();
    void gui_data() { rows(); }
    void gui();
    void cleanupTestCase();

private:
    qint64 m_slowestMs[2] = {0, 0}; // CLI, GUI: for the README's figures
    void rows();
    QTemporaryDir m_dir;
    std::vector<mf::Case> m_cases;
    QHash<QString, QString> m_paths;
};

void TestMalformed::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // World-searchable, so the unprivileged child reaches the files (and fails only on the unreadable one).
    QVERIFY(QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                    QFile::ReadOther | QFile::ExeOther | QFile::ReadGroup |
                                                    QFile::ExeGroup));
    m_cases = mf::cases();
    QVERIFY2(m_cases.size() >= 40, "the issue asks for at least 40 inputs");
    QSet<QString> names;
    for (const mf::Case& c : m_cases) {
        QVERIFY2(!names.contains(c.name), qPrintable(c.name));
        names.insert(c.name);
        const QString path = mf::materialize(m_dir.path(), c);
        QVERIFY2(!path.isEmpty(), qPrintable(c.name));
        m_paths.insert(c.name, path);
    }
    qInfo("malformed suite: %d inputs", int(m_cases.size()));
}

void TestMalformed::rows()
{
    QTest::addColumn<int>("index");
    for (size_t i = 0; i < m_cases.size(); ++i)
        QTest::newRow(qPrintable(m_cases[i].name)) << int(i);
}

void TestMalformed::cli()
{
    QFETCH(int, index);
    const mf::Case& c = m_cases[size_t(index)];
    const Run r = runChild(QStringLiteral(IDXSCOPE_CLI), {QStringLiteral("validate"), m_paths.value(c.name)},
                           c.kind == mf::Kind::Unreadable, m_dir.path());
    QVERIFY2(!r.crashed && r.exitCode >= 0, qPrintable(r.output));
    m_slowestMs[0] = std::max(m_slowestMs[0], r.wallMs);
    QVERIFY2(r.wallMs <= kWallLimitMs, qPrintable(QStringLiteral("%1 ms").arg(r.wallMs)));
    QVERIFY2(peakChildKiB() < kPeakLimitKiB, qPrintable(QStringLiteral("%1 KiB").arg(peakChildKiB())));
    const QString line = r.output.trimmed();
    QVERIFY2(!line.contains(QLatin1Char('\n')), qPrintable(line)); // one line per file
    QCOMPARE(r.exitCode, c.outcome == mf::Outcome::Error ? 1 : 0);
    switch (c.outcome) {
    case mf::Outcome::Error:
        QVERIFY2(line.contains(QStringLiteral(": error: ")), qPrintable(line));
        break;
    case mf::Outcome::Warning:
        QVERIFY2(line.contains(QStringLiteral(": OK with warnings: ")), qPrintable(line));
        break;
    case mf::Outcome::Ok:
        QVERIFY2(line.endsWith(QStringLiteral(": OK")), qPrintable(line));
        break;
    }
    QVERIFY2(line.contains(c.keyword, Qt::CaseInsensitive), qPrintable(line));
}

void TestMalformed::gui()
{
    QFETCH(int, index);
    const mf::Case& c = m_cases[size_t(index)];
    const Run r = runChild(QStringLiteral(IDXSCOPE_GUIPROBE), {m_paths.value(c.name)},
                           c.kind == mf::Kind::Unreadable, m_dir.path());
    QVERIFY2(!r.crashed && r.exitCode == 0, qPrintable(r.output));
    m_slowestMs[1] = std::max(m_slowestMs[1], r.wallMs);
    QVERIFY2(r.wallMs <= kWallLimitMs, qPrintable(QStringLiteral("%1 ms").arg(r.wallMs)));
    QVERIFY2(peakChildKiB() < kPeakLimitKiB, qPrintable(QStringLiteral("%1 KiB").arg(peakChildKiB())));
    QString page, message;
    for (const QString& line : r.output.split(QLatin1Char('\n'))) {
        if (line.startsWith(QStringLiteral("page: ")))
            page = line.mid(6);
        else if (line.startsWith(QStringLiteral("error: ")) || line.startsWith(QStringLiteral("warning: ")))
            message += line + QLatin1Char('\n');
    }
    const QString why = QStringLiteral("%1 expected; got page %2: %3")
                            .arg(QLatin1String(outcomeName(c.outcome)), page, message);
    switch (c.outcome) {
    case mf::Outcome::Error: {
        // The inline error page when the header is unusable; otherwise the content with the error in the
        // warning bar (a valid header with a damaged payload: the complete records stay viewable).
        const bool headerValid =
            c.kind == mf::Kind::Bytes && idx::IdxFile::open(m_paths.value(c.name))->headerValid();
        QVERIFY2(page == (headerValid ? QStringLiteral("content") : QStringLiteral("error")),
                 qPrintable(why));
        QVERIFY2(message.contains(c.keyword, Qt::CaseInsensitive), qPrintable(why));
        break;
    }
    case mf::Outcome::Warning:
        QVERIFY2(page == QStringLiteral("content"), qPrintable(why));
        QVERIFY2(message.contains(c.keyword, Qt::CaseInsensitive), qPrintable(why));
        break;
    case mf::Outcome::Ok:
        QVERIFY2(page == QStringLiteral("content") && message.isEmpty(), qPrintable(why));
        break;
    }
}

void TestMalformed::cleanupTestCase()
{
    qInfo("slowest child: CLI %lld ms, GUI %lld ms; peak memory of any child %ld KiB", m_slowestMs[0],
          m_slowestMs[1], peakChildKiB());
}

QTEST_GUILESS_MAIN(TestMalformed)
#include "tst_malformed.moc"
