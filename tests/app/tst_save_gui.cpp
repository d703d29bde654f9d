// Saving from the GUI: Save keeps the container (raw stays raw, .gz stays .gz, .xz stays .xz) and the undo
// history (Undo after Save makes the document modified again, and saving again writes the old values), Save
// As and Save Labels as New File write new files, failures (a folder that is gone, a /proc path) leave the
// original byte-identical and the document modified with its edits, closing a modified document asks, and
// after saving over a damaged file (cut short, trailing bytes) its old findings are no longer reported.
#include "appfixtures.h"
#include "document.h"
#include "documentmanager.h"
#include "documentsaver.h"
#include "documentview.h"
#include "editcommands.h"
#include "headerpanel.h"
#include "idxfile.h"
#include "mainwindow.h"
#include "savecontroller.h"
#include "viewstate.h"

#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace idx::gui;

namespace {
constexpr quint32 kRecords = 20;

QByteArray images(quint32 n)
{
    QByteArray b = fx::rawHeader(0x08, {n, 4, 4});
    for (quint32 i = 0; i < n; ++i)
        b.append(QByteArray(16, char(i)));
    return b;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray payloadOf(const QString& path)
{
    auto file = idx::IdxFile::open(path);
    if (!file->headerValid() || !file->load())
        return {};
    const idx::TensorView v = file->view();
    return QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.availableBytes()));
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
} // namespace

class TestSaveGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { appfx::isolateSettings(); }
    void saveAndReopen_data();
    void saveAndReopen();
    void undoAfterSave_data();
    void undoAfterSave();
    void saveLabelsAsNewFile();
    void saveAsWithEditedLabels_data();
    void saveAsWithEditedLabels();
    void labelsFailAfterImagesSaved();
    void saveFailureKeepsEverything_data();
    void saveFailureKeepsEverything();
    void closeAsks();
    void saveOverDamagedFile_data();
    void saveOverDamagedFile();
};

void TestSaveGui::saveAndReopen_data()
{
    QTest::addColumn<int>("wrap");
    QTest::newRow("raw") << int(fx::Wrap::Raw);
    QTest::newRow("gz") << int(fx::Wrap::Gzip);
    QTest::newRow("xz") << int(fx::Wrap::Xz);
}

void TestSaveGui::saveAndReopen()
{
    QFETCH(int, wrap);
    const auto kind = fx::Wrap(wrap);
    QTemporaryDir dir;
    const QString suffix = kind == fx::Wrap::Gzip ? QStringLiteral(".gz")
                           : kind == fx::Wrap::Xz ? QStringLiteral(".xz")
                                                  : QString();
    const QString path =
        fx::writeFile(dir, QStringLiteral("s-images-idx3-ubyte") + suffix, fx::wrap(images(kRecords), kind));
    const QString labels = fx::writeFile(dir, QStringLiteral("s-labels-idx1-ubyte") + suffix,
                                         fx::wrap(appfx::labels(kRecords), kind));
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    Document* doc = v->document();
    waitEditable(*doc);
    v->viewState()->setCurrentRecord(7);
    QVERIFY(Editing::setElement(doc, Document::Part::Main, 2, 3, 99).isEmpty());
    QVERIFY(Editing::setLabels(doc, {4}, 9).isEmpty());
    QVERIFY(Editing::deleteRecords(doc, 0, 1).isEmpty());
    const QByteArray expected = QByteArray(reinterpret_cast<const char*>(doc->view().data()),
                                           qsizetype(doc->view().availableBytes()));
    QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
    QSignalSpy reloaded(doc, &Document::reloaded);
    QVERIFY(w.saving()->save(v));
    QVERIFY(finished.wait(20000));
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
    QCOMPARE(reloaded.count(), 0); // the document keeps its overlays (and undo history)
    QVERIFY(!doc->isModified());
    QVERIFY(!doc->isPartModified(Document::Part::Main));
    QVERIFY(!doc->isPartModified(Document::Part::Labels));
    QVERIFY(!v->showsError());
    QVERIFY(!w.isWindowModified());
    QCOMPARE(v->viewState()->currentRecord(), quint64(7)); // the view position stays
    // Same container as before (by the bytes: gzip and xz signatures), the edits in the files.
    for (const QString& p : {path, labels}) {
        const QByteArray bytes = readAll(p);
        QCOMPARE(bytes.startsWith("\x1f\x8b"), kind == fx::Wrap::Gzip);
        QCOMPARE(bytes.startsWith(QByteArray("\xfd\x37\x7a\x58\x5a\x00", 6)), kind == fx::Wrap::Xz);
        QCOMPARE(idx::IdxFile::open(p)->container(), kind == fx::Wrap::Gzip ? idx::Container::Gzip
                                                     : kind == fx::Wrap::Xz ? idx::Container::Xz
                                                                            : idx::Container::Raw);
    }
    QCOMPARE(payloadOf(path), expected);
    QByteArray expectedLabels = appfx::labels(kRecords).mid(8 + 1);
    expectedLabels[3] = 9; // label 4 became 9, then record 0 was deleted
    QCOMPARE(payloadOf(labels), expectedLabels);
    waitEditable(*doc);
    QCOMPARE(doc->view().recordCount(), quint64(kRecords - 1));
    QCOMPARE(doc->labelClasses()[3], qint64(9));
}

