// idxscope-cli info on Debian's real Fashion-MNIST files names the dataset and its ten classes (text and
// JSON); an images file is known through its labels too; a file of the same shape with other labels is not.
// Of the rest of the family, what can be generated: EMNIST Letters' sorted test labels, and a QMNIST label
// table (known by its column ranges) whose columns are named in `info --json` and in a CSV from `convert`.
#include "clitest.h"
#include "qmnistfixture.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace clitest;

namespace {
QString fashion(const QString& name)
{
    return QStringLiteral(IDXSCOPE_FASHION_DIR "/") + name;
}

QJsonObject infoJson(const QString& path)
{
    const Run r = runCli({QStringLiteral("info"), QStringLiteral("--json"), path});
    if (r.exitCode != 0)
        qWarning("%s", r.err.constData());
    return QJsonDocument::fromJson(r.out).object();
}
} // namespace

class TestCliDataset : public QObject {
    Q_OBJECT
private slots:
    void fashionLabels()
    {
        const QJsonObject o = infoJson(fashion(QStringLiteral("train-labels-idx1-ubyte.gz")));
        QCOMPARE(o.value(QStringLiteral("dataset")).toString(),
                 QStringLiteral("Fashion-MNIST, training labels"));
        const QJsonArray names = o.value(QStringLiteral("class_names")).toArray();
        QCOMPARE(names.size(), 10);
        QCOMPARE(names.at(0).toString(), QStringLiteral("T-shirt/top"));
        QCOMPARE(names.at(9).toString(), QStringLiteral("Ankle boot"));
        QVERIFY(o.value(QStringLiteral("column_names")).isNull());
        QCOMPARE(o.value(QStringLiteral("stored_transposed")).toBool(), false);
    }

