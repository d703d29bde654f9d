// idxscope-cli import-png, import-npy and sprite run as a process: usage errors (exit 2), file errors (exit
// 1, "idxscope-cli: error: FILE: reason", nothing written) and successful runs checked by reading the outputs
// back (dims, pixel values, labels, gzip, sprite geometry and metadata.tsv lines).
#include "clitest.h"

#include "idxfile.h"

#include <QImage>
#include <QStandardPaths>
#include <QTest>

using namespace clitest;
using idx::DType;

namespace {

/// A minimal .npy 1.0 writer for uint8 (independent of the code under test).
QByteArray npyUint8(const QList<int>& shape, const QByteArray& data)
{
    QStringList dims;
    for (int d : shape)
        dims << QString::number(d);
    QByteArray dict = "{'descr': '|u1', 'fortran_order': False, 'shape': (" + dims.join(u", ").toLatin1() +
                      (shape.size() == 1 ? "," : "") + "), }";
    while ((10 + dict.size() + 1) % 64 != 0)
        dict += ' ';
    dict += '\n';
    QByteArray out("\x93NUMPY\x01\x00", 8);
    out += char(dict.size() & 0xff);
    out += char(dict.size() >> 8);
    return out + dict + data;
}

QImage gray(int w, int h, int value)
{
    QImage img(w, h, QImage::Format_Grayscale8);
    img.fill(QColor(value, value, value));
    return img;
}

} // namespace