void TestSaveGui::undoAfterSave_data()
{
    QTest::addColumn<bool>("gzip");
    QTest::addColumn<bool>("structural"); // a record deleted rather than a value changed
    QTest::newRow("raw, value") << false << false;
    QTest::newRow("raw, delete") << false << true;
    QTest::newRow("gz, value") << true << false;
    QTest::newRow("gz, delete") << true << true;
}

void TestSaveGui::undoAfterSave()
{
    QFETCH(bool, gzip);
    QFETCH(bool, structural);
    QTemporaryDir dir;
    const QByteArray original = images(kRecords);
    const QString path = fx::writeFile(dir, QStringLiteral("u-images-idx3-ubyte") + (gzip ? ".gz" : ""),
                                       gzip ? fx::gzip(original) : original);
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    Document* doc = v->document();
    waitEditable(*doc);
    const QString edit = structural ? Editing::deleteRecords(doc, 2, 1)
                                    : Editing::setElement(doc, Document::Part::Main, 2, 3, 99);
    QVERIFY(edit.isEmpty());
    QByteArray edited = original.mid(16);
    if (structural)
        edited.remove(2 * 16, 16);
    else
        edited[2 * 16 + 3] = char(99);
    QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
    QSignalSpy changedOnDisk(doc, &Document::changedOnDisk);
    QVERIFY(w.saving()->save(v));
    QVERIFY(finished.wait(20000));
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
    QCOMPARE(payloadOf(path), edited);
    QVERIFY(!doc->isModified());
    QVERIFY(!w.isWindowModified());

    // Undo still works: the document shows the old value and differs from the saved file.
    QVERIFY(doc->undoStack()->canUndo());
    doc->undoStack()->undo();
    QCOMPARE(bytesOf(doc->view()), original.mid(16));
    QVERIFY(doc->isModified());
    QVERIFY(doc->isPartModified(Document::Part::Main));
    QVERIFY(w.isWindowModified());
    QCOMPARE(payloadOf(path), edited); // the file is what was saved until the next save
    // Saving again writes the old value back.
    QVERIFY(w.saving()->save(v));
    QVERIFY(finished.wait(20000));
    QVERIFY2(finished.at(1).at(0).toBool(), qPrintable(finished.at(1).at(1).toString()));
    QCOMPARE(payloadOf(path), original.mid(16));
    QCOMPARE(readAll(path).startsWith("\x1f\x8b"), gzip);
    QVERIFY(!doc->isModified());
    // And Redo goes forward past both saves.
    doc->undoStack()->redo();
    QCOMPARE(bytesOf(doc->view()), edited);
    QVERIFY(doc->isModified());
    doc->undoStack()->undo();
    QVERIFY(!doc->isModified()); // back at what the file holds
    // Our own saves are not reported as changes made by someone else.
    QCOMPARE(changedOnDisk.count(), 0);
    QVERIFY(!doc->isStale());
}

