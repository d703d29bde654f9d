// ActionRegistry: actions and menus registered by id (a taken id is refused and the first registration
// kept), items placed in sections and before other ids, in an order that does not depend on who registered
// first (items placed in a menu or a section that comes later move into place), and the menu bar built from
// the top-level menus.
#include "actionregistry.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QTest>

#include <algorithm>
#include <functional>

using namespace idx::gui;

namespace {
// The menu's items as text ("-" for a separator); hidden leading, trailing and doubled separators included.
QStringList itemsOf(const QWidget* widget)
{
    QStringList out;
    for (const QAction* a : widget->actions())
        out << (a->isSeparator() ? QStringLiteral("-") : a->text());
    return out;
}
} // namespace

class TestActionRegistry : public QObject {
    Q_OBJECT
private slots:
    void registersById();
    void refusesATakenId();
    void placesBeforeAnId();
    void sectionsKeepTheirOrderWhoeverComesFirst();
    void itemsWaitForTheirMenu();
    void menuBarShowsTopLevelMenus();
};

void TestActionRegistry::registersById()
{
    ActionRegistry r;
    QAction save(QStringLiteral("Save"));
    QVERIFY(r.addAction(QStringLiteral("file.save"), &save));
    QCOMPARE(r.action(QStringLiteral("file.save")), &save);
    QCOMPARE(r.action(QStringLiteral("file.missing")), nullptr);
    QMenu* file = r.addMenu(MenuId::File, QStringLiteral("&File"));
    QVERIFY(file);
    QCOMPARE(r.menu(MenuId::File), file);
    QCOMPARE(r.action(MenuId::File), file->menuAction()); // a menu is an item too (of the bar, or a submenu)
    QVERIFY(r.place(MenuId::File, QStringLiteral("file.save")));
    QCOMPARE(itemsOf(file), QStringList{QStringLiteral("Save")});
    QVERIFY(!r.place(MenuId::File, QStringLiteral("file.save")));    // placed once
    QVERIFY(!r.place(MenuId::File, QStringLiteral("file.unknown"))); // only registered items
}

void TestActionRegistry::refusesATakenId()
{
    ActionRegistry r;
    QAction first(QStringLiteral("First")), second(QStringLiteral("Second"));
    QVERIFY(r.addAction(QStringLiteral("edit.undo"), &first));
    QTest::ignoreMessage(QtWarningMsg, "ActionRegistry: the id \"edit.undo\" is empty or taken");
    QVERIFY(!r.addAction(QStringLiteral("edit.undo"), &second));
    QCOMPARE(r.action(QStringLiteral("edit.undo")), &first);
    // Ids are one namespace: a menu or a section cannot take an action's id either.
    QTest::ignoreMessage(QtWarningMsg, "ActionRegistry: the id \"edit.undo\" is empty or taken");
    QCOMPARE(r.addMenu(QStringLiteral("edit.undo"), QStringLiteral("Undo")), nullptr);
    QTest::ignoreMessage(QtWarningMsg, "ActionRegistry: the id \"edit.undo\" is empty or taken");
    QVERIFY(!r.addSection(MenuId::Edit, QStringLiteral("edit.undo")));
    QCOMPARE(r.action(QStringLiteral("edit.undo")), &first);
    QTest::ignoreMessage(QtWarningMsg, "ActionRegistry: the id \"\" is empty or taken");
    QVERIFY(!r.addAction(QString(), &second));
}

