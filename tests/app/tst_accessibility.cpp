// Accessibility of the custom-drawn widgets (accessibility.h): each answers QAccessible with its role, a name
// and a value that says what it shows — the image (its size, and the record as its description in a document
// tab), the histogram, the class chart, the dataset map — and the gallery is a list whose visible cells are
// items named by their captions.
#include "accessibility.h"
#include "appfixtures.h"
#include "classchart.h"
#include "document.h"
#include "documentview.h"
#include "featurelist.h"
#include "gallerygrid.h"
#include "galleryview.h"
#include "histogramwidget.h"
#include "imageview.h"
#include "mapcontroller.h"
#include "mappanel.h"
#include "mapview.h"
#include "viewstate.h"

#include <QAccessible>
#include <QLocale>
#include <QTemporaryDir>
#include <QTest>
#include <QtGui/private/qguiapplication_p.h>
#include <qpa/qplatformaccessibility.h>
#include <qpa/qplatformintegration.h>

using namespace idx::gui;

namespace {

QAccessibleInterface* accessible(QObject* o)
{
    return QAccessible::queryAccessibleInterface(o);
}

/// The events sent to assistive technology, as (object, type, child).
struct Sent {
    QObject* object;
    QAccessible::Event type;
    int child;
};
std::vector<Sent> g_sent;

void record(QAccessibleEvent* e)
{
    g_sent.push_back({e->object(), e->type(), e->child()});
}

bool sent(QObject* o, QAccessible::Event type, int child = -1)
{
    return std::any_of(g_sent.begin(), g_sent.end(),
                       [&](const Sent& s) { return s.object == o && s.type == type && s.child == child; });
}

} // namespace

class TestAccessibility : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_images;

