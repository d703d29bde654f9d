// DocumentManager: opening announces the new view and then the current one; opening a file again shows its
// tab; closing asks the close guard first (refused: nothing happens; later: closeAgain closes it), announces
// the closing view and the next current one (none after the last); closeAll closes nothing unless every
// document may close, and releaseAll (quitting) announces them all without deleting a view; tabs carry the
// file name and a mark for unsaved edits.
#include "appfixtures.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "editcommands.h"
#include "featurelist.h"

#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace idx::gui;

class TestDocumentManager : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerFeatures(); // the tabs made here without a main window have their panels
        appfx::isolateSettings();
        QVERIFY(m_dir.isValid());
        for (const char* name : {"a-images-idx3-ubyte", "b-images-idx3-ubyte", "c-images-idx3-ubyte"})
            m_paths << fx::writeFile(m_dir, QString::fromLatin1(name), appfx::uint8Tensor({4, 3, 3}));
    }
    void opensAndAnnouncesTheCurrentView();
    void closeAsksTheGuard();
    void closeAgainClosesLater();
    void closeAllNeedsEveryDocument();
    void releaseAllKeepsTheViews();
    void tabsShowNameAndUnsavedMark();

private:
    QTemporaryDir m_dir;
    QStringList m_paths;
};

void TestDocumentManager::opensAndAnnouncesTheCurrentView()
{
    DocumentManager m;
    QStringList events; // in the order they came
    connect(&m, &DocumentManager::documentOpened, this,
            [&](DocumentView* v) { events << QStringLiteral("opened ") + v->document()->displayName(); });
    connect(&m, &DocumentManager::currentDocumentChanged, this, [&](DocumentView* v) {
        events << QStringLiteral("current ") + (v ? v->document()->displayName() : QStringLiteral("none"));
    });
    QCOMPARE(m.currentView(), nullptr);
    DocumentView* a = m.open(m_paths[0]);
    QVERIFY(a);
    QCOMPARE(m.count(), 1);
    QCOMPARE(m.currentView(), a);
    QCOMPARE(m.currentDocument(), a->document());
    DocumentView* b = m.open(m_paths[1]);
    QCOMPARE(m.count(), 2);
    QCOMPARE(m.views(), (QList<DocumentView*>{a, b}));
    QCOMPARE(m.indexOf(b), 1);
    QCOMPARE(m.currentView(), b);
    // The same file again: its tab, no second one.
    QCOMPARE(m.open(m_paths[0]), a);
    QCOMPARE(m.count(), 2);
    m.setCurrentView(b);
    m.setCurrentView(b); // no change, no announcement
    QCOMPARE(events, (QStringList{"opened a-images-idx3-ubyte", "current a-images-idx3-ubyte",
                                  "opened b-images-idx3-ubyte", "current b-images-idx3-ubyte",
                                  "current a-images-idx3-ubyte", "current b-images-idx3-ubyte"}));
}

void TestDocumentManager::closeAsksTheGuard()
{
    DocumentManager m;
    DocumentView* a = m.open(m_paths[0]);
    DocumentView* b = m.open(m_paths[1]);
    QList<DocumentView*> asked;
    bool answer = false;
    m.setCloseGuard([&](DocumentView* v, const std::function<void()>&) {
        asked << v;
        return answer;
    });
    // Recorded when announced (the view is deleted right after): which, and whether it still had its tab.
    QList<DocumentView*> closing;
    bool hadTab = false;
    connect(&m, &DocumentManager::documentClosing, this, [&](DocumentView* v) {
        closing << v;
        hadTab = m.indexOf(v) >= 0;
    });
    QSignalSpy current(&m, &DocumentManager::currentDocumentChanged);
    QVERIFY(!m.closeAt(1)); // refused: nothing happens
    QCOMPARE(asked, QList<DocumentView*>{b});
    QCOMPARE(m.count(), 2);
    QCOMPARE(closing.size(), 0);
    QCOMPARE(current.count(), 0);

    answer = true;
    const QPointer<DocumentView> gone(b);
    QVERIFY(m.close(b));
    QCOMPARE(closing.size(), 1);
    QVERIFY(closing.at(0) == b);
    QVERIFY(hadTab);
    QVERIFY(!gone); // deleted with its document
    QCOMPARE(m.count(), 1);
    QCOMPARE(current.count(), 1);
    QCOMPARE(current.at(0).at(0).value<DocumentView*>(), a);
    QVERIFY(m.closeAt(0));
    QCOMPARE(m.count(), 0);
    QCOMPARE(current.count(), 2);
    QCOMPARE(current.at(1).at(0).value<DocumentView*>(), nullptr);
    QVERIFY(!m.closeAt(0)); // nothing there
    QCOMPARE(asked.size(), 3);
}