void TestSaveGui::saveLabelsAsNewFile()
{
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, QStringLiteral("s-images-idx3-ubyte"), images(kRecords));
    const QString labels = fx::writeFile(dir, QStringLiteral("s-labels-idx1-ubyte"), appfx::labels(kRecords));
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    Document* doc = v->document();
    waitEditable(*doc);
    QVERIFY(Editing::setLabels(doc, {1, 2}, 7).isEmpty());
    const QString out = dir.filePath(QStringLiteral("fixed-labels-idx1-ubyte.gz"));
    QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
    QVERIFY(w.saving()->saveLabelsAs(v, out));
    QVERIFY(finished.wait(20000));
    QVERIFY(finished.at(0).at(0).toBool());
    QVERIFY(readAll(out).startsWith("\x1f\x8b")); // the container follows the new name
    QByteArray expected = appfx::labels(kRecords).mid(8);
    expected[1] = expected[2] = 7;
    QCOMPARE(payloadOf(out), expected);
    QCOMPARE(readAll(labels), appfx::labels(kRecords)); // the original labels file is untouched
}

void TestSaveGui::labelsFailAfterImagesSaved()
{
    // A Save of edited images and labels whose labels cannot be written (their path is now a folder): the
    // images were written, and the document knows it (they read as saved, the file canonical); the labels
    // stay edited and unsaved, and the failure names them.
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, QStringLiteral("p-images-idx3-ubyte"), images(kRecords));
    const QString labels = fx::writeFile(dir, QStringLiteral("p-labels-idx1-ubyte"), appfx::labels(kRecords));
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    Document* doc = v->document();
    waitEditable(*doc);
    QVERIFY(doc->hasLabels());
    QVERIFY(Editing::setElement(doc, Document::Part::Main, 2, 3, 99).isEmpty());
    QVERIFY(Editing::setLabels(doc, {4}, 9).isEmpty());
    const QByteArray expected = QByteArray(reinterpret_cast<const char*>(doc->view().data()),
                                           qsizetype(doc->view().availableBytes()));
    QVERIFY(QFile::remove(labels));
    QVERIFY(QDir().mkdir(labels));
    QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
    QVERIFY(w.saving()->save(v));
    QVERIFY(finished.wait(20000));
    QVERIFY(!finished.at(0).at(0).toBool());
    QVERIFY2(finished.at(0).at(1).toString().contains(QDir::toNativeSeparators(labels)),
             qPrintable(finished.at(0).at(1).toString()));
    QCOMPARE(payloadOf(path), expected);
    QVERIFY(!doc->isPartModified(Document::Part::Main));
    QVERIFY(doc->isPartModified(Document::Part::Labels));
    QVERIFY(doc->isModified());
    QVERIFY(w.isWindowModified());
}

void TestSaveGui::saveAsWithEditedLabels_data()
{
    QTest::addColumn<int>("answer");            // SaveController::LabelsAnswer
    QTest::addColumn<bool>("labelsFileExists"); // a file already has the proposed labels name
    QTest::addColumn<bool>("structural");       // a record deleted from images and labels
    const int both = int(SaveController::LabelsAnswer::SaveBoth);
    const int images = int(SaveController::LabelsAnswer::ImagesOnly);
    QTest::newRow("save both") << both << false << false;
    QTest::newRow("save both, records deleted") << both << false << true;
    QTest::newRow("save both over an existing file") << both << true << false;
    QTest::newRow("images only") << images << false << false;
    QTest::newRow("images only refused, records deleted") << images << false << true;
    QTest::newRow("cancel") << int(SaveController::LabelsAnswer::Cancel) << false << false;
}

