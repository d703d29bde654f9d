// The parts behind a Document, each on its own: the edit session's state (unmodified, modified, discarded) as
// edits, saves, discards and resets come; the loader publishing what the worker pushed (the first step at
// once, then at most one publication per interval, and the end), with no timer of its own.
#include "appfixtures.h"
#include "documentloader.h"
#include "editsession.h"
#include "idxfile.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <algorithm>

using namespace idx::gui;

namespace {
std::shared_ptr<idx::IdxFile> openLoaded(const QTemporaryDir& dir, const QString& name,
                                         const QByteArray& bytes)
{
    auto file = idx::IdxFile::open(fx::writeFile(dir, name, bytes));
    if (file->headerValid())
        file->load({});
    return file;
}
} // namespace

class TestDocumentParts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { appfx::isolateSettings(); }

    void editSessionStates()
    {
        QTemporaryDir dir;
        auto file = openLoaded(dir, QStringLiteral("e-images-idx3-ubyte"), appfx::uint8Tensor({3, 2, 2}));
        QVERIFY(file->isLoaded());
        EditSession session;
        QSignalSpy modified(&session, &EditSession::modifiedChanged);
        QVERIFY(!session.overlay(EditSession::Part::Main));
        idx::EditableTensor* overlay = session.makeOverlay(EditSession::Part::Main, file->view());
        QCOMPARE(session.overlay(EditSession::Part::Main), overlay);
        QVERIFY(!session.isModified());
        const quint64 g0 = session.generation();

        const idx::EditResult set = overlay->setElement(1, 2, 99);
        QVERIFY(set);
        session.applied();
        QCOMPARE(session.generation(), g0 + 1);
        QVERIFY(!session.isModified()); // announced only by update(), after the edit itself
        session.update();
        QVERIFY(session.isModified());
        QVERIFY(session.isMainEdited());
        QCOMPARE(modified.count(), 1);
        QCOMPARE(modified.last().at(0).toBool(), true);
        QCOMPARE(session.snapshot().value(1 * 4 + 2), 99.0);
        QCOMPARE(session.pieces().value(1 * 4 + 2), 99.0);

        // Discarded: reported unmodified, and still so when asked again, until the next edit.
        session.discard();
        QVERIFY(!session.isModified());
        QCOMPARE(modified.count(), 2);
        session.update();
        QVERIFY(!session.isModified());
        QCOMPARE(modified.count(), 2);
        QVERIFY(overlay->setElement(0, 0, 7));
        session.applied();
        session.update();
        QVERIFY(session.isModified());
        QCOMPARE(modified.count(), 3);

        // Saved: what the file holds now is the overlay's layout, so it is unmodified; one more edit differs.
        session.partSaved(EditSession::Part::Main, overlay->layout());
        QVERIFY(!session.isModified());
        QCOMPARE(modified.count(), 4);
        QVERIFY(session.savedLayout(EditSession::Part::Main));
        QVERIFY(!session.savedLayout(EditSession::Part::Labels));
        const idx::EditResult again = overlay->setElement(2, 0, 5);
        QVERIFY(again);
        session.applied();
        session.update();
        QVERIFY(session.isModified());
        // Undone back to the save: unmodified by content, whatever the undo stack's index says.
        overlay->undo(*again.edit);
        session.applied();
        session.update();
        QVERIFY(!session.isModified());

        // A reset drops the overlay, what was saved and the undo history.
        QVERIFY(overlay->setElement(2, 1, 6));
        session.applied();
        session.update();
        QVERIFY(session.isModified());
        const quint64 before = session.generation();
        session.reset(EditSession::Reset::Both);
        QVERIFY(!session.overlay(EditSession::Part::Main));
        QVERIFY(!session.savedLayout(EditSession::Part::Main));
        QVERIFY(!session.isModified());
        QCOMPARE(session.generation(), before + 1);
        QCOMPARE(session.undoStack()->count(), 0);
    }

    // Resetting one part keeps the other's edits: still unsaved, no longer undoable.
    void editSessionResetOnePart()
    {
        QTemporaryDir dir;
        auto images = openLoaded(dir, QStringLiteral("p-images-idx3-ubyte"), appfx::uint8Tensor({4, 2, 2}));
        auto labels = openLoaded(dir, QStringLiteral("p-labels-idx1-ubyte"), appfx::labels(4));
        EditSession session;
        idx::EditableTensor* main = session.makeOverlay(EditSession::Part::Main, images->view());
        session.makeOverlay(EditSession::Part::Labels, labels->view());
        QVERIFY(main->setElement(0, 0, 1));
        session.applied();
        session.update();
        QVERIFY(session.isModified());
        session.reset(EditSession::Reset::Labels);
        QVERIFY(!session.overlay(EditSession::Part::Labels));
        QCOMPARE(session.overlay(EditSession::Part::Main), main);
        QVERIFY(session.isPartModified(EditSession::Part::Main));
        QVERIFY(session.isModified());
        QVERIFY(!session.undoStack()->isClean()); // no state of the empty history is what the files hold
    }

    // The worker pushes; the loader publishes the first decoded step at once and the end, and within a long
    // interval nothing between them.
    void loaderPublishesWhatThePushSays()
    {
        QTemporaryDir dir;
        const QString path = fx::writeFile(dir, QStringLiteral("l-images-idx3-ubyte.gz"),
                                           fx::gzip(appfx::randomImages(30000), 1));
        auto file = idx::IdxFile::open(path);
        QVERIFY(file->headerValid());
        DocumentLoader loader;
        loader.setProgressInterval(3600 * 1000);
        QSignalSpy progress(&loader, &DocumentLoader::progress);
        QSignalSpy finished(&loader, &DocumentLoader::finished);
        loader.start(file, QStringLiteral("l-images-idx3-ubyte.gz"));
        QVERIFY(loader.isLoading());
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QVERIFY(!loader.isLoading());
        QCOMPARE(progress.count(), 2); // the first step, then the end: the hour between never came
        const qint64 expected = 16 + 30000 * 784;
        QVERIFY(progress.at(0).at(0).toLongLong() > 0);
        QCOMPARE(progress.at(0).at(1).toLongLong(), expected);
        QCOMPARE(progress.at(1).at(0).toLongLong(), expected);
        QCOMPARE(progress.at(1).at(1).toLongLong(), expected);
        QVERIFY(loader.job()->progressText().contains(QStringLiteral("l-images-idx3-ubyte.gz")));
    }

    // With no interval every push is published as it is delivered: progress only grows, and it ends at the
    // whole payload.
    void loaderPublishesEveryPush()
    {
        QTemporaryDir dir;
        const QString path = fx::writeFile(dir, QStringLiteral("m-images-idx3-ubyte.gz"),
                                           fx::gzip(appfx::randomImages(30000), 1));
        auto file = idx::IdxFile::open(path);
        DocumentLoader loader;
        loader.setProgressInterval(0);
        QList<qint64> done;
        connect(&loader, &DocumentLoader::progress, this, [&](qint64 d, qint64) { done << d; });
        QSignalSpy finished(&loader, &DocumentLoader::finished);
        loader.start(file, QStringLiteral("m"));
        QVERIFY(finished.wait(60000));
        QVERIFY(done.size() >= 2);
        QVERIFY(std::is_sorted(done.begin(), done.end()));
        QCOMPARE(done.last(), qint64(16 + 30000 * 784));
    }

    // Stopped, a load reports nothing more: no progress and no end, though the worker was still pushing.
    void loaderStoppedIsSilent()
    {
        QTemporaryDir dir;
        const QString path = fx::writeFile(dir, QStringLiteral("s-images-idx3-ubyte.gz"),
                                           fx::gzip(appfx::randomImages(30000), 1));
        auto file = idx::IdxFile::open(path);
        DocumentLoader loader;
        loader.setProgressInterval(0);
        QSignalSpy progress(&loader, &DocumentLoader::progress);
        QSignalSpy finished(&loader, &DocumentLoader::finished);
        loader.start(file, QStringLiteral("s"));
        QVERIFY(progress.wait(60000)); // the worker is pushing
        loader.stop();
        QVERIFY(!loader.isLoading());
        const int seen = int(progress.count());
        QTest::qWait(200); // the queued pushes of the stopped worker are delivered meanwhile
        QCOMPARE(progress.count(), seen);
        QCOMPARE(finished.count(), 0);
    }
};

QTEST_MAIN(TestDocumentParts)
#include "tst_documentparts.moc"