void TestActionRegistry::placesBeforeAnId()
{
    ActionRegistry r;
    QMenu* edit = r.addMenu(MenuId::Edit, QStringLiteral("Edit"));
    QAction copy(QStringLiteral("Copy")), undo(QStringLiteral("Undo")), redo(QStringLiteral("Redo")),
        paste(QStringLiteral("Paste")), cut(QStringLiteral("Cut"));
    r.add(MenuId::Edit, QStringLiteral("copy"), &copy);
    r.add(MenuId::Edit, QStringLiteral("paste"), &paste);
    QVERIFY(r.addAction(QStringLiteral("undo"), &undo));
    QVERIFY(r.addAction(QStringLiteral("redo"), &redo));
    QVERIFY(r.placeBefore(MenuId::Edit, QStringLiteral("undo"), QStringLiteral("copy")));
    QVERIFY(r.placeBefore(MenuId::Edit, QStringLiteral("redo"), QStringLiteral("copy"))); // after undo
    QCOMPARE(itemsOf(edit), (QStringList{"Undo", "Redo", "Copy", "Paste"}));
    // An anchor placed later: the item waits at the end, then moves before it.
    QVERIFY(r.addAction(QStringLiteral("cut"), &cut));
    QAction select(QStringLiteral("Select All"));
    QVERIFY(r.addAction(QStringLiteral("select"), &select));
    QVERIFY(r.placeBefore(MenuId::Edit, QStringLiteral("cut"), QStringLiteral("select")));
    QCOMPARE(itemsOf(edit), (QStringList{"Undo", "Redo", "Copy", "Paste", "Cut"}));
    QVERIFY(r.placeBefore(MenuId::Edit, QStringLiteral("select"), QStringLiteral("copy")));
    QCOMPARE(itemsOf(edit), (QStringList{"Undo", "Redo", "Cut", "Select All", "Copy", "Paste"}));
    QVERIFY(!r.placeBefore(MenuId::Edit, QStringLiteral("paste"), QStringLiteral("undo"))); // placed already
}

void TestActionRegistry::sectionsKeepTheirOrderWhoeverComesFirst()
{
    // Two controllers fill two sections of one menu, and the menu's owner adds the sections, in every order
    // of the three: the menu is the same.
    const QStringList expected{"Open", "-", "Save", "Save As", "-", "Close"};
    const auto save = [](ActionRegistry& r, QObject* owner) {
        r.add(MenuId::File, QStringLiteral("save"), new QAction(QStringLiteral("Save"), owner),
              SectionId::FileSave);
        r.add(MenuId::File, QStringLiteral("saveAs"), new QAction(QStringLiteral("Save As"), owner),
              SectionId::FileSave);
    };
    const auto close = [](ActionRegistry& r, QObject* owner) {
        r.add(MenuId::File, QStringLiteral("close"), new QAction(QStringLiteral("Close"), owner),
              SectionId::FileClose);
    };
    const auto owner = [](ActionRegistry& r, QObject* parent) {
        r.addMenu(MenuId::File, QStringLiteral("File"));
        r.add(MenuId::File, QStringLiteral("open"), new QAction(QStringLiteral("Open"), parent));
        r.addSection(MenuId::File, SectionId::FileSave);
        r.addSection(MenuId::File, SectionId::FileClose);
    };
    using Step = std::function<void(ActionRegistry&, QObject*)>;
    const QList<Step> steps{owner, save, close};
    QList<int> order{0, 1, 2};
    do {
        ActionRegistry r;
        QObject parent;
        for (int i : order)
            steps[i](r, &parent);
        QCOMPARE(itemsOf(r.menu(MenuId::File)), expected);
    } while (std::next_permutation(order.begin(), order.end()));
}

void TestActionRegistry::itemsWaitForTheirMenu()
{
    ActionRegistry r;
    QAction png(QStringLiteral("PNG Folder"));
    QVERIFY(r.add(MenuId::Import, QStringLiteral("import.png"), &png));
    QCOMPARE(r.menu(MenuId::Import), nullptr);
    QMenu* import = r.addMenu(MenuId::Import, QStringLiteral("Import"));
    QCOMPARE(itemsOf(import), QStringList{QStringLiteral("PNG Folder")});
    // A submenu is placed like an action.
    QMenu* file = r.addMenu(MenuId::File, QStringLiteral("File"));
    QVERIFY(r.place(MenuId::File, MenuId::Import));
    QCOMPARE(file->actions(), QList<QAction*>{import->menuAction()});
}

void TestActionRegistry::menuBarShowsTopLevelMenus()
{
    ActionRegistry r;
    QMenuBar bar;
    r.addMenu(MenuId::File, QStringLiteral("File"));
    r.place(MenuId::Bar, MenuId::File);
    r.setMenuBar(&bar);
    QCOMPARE(itemsOf(&bar), QStringList{QStringLiteral("File")});
    r.addMenu(MenuId::Help, QStringLiteral("Help"));
    r.place(MenuId::Bar, MenuId::Help);
    r.addMenu(MenuId::Edit, QStringLiteral("Edit"));
    r.placeBefore(MenuId::Bar, MenuId::Edit, MenuId::Help);
    QCOMPARE(itemsOf(&bar), (QStringList{"File", "Edit", "Help"}));
}

QTEST_MAIN(TestActionRegistry)
#include "tst_actionregistry.moc"
