// The panel registry and a tab's panels: ids are unique; controllers are made when their features become
// available (beside the error page, then with the content) and panels only when asked for, once; lookups by
// type find them; a controller's readiness is the tab's; the tab deletes its panels before the controllers
// and a later controller before an earlier one. In the main window, a panel whose dock is hidden (behind
// another) is made only when that dock is shown, and the View menu's panel actions show their docks.
#include "actionregistry.h"
#include "appfixtures.h"
#include "documentview.h"
#include "featurelist.h"
#include "mainwindow.h"
#include "mapcontroller.h"
#include "mappanel.h"
#include "panelregistry.h"
#include "tabpanels.h"

#include <QAction>
#include <QDockWidget>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace idx::gui;

namespace {

QStringList* g_log = nullptr; // what was deleted, in order

class FakeController : public QObject {
    Q_OBJECT
public:
    explicit FakeController(QString name) : m_name(std::move(name)) {}
    ~FakeController() override { *g_log << QStringLiteral("controller ") + m_name; }
    [[nodiscard]] bool isDone() const { return m_done; }
    void finish()
    {
        m_done = true;
        emit done();
    }
signals:
    void done();

private:
    QString m_name;
    bool m_done = false;
};

class OtherController : public FakeController {
    Q_OBJECT
public:
    using FakeController::FakeController;
};

class FakePanel : public QWidget {
    Q_OBJECT
public:
    explicit FakePanel(QString name) : m_name(std::move(name)) {}
    ~FakePanel() override { *g_log << QStringLiteral("panel ") + m_name; }

private:
    QString m_name;
};

class OtherPanel : public FakePanel {
    Q_OBJECT
public:
    using FakePanel::FakePanel;
};

} // namespace

