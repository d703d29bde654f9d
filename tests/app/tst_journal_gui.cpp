// Crash safety through the GUI: edits are journaled as they happen; a document destroyed without saving (a
// simulated crash) leaves the journal, the next open offers recovery, and recovering replays the same bytes
// onto the document with its edits on the undo stack. Saving or discarding removes the journal. At start-up
// the journals of a crashed session are found (not those a live process writes), Open and Recover replays
// them, Discard removes them, Later keeps them, and a journal whose file changed is listed as unusable.
#include "appfixtures.h"
#include "document.h"
#include "documentmanager.h"
#include "documentsaver.h"
#include "documentview.h"
#include "editcommands.h"
#include "journal.h"
#include "journalrecovery.h"
#include "mainwindow.h"
#include "savecontroller.h"
#include "startuprecovery.h"
#include "translations.h"

#include <QDateTime>
#include <QDir>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <sys/stat.h>

using namespace idx::gui;

namespace {
constexpr quint32 kRecords = 12;

QByteArray images(quint32 n)
{
    QByteArray b = fx::rawHeader(0x08, {n, 4, 4});
    for (quint32 i = 0; i < n; ++i)
        b.append(QByteArray(16, char(i)));
    return b;
}

QByteArray bytesOf(const idx::TensorView& v)
{
    return QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.availableBytes()));
}

void waitEditable(Document& doc)
{
    QTRY_VERIFY_WITH_TIMEOUT(doc.isLoaded() && doc.editable(Document::Part::Main),
                             20000); // labels opened too
    if (doc.labelsFile())
        QTRY_VERIFY_WITH_TIMEOUT(doc.editable(Document::Part::Labels) && doc.hasLabels(), 20000);
}

QString canonical(const QString& path)
{
    return QFileInfo(path).canonicalFilePath();
}

// A session that edits `path` and ends without saving or a clean close (a crash, as far as journals know).
// `bytes`: the edited images afterwards.
template <typename Edits> void crashAfter(const QString& path, Edits edits, QByteArray* bytes = nullptr)
{
    Document doc(path);
    JournalRecovery journal(&doc, nullptr);
    waitEditable(doc);
    edits(doc);
    QVERIFY(doc.isModified());
    if (bytes)
        *bytes = bytesOf(doc.view());
}

const PendingRecovery* entryFor(const std::vector<PendingRecovery>& entries, const QString& path)
{
    for (const PendingRecovery& e : entries)
        if (e.document == canonical(path))
            return &e;
    return nullptr;
}
} // namespace

class TestJournalGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        appfx::isolateSettings();
        // Journals of their own: other test programs running at the same time journal too.
        QCoreApplication::setApplicationName(QStringLiteral("idxscope-tests-journal"));
        // The prompts in English as the application says them, plural forms included.
        qputenv("LC_ALL", "C.UTF-8");
        QCOMPARE(idx::i18n::installTranslations(qApp), QStringLiteral("en"));
    }
    void init()
    {
        QFile::remove(JournalRecovery::journalDir()); // left by writeFailureIsShown when it failed
        QDir(JournalRecovery::journalDir()).removeRecursively();
    }
    void recoverAfterCrash();
    void discardRemovesJournal();
    void saveRemovesJournal();
    void journalAfterSave();
    void labelsKeptAcrossSaveAs();
    void startupRecovery();
    void startupDiscardAndLater();
    void writeFailureIsShown();
    void npzMemberRecovery();
};

