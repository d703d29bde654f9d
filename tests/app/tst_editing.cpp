// Editing through the GUI layer: undo/redo restores exact bytes, merges of repeated element edits and the
// obsolete no-op merge, labels edited by number key (image view, gallery) and in the table, out-of-range
// values refused with a message, painting, and structural edits keeping images and labels aligned; painting
// on a 60,000-record file renders and recomputes from the edited record, never from a copy of the tensor.
#include "appfixtures.h"
#include "discardguard.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "editcommands.h"
#include "editcontroller.h"
#include "gallerygrid.h"
#include "gallerymodel.h"
#include "galleryview.h"
#include "imageview.h"
#include "mainwindow.h"
#include "painttool.h"
#include "statspanel.h"
#include "tablemodel.h"
#include "thumbnailcache.h"
#include "viewstate.h"

#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoGroup>
#include <QUndoStack>

using namespace idx::gui;

namespace {
constexpr quint32 kRecords = 30;

// Image i is filled with the value i; label i is i % 10.
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
} // namespace

class TestEditing : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { appfx::isolateSettings(); }
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_images = fx::writeFile(*m_dir, QStringLiteral("t-images-idx3-ubyte"), images(kRecords));
        m_labels = fx::writeFile(*m_dir, QStringLiteral("t-labels-idx1-ubyte"), appfx::labels(kRecords));
    }
    void undoRedoRestoresBytes();
    void mergeAndObsolete();
    void labelByNumberKeyInImageView();
    void labelByNumberKeyInGallery();
    void labelInTable();
    void outOfRangeRefused();
    void paintChangesPixels();
    void deleteAndMoveKeepAlignment();
    void labelEditLeavesImagesZeroCopy();
    void statsFollowEdits();
    void reloadAndDetachAskFirst();
    void paintingABigFileCopiesNoTensor();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_images;
    QString m_labels;
};

void TestEditing::undoRedoRestoresBytes()
{
    Document doc(m_images);
    waitEditable(doc);
    const QByteArray original = bytesOf(doc.view());
    QVERIFY(Editing::setElement(&doc, Document::Part::Main, 3, 5, 200).isEmpty());
    QVERIFY(Editing::duplicateRecords(&doc, 1, 2).isEmpty());
    QVERIFY(Editing::moveRecords(&doc, 0, 1, 5).isEmpty());
    QVERIFY(Editing::deleteRecords(&doc, 2, 3).isEmpty());
    QVERIFY(Editing::insertRecord(&doc, 0, QImage()).isEmpty());
    const QByteArray edited = bytesOf(doc.view());
    QVERIFY(edited != original);
    QVERIFY(doc.isModified());
    QUndoStack* stack = doc.undoStack();
    QCOMPARE(stack->count(), 5);
    std::vector<QByteArray> states;
    for (int i = stack->count(); i > 0; --i) {
        states.push_back(bytesOf(doc.view()));
        stack->undo();
    }
    QCOMPARE(bytesOf(doc.view()), original);
    QVERIFY(!doc.isModified());
    for (int i = 0; i < stack->count(); ++i)
        stack->redo();
    QCOMPARE(bytesOf(doc.view()), edited);
    QCOMPARE(doc.view().recordCount(), quint64(kRecords + 2 - 3 + 1));
}

void TestEditing::mergeAndObsolete()
{
    Document doc(m_images);
    waitEditable(doc);
    const QByteArray original = bytesOf(doc.view());
    QVERIFY(Editing::setElement(&doc, Document::Part::Main, 4, 0, 10).isEmpty());
    QVERIFY(Editing::setElement(&doc, Document::Part::Main, 4, 0, 11).isEmpty());
    QVERIFY(Editing::setElement(&doc, Document::Part::Main, 4, 0, 12).isEmpty());
    QCOMPARE(doc.undoStack()->count(), 1); // one element edited three times: one step
    QCOMPARE(doc.view().value(4 * 16), 12.0);
    QVERIFY(Editing::setElement(&doc, Document::Part::Main, 4, 1, 99).isEmpty()); // another element
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    QCOMPARE(doc.view().value(4 * 16), 12.0);
    doc.undoStack()->undo();
    QCOMPARE(bytesOf(doc.view()), original);
    // Typing a value and then the original again: the merged command is a no-op and disappears.
    QVERIFY(Editing::setElement(&doc, Document::Part::Main, 7, 2, 1).isEmpty());
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY(Editing::setElement(&doc, Document::Part::Main, 7, 2, 7).isEmpty());
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(!doc.isModified());
    QCOMPARE(bytesOf(doc.view()), original);
}

