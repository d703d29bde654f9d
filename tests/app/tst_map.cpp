// The Map dock on generated clusters (tests/common/clusters.h): laid out once shown, the linear layout first
// and the final map last, coloured by class with a legend; hovering and clicking a point shows its record;
// the rectangle and the lasso select, and the selection filters the gallery, selects there, or takes a label
// (an undoable edit); edits of the images drop the map and it comes back; label edits only recolour; the
// exports (PNG, SVG, CSV, .npy, and a failing one); the other split laid out with the file and coloured by
// file; the insights' findings marked; files that cannot be mapped, and large ones, say why nothing runs.
#include "appfixtures.h"
#include "clusters.h"
#include "document.h"
#include "documentview.h"
#include "editcommands.h"
#include "featurelist.h"
#include "insightscontroller.h"
#include "mapcontroller.h"
#include "mappanel.h"
#include "mapview.h"
#include "viewstate.h"

#include <QApplication>
#include <QCheckBox>
#include <QFile>
#include <QImage>
#include <QInputDialog>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <cmath>

using namespace idx::gui;

namespace {

/// ninety() as train-images/-labels in `dir` (record i has class i % 3); with `withTest`, a t10k pair of 14.
QString writeClusters(const QTemporaryDir& dir, bool withTest = false)
{
    const fx::Clusters c = fx::planted();
    const QString images = fx::writeFile(dir, QStringLiteral("train-images-idx3-ubyte"), c.imagesFile());
    fx::writeFile(dir, QStringLiteral("train-labels-idx1-ubyte"), c.labelsFile());
    if (withTest) {
        fx::Clusters test;
        test.state = 999;
        for (int i = 0; i < 14; ++i)
            test.add(test.record(i % 3), i % 3);
        fx::writeFile(dir, QStringLiteral("t10k-images-idx3-ubyte"), test.imagesFile());
        fx::writeFile(dir, QStringLiteral("t10k-labels-idx1-ubyte"), test.labelsFile());
    }
    return images;
}

constexpr qint64 kRecords = 94; // planted(): ninety() and four planted findings

/// Shows the view's map panel (which lays it out) with few epochs, and waits for the final map.
bool mapNow(DocumentView& view, QSignalSpy* points = nullptr)
{
    if (!QTest::qWaitFor(
            [&] {
                return view.controller<MapController>() && view.document()->isLoaded() &&
                       view.document()->hasLabels();
            },
            20000))
        return false;
    idx::MapOptions o = view.controller<MapController>()->options();
    o.epochs = 120;
    view.controller<MapController>()->setOptions(o);
    MapPanel* panel = view.panel<MapPanel>();
    panel->resize(640, 480);
    panel->show();
    if (points)
        QTest::qWait(0);
    return QTest::qWaitFor(
        [&] { return view.controller<MapController>()->state() == MapController::State::Ready; }, 30000);
}

/// Runs the insights with a k that suits the clusters.
bool auditNow(DocumentView& view, const QString& cache)
{
    idx::AuditOptions o = view.controller<InsightsController>()->options();
    o.neighbours = 10;
    o.components = 8;
    o.cacheDir = cache;
    view.controller<InsightsController>()->setOptions(o);
    view.controller<InsightsController>()->start();
    return QTest::qWaitFor(
        [&] { return view.controller<InsightsController>()->state() == InsightsController::State::Ready; },
        30000);
}

QSet<QRgb> coloursOf(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            colours.insert(image.pixel(x, y) & 0xFFFFFF);
    return colours;
}

void drag(QWidget* w, const QList<QPoint>& path, Qt::KeyboardModifiers mods = {})
{
    QTest::mousePress(w, Qt::LeftButton, mods, path.first());
    for (const QPoint& p : path) {
        QMouseEvent move(QEvent::MouseMove, p, w->mapToGlobal(p), Qt::NoButton, Qt::LeftButton, mods);
        QApplication::sendEvent(w, &move);
    }
    QTest::mouseRelease(w, Qt::LeftButton, mods, path.last());
}

} // namespace

class TestMap : public QObject {
    Q_OBJECT

    QTemporaryDir m_cache;

private slots:
    void initTestCase()
    {
        appfx::isolateSettings();
        registerFeatures(); // the tabs made here without a main window have their panels
    }