void TestJournalGui::recoverAfterCrash()
{
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, QStringLiteral("j-images-idx3-ubyte"), images(kRecords));
    const QString labels = fx::writeFile(dir, QStringLiteral("j-labels-idx1-ubyte"), appfx::labels(kRecords));
    QByteArray expectedImages, expectedLabels;
    {
        Document doc(path);
        JournalRecovery journal(&doc, nullptr);
        waitEditable(doc);
        QVERIFY(Editing::setElement(&doc, Document::Part::Main, 2, 3, 77).isEmpty());
        QVERIFY(Editing::setElement(&doc, Document::Part::Main, 2, 3, 78).isEmpty()); // merged
        QVERIFY(Editing::setLabels(&doc, {5}, 1).isEmpty());
        QVERIFY(Editing::moveRecords(&doc, 0, 2, 4).isEmpty());
        QVERIFY(Editing::insertRecord(&doc, 1, QImage(), 3).isEmpty());
        QVERIFY(Editing::duplicateRecords(&doc, 6, 1).isEmpty());
        doc.undoStack()->undo(); // undone edits are journaled too
        expectedImages = bytesOf(doc.view());
        expectedLabels = QByteArray(doc.labelClasses().size(), '\0');
        for (size_t i = 0; i < doc.labelClasses().size(); ++i)
            expectedLabels[qsizetype(i)] = char(doc.labelClasses()[i]);
        QVERIFY(idx::journalFor(JournalRecovery::journalDir(), path).has_value());
        QVERIFY(idx::journalFor(JournalRecovery::journalDir(), labels).has_value());
    } // destroyed without saving or a clean close: a crash as far as the journal knows

    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    Document* doc = v->document();
    waitEditable(*doc);
    JournalRecovery* recovery = JournalRecovery::of(doc);
    QVERIFY(recovery);
    QTRY_VERIFY(recovery->hasRecoverable());
    QVERIFY(!doc->isModified()); // nothing applied until asked
    QVERIFY(recovery->recover());
    QCOMPARE(bytesOf(doc->view()), expectedImages);
    QCOMPARE(doc->labelClasses().size(), size_t(expectedLabels.size()));
    for (size_t i = 0; i < doc->labelClasses().size(); ++i)
        QCOMPARE(doc->labelClasses()[i], qint64(expectedLabels[qsizetype(i)]));
    QVERIFY(doc->isModified());
    QVERIFY(w.isWindowModified());
    // On the undo stack: one undo returns to the file as it is on disk.
    doc->undoStack()->undo();
    QCOMPARE(bytesOf(doc->view()), images(kRecords).mid(16));
    doc->undoStack()->redo();
    QCOMPARE(bytesOf(doc->view()), expectedImages);
    // Still journaled after recovery (a second crash loses nothing).
    QVERIFY(idx::journalFor(JournalRecovery::journalDir(), path).has_value());
}

void TestJournalGui::discardRemovesJournal()
{
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, QStringLiteral("d-images-idx3-ubyte"), images(kRecords));
    {
        Document doc(path);
        JournalRecovery journal(&doc, nullptr);
        waitEditable(doc);
        QVERIFY(Editing::setElement(&doc, Document::Part::Main, 1, 1, 9).isEmpty());
    }
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    waitEditable(*v->document());
    JournalRecovery* recovery = JournalRecovery::of(v->document());
    QTRY_VERIFY(recovery->hasRecoverable());
    QVERIFY(!recovery->noticeText().isEmpty());
    recovery->discard();
    QVERIFY(!idx::journalFor(JournalRecovery::journalDir(), path).has_value());
    QVERIFY(!v->document()->isModified());
}

void TestJournalGui::saveRemovesJournal()
{
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, QStringLiteral("s-images-idx3-ubyte"), images(kRecords));
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    waitEditable(*v->document());
    QVERIFY(Editing::setElement(v->document(), Document::Part::Main, 1, 1, 9).isEmpty());
    QVERIFY(idx::journalFor(JournalRecovery::journalDir(), path).has_value());
    // Undoing back to the saved state needs no journal either.
    v->document()->undoStack()->undo();
    QVERIFY(!idx::journalFor(JournalRecovery::journalDir(), path).has_value());
    v->document()->undoStack()->redo();
    QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
    QVERIFY(w.saving()->save(v));
    QVERIFY(finished.wait(20000));
    QVERIFY(finished.at(0).at(0).toBool());
    QVERIFY(!idx::journalFor(JournalRecovery::journalDir(), path).has_value());
    // A clean close leaves nothing to recover.
    QVERIFY(Editing::setElement(v->document(), Document::Part::Main, 2, 2, 5).isEmpty());
    w.saving()->setSaveQuestion([](Document*) { return QMessageBox::Discard; });
    w.documents()->closeAt(0);
    QVERIFY(!idx::journalFor(JournalRecovery::journalDir(), path).has_value());
}