void TestEditing::labelByNumberKeyInImageView()
{
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(m_images);
    waitEditable(*v->document());
    v->viewState()->setCurrentRecord(5);
    QCOMPARE(v->document()->labelClasses()[5], qint64(5));
    QTest::keyClick(v->imageView(), Qt::Key_8);
    QCOMPARE(v->document()->labelClasses()[5], qint64(8));
    QTest::keyClick(w.documents()->tabs()->tabBar(),
                    Qt::Key_7); // focus on the tab bar (as after opening): the current record
    QCOMPARE(v->document()->labelClasses()[5], qint64(7));
    QCOMPARE(v->document()->undoStack()->count(), 1); // the same label twice: merged
    QVERIFY(v->document()->isModified());
    QVERIFY(w.isWindowModified());
    w.editing()->undoGroup()->undo(); // Edit ▸ Undo follows the current tab's stack
    QTRY_COMPARE(v->document()->labelClasses()[5], qint64(5));
    QVERIFY(!v->document()->isModified());
}

void TestEditing::labelByNumberKeyInGallery()
{
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(m_images);
    waitEditable(*v->document());
    v->viewState()->setCurrentRecord(2);
    v->viewState()->setSelection({2, 3, 4});
    QTest::keyClick(v->gallery()->listView(), Qt::Key_0);
    const auto& classes = v->document()->labelClasses();
    QCOMPARE(classes[2], qint64(0));
    QCOMPARE(classes[3], qint64(0));
    QCOMPARE(classes[4], qint64(0));
    QCOMPARE(classes[5], qint64(5));
    QCOMPARE(v->document()->undoStack()->count(), 1); // the three labels are one step
    QTRY_VERIFY(v->gallery()->model()->data(v->gallery()->model()->index(3)).toString().endsWith(u"0"));
}

void TestEditing::labelInTable()
{
    Document doc(m_labels); // a labels file on its own: the table is where its values are edited
    ViewState state;
    waitEditable(doc);
    TableModel model(&doc, &state);
    QVERIFY(model.flags(model.index(12, 0)) & Qt::ItemIsEditable);
    QVERIFY(model.setData(model.index(12, 0), QStringLiteral("7")));
    QCOMPARE(model.data(model.index(12, 0)).toString(), QStringLiteral("7"));
    QCOMPARE(doc.view().value(12), 7.0);
    doc.undoStack()->undo();
    QCOMPARE(model.data(model.index(12, 0)).toString(), QStringLiteral("2"));
}

void TestEditing::outOfRangeRefused()
{
    Document doc(m_labels);
    ViewState state;
    waitEditable(doc);
    TableModel model(&doc, &state);
    QSignalSpy failed(&model, &TableModel::editFailed);
    QVERIFY(!model.setData(model.index(3, 0), QStringLiteral("300")));
    QCOMPARE(failed.count(), 1);
    QVERIFY2(failed.at(0).at(0).toString().contains(u"300"), qPrintable(failed.at(0).at(0).toString()));
    QVERIFY(!model.setData(model.index(3, 0), QStringLiteral("2.5")));
    QVERIFY(!model.setData(model.index(3, 0), QStringLiteral("seven")));
    QCOMPARE(failed.count(), 3);
    QCOMPARE(doc.view().value(3), 3.0);
    QVERIFY(!doc.isModified());
}

void TestEditing::paintChangesPixels()
{
    MainWindow w;
    w.setSaveSettings(false);
    w.resize(900, 700);
    w.show();
    DocumentView* v = w.openFile(m_images);
    waitEditable(*v->document());
    v->viewState()->setCurrentRecord(3);
    QTRY_VERIFY(v->imageView()->hasImage());
    EditController* e = w.editing();
    e->brushValue()->setValue(250);
    e->brushSize()->setValue(1);
    QVERIFY(v->paintTool()->paintAt(QPoint(1, 2), 1000).isEmpty());
    QVERIFY(v->paintTool()->paintAt(QPoint(2, 2), 1000).isEmpty()); // same stroke: merged
    QCOMPARE(v->document()->undoStack()->count(), 1);
    const idx::TensorView view = v->document()->view();
    QCOMPARE(view.value(3 * 16 + 2 * 4 + 1), 250.0);
    QCOMPARE(view.value(3 * 16 + 2 * 4 + 2), 250.0);
    QCOMPARE(view.value(3 * 16 + 2 * 4 + 3), 3.0);
    // With the mouse, in paint mode, a 3 × 3 brush.
    e->paintAction()->setChecked(true);
    e->brushSize()->setValue(3);
    ImageView* iv = v->imageView();
    const QPoint at = iv->widgetPosOf(QPointF(1.5, 1.5)).toPoint();
    QTest::mousePress(iv, Qt::LeftButton, {}, at);
    QTest::mouseRelease(iv, Qt::LeftButton, {}, at);
    QCOMPARE(v->document()->undoStack()->count(), 2);
    const idx::TensorView after = v->document()->view();
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x)
            QCOMPARE(after.value(3 * 16 + quint64(y * 4 + x)), 250.0);
    QCOMPARE(after.value(3 * 16 + 15), 3.0);
    QCOMPARE(after.value(4 * 16), 4.0); // other records untouched
}

