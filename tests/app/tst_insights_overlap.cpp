// The Overlap tab of the Insights panel on a generated file where two classes are drawn from one template:
// the class table holds what a vote over the neighbour graph, counted here, gives; the planted pair overlaps
// most and classes drawn apart not at all; a cell chosen (a click, the arrow keys) lists its records beside
// their neighbours, F keeps the gallery to them, Enter goes into the list, A accepts a suggestion there and
// the table follows the labels (an accepted suggestion, a label edit); without labels it says what it needs.
#include "appfixtures.h"
#include "clusters.h"
#include "document.h"
#include "documentview.h"
#include "editcommands.h"
#include "featurelist.h"
#include "gallerymodel.h"
#include "galleryview.h"
#include "insightscontroller.h"
#include "insightsfixtures.h"
#include "insightsmodel.h"
#include "insightspanel.h"
#include "overlapmodel.h"
#include "overlapview.h"
#include "translations.h"
#include "viewstate.h"

#include <QAbstractItemModelTester>
#include <QListView>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace idx::gui;
using insightsfx::auditNow;

namespace {

/// Classes 0 and 1 apart (horizontal and vertical bars), 2 and 3 drawn from one template (diagonals), 30
/// each in turn; record 120 is a class-0 bar labelled 2.
fx::Clusters confusable()
{
    fx::Clusters c;
    for (int i = 0; i < 120; ++i)
        c.add(c.record(std::min(i % 4, 2)), i % 4);
    c.add(c.record(0), 2);
    return c;
}

/// The cells of the class table counted here from the graph: each neighbour votes for its label with weight
/// 1 / rank; a record whose most voted other label (ties: the nearer) has more than its own is in the cell
/// (its label, that label).
std::map<std::pair<qint64, qint64>, std::vector<qint64>> votedCells(const idx::NeighbourGraph& g,
                                                                    const std::vector<qint64>& labels)
{
    std::map<std::pair<qint64, qint64>, std::vector<qint64>> cells;
    for (qint64 r = 0; r < g.rows; ++r) {
        std::vector<std::pair<qint64, double>> votes; // in order of the nearest voter
        for (int j = 0; j < g.k && g.neighbours(r)[j] >= 0; ++j) {
            const qint64 l = labels[size_t(g.neighbours(r)[j])];
            auto it = std::find_if(votes.begin(), votes.end(), [l](const auto& v) { return v.first == l; });
            (it == votes.end() ? votes.emplace_back(l, 0.0) : *it).second += 1.0 / (j + 1);
        }
        double own = 0, top = 0;
        qint64 topLabel = -1;
        for (const auto& [l, w] : votes)
            if (l == labels[size_t(r)])
                own = w;
            else if (topLabel < 0 || w > top)
                std::tie(topLabel, top) = std::pair(l, w);
        if (topLabel >= 0 && top > own)
            cells[{labels[size_t(r)], topLabel}].push_back(r);
    }
    return cells;
}

} // namespace

