// The CLI on the sibling formats, against files and expected bytes written by numpy (Debian's python3 with
// python3-numpy, at test time): info names the format and lists an .npz's arrays, convert of a .npy or of
// ARCHIVE.npz:NAME writes the canonical IDX numpy's own bytes spell, stats takes its labels from the same
// archive, and what cannot be written exactly is refused.
#include "clitest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace clitest;

class TestCliSibling : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    Run run(const QStringList& args) { return runCli(inDir(m_dir, args)); }
    QString path(const QString& name) const { return m_dir.filePath(name); }
    QJsonObject json(const QStringList& args)
    {
        const Run r = run(args);
        if (r.exitCode != 0)
            qWarning("%s", r.err.constData());
        return QJsonDocument::fromJson(r.out).object();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Each source array also written as the canonical big-endian IDX it stands for, by numpy: the
        // expected output of convert.
        const QString script = QStringLiteral(R"PY(
import numpy as np, struct, sys, os
os.chdir(sys.argv[1])
def idx(name, a, code):
    with open(name, 'wb') as f:
        f.write(bytes([0, 0, code, a.ndim]) + struct.pack('>' + 'I' * a.ndim, *a.shape))
        f.write(np.ascontiguousarray(a).tobytes())
x = (np.arange(7 * 4 * 5) * 7 % 256).astype('u1').reshape(7, 4, 5)
y = np.array([0, 1, 2, 1, 0, 2, 2], dtype='u1')
np.savez('keras.npz', x_test=x[:3], x_train=x, y_train=y, y_test=y[:3])
np.savez_compressed('keras_deflated.npz', x_train=x, y_train=y)
idx('x-expected', x, 0x08)
import gzip
with gzip.open('zeros.gz', 'wb') as dst:  # decoded in a load of its own, with progress
    dst.write(bytes([0, 0, 8, 3]) + struct.pack('>III', 4000, 28, 28) + bytes(4000 * 28 * 28))
u = (np.arange(12) * 5000).astype('<u2').reshape(3, 4)
np.save('u16.npy', u)
idx('u16-expected', u.astype('>i4'), 0x0C)
f = np.asfortranarray((np.arange(24) / 7).reshape(2, 3, 4).astype('<f8'))
np.save('fortran.npy', f)
idx('fortran-expected', f.astype('>f8'), 0x0E)
np.save('big.npy', np.array([1, 2 ** 62 + 1], dtype='<i8'))
)PY");
        const QString failed = fx::runNumpy(script, m_dir.path());
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }

#ifdef Q_OS_UNIX
    // On a terminal, reading anything that is decoded shows progress: a sibling converted to IDX as a
    // compressed stream does; a mapped IDX file loads at once and shows none.
    void progressOnTerminal()
    {
        const Run npy = runCliOnTerminal(inDir(m_dir, {QStringLiteral("info"), QStringLiteral("@u16.npy")}));
        QVERIFY(npy.started);
        QCOMPARE(npy.exitCode, 0);
        QVERIFY2(npy.errText().contains(QStringLiteral("converting: ")) &&
                     npy.errText().contains(QStringLiteral("(100%)")),
                 qPrintable(npy.errText()));
        const Run gz = runCliOnTerminal(inDir(m_dir, {QStringLiteral("info"), QStringLiteral("@zeros.gz")}));
        QCOMPARE(gz.exitCode, 0);
        QVERIFY2(gz.errText().contains(QStringLiteral("decompressing: ")), qPrintable(gz.errText()));
        const Run raw =
            runCliOnTerminal(inDir(m_dir, {QStringLiteral("info"), QStringLiteral("@x-expected")}));
        QCOMPARE(raw.exitCode, 0);
        QVERIFY2(!raw.errText().contains(QStringLiteral("%)")), qPrintable(raw.errText()));
        QVERIFY(raw.outText().contains(QStringLiteral("uint8")));
    }