void TestEditing::deleteAndMoveKeepAlignment()
{
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(m_images);
    Document* doc = v->document();
    waitEditable(*doc);
    EditController* e = w.editing();
    v->viewState()->setSelection({2, 3, 7});
    QVERIFY(e->deleteSelected(v).isEmpty());
    QCOMPARE(doc->view().recordCount(), quint64(kRecords - 3));
    QCOMPARE(doc->labelClasses().size(), size_t(kRecords - 3));
    auto checkAligned = [&] {
        const idx::TensorView images = doc->view();
        const auto& labels = doc->labelClasses();
        QCOMPARE(labels.size(), size_t(images.recordCount()));
        for (quint64 r = 0; r < images.recordCount(); ++r)
            QCOMPARE(labels[r], qint64(images.value(r * 16)) % 10); // image i keeps label i % 10
    };
    checkAligned();
    QCOMPARE(doc->view().value(2 * 16), 4.0);
    v->viewState()->setSelection({});
    v->viewState()->setCurrentRecord(0);
    QVERIFY(e->moveSelected(v, 1).isEmpty());
    QCOMPARE(doc->view().value(0), 1.0);
    QCOMPARE(doc->view().value(16), 0.0);
    checkAligned();
    QVERIFY(e->duplicateSelected(v).isEmpty());
    checkAligned();
    QCOMPARE(doc->undoStack()->count(), 3);
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    QCOMPARE(doc->view().recordCount(), quint64(kRecords));
    checkAligned();
    QVERIFY(!doc->isModified());
}

void TestEditing::labelEditLeavesImagesZeroCopy()
{
    Document doc(m_images);
    waitEditable(doc);
    const uchar* mapped = doc.view().data();
    QVERIFY(Editing::setLabels(&doc, {1}, 9).isEmpty());
    QCOMPARE(doc.labelClasses()[1], qint64(9));
    // The images are still the mapping itself: a label edit copies nothing of them.
    QCOMPARE(doc.view().data(), mapped);
    QVERIFY(!doc.isPartModified(Document::Part::Main));
    QVERIFY(doc.isPartModified(Document::Part::Labels));
    QVERIFY(doc.editable(Document::Part::Labels)->overlayBytes() < 4096);
}

void TestEditing::statsFollowEdits()
{
    Document doc(m_images);
    ViewState state;
    waitEditable(doc);
    StatsController stats(&doc, &state);
    StatsPanel panel(&stats, &state);
    QTRY_VERIFY(panel.shownStats(StatsPanel::Tensor).has_value());
    QCOMPARE(panel.shownStats(StatsPanel::Tensor)->max, double(kRecords - 1));
    QVERIFY(Editing::setElement(&doc, Document::Part::Main, 0, 0, 250).isEmpty());
    // Edited data is other data: the figures are recomputed (and computing is shown meanwhile).
    QTRY_COMPARE(panel.shownStats(StatsPanel::Tensor)->max, 250.0);
    doc.undoStack()->undo();
    QTRY_COMPARE(panel.shownStats(StatsPanel::Tensor)->max, double(kRecords - 1));
}

