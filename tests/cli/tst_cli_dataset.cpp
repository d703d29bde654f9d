// idxscope-cli info on Debian's real Fashion-MNIST files names the dataset and its ten classes (text and
// JSON); an images file is known through its labels too; a file of the same shape with other labels is not.
#include "clitest.h"

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
};

QTEST_GUILESS_MAIN(TestCliDataset)
#include "tst_cli_dataset.moc"