void TestJournalGui::journalAfterSave()
{
    // After a save the overlay still starts from the file as opened (so Undo works), but a crash must
    // recover onto the saved file: the journal then holds the difference from it.
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, QStringLiteral("as-images-idx3-ubyte"), images(kRecords));
    fx::writeFile(dir, QStringLiteral("as-labels-idx1-ubyte"), appfx::labels(kRecords));
    QByteArray expected;
    std::vector<qint64> expectedLabels;
    {
        MainWindow w;
        w.setSaveSettings(false);
        DocumentView* v = w.openFile(path);
        Document* doc = v->document();
        waitEditable(*doc);
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 1, 1, 11).isEmpty());
        QVERIFY(Editing::deleteRecords(doc, 3, 2).isEmpty());
        QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
        QVERIFY(w.saving()->save(v));
        QVERIFY(finished.wait(20000));
        QVERIFY(finished.at(0).at(0).toBool());
        QVERIFY(!idx::journalFor(JournalRecovery::journalDir(), path).has_value()); // saved: nothing to keep
        doc->undoStack()->undo(); // the deleted records come back: not in the saved file
        // The first edit since the save journals the difference from the saved file; each later one is
        // appended to that journal (the same file, not a rewrite of it with every edit since).
        const QString journalPath = idx::journalFor(JournalRecovery::journalDir(), path)->journalPath;
        const auto inode = [&] {
            struct stat st {};
            return ::stat(QFile::encodeName(journalPath).constData(), &st) == 0 ? st.st_ino : ino_t(0);
        };
        const ino_t written = inode();
        QVERIFY(written != 0);
        for (int i = 0; i < 20; ++i)
            QVERIFY(Editing::setElement(doc, Document::Part::Main, quint64(i % 10), 3, i).isEmpty());
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 0, 2, 22).isEmpty());
        QCOMPARE(inode(), written);
        QVERIFY(Editing::setLabels(doc, {0}, 8).isEmpty());
        QVERIFY(doc->isModified());
        expected = bytesOf(doc->view());
        expectedLabels = doc->labelClasses();
        QVERIFY(idx::journalFor(JournalRecovery::journalDir(), path).has_value());
    } // the window goes without a clean close: a crash

    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    Document* doc = v->document();
    waitEditable(*doc);
    QCOMPARE(doc->view().recordCount(), quint64(kRecords - 2)); // the saved file
    JournalRecovery* recovery = JournalRecovery::of(doc);
    QTRY_VERIFY(recovery->hasRecoverable());
    QString error;
    QVERIFY2(recovery->recover(&error), qPrintable(error));
    QCOMPARE(bytesOf(doc->view()), expected);
    QCOMPARE(doc->labelClasses(), expectedLabels);
}

void TestJournalGui::labelsKeptAcrossSaveAs()
{
    // Save As of the images only: the label edits stay unsaved in the document, still journaled (against
    // the labels file, for the new images file), and a crash recovers them at start-up.
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, QStringLiteral("k-images-idx3-ubyte"), images(kRecords));
    const QString labels = fx::writeFile(dir, QStringLiteral("k-labels-idx1-ubyte"), appfx::labels(kRecords));
    const QString out = dir.filePath(QStringLiteral("copy.idx"));
    std::vector<qint64> expectedLabels;
    {
        MainWindow w;
        w.setSaveSettings(false);
        DocumentView* v = w.openFile(path);
        Document* doc = v->document();
        waitEditable(*doc);
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 0, 0, 50).isEmpty());
        QVERIFY(Editing::setLabels(doc, {1, 6}, 9).isEmpty());
        w.saving()->setLabelsQuestion(
            [](Document*, const QString&, bool) { return SaveController::LabelsAnswer::ImagesOnly; });
        QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
        QVERIFY(w.saving()->saveAsAsking(v, out));
        QVERIFY(finished.wait(20000));
        QVERIFY(finished.at(0).at(0).toBool());
        waitEditable(*doc);
        QVERIFY(doc->isPartModified(Document::Part::Labels));
        expectedLabels = doc->labelClasses();
        QCOMPARE(expectedLabels[6], qint64(9));
        const auto info = idx::journalFor(JournalRecovery::journalDir(), labels);
        QVERIFY(info.has_value());
        QCOMPARE(info->owner, canonical(out));
    } // a crash

    const std::vector<PendingRecovery> found = scanForRecovery(JournalRecovery::journalDir());
    QCOMPARE(found.size(), size_t(1));
    QCOMPARE(found[0].document, canonical(out));
    QCOMPARE(found[0].labels, canonical(labels));
    MainWindow w;
    w.setSaveSettings(false);
    RecoveryPrompt prompt(w.documents(), found, &w);
    QSignalSpy recovered(&prompt, &RecoveryPrompt::recovered);
    QCOMPARE(prompt.openAndRecover(), 1);
    Document* doc = w.documents()->viewAt(0)->document();
    QTRY_COMPARE_WITH_TIMEOUT(recovered.count(), 1, 20000);
    QVERIFY2(recovered.at(0).at(2).toString().isEmpty(), qPrintable(recovered.at(0).at(2).toString()));
    QCOMPARE(doc->labelsPath(), labels); // attached by hand: its name is not the new file's companion
    QCOMPARE(doc->labelClasses(), expectedLabels);
    QVERIFY(doc->isPartModified(Document::Part::Labels));
    QVERIFY(!doc->isPartModified(Document::Part::Main));
}

