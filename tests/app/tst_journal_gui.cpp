// Crash safety through the GUI: edits are journaled as they happen; a document destroyed without saving (a
// simulated crash) leaves the journal, the next open offers recovery, and recovering replays the same bytes
// onto the document with its edits on the undo stack. Saving or discarding removes the journal.
#include "appfixtures.h"
#include "document.h"
#include "documentsaver.h"
#include "documentview.h"
#include "editactions.h"
#include "editcommands.h"
#include "journal.h"
#include "journalrecovery.h"
#include "mainwindow.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

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
    QTRY_VERIFY_WITH_TIMEOUT(doc.isLoaded() && doc.editable(Document::Part::Main), 20000);
    if (doc.labelsFile())
        QTRY_VERIFY_WITH_TIMEOUT(doc.editable(Document::Part::Labels) && doc.hasLabels(), 20000);
}
} // namespace

class TestJournalGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { appfx::isolateSettings(); }
    void init() { QDir(JournalRecovery::journalDir()).removeRecursively(); }
    void recoverAfterCrash();
    void discardRemovesJournal();
    void saveRemovesJournal();
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
    JournalRecovery* recovery = EditActions::recoveryOf(doc);
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
    JournalRecovery* recovery = EditActions::recoveryOf(v->document());
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
    QSignalSpy finished(w.editing()->saver(), &DocumentSaver::finished);
    QVERIFY(w.editing()->save(v));
    QVERIFY(finished.wait(20000));
    QVERIFY(finished.at(0).at(0).toBool());
    QVERIFY(!idx::journalFor(JournalRecovery::journalDir(), path).has_value());
    // A clean close leaves nothing to recover.
    QVERIFY(Editing::setElement(v->document(), Document::Part::Main, 2, 2, 5).isEmpty());
    w.editing()->setSaveQuestion([](Document*) { return QMessageBox::Discard; });
    w.closeTab(0);
    QVERIFY(!idx::journalFor(JournalRecovery::journalDir(), path).has_value());
}

QTEST_MAIN(TestJournalGui)
#include "tst_journal_gui.moc"