class TestInsightsOverlap : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerFeatures(); // the tabs made here without a main window have their panels
        appfx::isolateSettings();
        // As the application starts in a C locale: English with its plural forms ("1 record", "2 records").
        qputenv("LC_ALL", "C.UTF-8");
        QCOMPARE(idx::i18n::installTranslations(qApp), QStringLiteral("en"));
        QSettings().remove(QStringLiteral("insights")); // marks an earlier run left
    }
    void cleanup() { QSettings().remove(QStringLiteral("insights")); }

    void overlapTableAndItsCells()
    {
        QTemporaryDir dir;
        const fx::Clusters c = confusable();
        fx::writeFile(dir, QStringLiteral("train-labels-idx1-ubyte"), c.labelsFile());
        DocumentView view(fx::writeFile(dir, QStringLiteral("train-images-idx3-ubyte"), c.imagesFile()));
        QVERIFY(auditNow(view));
        InsightsPanel* panel = view.panel<InsightsPanel>();
        OverlapModel* table = panel->overlap()->model();
        QAbstractItemModelTester tester(table, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester records(panel->model(InsightsPanel::OverlapTab),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
        const idx::NeighbourGraph& graph = view.controller<InsightsController>()->result()->first;
        const auto checkTable = [&](const std::vector<qint64>& labels) {
            const auto voted = votedCells(graph, labels);
            QCOMPARE(table->classes(), (std::vector<qint64>{0, 1, 2, 3}));
            qint64 total = 0;
            for (int row = 0; row < 4; ++row)
                for (int column = 0; column < 4; ++column) {
                    const auto it = voted.find({row, column});
                    const qint64 n = it == voted.end() ? 0 : qint64(it->second.size());
                    QCOMPARE(table->index(row, column).data(OverlapModel::CountRole).toLongLong(), n);
                    QCOMPARE(table->index(row, column).data().toString(), n ? QString::number(n) : QString());
                    total += n;
                }
            QCOMPARE(panel->tabs()->tabText(InsightsPanel::OverlapTab),
                     QStringLiteral("Overlap (%1)").arg(total));
        };
        checkTable(c.labels);
        if (QTest::currentTestFailed())
            return;
        // What was planted: 2 and 3 overlap most; the bars' classes only where record 120 (a bar labelled 2)
        // is.
        const auto count = [&](int row, int column) {
            return table->index(row, column).data(OverlapModel::CountRole).toLongLong();
        };
        QCOMPARE(table->records(2, 0), (std::vector<qint64>{120}));
        for (int a = 0; a < 4; ++a)
            for (int b = 0; b < 4; ++b)
                if ((a < 2 || b < 2) && !(a == 2 && b == 0))
                    QCOMPARE(count(a, b), 0);
        QVERIFY(count(2, 3) + count(3, 2) >= 10);
        QCOMPARE(table->pairs().front(), (idx::ClassOverlap{2, 3, count(2, 3) + count(3, 2),
                                                            double(count(2, 3) + count(3, 2)) / 61}));
        QVERIFY(panel->overlap()->summaryText().startsWith(
            QStringLiteral("Most overlap: 2 ~ 3: %1 records (").arg(count(2, 3) + count(3, 2))));
        QCOMPARE(table->index(2, 3).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("%1 records labelled 2 whose neighbours favour 3").arg(count(2, 3)));

        // A click on a cell lists its records, each beside its nearest neighbours.
        panel->tabs()->setCurrentIndex(InsightsPanel::OverlapTab);
        panel->show();
        panel->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(panel));
        QTableView* grid = panel->overlap()->table();
        QTest::mouseClick(grid->viewport(), Qt::LeftButton, {},
                          grid->visualRect(table->index(2, 3)).center());
        const std::vector<qint64> cell = votedCells(graph, c.labels)[{2, 3}];
        InsightsModel* list = panel->model(InsightsPanel::OverlapTab);
        QCOMPARE(list->rowCount(), int(cell.size()));
        for (int r = 0; r < list->rowCount(); ++r)
            QCOMPARE(list->item(r).records.first(), (idx::RecordRef{0, cell[size_t(r)]}));
        const QStringList captions = list->index(0).data(InsightsModel::CaptionsRole).toStringList();
        QCOMPARE(captions.size(), 1 + InsightsModel::kNeighboursShown);
        QCOMPARE(captions.first(), QString::number(cell.front()));
        for (int j = 0; j < InsightsModel::kNeighboursShown; ++j)
            QCOMPARE(captions[j + 1], QString::number(c.labels[size_t(graph.neighbours(cell.front())[j])]));
        // F keeps the gallery to exactly those records; F again shows all.
        QTest::keyClick(grid, Qt::Key_F);
        GalleryModel* gallery = view.gallery()->model();
        QCOMPARE(gallery->rowCount(), int(cell.size()));
        for (int r = 0; r < gallery->rowCount(); ++r)
            QCOMPARE(gallery->recordAt(r), quint64(cell[size_t(r)]));
        QCOMPARE(view.viewState()->recordFilterName(), QStringLiteral("2 whose neighbours favour 3"));
        QTest::keyClick(grid, Qt::Key_F);
        QCOMPARE(gallery->rowCount(), 121);
        // The keys: the diagonal lists nothing; Enter goes into the list and shows its first record.
        QTest::keyClick(grid, Qt::Key_Left);
        QCOMPARE(list->rowCount(), 0);
        QTest::keyClick(grid, Qt::Key_Right);
        QCOMPARE(list->rowCount(), int(cell.size()));
        QTest::keyClick(grid, Qt::Key_Return);
        QVERIFY(panel->list(InsightsPanel::OverlapTab)->hasFocus());
        QCOMPARE(view.viewState()->currentRecord(), quint64(cell.front()));
        // A record of the cell whose own class keeps over a fifth of the votes is no suspect: A says so,
        // edits nothing.
        int plain = 0;
        while (plain < list->rowCount() && list->item(plain).suspect >= 0)
            ++plain;
        QVERIFY(plain < list->rowCount());
        panel->list(InsightsPanel::OverlapTab)->setCurrentIndex(list->index(plain));
        QSignalSpy messages(panel, &InsightsPanel::message);
        QTest::keyClick(panel->list(InsightsPanel::OverlapTab), Qt::Key_A);
        QCOMPARE(messages.size(), 1);
        QVERIFY(messages.first().first().toString().contains(QStringLiteral("is not a suspected label")));
        QVERIFY(!view.document()->isModified());

        // Record 120, the bar labelled 2, is also a suspect: A accepts its suggestion and the table follows.
        QTest::mouseClick(grid->viewport(), Qt::LeftButton, {},
                          grid->visualRect(table->index(2, 0)).center());
        QCOMPARE(list->rowCount(), 1);
        QVERIFY(list->index(0).data().toString().contains(QStringLiteral("a suspected label")));
        panel->list(InsightsPanel::OverlapTab)->setCurrentIndex(list->index(0));
        QSignalSpy findings(view.controller<InsightsController>(), &InsightsController::findingsChanged);
        QTest::keyClick(panel->list(InsightsPanel::OverlapTab), Qt::Key_A);
        QCOMPARE(view.document()->labelClasses()[120], qint64(0));
        QVERIFY(findings.wait(20000));
        QCOMPARE(count(2, 0), 0);
        QCOMPARE(grid->currentIndex(), table->index(2, 0)); // the cell stays chosen, now empty
        QCOMPARE(list->rowCount(), 0);
        checkTable(view.document()->labelClasses());
        if (QTest::currentTestFailed())
            return;
        // A label set by an edit: a record of cell (2, 3) given label 3 leaves it.
        QCOMPARE(Editing::setLabels(view.document(),
                                    idx::RecordSet::span(quint64(cell.front()), quint64(cell.front()) + 1),
                                    3),
                 QString());
        QVERIFY(findings.wait(20000));
        checkTable(view.document()->labelClasses());
        const std::vector<qint64> after = table->records(2, 3);
        QVERIFY(std::find(after.begin(), after.end(), cell.front()) == after.end());
        QCOMPARE(view.document()->labelClasses()[size_t(cell.front())], qint64(3));
    }

    void overlapNeedsLabels()
    {
        QTemporaryDir dir;
        const fx::Clusters c = confusable();
        DocumentView view(fx::writeFile(dir, QStringLiteral("bare-images-idx3-ubyte"), c.imagesFile()));
        QVERIFY(auditNow(view, false));
        InsightsPanel* panel = view.panel<InsightsPanel>();
        QVERIFY(panel->overlap()->summaryText().startsWith(
            QStringLiteral("Overlap needs labels: open the labels file beside the images")));
        QCOMPARE(panel->overlap()->model()->rowCount(), 0);
        QVERIFY(!panel->overlap()->table()->isVisibleTo(panel->overlap()));
        QCOMPARE(panel->tabs()->tabText(InsightsPanel::OverlapTab), QStringLiteral("Overlap (0)"));
        // Labels attached (they load in the background): the table follows; detached: the sentence again.
        QVERIFY(view.document()->attachLabels(
            fx::writeFile(dir, QStringLiteral("kept-labels-idx1-ubyte"), c.labelsFile())));
        QTRY_COMPARE_WITH_TIMEOUT(panel->overlap()->model()->rowCount(), 4, 20000);
        QVERIFY(panel->overlap()->table()->isVisibleTo(panel->overlap()));
        QVERIFY(panel->overlap()->summaryText().startsWith(QStringLiteral("Most overlap: 2 ~ 3")));
        view.document()->detachLabels();
        QTRY_COMPARE_WITH_TIMEOUT(panel->overlap()->model()->rowCount(), 0, 20000);
        QVERIFY(panel->overlap()->summaryText().startsWith(QStringLiteral("Overlap needs labels")));
    }
};

QTEST_MAIN(TestInsightsOverlap)
#include "tst_insights_overlap.moc"
