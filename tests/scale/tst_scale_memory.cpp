// Scale: memory stays bounded. Runs `scalebench --quick` (opens an 8 GiB sparse IDX, renders the last record
// and 50 random ones, starts statistics and cancels them at the first progress report) as a child process and
// checks its resident memory afterwards and its peak (VmRSS / VmHWM, which it prints) stay under 250 MB, and
// that the cancelled statistics returned no result.
#include <QProcess>
#include <QTest>

class TestScaleMemory : public QObject {
    Q_OBJECT
private slots:
    void eightGiBStaysSmall();
};

void TestScaleMemory::eightGiBStaysSmall()
{
    QProcess p;
    p.start(QStringLiteral(IDXSCOPE_SCALEBENCH), {QStringLiteral("--quick")});
    QVERIFY(p.waitForFinished(300000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    QHash<QByteArray, QByteArray> figures;
    for (const QByteArray& line : p.readAllStandardOutput().split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            figures.insert(line.left(colon), line.mid(colon + 1).trimmed());
    }
    qInfo("%s", qPrintable(QStringLiteral("rss %1 KiB, peak %2 KiB")
                               .arg(QString::fromLatin1(figures.value("sparse_8GiB_u8.rss_kib")),
                                    QString::fromLatin1(figures.value("sparse_8GiB_u8.peak_rss_kib")))));
    QVERIFY(!figures.contains("sparse_8GiB_u8.error"));
    bool ok = false;
    const qint64 rss = figures.value("sparse_8GiB_u8.rss_kib").toLongLong(&ok);
    QVERIFY(ok && rss > 0);
    QVERIFY2(rss < 250 * 1024, figures.value("sparse_8GiB_u8.rss_kib").constData());
    const qint64 peak = figures.value("sparse_8GiB_u8.peak_rss_kib").toLongLong(&ok);
    QVERIFY(ok && peak < 250 * 1024);
    QVERIFY(figures.value("sparse_8GiB_u8.stats_cancel_latency_ms").contains("none, as it should"));
}

QTEST_GUILESS_MAIN(TestScaleMemory)
#include "tst_scale_memory.moc"
