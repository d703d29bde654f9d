// The edit controllers with no main window at all: an EditController over a DocumentManager and an
// ActionRegistry places its actions in the Edit menu by id (whenever that menu is made), enables them with a
// current document, acts on the current view (record operations, undo through the group that follows the
// current document) and hands paint mode and the brush to the current view's paint tool only; refusals
// leave through statusMessage. The SaveController over the same two closes documents through the guard.
#include "actionregistry.h"
#include "appfixtures.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "editcommands.h"
#include "editcontroller.h"
#include "featurelist.h"
#include "imageview.h"
#include "painttool.h"
#include "savecontroller.h"
#include "translations.h"
#include "viewstate.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoGroup>
#include <QUndoStack>

using namespace idx::gui;

namespace {
constexpr quint32 kRecords = 6;

// Image i is filled with the value i.
QByteArray images(quint32 n)
{
    QByteArray b = fx::rawHeader(0x08, {n, 4, 4});
    for (quint32 i = 0; i < n; ++i)
        b.append(QByteArray(16, char(i)));
    return b;
}

void waitEditable(Document& doc)
{
    QTRY_VERIFY_WITH_TIMEOUT(doc.isLoaded() && doc.editable(Document::Part::Main), 20000);
}
} // namespace

class TestEditController : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerFeatures(); // the tabs made here without a main window have their panels
        appfx::isolateSettings();
        QCoreApplication::setApplicationName(QStringLiteral("idxscope-tests-editcontroller"));
        // As the application starts in a C locale: English with its plural forms, for the Undo item.
        qputenv("LC_ALL", "C.UTF-8");
        QCOMPARE(idx::i18n::installTranslations(qApp), QStringLiteral("en"));
        QVERIFY(m_dir.isValid());
        m_a = fx::writeFile(m_dir, QStringLiteral("a-images-idx3-ubyte"), images(kRecords));
        m_b = fx::writeFile(m_dir, QStringLiteral("b-images-idx3-ubyte"), images(kRecords));
    }
    void actsOnTheCurrentDocument();
    void paintModeGoesToTheCurrentView();
    void saveControllerGuardsClosing();

private:
    QTemporaryDir m_dir;
    QString m_a, m_b;
};

void TestEditController::actsOnTheCurrentDocument()
{
    DocumentManager documents;
    ActionRegistry actions;
    EditController edit(&documents, &actions);
    QSignalSpy messages(&edit, &EditController::statusMessage);
    QAction* remove = actions.action(QStringLiteral("edit.deleteRecords"));
    QAction* moveUp = actions.action(QStringLiteral("edit.moveUp"));
    QVERIFY(remove && moveUp);
    QVERIFY(!remove->isEnabled()); // nothing open
    // The menu made after the controller: the actions are in it, in their order.
    QMenu* menu = actions.addMenu(MenuId::Edit, QStringLiteral("Edit"));
    QVERIFY(menu->actions().contains(remove));
    QCOMPARE(menu->actions().first(), actions.action(QStringLiteral("edit.undo")));

    DocumentView* a = documents.open(m_a);
    DocumentView* b = documents.open(m_b);
    waitEditable(*a->document());
    waitEditable(*b->document());
    QVERIFY(remove->isEnabled());
    documents.setCurrentView(a);
    a->viewState()->setCurrentRecord(2);
    remove->trigger();
    QCOMPARE(a->document()->view().recordCount(), quint64(kRecords - 1));
    QCOMPARE(a->document()->view().value(2 * 16), 3.0);               // record 2 is gone
    QCOMPARE(b->document()->view().recordCount(), quint64(kRecords)); // not the other document

    // Undo follows the current document, and its item names the step.
    QAction* undo = actions.action(QStringLiteral("edit.undo"));
    QAction* redo = actions.action(QStringLiteral("edit.redo"));
    QCOMPARE(undo->text(), QStringLiteral("&Undo Delete 1 Record"));
    QVERIFY(undo->isEnabled());
    documents.setCurrentView(b);
    QVERIFY(!edit.undoGroup()->canUndo());
    QCOMPARE(undo->text(), QStringLiteral("&Undo"));
    QVERIFY(!undo->isEnabled());
    documents.setCurrentView(a);
    QVERIFY(edit.undoGroup()->canUndo());
    QCOMPARE(undo->text(), QStringLiteral("&Undo Delete 1 Record"));
    QCOMPARE(redo->text(), QStringLiteral("&Redo"));
    undo->trigger();
    QCOMPARE(a->document()->view().recordCount(), quint64(kRecords));
    QCOMPARE(undo->text(), QStringLiteral("&Undo"));
    QCOMPARE(redo->text(), QStringLiteral("&Redo Delete 1 Record"));
    QVERIFY(redo->isEnabled());

    // A refusal is a message.
    a->viewState()->setCurrentRecord(0);
    moveUp->trigger();
    QCOMPARE(messages.count(), 1);
    QVERIFY2(messages.at(0).at(0).toString().contains(QStringLiteral("start")),
             qPrintable(messages.at(0).at(0).toString()));
    QVERIFY(!a->document()->isModified());

    documents.closeAll();
    QVERIFY(!remove->isEnabled());
}

void TestEditController::paintModeGoesToTheCurrentView()
{
    DocumentManager documents;
    ActionRegistry actions;
    EditController edit(&documents, &actions);
    DocumentView* a = documents.open(m_a);
    waitEditable(*a->document());
    QVERIFY(a->paintTool());
    QVERIFY(!a->paintTool()->isActive());
    edit.brushValue()->setValue(200);
    edit.brushSize()->setValue(2);
    edit.paintAction()->setChecked(true);
    QVERIFY(a->paintTool()->isActive());
    QCOMPARE(a->paintTool()->brushValue(), 200.0);
    QCOMPARE(a->paintTool()->brushSize(), 2);
    QCOMPARE(a->imageView()->cursor().shape(), Qt::CrossCursor);
    // Another tab: it paints, the one in the background no longer does.
    DocumentView* b = documents.open(m_b);
    QVERIFY(b->paintTool()->isActive());
    QCOMPARE(b->paintTool()->brushValue(), 200.0);
    QVERIFY(!a->paintTool()->isActive());
    edit.paintAction()->setChecked(false);
    QVERIFY(!b->paintTool()->isActive());
    QCOMPARE(b->imageView()->cursor().shape(), Qt::OpenHandCursor);
}

void TestEditController::saveControllerGuardsClosing()
{
    DocumentManager documents;
    ActionRegistry actions;
    SaveController save(&documents, &actions);
    QVERIFY(actions.action(QStringLiteral("file.save")));
    int asked = 0;
    save.setSaveQuestion([&](Document*) {
        ++asked;
        return QMessageBox::Cancel;
    });
    DocumentView* a = documents.open(m_a);
    waitEditable(*a->document());
    QVERIFY(Editing::setElement(a->document(), Document::Part::Main, 1, 1, 77).isEmpty());
    QVERIFY(!documents.close(a)); // Cancel: it stays
    QCOMPARE(asked, 1);
    QCOMPARE(documents.count(), 1);
    save.setSaveQuestion([&](Document*) {
        ++asked;
        return QMessageBox::Discard;
    });
    QVERIFY(documents.close(a));
    QCOMPARE(asked, 2);
    QCOMPARE(documents.count(), 0);
}

QTEST_MAIN(TestEditController)
#include "tst_editcontroller.moc"
