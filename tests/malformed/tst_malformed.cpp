// The malformed-file suite: every generated input (malformedcases.h) through the real CLI (`idxscope-cli
// validate`) and the real GUI (guiprobe: MainWindow + DocumentView, offscreen). Each child must give the
// outcome its case spells out (the CLI's exit status and line; the GUI's error page, content with a warning,
// or content alone) with the case's keyword, and stay under 300 MB of peak memory (getrusage(RUSAGE_CHILDREN)
// after waiting for it: the maximum over children so far, so a case that crosses the limit fails on its own
// row). Wall time is malformedbench's figure; here a child only has to end within the hang guard.
#include "malformedrun.h"

#include <QTest>

#include <sys/resource.h>

namespace {
// Hang guard per child, not a performance limit: 10x the slowest child malformedbench measured here (guiprobe
// on ndim255-ones-idx-ubyte, 628 ms median and 789 ms worst of 5, on 2 cores at a load average of 8).
constexpr int kHangGuardMs = 10 * 800;
constexpr long kPeakLimitKiB = 300 * 1024;

long peakChildKiB()
{
    rusage u{};
    ::getrusage(RUSAGE_CHILDREN, &u);
    return u.ru_maxrss;
}

const char* cliName(mf::Cli o)
{
    return o == mf::Cli::Error ? "error" : o == mf::Cli::Warning ? "warning" : "ok";
}

const char* guiName(mf::Gui o)
{
    return o == mf::Gui::ErrorPage            ? "the error page"
           : o == mf::Gui::ContentWithWarning ? "the content with a warning"
                                              : "the content alone";
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
    void rows();
    QTemporaryDir m_dir;
    std::vector<mf::Case> m_cases;
    QHash<QString, QString> m_paths;
};

void TestMalformed::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cases = mf::cases();
    QVERIFY2(m_cases.size() >= 40, "the issue asks for at least 40 inputs");
    QSet<QString> names;
    for (const mf::Case& c : m_cases) {
        QVERIFY2(!names.contains(c.name), qPrintable(c.name));
        names.insert(c.name);
    }
    m_paths = mf::materializeAll(m_dir.path(), m_cases);
    QCOMPARE(m_paths.size(), qsizetype(m_cases.size()));
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
    const mf::Run r =
        mf::runChild(QStringLiteral(IDXSCOPE_CLI), {QStringLiteral("validate"), m_paths.value(c.name)}, c,
                     m_dir.path(), kHangGuardMs);
    QVERIFY2(r.finished && !r.crashed, qPrintable(r.output));
    QVERIFY2(peakChildKiB() < kPeakLimitKiB, qPrintable(QStringLiteral("%1 KiB").arg(peakChildKiB())));
    const QString line = r.output.trimmed();
    QVERIFY2(!line.contains(QLatin1Char('\n')), qPrintable(line)); // one line per file
    const QString why = QStringLiteral("%1 expected; got exit status %2: %3")
                            .arg(QLatin1String(cliName(c.cli)))
                            .arg(r.exitCode)
                            .arg(line);
    QVERIFY2(r.exitCode == (c.cli == mf::Cli::Error ? 1 : 0), qPrintable(why));
    switch (c.cli) {
    case mf::Cli::Error:
        QVERIFY2(line.contains(QStringLiteral(": error: ")), qPrintable(why));
        break;
    case mf::Cli::Warning:
        QVERIFY2(line.contains(QStringLiteral(": OK with warnings: ")), qPrintable(why));
        break;
    case mf::Cli::Ok:
        QVERIFY2(line.endsWith(QStringLiteral(": OK")), qPrintable(why));
        break;
    }
    QVERIFY2(line.contains(c.keyword, Qt::CaseInsensitive), qPrintable(why));
}

void TestMalformed::gui()
{
    QFETCH(int, index);
    const mf::Case& c = m_cases[size_t(index)];
    const mf::Run r = mf::runChild(QStringLiteral(IDXSCOPE_GUIPROBE), {m_paths.value(c.name)}, c,
                                   m_dir.path(), kHangGuardMs);
    QVERIFY2(r.finished && !r.crashed && r.exitCode == 0, qPrintable(r.output));
    QVERIFY2(peakChildKiB() < kPeakLimitKiB, qPrintable(QStringLiteral("%1 KiB").arg(peakChildKiB())));
    QString page, error, warning;
    for (const QString& line : r.output.split(QLatin1Char('\n'))) {
        if (line.startsWith(QStringLiteral("page: ")))
            page = line.mid(6);
        else if (line.startsWith(QStringLiteral("error: ")))
            error += line + QLatin1Char('\n');
        else if (line.startsWith(QStringLiteral("warning: ")))
            warning += line + QLatin1Char('\n');
    }
    const QString why = QStringLiteral("%1 expected; got page %2: %3%4")
                            .arg(QLatin1String(guiName(c.gui)), page, error, warning);
    switch (c.gui) {
    case mf::Gui::ErrorPage:
        QVERIFY2(page == QStringLiteral("error") && error.contains(c.keyword, Qt::CaseInsensitive),
                 qPrintable(why));
        break;
    case mf::Gui::ContentWithWarning:
        QVERIFY2(page == QStringLiteral("content") && error.isEmpty() &&
                     warning.contains(c.keyword, Qt::CaseInsensitive),
                 qPrintable(why));
        break;
    case mf::Gui::Content:
        QVERIFY2(page == QStringLiteral("content") && error.isEmpty() && warning.isEmpty(), qPrintable(why));
        break;
    }
}

void TestMalformed::cleanupTestCase()
{
    qInfo("peak memory of any child %ld KiB", peakChildKiB());
}

QTEST_GUILESS_MAIN(TestMalformed)
#include "tst_malformed.moc"