class TestPanelRegistry : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        appfx::isolateSettings();
        registerFeatures();
        QVERIFY(m_dir.isValid());
        m_images =
            fx::writeFile(m_dir, QStringLiteral("p-images-idx3-ubyte"), appfx::uint8Tensor({40, 8, 8}));
    }

    void idsAreUnique()
    {
        PanelRegistry r;
        PanelSpec a;
        a.id = QStringLiteral("a");
        QVERIFY(r.add(a));
        QVERIFY(!r.add(a));
        QVERIFY(!r.add(PanelSpec{}));
        QCOMPARE(r.panels().size(), size_t(1));
        QVERIFY(r.find(QStringLiteral("a")));
        QVERIFY(!r.find(QStringLiteral("b")));
        // The shell's features, in the order of their docks.
        QStringList ids;
        for (const PanelSpec& s : PanelRegistry::instance().panels())
            ids << s.id;
        QCOMPARE(ids, (QStringList{QStringLiteral("header"), QStringLiteral("statistics"),
                                   QStringLiteral("navigation"), QStringLiteral("insights"),
                                   QStringLiteral("map"), QStringLiteral("compare")}));
    }

    void madeWhenAvailableAndAsked()
    {
        QStringList log;
        g_log = &log;
        PanelRegistry r;
        int made = 0;
        PanelSpec first;
        first.id = QStringLiteral("first");
        first.withoutContent = true;
        first.setController<FakeController>(
            [](TabPanels&) { return new FakeController(QStringLiteral("first")); });
        first.setReadiness(&FakeController::isDone, &FakeController::done);
        first.setPanel<FakePanel>([&made](TabPanels&) {
            ++made;
            return new FakePanel(QStringLiteral("first"));
        });
        PanelSpec second;
        second.id = QStringLiteral("second");
        second.setController<OtherController>([](TabPanels& tab) {
            // made after the first, which it may use
            return tab.controller<FakeController>() ? new OtherController(QStringLiteral("second")) : nullptr;
        });
        second.setPanel<OtherPanel>([](TabPanels&) { return new OtherPanel(QStringLiteral("second")); });
        QVERIFY(r.add(first) && r.add(second));
        {
            TabPanels tab(r, nullptr, nullptr);
            QSignalSpy panelMade(&tab, &TabPanels::panelMade);
            QSignalSpy ready(&tab, &TabPanels::readyChanged);
            QVERIFY(!tab.isAvailable(QStringLiteral("first")));
            QCOMPARE(tab.panel(QStringLiteral("first")), nullptr);
            QVERIFY(tab.isReady()); // no controller to wait for yet
            tab.makeAvailable(false);
            QVERIFY(tab.isAvailable(QStringLiteral("first")));
            QVERIFY(!tab.isAvailable(QStringLiteral("second")));
            QVERIFY(tab.controller<FakeController>());
            QCOMPARE(tab.controller<OtherController>(), nullptr);
            QVERIFY(!tab.isReady());
            QCOMPARE(made, 0);
            QCOMPARE(tab.madePanel(QStringLiteral("first")), nullptr);
            tab.makeAvailable(true);
            QVERIFY(tab.isAvailable(QStringLiteral("second")));
            auto* other = tab.controller<OtherController>();
            QVERIFY(other);
            QCOMPARE(tab.controller(QStringLiteral("second")), other);
            QCOMPARE(made, 0); // panels only when asked for
            QCOMPARE(panelMade.count(), 0);
            OtherPanel* p = tab.panel<OtherPanel>();
            QVERIFY(p);
            QCOMPARE(tab.madePanel(QStringLiteral("second")), p);
            QCOMPARE(panelMade.count(), 1);
            QCOMPARE(panelMade.at(0).at(0).toString(), QStringLiteral("second"));
            QWidget* f = tab.panel(QStringLiteral("first"));
            QVERIFY(f);
            QCOMPARE(tab.panel(QStringLiteral("first")), f);
            QCOMPARE(made, 1);
            QCOMPARE(panelMade.count(), 2);
            tab.controller<FakeController>()->finish();
            QCOMPARE(ready.count(), 1);
            QVERIFY(tab.isReady());
            QVERIFY(log.isEmpty());
        }
        QCOMPARE(log, (QStringList{QStringLiteral("panel first"), QStringLiteral("panel second"),
                                   QStringLiteral("controller second"), QStringLiteral("controller first")}));
        g_log = nullptr;
    }

    void hiddenDocksWaitUntilShown()
    {
        MainWindow w;
        w.setSaveSettings(false);
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        DocumentView* v = w.openFile(m_images);
        QVERIFY(v);
        TabPanels* panels = v->panels();
        // Header, statistics and insights are in front; navigation, map and compare behind them.
        for (const char* shown : {"header", "statistics", "insights"})
            QVERIFY2(panels->madePanel(QString::fromLatin1(shown)), shown);
        for (const char* hidden : {"navigation", "map", "compare"})
            QVERIFY2(!panels->madePanel(QString::fromLatin1(hidden)), hidden);
        QVERIFY(v->controller<MapController>()); // the controllers are there all along
        auto* mapDock = w.findChild<QDockWidget*>(QStringLiteral("mapDock"));
        QVERIFY(mapDock);
        QAction* showMap = w.actionRegistry()->action(QStringLiteral("view.showMap"));
        QVERIFY(showMap);
        showMap->trigger();
        QTRY_VERIFY(panels->madePanel(QStringLiteral("map")));
        QWidget* map = panels->madePanel(QStringLiteral("map"));
        QVERIFY(qobject_cast<MapPanel*>(map));
        QVERIFY(shownIn(map, mapDock));
        QVERIFY(!panels->madePanel(QStringLiteral("compare")));
        // A lookup makes a panel too, and its dock holds it.
        QWidget* navigation = v->panels()->panel(QStringLiteral("navigation"));
        QVERIFY(navigation);
        QVERIFY(shownIn(navigation, w.findChild<QDockWidget*>(QStringLiteral("navigationDock"))));
    }

private:
    /// `panel` is the current page of a stack in `dock`.
    static bool shownIn(QWidget* panel, QDockWidget* dock)
    {
        auto* stack = qobject_cast<QStackedWidget*>(panel->parentWidget());
        return dock && stack && dock->isAncestorOf(stack) && stack->currentWidget() == panel;
    }

    QTemporaryDir m_dir;
    QString m_images;
};

QTEST_MAIN(TestPanelRegistry)
#include "tst_panelregistry.moc"
