// Scale: memory stays bounded. Runs `scalebench --quick` (opens an 8 GiB sparse IDX, renders the last record
// and 50 random ones, starts statistics and cancels them at the first progress report) as a child process,
// parses the figures it prints and checks them against the bounds docs/reliability.md gives: the file is the
// 8 GiB one, all 51 records rendered at full size, the cancelled statistics returned no result, and resident
// memory afterwards and at its peak (VmRSS / VmHWM) stayed under 250 MB. The times it prints are the
// benchmark's, not checked.
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
    QVERIFY(p.waitForFinished(300000)); // hang guard
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    const QByteArray output = p.readAllStandardOutput();
    qInfo("%s", output.constData());
    QHash<QByteArray, QByteArray> figures;
    for (const QByteArray& line : output.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            figures.insert(line.left(colon), line.mid(colon + 1).trimmed());
    }
    QVERIFY2(!figures.contains("sparse_8GiB_u8.error"), figures.value("sparse_8GiB_u8.error").constData());
    // A figure: the number at the start of its value ("12.5 (median of 5)" reads 12.5); fails when missing.
    const auto figure = [&](const char* key) {
        const QByteArray value = figures.value(QByteArray("sparse_8GiB_u8.") + key);
        bool ok = false;
        const qint64 n = value.split(' ').value(0).toLongLong(&ok);
        if (!ok)
            qWarning("no figure %s in the output", key);
        return ok ? n : qint64(-1);
    };
    QVERIFY(figure("file_bytes") > 8'000'000'000);
    QCOMPARE(figure("records_rendered"), qint64(51));
    QCOMPARE(figure("stats_result_after_cancel"), qint64(0));
    const qint64 rss = figure("rss_kib"), peak = figure("peak_rss_kib");
    QVERIFY(rss > 0 && peak >= rss);
    QVERIFY2(rss * 1024 < 250'000'000, qPrintable(QStringLiteral("resident %1 KiB").arg(rss)));
    QVERIFY2(peak * 1024 < 250'000'000, qPrintable(QStringLiteral("peak %1 KiB").arg(peak)));
}

QTEST_GUILESS_MAIN(TestScaleMemory)
#include "tst_scale_memory.moc"