private slots:
    void initTestCase()
    {
        registerFeatures(); // the tabs made here without a main window have their panels
        appfx::isolateSettings();
        QLocale::setDefault(QLocale(QLocale::English)); // "6,000" in the expected texts
        installAccessibility();
        // As a screen reader's bridge would: accessibility on, and the events it would get recorded here.
        QPlatformAccessibility* platform = QGuiApplicationPrivate::platformIntegration()->accessibility();
        QVERIFY(platform);
        platform->setActive(true);
        QVERIFY(QAccessible::isActive());
        QAccessible::installUpdateHandler(&record);
        QVERIFY(m_dir.isValid());
        m_images = fx::writeFile(
            m_dir, QStringLiteral("train-images-idx3-ubyte"),
            fx::idxBytes(idx::DType::UInt8, {40, 4, 4}, fx::sampleValues(idx::DType::UInt8, 40 * 16, 3)));
        std::vector<double> labels;
        for (int i = 0; i < 40; ++i)
            labels.push_back(i % 2);
        fx::writeFile(m_dir, QStringLiteral("train-labels-idx1-ubyte"),
                      fx::idxBytes(idx::DType::UInt8, {40}, labels));
    }

    void imageView()
    {
        ImageView view;
        QAccessibleInterface* a = accessible(&view);
        QVERIFY(a);
        QCOMPARE(a->role(), QAccessible::Graphic);
        QCOMPARE(a->text(QAccessible::Value), QStringLiteral("No image"));
        QImage image(28, 14, QImage::Format_Grayscale8);
        image.fill(0);
        view.resize(280, 140);
        view.setImage(image);
        QVERIFY2(a->text(QAccessible::Value).startsWith(QStringLiteral("28 × 14 pixels, shown at ")),
                 qPrintable(a->text(QAccessible::Value)));
        QCOMPARE(a->text(QAccessible::Name), QStringLiteral("Image"));
    }

    void histogram()
    {
        ViewState state;
        HistogramWidget h(&state);
        QAccessibleInterface* a = accessible(&h);
        QCOMPARE(a->role(), QAccessible::Chart);
        QCOMPARE(a->text(QAccessible::Name), QStringLiteral("Histogram of values"));
        QCOMPARE(a->text(QAccessible::Value), QStringLiteral("No values"));
        g_sent.clear();
        h.setHistogram({{0, 1, 2, 3}, {5, 20, 1}});
        QCOMPARE(a->text(QAccessible::Value),
                 QStringLiteral("26 values from 0 to 3 in 3 bins; the fullest, 1 to 2, holds 20"));
        QVERIFY(sent(&h, QAccessible::ValueChanged)); // a screen reader is told to ask again
    }

    void classChart()
    {
        ViewState state;
        ClassChart chart(&state);
        QAccessibleInterface* a = accessible(&chart);
        QCOMPARE(a->role(), QAccessible::Chart);
        QCOMPARE(a->text(QAccessible::Name), QStringLiteral("Class distribution"));
        g_sent.clear();
        chart.setCounts({{0, 6000}, {1, 5999}});
        QVERIFY(sent(&chart, QAccessible::ValueChanged));
        chart.setClassNames(
            idx::ClassNames(QStringList{QStringLiteral("T-shirt/top"), QStringLiteral("Trouser")}));
        QCOMPARE(a->text(QAccessible::Value),
                 QStringLiteral("0 · T-shirt/top: 6,000 records; 1 · Trouser: 5,999 records"));
    }

    void documentTab()
    {
        DocumentView view(m_images);
        QVERIFY(QTest::qWaitFor(
            [&] {
                return view.document()->isLoaded() && view.document()->hasLabels() && view.panel<MapPanel>();
            },
            20000));
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        // The image says which record it shows.
        view.viewState()->setCurrentRecord(5);
        QAccessibleInterface* image = accessible(view.imageView());
        QCOMPARE(image->text(QAccessible::Description), view.recordInfo());
        QVERIFY(image->text(QAccessible::Description).startsWith(QLatin1String("Record 5 of 40")));

        // The gallery: a list of the cells in view, each named by its caption.
        GalleryGrid* grid = view.gallery()->listView();
        QAccessibleInterface* list = accessible(grid);
        QCOMPARE(list->role(), QAccessible::List);
        QCOMPARE(list->text(QAccessible::Value), QStringLiteral("40 records"));
        const auto [first, last] = grid->visibleRows();
        QVERIFY(last >= first);
        QCOMPARE(list->childCount(), last - first + 1);
        QAccessibleInterface* item = list->child(1);
        QVERIFY(item);
        QCOMPARE(item->role(), QAccessible::ListItem);
        QCOMPARE(item->text(QAccessible::Name),
                 grid->model()->index(first + 1, 0).data(Qt::DisplayRole).toString());
        QVERIFY(!item->text(QAccessible::Name).isEmpty());
        QCOMPARE(list->indexOfChild(item), 1);
        QCOMPARE(item->parent(), list);
        QVERIFY(!item->rect().isEmpty());
        QCOMPARE(list->child(1), item); // the same interface each time
        QVERIFY(!list->child(last - first + 1));

        // The current cell is announced as the focused child.
        grid->setFocus();
        QVERIFY(QTest::qWaitFor([&] { return grid->hasFocus(); }, 5000));
        g_sent.clear();
        grid->setCurrentIndex(grid->model()->index(first + 2, 0));
        QVERIFY(sent(grid, QAccessible::Focus, 2));

        // Showing only label 1: the cells are other records, and the items say so.
        const QString before = list->child(0)->text(QAccessible::Name);
        view.viewState()->setLabelFilter({1});
        QVERIFY(QTest::qWaitFor([&] { return grid->model()->rowCount() == 20; }, 5000));
        QCOMPARE(list->text(QAccessible::Value), QStringLiteral("20 records"));
        QCOMPARE(list->child(0)->text(QAccessible::Name),
                 grid->model()->index(grid->visibleRows().first, 0).data(Qt::DisplayRole).toString());
        QVERIFY(list->child(0)->text(QAccessible::Name) != before);

        // The map, once laid out, says how many points it holds.
        MapView* map = view.panel<MapPanel>()->view();
        QAccessibleInterface* m = accessible(map);
        QCOMPARE(m->role(), QAccessible::Chart);
        QCOMPARE(m->text(QAccessible::Value), QStringLiteral("No map yet"));
        idx::MapOptions o = view.controller<MapController>()->options();
        o.epochs = 20;
        view.controller<MapController>()->setOptions(o);
        view.controller<MapController>()->start();
        QVERIFY(QTest::qWaitFor(
            [&] { return view.controller<MapController>()->state() == MapController::State::Ready; }, 30000));
        QVERIFY2(m->text(QAccessible::Value).startsWith(QLatin1String("40 points, 0 selected; colours: ")),
                 qPrintable(m->text(QAccessible::Value)));
    }
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