void TestJournalGui::startupRecovery()
{
    QTemporaryDir dir;
    const QString a = fx::writeFile(dir, QStringLiteral("a-images-idx3-ubyte"), images(kRecords));
    const QString aLabels =
        fx::writeFile(dir, QStringLiteral("a-labels-idx1-ubyte"), appfx::labels(kRecords));
    const QString b = fx::writeFile(dir, QStringLiteral("b.idx"), images(kRecords));
    const QString changed = fx::writeFile(dir, QStringLiteral("c.idx"), images(kRecords));
    const QString live = fx::writeFile(dir, QStringLiteral("live.idx"), images(kRecords));
    QByteArray expectedA, expectedB;
    crashAfter(
        a,
        [](Document& doc) {
            QVERIFY(Editing::setElement(&doc, Document::Part::Main, 2, 3, 77).isEmpty());
            QVERIFY(Editing::setLabels(&doc, {4}, 9).isEmpty());
        },
        &expectedA);
    crashAfter(
        b, [](Document& doc) { QVERIFY(Editing::deleteRecords(&doc, 0, 2).isEmpty()); }, &expectedB);
    crashAfter(changed, [](Document& doc) {
        QVERIFY(Editing::setElement(&doc, Document::Part::Main, 1, 1, 100).isEmpty()); // record 1 is all 1s
    });
    {
        QFile grow(changed); // changed on disk after the crash: its edits no longer fit
        QVERIFY(grow.open(QIODevice::Append));
        grow.write("x");
    }
    // Another instance still editing `live`: its journal is locked and not offered.
    Document liveDoc(live);
    JournalRecovery liveJournal(&liveDoc, nullptr);
    waitEditable(liveDoc);
    QVERIFY(Editing::setElement(&liveDoc, Document::Part::Main, 0, 0, 5).isEmpty());
    const auto liveInfo = idx::journalFor(JournalRecovery::journalDir(), live);
    QVERIFY(liveInfo && liveInfo->inUse);

    const std::vector<PendingRecovery> found = scanForRecovery(JournalRecovery::journalDir());
    QCOMPARE(found.size(), size_t(3));
    QVERIFY(!entryFor(found, live));
    const PendingRecovery* ea = entryFor(found, a);
    QVERIFY(ea && ea->recoverable());
    QCOMPARE(ea->labels, canonical(aLabels)); // the labels journal goes with its images file
    QCOMPARE(ea->journals.size(), 2);
    QCOMPARE(ea->edits, 2);
    QVERIFY(entryFor(found, b) && entryFor(found, b)->recoverable());
    const PendingRecovery* ec = entryFor(found, changed);
    QVERIFY(ec && !ec->recoverable());
    QVERIFY2(ec->problem.contains(QStringLiteral("changed since")), qPrintable(ec->problem));
    QVERIFY(!found.back().recoverable()); // the unusable one is listed last
    // Documents already open in the window offer recovery in their own tab.
    QCOMPARE(scanForRecovery(JournalRecovery::journalDir(), {b}).size(), size_t(2));

    MainWindow w;
    w.setSaveSettings(false);
    RecoveryPrompt prompt(w.documents(), found, &w);
    QVERIFY2(prompt.text().contains(QStringLiteral("unsaved changes to 2 files.")),
             qPrintable(prompt.text()));
    QVERIFY2(
        prompt.text().contains(QStringLiteral("1 file changed or was removed since; its unsaved changes")),
        qPrintable(prompt.text()));
    QSignalSpy recovered(&prompt, &RecoveryPrompt::recovered);
    QCOMPARE(prompt.openAndRecover(), 2);
    QTRY_COMPARE_WITH_TIMEOUT(recovered.count(), 2, 20000);
    for (const QList<QVariant>& r : recovered)
        QVERIFY2(r.at(2).toString().isEmpty(), qPrintable(r.at(2).toString()));
    QCOMPARE(w.documents()->count(), 2);
    for (int i = 0; i < w.documents()->count(); ++i) {
        Document* doc = w.documents()->viewAt(i)->document();
        QVERIFY(doc->isModified());
        const bool isA = canonical(doc->path()) == canonical(a);
        QCOMPARE(bytesOf(doc->view()), isA ? expectedA : expectedB);
        if (isA)
            QCOMPARE(doc->labelClasses()[4], qint64(9));
        // One undo returns to the file on disk.
        doc->undoStack()->undo();
        QCOMPARE(bytesOf(doc->view()), images(kRecords).mid(16));
        doc->undoStack()->redo();
    }
    // Still offered: the file that changed, until discarded.
    QCOMPARE(prompt.entries().size(), size_t(1));
    QCOMPARE(prompt.entries()[0].document, canonical(changed));
    int asked = 0;
    prompt.setConfirm([&](int count) {
        asked = count;
        return false;
    });
    QVERIFY(!prompt.discardAll());
    QCOMPARE(asked, 1);
    QVERIFY(idx::journalFor(JournalRecovery::journalDir(), changed).has_value());
    prompt.setConfirm([](int) { return true; });
    QVERIFY(prompt.discardAll());
    QVERIFY(!idx::journalFor(JournalRecovery::journalDir(), changed).has_value());
    // The live instance's journal was never touched.
    QVERIFY(idx::journalFor(JournalRecovery::journalDir(), live).has_value());
}