    void fashionImagesText()
    {
        const Run r = runCli({QStringLiteral("info"), fashion(QStringLiteral("t10k-images-idx3-ubyte.gz"))});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.outText().contains(QStringLiteral("dataset:         Fashion-MNIST, test images")),
                 r.out.constData());
        QVERIFY2(r.outText().contains(QStringLiteral("9 · Ankle boot")), r.out.constData());
    }

    // Images known only through their labels: a copy of the test images with one pixel changed, beside the
    // real test labels.
    void imagesThroughTheirLabels()
    {
        QTemporaryDir dir;
        const QByteArray images = gunzip(readAll(fashion(QStringLiteral("t10k-images-idx3-ubyte.gz"))));
        QByteArray changed = images;
        changed[16 + 300] = char(changed[16 + 300] ^ 1);
        fx::writeFile(dir, QStringLiteral("t10k-images-idx3-ubyte"), changed);
        fx::writeFile(dir, QStringLiteral("t10k-labels-idx1-ubyte"),
                      gunzip(readAll(fashion(QStringLiteral("t10k-labels-idx1-ubyte.gz")))));
        const QJsonObject o = infoJson(dir.filePath(QStringLiteral("t10k-images-idx3-ubyte")));
        QCOMPARE(o.value(QStringLiteral("dataset")).toString(), QStringLiteral("Fashion-MNIST, test images"));
        QVERIFY2(
            o.value(QStringLiteral("dataset_evidence")).toString().contains(QStringLiteral("labels file")),
            qPrintable(o.value(QStringLiteral("dataset_evidence")).toString()));
    }

    // stats per label: a known labels file names each class (JSON `name`, and the text table).
    void statsNamesEachLabel()
    {
        const QString images = fashion(QStringLiteral("t10k-images-idx3-ubyte.gz"));
        const QString labels = fashion(QStringLiteral("t10k-labels-idx1-ubyte.gz"));
        const Run r = runCli({QStringLiteral("stats"), QStringLiteral("--json"), QStringLiteral("--records"),
                              QStringLiteral("0:200"), QStringLiteral("--labels"), labels, images});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject perLabel =
            QJsonDocument::fromJson(r.out).object().value(QStringLiteral("per_label")).toObject();
        QCOMPARE(perLabel.value(QStringLiteral("9")).toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("Ankle boot"));
        QCOMPARE(perLabel.value(QStringLiteral("0")).toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("T-shirt/top"));
        const Run text = runCli({QStringLiteral("stats"), QStringLiteral("--records"),
                                 QStringLiteral("0:200"), QStringLiteral("--labels"), labels, images});
        QVERIFY2(text.outText().contains(QStringLiteral("  Ankle boot\n")), text.out.constData());
    }

    // export --name-labels: files named by class ("00009_Ankle-boot.png", "T-shirt/top" made safe) from the
    // real labels; a label the names leave out keeps its number.
    void exportNamesFiles()
    {
        QTemporaryDir out;
        const Run r =
            runCli({QStringLiteral("export"), fashion(QStringLiteral("t10k-images-idx3-ubyte.gz")),
                    QStringLiteral("--labels"), fashion(QStringLiteral("t10k-labels-idx1-ubyte.gz")),
                    QStringLiteral("--name-labels"), QStringLiteral("--records"), QStringLiteral(":2"),
                    QStringLiteral("--out"), out.path()});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // The first two test labels of Fashion-MNIST are 9 (Ankle boot) and 2 (Pullover).
        QCOMPARE(QDir(out.path()).entryList(QDir::Files, QDir::Name),
                 (QStringList{QStringLiteral("0000_Ankle-boot.png"), QStringLiteral("0001_Pullover.png")}));

        // Names given by file replace the dataset's; label 2 has none there and keeps its number.
        QTemporaryDir dir;
        const QString names = fx::writeFile(dir, QStringLiteral("names.csv"),
                                            QByteArrayLiteral("label,name\n9,Boot / ankle\n"));
        QTemporaryDir out2;
        const Run g =
            runCli({QStringLiteral("export"), fashion(QStringLiteral("t10k-images-idx3-ubyte.gz")),
                    QStringLiteral("--labels"), fashion(QStringLiteral("t10k-labels-idx1-ubyte.gz")),
                    QStringLiteral("--name-labels"), QStringLiteral("--class-names"), names,
                    QStringLiteral("--records"), QStringLiteral(":2"), QStringLiteral("--out"), out2.path()});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QCOMPARE(QDir(out2.path()).entryList(QDir::Files, QDir::Name),
                 (QStringList{QStringLiteral("0000_Boot-ankle.png"), QStringLiteral("0001_2.png")}));
    }

    // --name-labels with labels that have no names, or without labels; --class-names without --name-labels;
    // a names file that is not one: clear errors naming the file, nothing written.
    void exportNameErrors()
    {
        QTemporaryDir dir;
        QByteArray labels = fx::rawHeader(0x08, {3});
        labels += QByteArray("\x01\x02\x03", 3);
        const QString labelsPath = fx::writeFile(dir, QStringLiteral("plain-labels"), labels);
        QByteArray images = fx::rawHeader(0x08, {3, 2, 2});
        images += QByteArray(12, '\x10');
        const QString imagesPath = fx::writeFile(dir, QStringLiteral("plain-images"), images);
        const QString out = dir.filePath(QStringLiteral("out"));

        const Run unnamed =
            runCli({QStringLiteral("export"), imagesPath, QStringLiteral("--labels"), labelsPath,
                    QStringLiteral("--name-labels"), QStringLiteral("--out"), out});
        QCOMPARE(unnamed.exitCode, 1);
        QVERIFY2(unnamed.errText().contains(QStringLiteral("plain-labels: its labels have no class names")),
                 unnamed.err.constData());
        QVERIFY(!QFileInfo::exists(out) || QDir(out).isEmpty());

        const Run noLabels = runCli({QStringLiteral("export"), imagesPath, QStringLiteral("--name-labels"),
                                     QStringLiteral("--out"), out});
        QCOMPARE(noLabels.exitCode, 2);
        QVERIFY2(noLabels.errText().contains(QStringLiteral("--name-labels names files by their labels")),
                 noLabels.err.constData());

        const QString names = fx::writeFile(dir, QStringLiteral("names.txt"), QByteArrayLiteral("a\nb\n"));
        const Run stray =
            runCli({QStringLiteral("export"), imagesPath, QStringLiteral("--labels"), labelsPath,
                    QStringLiteral("--class-names"), names, QStringLiteral("--out"), out});
        QCOMPARE(stray.exitCode, 2);
        QVERIFY2(stray.errText().contains(QStringLiteral("--class-names only applies")),
                 stray.err.constData());

        const QString empty = fx::writeFile(dir, QStringLiteral("empty.txt"), QByteArrayLiteral("\n\n"));
        const Run bad = runCli({QStringLiteral("export"), imagesPath, QStringLiteral("--labels"), labelsPath,
                                QStringLiteral("--name-labels"), QStringLiteral("--class-names"), empty,
                                QStringLiteral("--out"), out});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.errText().contains(QStringLiteral("empty.txt: the file holds no names")),
                 bad.err.constData());

        const Run missing = runCli({QStringLiteral("info"), labelsPath, QStringLiteral("--class-names"),
                                    dir.filePath(QStringLiteral("nowhere.txt"))});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.errText().contains(QStringLiteral("nowhere.txt: cannot read the class names")),
                 missing.err.constData());

        const QString huge = fx::writeFile(dir, QStringLiteral("huge.txt"), QByteArray((4 << 20) + 1, 'a'));
        const Run tooBig =
            runCli({QStringLiteral("info"), labelsPath, QStringLiteral("--class-names"), huge});
        QCOMPARE(tooBig.exitCode, 1);
        QVERIFY2(
            tooBig.errText().contains(QStringLiteral("huge.txt: the class names file is larger than 4 MB")),
            tooBig.err.constData());
    }

    // info and stats take --class-names for any labels file: class_names in JSON, the per-label names.
    void classNamesForAnyFile()
    {
        QTemporaryDir dir;
        QByteArray labels = fx::rawHeader(0x08, {4});
        labels += QByteArray("\x00\x01\x01\x00", 4);
        const QString labelsPath = fx::writeFile(dir, QStringLiteral("cats-dogs-labels"), labels);
        QByteArray images = fx::rawHeader(0x08, {4, 2, 2});
        images += QByteArray(16, '\x20');
        const QString imagesPath = fx::writeFile(dir, QStringLiteral("cats-dogs-images"), images);
        const QString names =
            fx::writeFile(dir, QStringLiteral("names.txt"), QByteArrayLiteral("cat\ndog\n"));

        const Run info = runCli({QStringLiteral("info"), QStringLiteral("--json"),
                                 QStringLiteral("--class-names"), names, labelsPath});
        QVERIFY2(info.exitCode == 0, info.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(info.out).object();
        QVERIFY(o.value(QStringLiteral("dataset")).isNull());
        QCOMPARE(o.value(QStringLiteral("class_names")).toArray(),
                 (QJsonArray{QStringLiteral("cat"), QStringLiteral("dog")}));

        // Labels that cannot index a list (negative here) are keyed by label instead.
        const QString negative =
            fx::writeFile(dir, QStringLiteral("negative.csv"), QByteArrayLiteral("-1,background\n1,dog\n"));
        const Run keyed = runCli({QStringLiteral("info"), QStringLiteral("--json"),
                                  QStringLiteral("--class-names"), negative, labelsPath});
        QVERIFY2(keyed.exitCode == 0, keyed.err.constData());
        QCOMPARE(QJsonDocument::fromJson(keyed.out).object().value(QStringLiteral("class_names")).toObject(),
                 (QJsonObject{{QStringLiteral("-1"), QStringLiteral("background")},
                              {QStringLiteral("1"), QStringLiteral("dog")}}));

        const Run stats =
            runCli({QStringLiteral("stats"), QStringLiteral("--json"), QStringLiteral("--labels"), labelsPath,
                    QStringLiteral("--class-names"), names, imagesPath});
        QVERIFY2(stats.exitCode == 0, stats.err.constData());
        const QJsonObject perLabel =
            QJsonDocument::fromJson(stats.out).object().value(QStringLiteral("per_label")).toObject();
        QCOMPARE(perLabel.value(QStringLiteral("1")).toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("dog"));

        const Run noLabels =
            runCli({QStringLiteral("stats"), QStringLiteral("--class-names"), names, imagesPath});
        QCOMPARE(noLabels.exitCode, 2);
        QVERIFY2(noLabels.errText().contains(QStringLiteral("give the labels file too")),
                 noLabels.err.constData());
    }

    // sprite: metadata.tsv gains the class column (with the Projector's header line) when names are known.
    void spriteMetadataNamesClasses()
    {
        QTemporaryDir out;
        const Run r =
            runCli({QStringLiteral("sprite"), fashion(QStringLiteral("t10k-images-idx3-ubyte.gz")),
                    QStringLiteral("--labels"), fashion(QStringLiteral("t10k-labels-idx1-ubyte.gz")),
                    QStringLiteral("--records"), QStringLiteral(":3"), QStringLiteral("--out"), out.path()});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(readAll(QDir(out.path()).filePath(QStringLiteral("metadata.tsv"))),
                 QByteArrayLiteral("label\tclass\n9\tAnkle boot\n2\tPullover\n1\tTrouser\n"));
    }

    // The shape and class counts of Fashion-MNIST's test labels, in another order: not claimed.
    void lookalikeIsNot()
    {
        QTemporaryDir dir;
        QByteArray labels = fx::rawHeader(0x08, {10000});
        for (int i = 0; i < 10000; ++i)
            labels += char(i % 10);
        const QString path = fx::writeFile(dir, QStringLiteral("labels-idx1-ubyte"), labels);
        const QJsonObject o = infoJson(path);
        QVERIFY(o.contains(QStringLiteral("dataset")));
        QVERIFY(o.value(QStringLiteral("dataset")).isNull());
        QVERIFY(o.value(QStringLiteral("class_names")).isNull());
    }

    // EMNIST Letters' test labels are 800 of each letter in turn: generated, they are the published file.
    void emnistLettersTest()
    {
        QTemporaryDir dir;
        QByteArray labels = fx::rawHeader(0x08, {20800});
        for (int letter = 1; letter <= 26; ++letter)
            labels += QByteArray(800, char(letter));
        const QJsonObject o =
            infoJson(fx::writeFile(dir, QStringLiteral("letters-idx1-ubyte.gz"), fx::gzip(labels)));
        QCOMPARE(o.value(QStringLiteral("dataset")).toString(),
                 QStringLiteral("EMNIST Letters, test labels"));
        QCOMPARE(o.value(QStringLiteral("stored_transposed")).toBool(), true);
        const QJsonArray names = o.value(QStringLiteral("class_names")).toArray();
        QCOMPARE(names.size(), 27); // labels 1–26: label 0 has no name
        QCOMPARE(names.at(1).toString(), QStringLiteral("A"));
        QCOMPARE(names.at(26).toString(), QStringLiteral("Z"));
        // The same balance in another order (KMNIST's shape too): not claimed.
        QByteArray shuffled = fx::rawHeader(0x08, {20800});
        for (int round = 0; round < 800; ++round)
            for (int letter = 1; letter <= 26; ++letter)
                shuffled += char(letter);
        QVERIFY(infoJson(fx::writeFile(dir, QStringLiteral("other-idx1-ubyte"), shuffled))
                    .value(QStringLiteral("dataset"))
                    .isNull());
    }

    // A QMNIST test label table: known, its columns named in JSON and heading its CSV; labels' CSV has no
    // header line.
    void qmnistTableColumns()
    {
        QTemporaryDir dir;
        const std::vector<int> classes = fx::classesBeginning(fx::mnistTestHead(), 60000);
        const std::vector<double> values = fx::qmnistTableValues(classes);
        const QString table = fx::writeFile(dir, QStringLiteral("qmnist-test-labels-idx2-int.gz"),
                                            fx::gzip(fx::idxBytes(idx::DType::Int32, {60000, 8}, values)));
        const QJsonObject o = infoJson(table);
        QCOMPARE(o.value(QStringLiteral("dataset")).toString(), QStringLiteral("QMNIST, test label table"));
        QStringList columns;
        for (const QJsonValue& c : o.value(QStringLiteral("column_names")).toArray())
            columns << c.toString();
        QCOMPARE(columns, fx::qmnistColumnNames());

        const QString csv = dir.filePath(QStringLiteral("table.csv"));
        Run r = runCli(
            {QStringLiteral("convert"), QStringLiteral("--records"), QStringLiteral("1:3"), table, csv});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QByteArray> lines = readAll(csv).split('\n');
        QCOMPARE(lines.size(), 4); // the names, two records, the final line break
        QCOMPARE(QString::fromUtf8(lines.at(0)), fx::qmnistColumnNames().join(QLatin1Char(',')));
        QStringList second;
        for (int k = 0; k < 8; ++k)
            second << QString::number(values[size_t(2 * 8 + k)]);
        QCOMPARE(QString::fromUtf8(lines.at(2)), second.join(QLatin1Char(',')));

        QByteArray labels = fx::rawHeader(0x08, {3});
        labels += QByteArray("\x07\x02\x01", 3);
        const QString labelsCsv = dir.filePath(QStringLiteral("labels.csv"));
        r = runCli({QStringLiteral("convert"), fx::writeFile(dir, QStringLiteral("l-idx1-ubyte"), labels),
                    labelsCsv});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(readAll(labelsCsv), QByteArray("7\n2\n1\n"));
    }
};

QTEST_GUILESS_MAIN(TestCliDataset)
#include "tst_cli_dataset.moc"