class TestCliImport : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString put(const QString& name, const QByteArray& bytes)
    {
        const QString path = fx::writeFile(m_dir, name, bytes);
        if (path.isEmpty())
            qFatal("cannot write fixture %s", qPrintable(name));
        return path;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFileInfo(cliPath()).isExecutable(),
                 qPrintable(cliPath() + QStringLiteral(" is not built")));
        const QDir d(m_dir.path());
        for (const char* sub : {"pngs", "mixed", "emptydir", "folder"})
            QVERIFY(d.mkpath(QLatin1String(sub)));
        QVERIFY(gray(4, 3, 10).save(m_dir.filePath(QStringLiteral("pngs/a_1.png"))));
        QVERIFY(gray(4, 3, 20).save(m_dir.filePath(QStringLiteral("pngs/b_2.png"))));
        QVERIFY(gray(4, 3, 30).save(m_dir.filePath(QStringLiteral("pngs/c_7.png"))));
        QVERIFY(gray(4, 3, 10).save(m_dir.filePath(QStringLiteral("mixed/a_1.png"))));
        QVERIFY(gray(5, 3, 10).save(m_dir.filePath(QStringLiteral("mixed/b_1.png"))));
        put(QStringLiteral("labels.csv"), "filename,label\na_1.png,5\nb_2.png,6\nc_7.png,9\n");
        put(QStringLiteral("good.npy"), npyUint8({2, 3, 4}, QByteArray(24, '\x05')));
        put(QStringLiteral("bad.npy"), QByteArray("\x93NUMPY\x01\x00\x10\x00{'descr': 'x'}", 24));
        put(QStringLiteral("short.npy"), npyUint8({2, 3, 4}, QByteArray(10, '\x05')));
        put(QStringLiteral("images.idx"), fx::idxSample(DType::UInt8, {5, 3, 4}));
        put(QStringLiteral("labels5.idx"), fx::idxBytes(DType::UInt8, {5}, {0, 1, 2, 3, 4}));
        put(QStringLiteral("labels4.idx"), fx::idxBytes(DType::UInt8, {4}, {0, 1, 2, 3}));
        put(QStringLiteral("truncated.idx"), fx::idxSample(DType::UInt8, {5, 3, 4}).chopped(7));
        put(QStringLiteral("afile"), "x");
        QVERIFY(d.mkpath(QStringLiteral("taken")));
        put(QStringLiteral("taken/sprite.png"), "old");
    }

    void exitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("errFile");  // stderr starts with the error prefix for this file
        QTest::addColumn<QString>("noOutput"); // must not exist afterwards
        auto row = [](const char* name, QStringList args, int code, QString errFile = {}, QString none = {}) {
            QTest::newRow(name) << args << code << errFile << none;
        };
        for (const char* cmd : {"import-png", "import-npy", "sprite"})
            row(qPrintable(QStringLiteral("%1 --help").arg(QLatin1String(cmd))), {cmd, "--help"}, 0);
        row("png no args", {"import-png"}, 2);
        row("png one arg", {"import-png", "@pngs"}, 2);
        row("png three args", {"import-png", "@pngs", "@o1", "@o2"}, 2, {}, "@o1");
        row("png csv without labels-out", {"import-png", "@pngs", "@o1", "--labels-csv", "@labels.csv"}, 2,
            {}, "@o1");
        row("png unknown option", {"import-png", "--bogus", "@pngs", "@o1"}, 2, {}, "@o1");
        row("png missing folder", {"import-png", "@nodir", "@o1"}, 1, "@nodir", "@o1");
        row("png folder is a file", {"import-png", "@afile", "@o1"}, 1, "@afile", "@o1");
        row("png empty folder", {"import-png", "@emptydir", "@o1"}, 1, "@emptydir", "@o1");
        row("png size mismatch", {"import-png", "@mixed", "@o1"}, 1, {}, "@o1");
        row("png out is a folder", {"import-png", "@pngs", "@folder"}, 1, "@folder");
        row("png missing csv",
            {"import-png", "@pngs", "@o1", "--labels-out", "@l1", "--labels-csv", "@no.csv"}, 1, {}, "@o1");
        row("npy no args", {"import-npy"}, 2);
        row("npy one arg", {"import-npy", "@good.npy"}, 2);
        row("npy missing", {"import-npy", "@missing.npy", "@n1"}, 1, "@missing.npy", "@n1");
        row("npy malformed", {"import-npy", "@bad.npy", "@n1"}, 1, "@bad.npy", "@n1");
        row("npy short data", {"import-npy", "@short.npy", "@n1"}, 1, "@short.npy", "@n1");
        row("npy out is a folder", {"import-npy", "@good.npy", "@folder"}, 1, "@folder");
        row("sprite no out", {"sprite", "@images.idx"}, 2);
        row("sprite no file", {"sprite", "--out", "@s1"}, 2, {}, "@s1");
        row("sprite bad range", {"sprite", "@images.idx", "--out", "@s1", "--records", "3:9"}, 2, {}, "@s1");
        row("sprite empty range", {"sprite", "@images.idx", "--out", "@s1", "--records", "2:2"}, 2, {},
            "@s1");
        row("sprite bad scale", {"sprite", "@images.idx", "--out", "@s1", "--scale", "0"}, 2, {}, "@s1");
        row("sprite missing", {"sprite", "@missing.idx", "--out", "@s1"}, 1, "@missing.idx", "@s1");
        row("sprite truncated", {"sprite", "@truncated.idx", "--out", "@s1"}, 1, "@truncated.idx", "@s1");
        row("sprite labels mismatch", {"sprite", "@images.idx", "--out", "@s1", "--labels", "@labels4.idx"},
            1, "@labels4.idx", "@s1");
        row("sprite out is a file", {"sprite", "@images.idx", "--out", "@afile"}, 1, "@afile");
        row("sprite exists", {"sprite", "@images.idx", "--out", "@taken"}, 1, "@taken/sprite.png");
    }

    void exitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, errFile);
        QFETCH(QString, noOutput);
        const Run r = runCli(inDir(m_dir, args));
        QVERIFY(r.started);
        QVERIFY2(r.exitCode == exitCode,
                 qPrintable(QStringLiteral("exit %1, stderr: %2").arg(r.exitCode).arg(r.errText())));
        if (!errFile.isEmpty()) {
            const QString file = inDir(m_dir, {errFile}).first();
            QVERIFY2(r.errText().startsWith(errorPrefix(file)), qPrintable(r.errText()));
        }
        if (exitCode == 1)
            QVERIFY2(r.errText().startsWith(QStringLiteral("idxscope-cli: error: ")),
                     qPrintable(r.errText()));
        if (exitCode == 2)
            QVERIFY2(r.errText().contains(QStringLiteral("--help")), qPrintable(r.errText()));
        if (exitCode == 0)
            QVERIFY(r.outText().startsWith(QStringLiteral("Usage: idxscope-cli")));
        if (!noOutput.isEmpty())
            QVERIFY(!QFileInfo::exists(inDir(m_dir, {noOutput}).first()));
        QCOMPARE(readAll(m_dir.filePath(QStringLiteral("taken/sprite.png"))), QByteArray("old"));
    }

    void importPngWithLabels_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<bool>("gzip");
        QTest::addColumn<QList<int>>("labels");
        QTest::newRow("names") << QStringList{} << false << QList<int>{1, 2, 7};
        QTest::newRow("names gz") << QStringList{"--gz"} << true << QList<int>{1, 2, 7};
        QTest::newRow("csv") << QStringList{"--labels-csv", "@labels.csv"} << false << QList<int>{5, 6, 9};
    }

    void importPngWithLabels()
    {
        QFETCH(QStringList, extra);
        QFETCH(bool, gzip);
        QFETCH(QList<int>, labels);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-');
        const QString images = m_dir.filePath(tag + QStringLiteral("-images-idx3-ubyte"));
        const QString labelsPath = m_dir.filePath(tag + QStringLiteral("-labels-idx1-ubyte"));
        const Run r = runCli(
            inDir(m_dir, QStringList{"import-png", "@pngs", images, "--labels-out", labelsPath} + extra));
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QCOMPARE(readAll(images).left(2) == QByteArray("\x1f\x8b"), gzip);
        const auto img = idx::IdxFile::open(images);
        QVERIFY(img->load());
        QCOMPARE(img->header().dims, (std::vector<quint64>{3, 3, 4}));
        QCOMPARE(img->view().value(0), 10.0);
        QCOMPARE(img->view().value(12), 20.0);
        QCOMPARE(img->view().value(35), 30.0);
        const auto lab = idx::IdxFile::open(labelsPath);
        QVERIFY(lab->load());
        QCOMPARE(lab->header().dims, (std::vector<quint64>{3}));
        for (int k = 0; k < 3; ++k)
            QCOMPARE(lab->view().value(quint64(k)), double(labels[k]));
    }

    void importPngWithoutLabels()
    {
        const QString images = m_dir.filePath(QStringLiteral("nolabels.idx"));
        const Run r = runCli({QStringLiteral("import-png"), m_dir.filePath(QStringLiteral("pngs")), images});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        QVERIFY(r.outText().contains(QStringLiteral("3 images")));
        const auto img = idx::IdxFile::open(images);
        QVERIFY(img->load());
        QCOMPARE(img->header().dims[0], quint64(3));
    }

    void importNpy()
    {
        for (const bool gz : {false, true}) {
            const QString out = m_dir.filePath(gz ? QStringLiteral("npy.idx.gz") : QStringLiteral("npy.idx"));
            const Run r =
                runCli({QStringLiteral("import-npy"), m_dir.filePath(QStringLiteral("good.npy")), out});
            QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
            QCOMPARE(readAll(out).left(2) == QByteArray("\x1f\x8b"), gz);
            const auto f = idx::IdxFile::open(out);
            QVERIFY(f->load());
            QCOMPARE(f->header().dtype, DType::UInt8);
            QCOMPARE(f->header().dims, (std::vector<quint64>{2, 3, 4}));
            for (quint64 i = 0; i < 24; ++i)
                QCOMPARE(f->view().value(i), 5.0);
        }
    }

    void sprite()
    {
        const QString out = m_dir.filePath(QStringLiteral("sprite-out"));
        const Run r = runCli({QStringLiteral("sprite"), m_dir.filePath(QStringLiteral("images.idx")),
                              QStringLiteral("--out"), out, QStringLiteral("--labels"),
                              m_dir.filePath(QStringLiteral("labels5.idx")), QStringLiteral("--records"),
                              QStringLiteral("1:")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        // 4 records: a 2 × 2 grid of 4 × 3 tiles, row-major.
        const QImage sprite(QDir(out).filePath(QStringLiteral("sprite.png")));
        QCOMPARE(sprite.size(), QSize(8, 6));
        const auto values = fx::sampleValues(DType::UInt8, 5 * 12);
        for (int k = 0; k < 4; ++k)
            QCOMPARE(qGray(sprite.pixel(k % 2 * 4, k / 2 * 3)), int(values[size_t((k + 1) * 12)]));
        QCOMPARE(readAll(QDir(out).filePath(QStringLiteral("metadata.tsv"))), QByteArray("1\n2\n3\n4\n"));
        // Again: refused, then replaced with --overwrite.
        const QStringList again{QStringLiteral("sprite"), m_dir.filePath(QStringLiteral("images.idx")),
                                QStringLiteral("--out"), out};
        QCOMPARE(runCli(again).exitCode, 1);
        QCOMPARE(runCli(again + QStringList{QStringLiteral("--overwrite")}).exitCode, 0);
        QCOMPARE(QImage(QDir(out).filePath(QStringLiteral("sprite.png"))).size(), QSize(12, 9));
    }
};

QTEST_GUILESS_MAIN(TestCliImport)
#include "tst_cli_import.moc"