void TestDocumentManager::closeAgainClosesLater()
{
    // A guard that cannot agree at once (a save has to run first) closes the document later itself.
    DocumentManager m;
    DocumentView* a = m.open(m_paths[0]);
    std::function<void()> later;
    m.setCloseGuard([&](DocumentView*, const std::function<void()>& closeAgain) {
        if (later)
            return true; // asked again: done now
        later = closeAgain;
        return false;
    });
    QVERIFY(!m.close(a));
    QCOMPARE(m.count(), 1);
    QVERIFY(later);
    later();
    QCOMPARE(m.count(), 0);
}

void TestDocumentManager::closeAllNeedsEveryDocument()
{
    DocumentManager m;
    m.open(m_paths[0]);
    DocumentView* b = m.open(m_paths[1]);
    m.open(m_paths[2]);
    int asked = 0;
    m.setCloseGuard([&](DocumentView* v, const std::function<void()>&) {
        ++asked;
        return v != b;
    });
    QSignalSpy closing(&m, &DocumentManager::documentClosing);
    QVERIFY(!m.closeAll());
    QCOMPARE(asked, 2); // stopped at the one that may not close
    QCOMPARE(m.count(), 3);
    QCOMPARE(closing.count(), 0);
    m.setCloseGuard({});
    QVERIFY(m.closeAll());
    QCOMPARE(m.count(), 0);
    QCOMPARE(closing.count(), 3);
}

void TestDocumentManager::releaseAllKeepsTheViews()
{
    // Quitting: every document is asked about and announced as closing, but no view is deleted under a
    // window that is still closing.
    DocumentManager m;
    m.open(m_paths[0]);
    DocumentView* b = m.open(m_paths[1]);
    bool answer = false;
    m.setCloseGuard([&](DocumentView* v, const std::function<void()>&) { return v != b || answer; });
    QSignalSpy closing(&m, &DocumentManager::documentClosing);
    QVERIFY(!m.releaseAll());
    QCOMPARE(closing.count(), 0);
    answer = true;
    QVERIFY(m.releaseAll());
    QCOMPARE(closing.count(), 2);
    QCOMPARE(m.count(), 2);
    QCOMPARE(m.currentView(), b);
}

void TestDocumentManager::tabsShowNameAndUnsavedMark()
{
    DocumentManager m;
    DocumentView* a = m.open(m_paths[0]);
    Document* doc = a->document();
    QTRY_VERIFY_WITH_TIMEOUT(doc->isLoaded() && doc->editable(Document::Part::Main), 20000);
    QCOMPARE(m.tabs()->tabText(0), QStringLiteral("a-images-idx3-ubyte"));
    QVERIFY(m.tabs()->tabToolTip(0).endsWith(QStringLiteral("a-images-idx3-ubyte")));
    QVERIFY(m.tabs()->tabIcon(0).isNull());
    QVERIFY(Editing::setElement(doc, Document::Part::Main, 1, 1, 99).isEmpty());
    QCOMPARE(m.tabs()->tabText(0), QStringLiteral("a-images-idx3-ubyte *"));
    doc->undoStack()->undo();
    QCOMPARE(m.tabs()->tabText(0), QStringLiteral("a-images-idx3-ubyte"));
    // A file that cannot be read is marked on its tab.
    const QString bad = fx::writeFile(m_dir, QStringLiteral("bad-idx3-ubyte"), fx::rawHeader(0x42, {2, 2}));
    m.open(bad);
    QVERIFY(!m.tabs()->tabIcon(1).isNull());
}

QTEST_MAIN(TestDocumentManager)
#include "tst_documentmanager.moc"