#endif

    void infoListsTheArchive()
    {
        const Run text = run({"info", "@keras.npz"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.outText().contains(QStringLiteral("archive of 4 arrays")), text.out.constData());
        QVERIFY(text.outText().contains(QStringLiteral("x_train:         uint8    7 x 4 x 5")));
        QVERIFY(text.outText().contains(QStringLiteral("images x_train, labels y_train")));

        const QJsonObject o = json({"info", "--json", "@keras_deflated.npz"});
        QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("NumPy .npz"));
        const QJsonArray arrays = o.value(QStringLiteral("arrays")).toArray();
        QCOMPARE(arrays.size(), 2);
        QCOMPARE(arrays[0].toObject().value(QStringLiteral("name")).toString(), QStringLiteral("x_train"));
        QCOMPARE(arrays[0].toObject().value(QStringLiteral("dtype")).toString(), QStringLiteral("uint8"));
        QCOMPARE(arrays[0].toObject().value(QStringLiteral("dims")).toArray(), (QJsonArray{7, 4, 5}));
        QCOMPARE(arrays[1].toObject().value(QStringLiteral("dims")).toArray(), (QJsonArray{7}));
        QCOMPARE(o.value(QStringLiteral("pair")).toObject().value(QStringLiteral("labels")).toString(),
                 QStringLiteral("y_train"));
    }

    void infoNamesTheFormat()
    {
        const QJsonObject o = json({"info", "--json", "@u16.npy"});
        QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("NumPy .npy"));
        QCOMPARE(o.value(QStringLiteral("dtype")).toString(), QStringLiteral("int32"));
        const QJsonObject source = o.value(QStringLiteral("source")).toObject();
        QCOMPARE(source.value(QStringLiteral("dtype")).toString(), QStringLiteral("uint16"));
        QCOMPARE(source.value(QStringLiteral("descr")).toString(), QStringLiteral("<u2"));
        QVERIFY(o.value(QStringLiteral("warnings"))
                    .toArray()
                    .first()
                    .toString()
                    .contains(QStringLiteral("int32")));
        const Run text = run({"info", "@fortran.npy"});
        QVERIFY2(text.outText().contains(QStringLiteral("NumPy .npy (<f8, column-major), read as IDX")),
                 text.out.constData());
        const QJsonObject idx = json({"info", "--json", "@x-expected"});
        QCOMPARE(idx.value(QStringLiteral("format")).toString(), QStringLiteral("IDX"));
        QVERIFY(!idx.contains(QStringLiteral("source")));
    }

    void convertWritesNumpysBytes_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("expected");
        QTest::newRow("npz stored") << QStringLiteral("@keras.npz:x_train") << QStringLiteral("x-expected");
        QTest::newRow("npz deflated")
            << QStringLiteral("@keras_deflated.npz:x_train.npy") << QStringLiteral("x-expected");
        QTest::newRow("uint16 widened") << QStringLiteral("@u16.npy") << QStringLiteral("u16-expected");
        QTest::newRow("fortran") << QStringLiteral("@fortran.npy") << QStringLiteral("fortran-expected");
    }

    void convertWritesNumpysBytes()
    {
        QFETCH(QString, in);
        QFETCH(QString, expected);
        QFile::remove(path(QStringLiteral("out-idx")));
        const Run r = run({"convert", in, "@out-idx"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(readAll(path(QStringLiteral("out-idx"))), readAll(path(expected)));
        // import-npy converts a .npy the same way, streaming.
        if (!in.contains(QLatin1String(".npz:"))) {
            QFile::remove(path(QStringLiteral("imported-idx")));
            const Run imported = run({"import-npy", in, "@imported-idx"});
            QVERIFY2(imported.exitCode == 0, imported.err.constData());
            QCOMPARE(readAll(path(QStringLiteral("imported-idx"))), readAll(path(expected)));
        }
    }

    void statsPerLabelFromTheArchive()
    {
        const QJsonObject o =
            json({"stats", "--json", "--labels", "@keras.npz:y_train", "@keras.npz:x_train"});
        QVERIFY2(!o.isEmpty(), "no JSON");
        const QJsonObject perLabel = o.value(QStringLiteral("per_label")).toObject();
        QCOMPARE(perLabel.size(), 3);
        QCOMPARE(perLabel.value(QStringLiteral("2")).toObject().value(QStringLiteral("count")).toInt(), 3);
        QCOMPARE(perLabel.value(QStringLiteral("0")).toObject().value(QStringLiteral("elements")).toInt(),
                 2 * 20);
    }

    void errors()
    {
        const Run missing = run({"info", "@keras.npz:z_train"});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.errText().contains(QStringLiteral("no member \"z_train\"")),
                 missing.err.constData());
        const Run several = run({"stats", "@keras.npz"});
        QCOMPARE(several.exitCode, 1);
        QVERIFY2(several.errText().contains(QStringLiteral("open one of them as keras.npz:NAME")),
                 several.err.constData());
        // int64 beyond 2^53 is read rounded: writing it is refused, nothing is written.
        const Run big = run({"convert", "@big.npy", "@big-idx"});
        QCOMPARE(big.exitCode, 1);
        QVERIFY2(big.errText().contains(QStringLiteral("no 64-bit integer type")), big.err.constData());
        QVERIFY(!QFile::exists(path(QStringLiteral("big-idx"))));
        const Run repair = run({"repair", "@big.npy", "@big-idx"});
        QCOMPARE(repair.exitCode, 1);
        QVERIFY(!QFile::exists(path(QStringLiteral("big-idx"))));
        const Run imported = run({"import-npy", "@big.npy", "@big-idx"});
        QCOMPARE(imported.exitCode, 1);
        QVERIFY2(
            imported.errText().contains(QStringLiteral("1 int64 value beyond 2^53 was rounded to the nearest "
                                                       "float64; IDX has no type that holds it exactly")),
            imported.err.constData());
        QVERIFY(!QFile::exists(path(QStringLiteral("big-idx"))));
        const QString fake = fx::writeFile(m_dir, QStringLiteral("fake.npz"),
                                           QByteArray("PK\x03\x04", 4) + QByteArray(40, '\0'));
        const Run notZip = run({"info", fake});
        QCOMPARE(notZip.exitCode, 1);
        QVERIFY2(notZip.errText().contains(QStringLiteral("zip archive")), notZip.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliSibling)
#include "tst_cli_sibling.moc"