void TestSaveGui::saveAsWithEditedLabels()
{
    QFETCH(int, answer);
    QFETCH(bool, labelsFileExists);
    QFETCH(bool, structural);
    auto choice = SaveController::LabelsAnswer(answer);
    QTemporaryDir dir;
    const QByteArray originalLabels = appfx::labels(kRecords);
    const QString path = fx::writeFile(dir, QStringLiteral("a-images-idx3-ubyte"), images(kRecords));
    const QString labels = fx::writeFile(dir, QStringLiteral("a-labels-idx1-ubyte"), originalLabels);
    const QString out = dir.filePath(QStringLiteral("b-images-idx3-ubyte.gz"));
    const QString expectedLabelsOut = dir.filePath(QStringLiteral("b-labels-idx1-ubyte.gz"));
    if (labelsFileExists)
        fx::writeFile(dir, QStringLiteral("b-labels-idx1-ubyte.gz"), QByteArray("old"));
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    Document* doc = v->document();
    waitEditable(*doc);
    QVERIFY(Editing::setLabels(doc, {4}, 7).isEmpty());
    if (structural)
        QVERIFY(Editing::deleteRecords(doc, 0, 1).isEmpty()); // images and labels both lose record 0
    QVERIFY(Editing::setElement(doc, Document::Part::Main, 1, 0, 99).isEmpty());
    const int first = structural ? 1 : 0;
    const quint32 records = kRecords - quint32(first);
    QByteArray expectedImages = images(kRecords).mid(16 + 16 * first);
    expectedImages[16] = char(99);
    QByteArray expectedLabels = originalLabels.mid(8 + first);
    expectedLabels[4 - first] = 7;

    QStringList asked;
    bool imagesOnlyOffered = false;
    w.saving()->setLabelsQuestion([&](Document*, const QString& labelsPath, bool imagesOnly) {
        asked << labelsPath;
        imagesOnlyOffered = imagesOnly;
        return choice;
    });
    QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
    const bool started = w.saving()->saveAsAsking(v, out);
    QCOMPARE(asked, QStringList{expectedLabelsOut}); // the labels' name follows the images' name
    // The labels file no longer fits images with records deleted: their edits cannot stay behind.
    QCOMPARE(imagesOnlyOffered, !structural);
    if (structural && choice == SaveController::LabelsAnswer::ImagesOnly)
        choice = SaveController::LabelsAnswer::Cancel; // refused: nothing is saved
    QCOMPARE(started, choice != SaveController::LabelsAnswer::Cancel);
    if (started) {
        QVERIFY(finished.wait(20000));
        QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
        QCOMPARE(payloadOf(out), expectedImages);
        QVERIFY(readAll(out).startsWith("\x1f\x8b"));
    } else {
        QVERIFY(!QFileInfo::exists(out));
    }
    // The labels file the user did not name is never written.
    QCOMPARE(readAll(labels), originalLabels);
    switch (choice) {
    case SaveController::LabelsAnswer::SaveBoth:
        QCOMPARE(payloadOf(expectedLabelsOut), expectedLabels); // replaced when it existed: the user agreed
        QCOMPARE(doc->path(), QFileInfo(out).absoluteFilePath());
        QCOMPARE(QFileInfo(doc->labelsPath()).absoluteFilePath(),
                 QFileInfo(expectedLabelsOut).absoluteFilePath());
        waitEditable(*doc);
        QVERIFY(!doc->isModified());
        QCOMPARE(doc->labelClasses().size(), size_t(records));
        QCOMPARE(doc->labelClasses()[size_t(4 - first)], qint64(7));
        break;
    case SaveController::LabelsAnswer::ImagesOnly:
        QCOMPARE(QFileInfo::exists(expectedLabelsOut), labelsFileExists);
        QCOMPARE(doc->path(), QFileInfo(out).absoluteFilePath());
        waitEditable(*doc);
        // The label edits stay, unsaved, aligned with the saved images.
        QVERIFY(doc->isModified());
        QVERIFY(w.isWindowModified());
        QVERIFY(!doc->isPartModified(Document::Part::Main));
        QVERIFY(doc->isPartModified(Document::Part::Labels));
        QCOMPARE(doc->labelsPath(), labels);
        QCOMPARE(doc->labelClasses().size(), size_t(records));
        QCOMPARE(doc->labelClasses()[4], qint64(7));
        QCOMPARE(doc->view().recordCount(), quint64(records));
        break;
    case SaveController::LabelsAnswer::Cancel:
        QCOMPARE(finished.count(), 0);
        QCOMPARE(QFileInfo::exists(expectedLabelsOut), labelsFileExists);
        QVERIFY(doc->isModified());
        QCOMPARE(doc->path(), QFileInfo(path).absoluteFilePath());
        break;
    }
    // Without label edits nothing is asked.
    asked.clear();
    if (choice == SaveController::LabelsAnswer::SaveBoth) {
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 0, 0, 1).isEmpty());
        QVERIFY(w.saving()->saveAsAsking(v, dir.filePath(QStringLiteral("c-images-idx3-ubyte"))));
        QVERIFY(finished.wait(20000));
        QVERIFY(asked.isEmpty());
    }
}