void TestJournalGui::startupDiscardAndLater()
{
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, QStringLiteral("l-images-idx3-ubyte"), images(kRecords));
    crashAfter(path, [](Document& doc) {
        QVERIFY(Editing::setElement(&doc, Document::Part::Main, 3, 3, 33).isEmpty()); // record 3 is all 3s
    });
    MainWindow w;
    w.setSaveSettings(false);
    {
        RecoveryPrompt prompt(w.documents(), scanForRecovery(JournalRecovery::journalDir()), &w);
        prompt.show();
        QCOMPARE(prompt.entries().size(), size_t(1));
        prompt.later(); // nothing changes: offered again next time
        QVERIFY(!prompt.isVisible());
    }
    QCOMPARE(w.documents()->count(), 0);
    const std::vector<PendingRecovery> again = scanForRecovery(JournalRecovery::journalDir());
    QCOMPARE(again.size(), size_t(1));
    RecoveryPrompt prompt(w.documents(), again, &w);
    prompt.setConfirm([](int) { return true; });
    QVERIFY(prompt.discardAll());
    QVERIFY(!idx::journalFor(JournalRecovery::journalDir(), path).has_value());
    QVERIFY(scanForRecovery(JournalRecovery::journalDir()).empty());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), images(kRecords)); // discarding never touches the file itself
    QCOMPARE(w.documents()->count(), 0);
}

// An .npz member (ARCHIVE.npz:NAME) is journaled against its archive: recovered after a crash like any file,
// and not offered once the archive changed.
void TestJournalGui::npzMemberRecovery()
{
    QTemporaryDir dir;
    const QString failed = fx::runNumpy(QStringLiteral(R"PY(
import numpy as np, sys, os
os.chdir(sys.argv[1])
np.savez('m.npz', x_train=np.arange(4 * 3 * 3, dtype='u1').reshape(4, 3, 3), y_train=np.array([1, 2, 3, 4], 'u1'))
)PY"),
                                        dir.path());
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    const QString archive = dir.filePath(QStringLiteral("m.npz"));
    const QString member = archive + QLatin1String(":x_train");
    QByteArray expected;
    crashAfter(
        member,
        [](Document& doc) {
            QVERIFY(Editing::setElement(&doc, Document::Part::Main, 1, 2, 99).isEmpty());
            QVERIFY(Editing::setLabels(&doc, {2}, 7).isEmpty()); // y_train, attached from the same archive
        },
        &expected);
    QCOMPARE(expected.at(9 + 2), char(99));
    const auto info = idx::journalFor(JournalRecovery::journalDir(), member);
    QVERIFY(info.has_value());
    QVERIFY2(info->problem.isEmpty(), qPrintable(info->problem));
    QVERIFY(info->matchesSource);

    const std::vector<PendingRecovery> found = scanForRecovery(JournalRecovery::journalDir());
    QCOMPARE(found.size(), size_t(1));
    QVERIFY2(found[0].recoverable(), qPrintable(found[0].problem));
    QCOMPARE(found[0].document, member);
    QCOMPARE(found[0].journals.size(), 2); // the images' and the labels'
    {
        MainWindow w;
        w.setSaveSettings(false);
        RecoveryPrompt prompt(w.documents(), found, &w);
        QSignalSpy recovered(&prompt, &RecoveryPrompt::recovered);
        QCOMPARE(prompt.openAndRecover(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(recovered.count(), 1, 20000);
        QVERIFY2(recovered.at(0).at(2).toString().isEmpty(), qPrintable(recovered.at(0).at(2).toString()));
        Document* doc = w.documents()->viewAt(0)->document();
        QCOMPARE(doc->path(), member);
        QVERIFY(doc->isModified());
        QCOMPARE(bytesOf(doc->view()), expected);
        QTRY_VERIFY_WITH_TIMEOUT(doc->hasLabels(), 20000);
        QCOMPARE(doc->labelClasses(), (std::vector<qint64>{1, 2, 7, 4}));
    } // closed unsaved again: the journal stays

    // The archive changes (another np.savez over it): its member's edits are no longer offered as usable.
    QFile file(archive);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime));
    file.close();
    const auto after = idx::journalFor(JournalRecovery::journalDir(), member);
    QVERIFY(after.has_value());
    QVERIFY(!after->matchesSource);
    QVERIFY2(after->problem.contains(QStringLiteral("changed since")), qPrintable(after->problem));
}

