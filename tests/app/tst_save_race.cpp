// Edits made while a save runs are never marked saved: a .gz save of Fashion-MNIST's 60,000 training images
// is started, and before it ends (its end is handled on the GUI thread, so edits made right after save()
// returns are made while it runs) the document is edited in ways that leave the undo stack's index where it
// was (Undo then a new edit; a second change of the same cell, merged into the previous command) or move it
// (a record deleted). Afterwards the file holds the content as it was when the save started, the document is
// still modified, its crash journal holds the newer edits against the new file (recovering it onto the saved
// file gives the document's content), and saving again writes them.
#include "appfixtures.h"
#include "document.h"
#include "documentsaver.h"
#include "documentview.h"
#include "editcommands.h"
#include "idxfile.h"
#include "journal.h"
#include "journalrecovery.h"
#include "mainwindow.h"
#include "savecontroller.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace idx::gui;

namespace {
const QString kFashion = QStringLiteral(IDXSCOPE_FASHION_DIR);
constexpr quint64 kRecords = 60000;
constexpr quint64 kRecordBytes = 28 * 28;

QByteArray bytesOf(const idx::TensorView& v)
{
    return QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.availableBytes()));
}

QByteArray payloadOf(const QString& path)
{
    auto file = idx::IdxFile::open(path);
    if (!file->headerValid() || !file->load())
        return {};
    return bytesOf(file->view());
}

bool isGzip(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.read(2) == QByteArray("\x1f\x8b", 2);
}

// The content a crash now would recover: the journal replayed onto a fresh tensor over the file on disk.
QByteArray recoveredContent(const QString& path, QString* why)
{
    const auto info = idx::journalFor(JournalRecovery::journalDir(), path);
    if (!info) {
        *why = QStringLiteral("no journal");
        return {};
    }
    if (!info->matchesSource || !info->problem.isEmpty()) {
        *why = QStringLiteral("the journal does not match the file: ") + info->problem;
        return {};
    }
    auto file = idx::IdxFile::open(path);
    if (!file->headerValid() || !file->load()) {
        *why = QStringLiteral("the saved file does not load");
        return {};
    }
    idx::EditableTensor tensor(file->view());
    const idx::RecoveryResult r = idx::recoverJournal(info->journalPath, tensor);
    if (!r) {
        *why = r.error;
        return {};
    }
    return bytesOf(tensor.snapshot());
}
} // namespace

class TestSaveRace : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        appfx::isolateSettings();
        if (!QFileInfo::exists(kFashion + QStringLiteral("/train-images-idx3-ubyte.gz")))
            QFAIL("Debian's dataset-fashion-mnist is required (build.sh installs it)");
    }
    void init() { QDir(JournalRecovery::journalDir()).removeRecursively(); }
    void editDuringSave_data();
    void editDuringSave();
};

enum class During { UndoThenEdit, MergedEdit, Structural };

void TestSaveRace::editDuringSave_data()
{
    QTest::addColumn<int>("during");
    QTest::addColumn<bool>("indexMoves"); // whether the undo stack's index differs afterwards
    QTest::newRow("undo, then a new edit") << int(During::UndoThenEdit) << false;
    QTest::newRow("the same cell again (merged)") << int(During::MergedEdit) << false;
    QTest::newRow("a record deleted") << int(During::Structural) << true;
}

void TestSaveRace::editDuringSave()
{
    QFETCH(int, during);
    QFETCH(bool, indexMoves);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("train-images-idx3-ubyte.gz"));
    QVERIFY(QFile::copy(kFashion + QStringLiteral("/train-images-idx3-ubyte.gz"), path));
    const QByteArray original = payloadOf(path);
    QCOMPARE(quint64(original.size()), kRecords * kRecordBytes);

    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    Document* doc = v->document();
    QTRY_VERIFY_WITH_TIMEOUT(doc->isLoaded() && doc->editable(Document::Part::Main), 60000);

    // The content when the save starts: record 5, element 100 set to 7.
    QVERIFY(Editing::setElement(doc, Document::Part::Main, 5, 100, 7).isEmpty());
    QByteArray atStart = original;
    atStart[int(5 * kRecordBytes + 100)] = char(7);
    const int indexAtStart = doc->undoStack()->index();

    QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
    QVERIFY(w.saving()->save(v));
    // Made while the save runs: its end has not been handled yet.
    QByteArray expected = atStart;
    switch (During(during)) {
    case During::UndoThenEdit:
        doc->undoStack()->undo();
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 6, 200, 9).isEmpty());
        expected = original;
        expected[int(6 * kRecordBytes + 200)] = char(9);
        break;
    case During::MergedEdit:
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 5, 100, 8).isEmpty());
        expected[int(5 * kRecordBytes + 100)] = char(8);
        break;
    case During::Structural:
        QVERIFY(Editing::deleteRecords(doc, 0, 1).isEmpty());
        expected.remove(0, int(kRecordBytes));
        break;
    }
    QVERIFY(w.saving()->saver()->isRunning());
    QCOMPARE(doc->undoStack()->index() != indexAtStart, indexMoves);
    QCOMPARE(bytesOf(doc->view()), expected);

    QVERIFY(finished.wait(60000));
    // Written, but the newest edits are not in the file: the save says so, and nothing reads as saved.
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QVERIFY(finished.at(0).at(1).toString().contains(QStringLiteral("edits made during the save")));
    QVERIFY(isGzip(path));
    QCOMPARE(payloadOf(path), atStart);
    QVERIFY(doc->isModified());
    QVERIFY(doc->isPartModified(Document::Part::Main));
    QVERIFY(w.isWindowModified());
    QVERIFY(!doc->undoStack()->isClean());
    QCOMPARE(bytesOf(doc->view()), expected);
    // A crash now would recover the newest edits onto the file as saved.
    QString why;
    QCOMPARE(recoveredContent(path, &why), expected);
    QVERIFY2(why.isEmpty(), qPrintable(why));

    // Nothing in the history reads as the saved state: going back to the state before the save (which is not
    // what the file holds any more) is modified too.
    if (During(during) != During::Structural) {
        while (doc->undoStack()->canUndo())
            doc->undoStack()->undo();
        QCOMPARE(bytesOf(doc->view()), original);
        QVERIFY(doc->isModified());
        QCOMPARE(recoveredContent(path, &why), original);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        while (doc->undoStack()->canRedo())
            doc->undoStack()->redo();
        QCOMPARE(bytesOf(doc->view()), expected);
    }

    // Saving again writes them; then the document is clean and the journal gone.
    QVERIFY(w.saving()->save(v));
    QVERIFY(finished.wait(60000));
    QVERIFY2(finished.at(1).at(0).toBool(), qPrintable(finished.at(1).at(1).toString()));
    QCOMPARE(payloadOf(path), expected);
    QVERIFY(isGzip(path));
    QVERIFY(!doc->isModified());
    QVERIFY(!w.isWindowModified());
    QVERIFY(!idx::journalFor(JournalRecovery::journalDir(), path).has_value());
}

QTEST_MAIN(TestSaveRace)
#include "tst_save_race.moc"