void TestSaveGui::saveFailureKeepsEverything_data()
{
    QTest::addColumn<QString>("target"); // relative to a folder that is removed, or absolute
    QTest::newRow("folder gone") << QStringLiteral("gone/sub/out-images-idx3-ubyte");
    QTest::newRow("proc") << QStringLiteral("/proc/idxscope-no-such/out-images-idx3-ubyte");
}

void TestSaveGui::saveFailureKeepsEverything()
{
    QFETCH(QString, target);
    QTemporaryDir dir;
    const QByteArray original = images(kRecords);
    const QString path = fx::writeFile(dir, QStringLiteral("f-images-idx3-ubyte"), original);
    QTemporaryDir other;
    QDir(other.path()).mkpath(QStringLiteral("gone/sub"));
    const QString out = target.startsWith(u'/') ? target : other.filePath(target);
    QDir(other.filePath(QStringLiteral("gone"))).removeRecursively();
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    Document* doc = v->document();
    waitEditable(*doc);
    QVERIFY(Editing::setElement(doc, Document::Part::Main, 5, 0, 123).isEmpty());
    QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
    QVERIFY(w.saving()->saveAs(v, out));
    QVERIFY(finished.wait(20000));
    QVERIFY(!finished.at(0).at(0).toBool());
    const QString error = finished.at(0).at(1).toString();
    QVERIFY2(error.contains(QDir::toNativeSeparators(out)), qPrintable(error));
    QVERIFY(!QFileInfo::exists(out));
    QCOMPARE(readAll(path), original); // the original is byte-identical
    QVERIFY(doc->isModified());        // and the edits are still there
    QVERIFY(w.isWindowModified());
    QCOMPARE(doc->view().value(5 * 16), 123.0);
    QCOMPARE(doc->path(), QFileInfo(path).absoluteFilePath());
}

void TestSaveGui::closeAsks()
{
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, QStringLiteral("c-images-idx3-ubyte"), images(kRecords));
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    waitEditable(*v->document());
    QVERIFY(Editing::setElement(v->document(), Document::Part::Main, 1, 1, 42).isEmpty());
    int asked = 0;
    QMessageBox::StandardButton answer = QMessageBox::Cancel;
    w.saving()->setSaveQuestion([&](Document*) {
        ++asked;
        return answer;
    });
    w.documents()->closeAt(0); // Cancel: the tab stays
    QCOMPARE(asked, 1);
    QCOMPARE(w.documents()->count(), 1);
    QVERIFY(!w.close()); // quitting asks too
    QCOMPARE(asked, 2);
    answer = QMessageBox::Save; // saved, then closed
    QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
    w.documents()->closeAt(0);
    QVERIFY(finished.wait(20000));
    QTRY_COMPARE(w.documents()->count(), 0);
    QCOMPARE(payloadOf(path).at(16 + 1), char(42));
    // Discard: closes without writing.
    v = w.openFile(path);
    waitEditable(*v->document());
    QCOMPARE(v->document()->view().value(16 + 1), 42.0);
    QVERIFY(Editing::setElement(v->document(), Document::Part::Main, 1, 1, 1).isEmpty());
    QVERIFY(v->document()->isModified());
    answer = QMessageBox::Discard;
    w.documents()->closeAt(0);
    QCOMPARE(asked, 4);
    QCOMPARE(w.documents()->count(), 0);
    QCOMPARE(payloadOf(path).at(16 + 1), char(42));
}