// A journal that cannot be written does not stop editing, but the user is told (the document's notice bar
// and the status bar), once; when writing works again the journal catches up with every edit and the notice
// goes.
void TestJournalGui::writeFailureIsShown()
{
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, QStringLiteral("w-images-idx3-ubyte"), images(kRecords));
    // A file where the journal folder belongs: nothing can be written there, for any user (root included,
    // whom permission bits do not stop).
    const QString journals = JournalRecovery::journalDir();
    QVERIFY(QDir().mkpath(QFileInfo(journals).absolutePath()));
    {
        QFile blocker(journals);
        QVERIFY(blocker.open(QIODevice::WriteOnly));
    }
    QByteArray expected;
    {
        MainWindow w;
        w.setSaveSettings(false);
        DocumentView* v = w.openFile(path);
        Document* doc = v->document();
        waitEditable(*doc);
        JournalRecovery* recovery = JournalRecovery::of(doc);
        QVERIFY(recovery);
        QVERIFY(recovery->noticeText().isEmpty());
        QSignalSpy failed(recovery, &JournalRecovery::writeFailed);
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 1, 1, 9).isEmpty()); // editing goes on
        QCOMPARE(doc->view().value(16 + 1), 9.0);
        QCOMPARE(failed.count(), 1);
        const QString text = recovery->noticeText();
        QVERIFY2(text.contains(QDir::toNativeSeparators(journals)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("not protected against a crash")), qPrintable(text));
        QCOMPARE(w.statusBar()->currentMessage(), text);
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 2, 2, 8).isEmpty());
        QCOMPARE(failed.count(), 1); // told once, not at every edit
        QCOMPARE(recovery->noticeText(), text);
        // Records of new sources, which a difference from the file numbers otherwise: a copy of the last
        // record at the end, then one of the first after it.
        QVERIFY(Editing::duplicateRecords(doc, kRecords - 1, 1).isEmpty());
        QVERIFY(Editing::duplicateRecords(doc, 0, 1).isEmpty());

        QVERIFY(QFile::remove(journals)); // writable again
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 3, 3, 7).isEmpty());
        QVERIFY(recovery->noticeText().isEmpty());
        QVERIFY(idx::journalFor(journals, path).has_value());
        // Journaled after the difference: an edit of the copy at the end must reach that copy.
        QVERIFY(Editing::setElement(doc, Document::Part::Main, kRecords + 1, 0, 99).isEmpty());
        expected = bytesOf(doc->view());
    } // a crash: the journal stays

    // It holds every edit, those made while it could not be written too.
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    waitEditable(*v->document());
    JournalRecovery* recovery = JournalRecovery::of(v->document());
    QTRY_VERIFY(recovery->hasRecoverable());
    QString error;
    QVERIFY2(recovery->recover(&error), qPrintable(error));
    QCOMPARE(bytesOf(v->document()->view()), expected);
    recovery->discard();
}

QTEST_MAIN(TestJournalGui)
#include "tst_journal_gui.moc"