    void laidOutOnceShownAndColoured()
    {
        QTemporaryDir dir;
        DocumentView view(writeClusters(dir));
        QVERIFY(QTest::qWaitFor([&] { return view.document()->isLoaded(); }, 20000));
        QTest::qWait(50);
        // Not shown: nothing runs.
        QCOMPARE(view.controller<MapController>()->state(), MapController::State::Idle);
        // A long layout: the points on the way are shown before it ends; Cancel keeps the last of them.
        idx::MapOptions o = view.controller<MapController>()->options();
        o.epochs = 100000;
        view.controller<MapController>()->setOptions(o);
        QSignalSpy points(view.controller<MapController>(), &MapController::pointsChanged);
        view.panel<MapPanel>()->show();
        QVERIFY(QTest::qWaitFor(
            [&] {
                return view.controller<MapController>()->points() &&
                       !view.controller<MapController>()->isFinal();
            },
            20000));
        QCOMPARE(view.controller<MapController>()->state(), MapController::State::Computing);
        QVERIFY(view.panel<MapPanel>()->statusText().endsWith(QStringLiteral("settling…")));
        view.controller<MapController>()->cancel();
        QVERIFY(QTest::qWaitFor(
            [&] { return view.controller<MapController>()->state() == MapController::State::Cancelled; },
            20000));
        QVERIFY(view.controller<MapController>()->points());
        QVERIFY(!view.controller<MapController>()->isFinal());
        QVERIFY(view.panel<MapPanel>()->statusText().contains(QStringLiteral("Make Map")));
        QVERIFY(points.count() >= 1);
        // Make Map, with a short layout this time.
        o.epochs = 120;
        view.controller<MapController>()->setOptions(o);
        view.controller<MapController>()->start();
        QVERIFY(QTest::qWaitFor(
            [&] { return view.controller<MapController>()->state() == MapController::State::Ready; }, 30000));
        QVERIFY(view.controller<MapController>()->isFinal());
        const auto map = view.controller<MapController>()->points();
        QCOMPARE(map->rows, kRecords);
        QVERIFY(view.panel<MapPanel>()->statusText().startsWith(QStringLiteral("94 records")));
        MapView* mv = view.panel<MapPanel>()->view();
        QCOMPARE(mv->legend(), (QStringList{QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2")}));
        const fx::Clusters c = fx::planted();
        for (qint64 i = 0; i < kRecords; ++i)
            QCOMPARE(qint64(mv->groups()[size_t(i)]), c.labels[size_t(i)]);
        const QSet<QRgb> colours = coloursOf(mv->renderFrame());
        QVERIFY(colours.contains(0x4E79A7) && colours.contains(0xF28E2B) && colours.contains(0xE15759));
        // The classes lie apart (the planted mislabelled record 92 aside).
        std::vector<double> xy(map->xy.begin(), map->xy.end());
        QVERIFY(fx::planeVote(xy, c.labels) >= 0.95);
    }

    void hoverAndClickShowTheRecord()
    {
        QTemporaryDir dir;
        DocumentView view(writeClusters(dir));
        QVERIFY(mapNow(view));
        MapView* mv = view.panel<MapPanel>()->view();
        QTRY_VERIFY(mv->width() > 100);
        const qint64 target = 40;
        const QPoint at = mv->pixelOf(target).toPoint();
        const qint64 found = mv->pointAt(at);
        QVERIFY(found >= 0);
        // The nearest point by a look at every point, here: the grid index must agree.
        double best = 1e300;
        for (qint64 i = 0; i < kRecords; ++i) {
            const QPointF d = mv->pixelOf(i) - QPointF(at);
            best = std::min(best, d.x() * d.x() + d.y() * d.y());
        }
        const QPointF d = mv->pixelOf(found) - QPointF(at);
        QCOMPARE(d.x() * d.x() + d.y() * d.y(), best);
        QVERIFY(best <= 1.0); // the target itself lies under the cursor
        QTest::mouseMove(mv, at);
        QTest::mouseClick(mv, Qt::LeftButton, {}, at);
        QCOMPARE(view.viewState()->currentRecord(), quint64(found));
        // Nowhere near a point: nothing.
        QCOMPARE(mv->pointAt(QPoint(-50, -50)), qint64(-1));
    }

    void rectangleLassoAndWhatFollows()
    {
        QTemporaryDir dir;
        DocumentView view(writeClusters(dir));
        QVERIFY(mapNow(view));
        MapPanel* panel = view.panel<MapPanel>();
        MapView* mv = panel->view();
        const QRect r = mv->rect().adjusted(2, 2, -2, -2);
        // A rectangle around everything selects everything.
        drag(mv, {r.topLeft(), r.center(), r.bottomRight()});
        QCOMPARE(mv->selection().size(), size_t(kRecords));
        QCOMPARE(panel->selectionText(), QStringLiteral("94 records selected"));
        // A click on empty space clears it; the lasso around one point's surroundings takes that point.
        QTest::mouseClick(mv, Qt::LeftButton, {}, QPoint(1, 1));
        QVERIFY(mv->selection().empty());
        mv->setTool(MapView::Tool::Lasso);
        const QPoint p = mv->pixelOf(12).toPoint();
        drag(mv, {p + QPoint(-3, -3), p + QPoint(3, -3), p + QPoint(3, 3), p + QPoint(-3, 3),
                  p + QPoint(-3, -2)});
        QVERIFY(std::find(mv->selection().begin(), mv->selection().end(), 12) != mv->selection().end());
        QVERIFY(mv->selection().size() < size_t(kRecords));
        // Shift adds a second lasso's points.
        const size_t before = mv->selection().size();
        const QPoint q = mv->pixelOf(13).toPoint();
        drag(mv,
             {q + QPoint(-3, -3), q + QPoint(3, -3), q + QPoint(3, 3), q + QPoint(-3, 3), q + QPoint(-3, -2)},
             Qt::ShiftModifier);
        QVERIFY(std::find(mv->selection().begin(), mv->selection().end(), 12) != mv->selection().end());
        QVERIFY(std::find(mv->selection().begin(), mv->selection().end(), 13) != mv->selection().end());
        QVERIFY(mv->selection().size() >= before);

        // The selection: the gallery's filter, its selection, and a label for all of it.
        mv->setSelection({3, 6, 9});
        panel->showSelectionInGallery();
        QVERIFY(view.viewState()->recordFilter());
        QCOMPARE(*view.viewState()->recordFilter(), (std::vector<quint64>{3, 6, 9}));
        panel->selectInGallery();
        QCOMPARE(view.viewState()->selection().count(), quint64(3));
        QVERIFY(view.viewState()->selection().contains(6));
        bool asked = false;
        QTimer::singleShot(0, [&asked] {
            QWidget* modal = QApplication::activeModalWidget();
            auto* dialog = qobject_cast<QInputDialog*>(modal);
            if (!dialog) { // something else asked: close it, so that the test goes on (and fails below)
                if (modal)
                    modal->close();
                return;
            }
            asked = true;
            dialog->setIntValue(2);
            dialog->accept();
        });
        panel->labelSelection();
        QVERIFY(asked);
        Document* doc = view.document();
        for (quint64 r : {3, 6, 9})
            QCOMPARE(doc->labelClasses()[r], qint64(2));
        // Labels recolour, and the map stays.
        QCOMPARE(mv->groups()[3], quint16(2));
        QCOMPARE(view.controller<MapController>()->state(), MapController::State::Ready);
        doc->undoStack()->undo();
        QCOMPARE(doc->labelClasses()[3], qint64(0));
        QCOMPARE(mv->groups()[3], quint16(0));

        // Records deleted: the gallery filter made on the map goes (its numbers no longer hold), and so do
        // the map and its selection until it is laid out again.
        panel->showSelectionInGallery();
        QVERIFY(view.viewState()->recordFilter());
        QVERIFY(Editing::deleteRecords(doc, 0, 1).isEmpty());
        QVERIFY(!view.viewState()->recordFilter());
        // Known by its id, not by its (translated) name: another's filter of the same name stays.
        view.viewState()->setRecordFilter(std::vector<quint64>{1}, QStringLiteral("chosen on the map"),
                                          QStringLiteral("elsewhere"));
        QVERIFY(Editing::deleteRecords(doc, 0, 1).isEmpty());
        QVERIFY(view.viewState()->recordFilter());
        view.viewState()->setRecordFilter(std::nullopt);
        QVERIFY(mv->selection().empty());
        QVERIFY(!view.controller<MapController>()->points());
    }

    // Zoom stops at a millionth of the map (deeper, the drawing would need pixel coordinates beyond int).
    void zoomIsBounded()
    {
        QTemporaryDir dir;
        DocumentView view(writeClusters(dir));
        QVERIFY(mapNow(view));
        MapView* mv = view.panel<MapPanel>()->view();
        const QPointF centre(mv->width() / 2.0, mv->height() / 2.0);
        for (int i = 0; i < 40; ++i)
            mv->zoomBy(1e-3, centre);
        const QImage deep = mv->renderFrame();
        QCOMPARE(deep.size(), mv->size());
        // A point under the centre still maps to finite pixels; a far one is not drawn and nothing breaks.
        QVERIFY(std::isfinite(mv->pixelOf(0).x()));
        // Clamped at a millionth: a million times out is the whole map again (unclamped, the view would still
        // be 10^-114 of it: background only).
        mv->zoomBy(1e6, centre);
        QVERIFY(coloursOf(mv->renderFrame()).size() >= 4);
    }

    // The insights' neighbour graph (the same PCA, more neighbours) is what the map lays out, and an edited
    // tensor is copied once for both.
    void sharesTheInsightsGraphAndCopy()
    {
        QTemporaryDir dir;
        DocumentView view(writeClusters(dir));
        auto* insights = view.controller<InsightsController>();
        QVERIFY(QTest::qWaitFor(
            [&] { return insights && insights->state() == InsightsController::State::Ready; }, 30000));
        QCOMPARE(insights->options().components, view.controller<MapController>()->options().components);
        QVERIFY(mapNow(view));
        QVERIFY(view.controller<MapController>()->sharesInsightsGraph());
        QCOMPARE(view.controller<MapController>()->points()->rows, kRecords);
        Document* doc = view.document();
        QCOMPARE(doc->gatheredBytes(), quint64(0)); // unedited: the file itself
        // An edit: both follow once it settles, from one copy of the edited records.
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 3, 0, 255).isEmpty());
        QVERIFY(QTest::qWaitFor(
            [&] {
                return insights->state() == InsightsController::State::Ready &&
                       view.controller<MapController>()->state() == MapController::State::Ready;
            },
            30000));
        QCOMPARE(doc->gatheredBytes(), quint64(kRecords) * fx::kValues);
        QVERIFY(view.controller<MapController>()->sharesInsightsGraph());
        // Insights of other features: the map searches on its own.
        idx::AuditOptions o = insights->options();
        o.components = 8;
        insights->setOptions(o);
        insights->start();
        QVERIFY(
            QTest::qWaitFor([&] { return insights->state() == InsightsController::State::Ready; }, 30000));
        view.controller<MapController>()->start();
        QVERIFY(QTest::qWaitFor(
            [&] { return view.controller<MapController>()->state() == MapController::State::Ready; }, 30000));
        QVERIFY(!view.controller<MapController>()->sharesInsightsGraph());
        QCOMPARE(doc->gatheredBytes(), quint64(kRecords) * fx::kValues); // the same generation: no new copy
    }

    void editsDropTheMapAndItComesBack()
    {
        QTemporaryDir dir;
        DocumentView view(writeClusters(dir));
        QVERIFY(mapNow(view));
        Document* doc = view.document();
        QVERIFY(doc->editable(Document::Part::Main));
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 0, 0, 255).isEmpty());
        QVERIFY(!view.controller<MapController>()
                     ->points()); // at once: the points no longer stand for the records
        QCOMPARE(view.controller<MapController>()->state(), MapController::State::Idle);
        QVERIFY(view.panel<MapPanel>()->statusText().contains(QStringLiteral("records changed")));
        QVERIFY(QTest::qWaitFor(
            [&] { return view.controller<MapController>()->state() == MapController::State::Ready; }, 30000));
        QCOMPARE(view.controller<MapController>()->points()->rows, kRecords);
        // A deleted record: the map comes back with one point fewer.
        QVERIFY(Editing::deleteRecords(doc, 0, 1).isEmpty());
        QVERIFY(!view.controller<MapController>()->points());
        QVERIFY(QTest::qWaitFor(
            [&] { return view.controller<MapController>()->state() == MapController::State::Ready; }, 30000));
        QCOMPARE(view.controller<MapController>()->points()->rows, kRecords - 1);
    }

    void exports()
    {
        QTemporaryDir dir;
        DocumentView view(writeClusters(dir));
        QVERIFY(mapNow(view));
        MapPanel* panel = view.panel<MapPanel>();
        QSignalSpy exported(view.controller<MapController>(), &MapController::exported);
        QSignalSpy messages(panel, &MapPanel::message);
        const auto wait = [&](int n) {
            return QTest::qWaitFor([&] { return exported.count() >= n; }, 20000);
        };

        const QString csv = dir.filePath(QStringLiteral("map.csv"));
        panel->exportCoordinates(csv);
        QVERIFY(wait(1));
        QCOMPARE(exported.last().at(1).toString(), QString());
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), int(kRecords) + 1);
        QCOMPARE(lines.first(), QByteArray("record,x,y"));
        const auto points = view.controller<MapController>()->points();
        const QList<QByteArray> last = lines.last().split(',');
        QCOMPARE(last.at(0).toLongLong(), kRecords - 1);
        QCOMPARE(last.at(1).toFloat(), points->x(kRecords - 1));

        const QString npy = dir.filePath(QStringLiteral("map.npy"));
        panel->exportCoordinates(npy);
        QVERIFY(wait(2));
        QFile n(npy);
        QVERIFY(n.open(QIODevice::ReadOnly));
        QVERIFY(n.readAll().contains("'shape': (94, 2)"));

        const QString png = dir.filePath(QStringLiteral("map.png"));
        panel->exportMapImage(png);
        QVERIFY(wait(3));
        QCOMPARE(exported.last().at(1).toString(), QString());
        const QImage image(png);
        QCOMPARE(image.size(), QSize(2048, 2048));
        const QSet<QRgb> colours = coloursOf(image);
        QVERIFY(colours.contains(0x4E79A7) && colours.contains(0xF28E2B) && colours.contains(0xE15759));

        const QString svg = dir.filePath(QStringLiteral("map.svg"));
        panel->exportMapImage(svg);
        QVERIFY(wait(4));
        QFile s(svg);
        QVERIFY(s.open(QIODevice::ReadOnly));
        const QByteArray text = s.readAll();
        QVERIFY(text.contains("<svg"));
        QCOMPARE(text.count("<ellipse") + text.count("<circle"), int(kRecords) + 3); // points and legend
        QVERIFY(text.contains(">2</text>") || text.contains(">2<"));                 // the legend's names

        // One export at a time: a second, asked while the first runs, is refused with a message.
        panel->exportCoordinates(dir.filePath(QStringLiteral("first.csv")));
        panel->exportCoordinates(dir.filePath(QStringLiteral("second.csv")));
        QVERIFY(messages.last().at(0).toString().contains(QStringLiteral("another export is running")));
        QVERIFY(wait(5));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("first.csv"))));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("second.csv"))));

        const QString nowhere = dir.filePath(QStringLiteral("no/such/folder/map.csv"));
        panel->exportCoordinates(nowhere);
        QVERIFY(wait(6));
        QVERIFY(!exported.last().at(1).toString().isEmpty());
        QVERIFY(!QFile::exists(nowhere));
        QVERIFY(messages.last().at(0).toString().startsWith(QDir::toNativeSeparators(nowhere) +
                                                            QStringLiteral(" was not written: ")));
    }

    void otherSplitAndFindings()
    {
        QTemporaryDir dir;
        DocumentView view(writeClusters(dir, true));
        QVERIFY(QTest::qWaitFor([&] { return view.document()->isLoaded() && view.document()->hasLabels(); },
                                20000));
        QVERIFY(auditNow(view, m_cache.path()));
        QVERIFY(view.controller<MapController>()->otherSplitAvailable());
        QVERIFY(mapNow(view));
        QCOMPARE(view.controller<MapController>()->points()->rows, kRecords); // this file alone until asked
        auto* other = view.panel<MapPanel>()->findChild<QCheckBox*>(QString(), Qt::FindDirectChildrenOnly);
        QVERIFY(other);
        QCOMPARE(other->text(), QStringLiteral("With Other Split"));
        QVERIFY(other->isEnabled());
        other->setChecked(true);
        QVERIFY(QTest::qWaitFor(
            [&] { return view.controller<MapController>()->state() == MapController::State::Ready; }, 30000));
        QCOMPARE(view.controller<MapController>()->points()->rows, kRecords + 14);
        QVERIFY(view.controller<MapController>()->hasOtherSplit());
        MapView* mv = view.panel<MapPanel>()->view();
        mv->setColourBy(MapView::ColourBy::File);
        QCOMPARE(mv->legend(), (QStringList{QStringLiteral("train-images-idx3-ubyte"),
                                            QStringLiteral("t10k-images-idx3-ubyte")}));
        QCOMPARE(mv->groups()[0], quint16(0));
        QCOMPARE(mv->groups()[size_t(kRecords)], quint16(1));
        // The other split's records by class: their own labels.
        mv->setColourBy(MapView::ColourBy::Class);
        QCOMPARE(mv->groups()[size_t(kRecords) + 4], quint16(1)); // test record 4: class 1
        // The insights' findings ringed: the planted duplicate pair, the near pair and the mislabelled
        // record.
        const auto boxes = view.panel<MapPanel>()->findChildren<QCheckBox*>();
        QCheckBox* marks = nullptr;
        for (QCheckBox* b : boxes)
            if (b->text() == QStringLiteral("Mark Findings"))
                marks = b;
        QVERIFY(marks && marks->isEnabled());
        marks->setChecked(true);
        const auto& flags = mv->flags();
        QCOMPARE(flags.size(), size_t(kRecords + 14));
        for (size_t r : {5, 90, 7, 91, 92})
            QVERIFY2(flags[r] & idx::MapMarked, qPrintable(QString::number(r)));
        QVERIFY(!(flags[20] & idx::MapMarked));
        marks->setChecked(false);
        QVERIFY(mv->flags().empty());
        // The insights told to audit this file alone: the map follows, without the other split.
        view.controller<InsightsController>()->setOtherSplit({});
        QVERIFY(QTest::qWaitFor(
            [&] {
                return view.controller<MapController>()->state() == MapController::State::Ready &&
                       view.controller<MapController>()->points()->rows == kRecords;
            },
            30000));
        QVERIFY(!view.controller<MapController>()->hasOtherSplit());
        QVERIFY(view.controller<MapController>()->otherPath().isEmpty());
    }

    void filesThatCannotBeMapped()
    {
        QTemporaryDir dir;
        const fx::Clusters c = fx::ninety();
        const QString labels = fx::writeFile(dir, QStringLiteral("alone-labels-idx1-ubyte"), c.labelsFile());
        {
            DocumentView view(labels);
            QVERIFY(QTest::qWaitFor(
                [&] { return view.controller<MapController>() && view.document()->isLoaded(); }, 20000));
            view.controller<MapController>()->ensureStarted();
            QCOMPARE(view.controller<MapController>()->state(), MapController::State::Unavailable);
            QVERIFY(
                view.controller<MapController>()->message().contains(QStringLiteral("one value per record")));
        }
        const QString two =
            fx::writeFile(dir, QStringLiteral("two-idx3-ubyte"),
                          fx::idxBytes(idx::DType::UInt8, {2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8}));
        {
            DocumentView view(two);
            QVERIFY(QTest::qWaitFor(
                [&] { return view.controller<MapController>() && view.document()->isLoaded(); }, 20000));
            view.controller<MapController>()->ensureStarted();
            QCOMPARE(view.controller<MapController>()->state(), MapController::State::Unavailable);
            QVERIFY(view.controller<MapController>()->message().contains(
                QStringLiteral("at least three records")));
        }
        // Over the automatic limit: it waits for Make Map.
        const quint64 many = MapController::kMaxAutomaticRecords + 1;
        const QString large =
            fx::writeFile(dir, QStringLiteral("large-idx3-ubyte"),
                          fx::idxBytes(idx::DType::UInt8, {many, 1, 2}, std::vector<double>(many * 2, 0)));
        DocumentView view(large);
        QVERIFY(QTest::qWaitFor(
            [&] { return view.controller<MapController>() && view.document()->isLoaded(); }, 20000));
        view.controller<MapController>()->ensureStarted();
        QCOMPARE(view.controller<MapController>()->state(), MapController::State::Large);
        QVERIFY(view.controller<MapController>()->message().contains(QStringLiteral("Make Map starts it")));
        QVERIFY(!view.controller<MapController>()->points());
    }
};

QTEST_MAIN(TestMap)
#include "tst_map.moc"
