// Document: synchronous header, background load (raw, progressive gzip, cancel, teardown mid-load), truncated
// and invalid files, labels companion (automatic, by hand, count mismatch), byte order switch and on-disk
// changes.
#include "appfixtures.h"
#include "document.h"
#include "heldpool.h"

#include <QDir>
#include <QSignalSpy>
#include <QTest>

#include <optional>

using namespace idx::gui;

class TestDocument : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { appfx::isolateSettings(); }

    void rawOpensAtOnce()
    {
        QTemporaryDir dir;
        const QString path =
            fx::writeFile(dir, QStringLiteral("a-images-idx3-ubyte"), appfx::uint8Tensor({5, 4, 3}));
        Document doc(path);
        QVERIFY(doc.headerValid());
        QCOMPARE(doc.displayName(), QStringLiteral("a-images-idx3-ubyte"));
        QCOMPARE(doc.view().recordCount(), quint64(5));
        QSignalSpy finished(&doc, &Document::loadFinished);
        QVERIFY(finished.count() == 1 || finished.wait());
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QVERIFY(doc.isLoaded());
        QCOMPARE(doc.view().availableRecords(), quint64(5));
        QCOMPARE(doc.view().value(7), double(appfx::uint8Value(7)));
    }

    void progressiveGzip()
    {
        QTemporaryDir dir;
        const QString path = fx::writeFile(dir, QStringLiteral("big-images-idx3-ubyte.gz"),
                                           fx::gzip(appfx::randomImages(60000), 1));
        Document doc(path);
        doc.setProgressInterval(5);
        QVERIFY(doc.headerValid());
        QSignalSpy changed(&doc, &Document::viewChanged);
        QSignalSpy finished(&doc, &Document::loadFinished);
        QList<quint64> seen;
        connect(&doc, &Document::viewChanged, this, [&] { seen << doc.view().availableRecords(); });
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QVERIFY(!seen.isEmpty());
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QCOMPARE(seen.last(), quint64(60000));
        // Records became viewable before the end (the machine may be fast: at least one partial snapshot).
        QVERIFY2(seen.first() < 60000,
                 qPrintable(QStringLiteral("first snapshot had %1 records").arg(seen.first())));
    }

    // What a cancelled load must leave: the load over (loadFinished(false), not loading, not loaded), the
    // records the decoder had published, each byte-equal to the file's, the header's record count, the cancel
    // as the only diagnostic, a warning (DocumentView shows it as the notice with "Load Again"), and a reload
    // that decodes the whole file.
    void cancelKeepsDecodedRecords_data()
    {
        QTest::addColumn<bool>("midway");
        QTest::newRow("before decoding starts") << false;
        QTest::newRow("after the first records") << true;
    }
    void cancelKeepsDecodedRecords()
    {
        QFETCH(bool, midway);
        QTemporaryDir dir;
        const QByteArray bytes = appfx::randomImages(60000);
        const QString path =
            fx::writeFile(dir, QStringLiteral("big-images-idx3-ubyte.gz"), fx::gzip(bytes, 1));
        constexpr quint64 kRecordBytes = 28 * 28;
        const auto sameAsFile = [&](const idx::TensorView& v, quint64 records) {
            return QByteArrayView(v.data(), qsizetype(records * kRecordBytes)) ==
                   QByteArrayView(bytes).sliced(16, qsizetype(records * kRecordBytes));
        };
        // A cancel that comes after the last chunk lets the load complete: a mid-way cancel is tried again
        // (each try decodes 47 MB; one landing mid-way is enough, none means the check never ran).
        for (int attempt = 0; attempt < 5; ++attempt) {
            // Before decoding starts: the load is queued behind held pool threads, and the cancel comes
            // first.
            std::optional<HeldPool> held;
            if (!midway)
                held.emplace();
            Document doc(path);
            QVERIFY(doc.isLoading());
            QSignalSpy finished(&doc, &Document::loadFinished);
            quint64 atCancel = 0;
            if (midway) {
                doc.setProgressInterval(1);
                connect(&doc, &Document::viewChanged, this, [&] {
                    const quint64 n = doc.availableRecords();
                    if (atCancel == 0 && n > 0 && n < 60000) {
                        atCancel = n;
                        doc.cancelLoad();
                    }
                });
            } else {
                atCancel = doc.availableRecords(); // what opening decoded with the header
                doc.cancelLoad();
                held->release();
            }
            QVERIFY(finished.count() == 1 || finished.wait(60000)); // hang guard
            QCOMPARE(finished.count(), 1);
            if (midway && finished.at(0).at(0).toBool())
                continue; // the load had finished before the cancel reached it
            QCOMPARE(finished.at(0).at(0).toBool(), false);
            QVERIFY(!doc.isLoading());
            QVERIFY(!doc.isLoaded());
            const idx::Diagnostics diags = doc.diagnostics();
            QCOMPARE(diags.size(), 1);
            QCOMPARE(diags[0].code, idx::DiagCode::Cancelled);
            QVERIFY(!diags[0].isError());
            const idx::TensorView v = doc.view();
            QCOMPARE(v.recordCount(), quint64(60000));
            const quint64 available = doc.availableRecords();
            QCOMPARE(v.availableRecords(), available);
            // Every complete record the decoder published stays; none is invented.
            QCOMPARE(available, quint64(doc.file()->decodedBytes() - 16) / kRecordBytes);
            QVERIFY2(available >= atCancel && available < 60000,
                     qPrintable(
                         QStringLiteral("%1 records at the cancel, %2 after").arg(atCancel).arg(available)));
            qInfo("attempt %d: %llu records when cancelled, %llu after", attempt + 1, atCancel, available);
            if (!midway)
                QCOMPARE(available, atCancel); // nothing was decoded after the cancel
            QVERIFY(sameAsFile(v, available));

            QSignalSpy reloaded(&doc, &Document::loadFinished);
            doc.reload();
            QVERIFY(reloaded.wait(60000)); // hang guard
            QCOMPARE(reloaded.at(0).at(0).toBool(), true);
            QVERIFY(doc.isLoaded());
            QVERIFY(doc.diagnostics().isEmpty());
            QCOMPARE(doc.availableRecords(), quint64(60000));
            QVERIFY(sameAsFile(doc.view(), 60000));
            return;
        }
        QFAIL("every load finished before its first snapshot could cancel it");
    }

    void destroyWhileLoading()
    {
        QTemporaryDir dir;
        const QString path = fx::writeFile(dir, QStringLiteral("big-images-idx3-ubyte.gz"),
                                           fx::gzip(appfx::randomImages(60000), 1));
        auto* doc = new Document(path);
        QVERIFY(doc->isLoading());
        delete doc; // must cancel and wait, not crash or hang
    }

    void truncatedFileKeepsCompleteRecords()
    {
        QTemporaryDir dir;
        QByteArray bytes = appfx::uint8Tensor({10, 4, 4});
        bytes.chop(16 * 2 + 5); // 7 complete records and part of the 8th
        const QString path = fx::writeFile(dir, QStringLiteral("t-images-idx3-ubyte"), bytes);
        Document doc(path);
        QVERIFY(doc.headerValid());
        QSignalSpy finished(&doc, &Document::loadFinished);
        QVERIFY(finished.count() == 1 || finished.wait());
        QCOMPARE(doc.view().availableRecords(), quint64(7));
        QVERIFY(idx::hasError(doc.diagnostics()));
    }

    void invalidFile_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("text") << QByteArray("hello, world\n");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("bad type") << fx::rawHeader(0x42, {2, 2});
        QTest::newRow("png") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
    }
    void invalidFile()
    {
        QFETCH(QByteArray, bytes);
        QTemporaryDir dir;
        const QString path = fx::writeFile(dir, QStringLiteral("bad-idx3-ubyte"), bytes);
        Document doc(path);
        QVERIFY(!doc.headerValid());
        QVERIFY(idx::hasError(doc.diagnostics()));
        QVERIFY(!idx::firstError(doc.diagnostics()).isEmpty());
        QVERIFY(!doc.isLoading());
        QVERIFY(doc.view().availableRecords() == 0);
    }

    void missingFile()
    {
        Document doc(QStringLiteral("/nonexistent/idxscope/x-idx3-ubyte"));
        QVERIFY(!doc.headerValid());
        QVERIFY(idx::hasError(doc.diagnostics()));
    }

    void companionFoundAutomatically()
    {
        QTemporaryDir dir;
        const QString images =
            fx::writeFile(dir, QStringLiteral("train-images-idx3-ubyte"), appfx::uint8Tensor({20, 28, 28}));
        const QString labels =
            fx::writeFile(dir, QStringLiteral("train-labels-idx1-ubyte"), appfx::labels(20));
        Document doc(images);
        // Opened on a worker, not while the document was made: attached once that open is delivered.
        QVERIFY(doc.labelsPending());
        QVERIFY(!doc.labelsFile());
        QSignalSpy attached(&doc, &Document::labelsChanged);
        QTRY_VERIFY(!doc.labelsPending());
        QVERIFY(attached.count() >= 1);
        QCOMPARE(doc.labelsPath(), labels);
        QTRY_COMPARE(doc.labelClasses().size(), size_t(20));
        QCOMPARE(doc.labelClasses()[13], qint64(3));
        QVERIFY(doc.hasLabels());
        QSignalSpy changed(&doc, &Document::labelsChanged);
        doc.detachLabels();
        QCOMPARE(changed.count(), 1);
        QVERIFY(!doc.hasLabels());
        QVERIFY(doc.labelsPath().isEmpty());
    }

    // A companion found beside the images that does not fit them is refused once its open on the worker is
    // delivered; the message names it and why.
    void companionRefusedAutomatically()
    {
        QTemporaryDir dir;
        const QString images =
            fx::writeFile(dir, QStringLiteral("train-images-idx3-ubyte"), appfx::uint8Tensor({20, 28, 28}));
        fx::writeFile(dir, QStringLiteral("train-labels-idx1-ubyte"), appfx::labels(19));
        Document doc(images);
        QVERIFY(doc.labelsPending());
        QSignalSpy changed(&doc, &Document::labelsChanged);
        QTRY_VERIFY(!doc.labelsPending());
        QVERIFY(changed.count() >= 1); // the refusal, and the file's own recognition may follow
        QVERIFY(!doc.labelsFile());
        QVERIFY(!doc.hasLabels());
        QCOMPARE(
            doc.labelsMessage(),
            QStringLiteral("Labels file %1 was not attached: the labels file has 19 records but the images "
                           "file has 20")
                .arg(QDir::toNativeSeparators(dir.filePath(QStringLiteral("train-labels-idx1-ubyte")))));
        // The images stay editable without labels.
        QTRY_VERIFY(doc.isLoaded() && doc.editable(Document::Part::Main));
    }

    // Reloaded while the labels found beside it are still being opened: they are opened again with it, not
    // lost.
    void reloadKeepsLabelsStillOpening()
    {
        QTemporaryDir dir;
        const QString images =
            fx::writeFile(dir, QStringLiteral("r-images-idx3-ubyte"), appfx::uint8Tensor({20, 28, 28}));
        const QString labels = fx::writeFile(dir, QStringLiteral("r-labels-idx1-ubyte"), appfx::labels(20));
        std::optional<HeldPool> held;
        held.emplace(); // the open cannot run before the reload
        Document doc(images);
        QVERIFY(doc.labelsPending());
        QVERIFY(!doc.labelsFile());
        doc.reload();
        QVERIFY(!doc.labelsPending());
        QCOMPARE(doc.labelsPath(), labels);
        held.reset();
        QTRY_COMPARE(doc.labelClasses().size(), size_t(20));
        QCOMPARE(doc.labelClasses()[13], qint64(3));
        QVERIFY(doc.labelsMessage().isEmpty());
    }

    // A companion whose header is not IDX: refused the same way.
    void companionUnreadableRefused()
    {
        QTemporaryDir dir;
        const QString images =
            fx::writeFile(dir, QStringLiteral("t10k-images-idx3-ubyte"), appfx::uint8Tensor({5, 4, 4}));
        fx::writeFile(dir, QStringLiteral("t10k-labels-idx1-ubyte"), QByteArray("not an IDX file at all"));
        Document doc(images);
        QTRY_VERIFY(!doc.labelsPending());
        QVERIFY(!doc.labelsFile());
        const QString prefix =
            QStringLiteral("Labels file %1 was not attached: ")
                .arg(QDir::toNativeSeparators(dir.filePath(QStringLiteral("t10k-labels-idx1-ubyte"))));
        QVERIFY2(doc.labelsMessage().startsWith(prefix), qPrintable(doc.labelsMessage()));
        QVERIFY(doc.labelsMessage().size() > prefix.size() + 5); // and a reason after the colon
    }

    void labelCountMismatchRefused()
    {
        QTemporaryDir dir;
        const QString images =
            fx::writeFile(dir, QStringLiteral("x-images-idx3-ubyte"), appfx::uint8Tensor({20, 28, 28}));
        const QString other =
            fx::writeFile(dir, QStringLiteral("other-labels-idx1-ubyte"), appfx::labels(19));
        Document doc(images);
        QVERIFY(!doc.labelsFile());
        QString error;
        QVERIFY(!doc.attachLabels(other, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY2(error.contains(QStringLiteral("other-labels-idx1-ubyte")), qPrintable(error));
        QVERIFY(!doc.labelsFile());
        QCOMPARE(doc.labelsMessage(), error);

        const QString good = fx::writeFile(dir, QStringLiteral("good-labels-idx1-ubyte"), appfx::labels(20));
        QVERIFY(doc.attachLabels(good, &error));
        QTRY_COMPARE(doc.labelClasses().size(), size_t(20));
        QVERIFY(doc.labelsMessage().isEmpty());
    }

    void dataOrderSwitch()
    {
        QTemporaryDir dir;
        const QString path = fx::writeFile(dir, QStringLiteral("s-idx2-short"),
                                           fx::idxBytes(idx::DType::Int16, {2, 2}, {1, 2, 3, 4}));
        Document doc(path);
        QCOMPARE(doc.view().value(0), 1.0);
        QSignalSpy changed(&doc, &Document::viewChanged);
        doc.setDataOrder(idx::ByteOrder::Little);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(doc.view().byteOrder(), idx::ByteOrder::Little);
        QCOMPARE(doc.view().value(0), 256.0);
    }

    void deletedOnDisk()
    {
        QTemporaryDir dir;
        const QString path =
            fx::writeFile(dir, QStringLiteral("d-images-idx3-ubyte"), appfx::uint8Tensor({3, 4, 4}));
        Document doc(path);
        QSignalSpy changed(&doc, &Document::changedOnDisk);
        QVERIFY(QFile::remove(path));
        QVERIFY(changed.wait(5000));
        QCOMPARE(changed.last().at(0).toBool(), true);
        QVERIFY(doc.isStale());
        // The mapping keeps the unlinked inode alive: what was shown can still be read.
        QVERIFY(doc.isSafeToRead());
        QCOMPARE(doc.view().availableRecords(), quint64(3));
    }

    void shrunkInPlaceIsUnsafe()
    {
        QTemporaryDir dir;
        const QString path =
            fx::writeFile(dir, QStringLiteral("k-images-idx3-ubyte"), appfx::uint8Tensor({4000, 28, 28}));
        Document doc(path);
        QVERIFY(doc.isSafeToRead());
        QSignalSpy changed(&doc, &Document::changedOnDisk);
        QSignalSpy viewChanged(&doc, &Document::viewChanged);
        QVERIFY(QFile::resize(path, 100)); // the mapping now extends past the end of the file
        QVERIFY(changed.wait(5000));
        QCOMPARE(changed.last().at(0).toBool(), false);
        QVERIFY(!doc.isSafeToRead());
        // Whoever asks for the view now gets no payload to fault on.
        QVERIFY(!viewChanged.isEmpty());
        QCOMPARE(doc.view().availableRecords(), quint64(0));
        QCOMPARE(doc.view().recordCount(), quint64(4000));
        doc.reload();
        QVERIFY(doc.isSafeToRead());
        QVERIFY(doc.headerValid());
        QVERIFY(doc.view().availableRecords() == 0);
    }

    void replacedOnDiskThenReload()
    {
        QTemporaryDir dir;
        const QString path =
            fx::writeFile(dir, QStringLiteral("r-images-idx3-ubyte"), appfx::uint8Tensor({3, 4, 4}));
        Document doc(path);
        QSignalSpy changed(&doc, &Document::changedOnDisk);
        // An atomic save: write elsewhere, rename over the original.
        const QString tmp = fx::writeFile(dir, QStringLiteral("tmp"), appfx::uint8Tensor({5, 4, 4}));
        QVERIFY(QFile::remove(path));
        QVERIFY(QFile::rename(tmp, path));
        QVERIFY(changed.wait(5000));
        QSignalSpy reloaded(&doc, &Document::reloaded);
        doc.reload();
        QCOMPARE(reloaded.count(), 1);
        QVERIFY(!doc.isStale());
        QCOMPARE(doc.view().recordCount(), quint64(5));
        // The path is watched again after the replacement.
        changed.clear();
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        f.write("x");
        f.close();
        QVERIFY(changed.wait(5000));
    }
};

QTEST_MAIN(TestDocument)
#include "tst_document.moc"