void TestSaveGui::saveOverDamagedFile_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("finding");   // the DiagCode opening finds
    QTest::addColumn<bool>("persists"); // still true of the saved file
    const QByteArray whole = images(kRecords);
    QTest::newRow("trailing bytes") << whole + QByteArray("junk!") << int(idx::DiagCode::TrailingBytes)
                                    << false;
    QTest::newRow("cut mid-record") << whole.left(whole.size() - 7) << int(idx::DiagCode::TruncatedPayload)
                                    << false;
    QByteArray gz = fx::gzip(whole);
    QTest::newRow("gzip cut short") << gz.left(gz.size() - 12) << int(idx::DiagCode::TruncatedCompressed)
                                    << false;
    // Little-endian int16 values behind the big-endian header: the values, not the bytes' framing.
    std::vector<double> values(kRecords * 16);
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = double(i % 200);
    QTest::newRow("little-endian data")
        << fx::idxBytes(idx::DType::Int16, {kRecords, 4, 4}, values, idx::ByteOrder::Little)
        << int(idx::DiagCode::SuspectedByteOrder) << true;
}

// Saving over a damaged file writes its complete records with a canonical header: the warning bar, the header
// panel and the tab stop reporting what was wrong with the bytes as opened, and keep what is still true.
void TestSaveGui::saveOverDamagedFile()
{
    QFETCH(QByteArray, content);
    QFETCH(int, finding);
    QFETCH(bool, persists);
    QTemporaryDir dir;
    const QString path = fx::writeFile(dir, QStringLiteral("d-images-idx3-ubyte"), content);
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(path);
    Document* doc = v->document();
    waitEditable(*doc);
    const auto has = [&](const idx::Diagnostics& d) {
        return std::any_of(d.begin(), d.end(),
                           [&](const idx::Diagnostic& x) { return int(x.code) == finding; });
    };
    QTRY_VERIFY(has(doc->diagnostics()));
    QTRY_VERIFY(!v->warningText().isEmpty());
    const QString noProblems = QStringLiteral("No problems found.");
    // The file's findings can be complete before the GUI has handled the end of the load: the panel shows
    // them once it has.
    QTRY_VERIFY(v->panel<HeaderPanel>()->value(QStringLiteral("warnings")) != noProblems);
    const bool byteOrder = finding == int(idx::DiagCode::SuspectedByteOrder);

    QVERIFY(Editing::setElement(doc, Document::Part::Main, 1, 2, 42).isEmpty());
    QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
    QVERIFY(w.saving()->save(v));
    QVERIFY(finished.wait(20000));
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));

    // The file on disk: whole records, nothing after them, the edit in it.
    auto saved = idx::IdxFile::open(path);
    QVERIFY(saved->load());
    QCOMPARE(has(saved->diagnostics()), persists);
    QCOMPARE(idx::hasError(saved->diagnostics()), false);
    QCOMPARE(saved->trailingBytes(), qint64(0));
    QCOMPARE(saved->view().availableRecords(), doc->availableRecords());
    // What the document reports of it.
    QCOMPARE(has(doc->diagnostics()), persists);
    QVERIFY(!idx::hasError(doc->diagnostics()));
    QCOMPARE(v->warningText().isEmpty(), !persists);
    QCOMPARE(v->panel<HeaderPanel>()->value(QStringLiteral("warnings")) == noProblems, !persists);
    QCOMPARE(v->panel<HeaderPanel>()->value(QStringLiteral("trailingbytes")), QStringLiteral("0 bytes"));
    const int tab = w.documents()->tabs()->indexOf(v);
    QCOMPARE(w.documents()->tabs()->tabIcon(tab).isNull(), true);
    if (byteOrder)
        QVERIFY(v->warningText().contains(doc->diagnostics().constFirst().message));
    // Undo goes back past the save: the document is modified again, the file on disk is still the saved one.
    doc->undoStack()->undo();
    QVERIFY(doc->isModified());
    QCOMPARE(has(doc->diagnostics()), persists);
}

QTEST_MAIN(TestSaveGui)
#include "tst_save_gui.moc"