void TestEditing::paintingABigFileCopiesNoTensor()
{
    // Fashion-MNIST's size: 60,000 × 28 × 28, 47 MB mapped. Painting must not copy it (not even once per
    // edit): the image view, the gallery and the statistics read the edited record from the overlay.
    constexpr quint64 kBig = 60000;
    constexpr quint64 kRecord = 3; // in the gallery's first row
    const QString path =
        fx::writeFile(*m_dir, QStringLiteral("big-images-idx3-ubyte"), appfx::uint8Tensor({kBig, 28, 28}));
    MainWindow w;
    w.setSaveSettings(false);
    w.resize(1000, 700);
    w.show();
    DocumentView* v = w.openFile(path);
    Document* doc = v->document();
    waitEditable(*doc);
    auto* stats = v->panel<StatsPanel>();
    QVERIFY(stats);
    QTRY_VERIFY_WITH_TIMEOUT(stats->shownStats(StatsPanel::Tensor).has_value(), 20000);
    const quint64 before250 = stats->shownStats(StatsPanel::Tensor)->histogram.counts[250];
    v->viewState()->setCurrentRecord(kRecord);
    QTRY_VERIFY(v->imageView()->hasImage());
    ThumbnailCache* thumbnails = v->gallery()->model()->thumbnails();
    QTRY_VERIFY_WITH_TIMEOUT(thumbnails->isFresh(kRecord), 20000);

    EditController* e = w.editing();
    e->brushValue()->setValue(250);
    e->brushSize()->setValue(1);
    const QList<QPoint> pixels{{2, 3}, {3, 3}, {4, 3}, {20, 25}};
    quint64 changed = 0;
    for (const QPoint& p : pixels) {
        QVERIFY(v->paintTool()->paintAt(p, 77).isEmpty()); // one stroke
        changed += appfx::uint8Value(kRecord * 784 + quint64(p.y() * 28 + p.x())) != 250;
    }
    QVERIFY(v->paintTool()->paintAt(QPoint(10, 10), 78).isEmpty()); // a second stroke
    changed += appfx::uint8Value(kRecord * 784 + 10 * 28 + 10) != 250;
    QCOMPARE(doc->undoStack()->count(), 2);

    // Shown: the image view, the gallery's thumbnail, the statistics of the tensor and of the record.
    QTRY_COMPARE(qGray(v->imageView()->image().pixel(2, 3)), 250);
    QCOMPARE(qGray(v->imageView()->image().pixel(10, 10)), 250);
    QTRY_VERIFY_WITH_TIMEOUT(thumbnails->isFresh(kRecord), 20000);
    QCOMPARE(qGray(thumbnails->thumbnail(kRecord).toImage().pixel(20, 25)), 250);
    QTRY_COMPARE_WITH_TIMEOUT(stats->shownStats(StatsPanel::Tensor)->histogram.counts[250],
                              before250 + changed, 20000);
    QTRY_VERIFY(stats->shownStats(StatsPanel::Record).has_value());
    // Nothing was copied but the edited record itself, into the overlay.
    QCOMPARE(doc->materializedBytes(), quint64(0));
    QVERIFY(doc->editable(Document::Part::Main)->overlayBytes() < 4 * 784);
    // Undo shows the file's pixels again, still without a copy.
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    QTRY_COMPARE(qGray(v->imageView()->image().pixel(2, 3)), appfx::uint8Value(kRecord * 784 + 3 * 28 + 2));
    QTRY_COMPARE_WITH_TIMEOUT(stats->shownStats(StatsPanel::Tensor)->histogram.counts[250], before250, 20000);
    QCOMPARE(doc->materializedBytes(), quint64(0));
}

QTEST_MAIN(TestEditing)
#include "tst_editing.moc"

void TestEditing::reloadAndDetachAskFirst()
{
    MainWindow w;
    w.setSaveSettings(false);
    DocumentView* v = w.openFile(m_images);
    Document* doc = v->document();
    waitEditable(*doc);
    QVERIFY(Editing::setLabels(doc, {2}, 9).isEmpty());
    QStringList asked;
    bool answer = false;
    setDiscardQuestion([&](const Document*, const QString& action) {
        asked << action;
        return answer;
    });
    // Refused: the edit survives reload and detach.
    v->reloadAsking();
    QVERIFY(doc->isModified());
    QCOMPARE(doc->labelClasses()[2], qint64(9));
    const QList<QAction*> actions = w.findChildren<QAction*>();
    const auto detach = std::find_if(actions.begin(), actions.end(), [](QAction* a) {
        return a->text().remove(QLatin1Char('&')) == QStringLiteral("Detach Labels");
    });
    QVERIFY(detach != actions.end());
    (*detach)->trigger();
    QVERIFY(doc->hasLabels());
    QCOMPARE(doc->labelClasses()[2], qint64(9));
    QCOMPARE(asked.size(), 2);
    // Agreed: reloading discards the edit.
    answer = true;
    QSignalSpy reloaded(doc, &Document::reloaded);
    v->reloadAsking();
    QVERIFY(reloaded.count() > 0 || reloaded.wait(20000));
    waitEditable(*doc);
    QTRY_COMPARE(doc->labelClasses()[2], qint64(2));
    QVERIFY(!doc->isModified());
    setDiscardQuestion({});
}
