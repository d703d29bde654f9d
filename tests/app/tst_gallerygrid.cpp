// GalleryGrid: the arithmetic grid under the gallery. Geometry and hit testing, keyboard moves, mouse
// selection (click, Shift, Ctrl, rubber band), the row in view keeping its place when the width changes, and
// a model of 2^31 - 1 rows that is scrolled to the end and painted while touching only the rows on screen.
#include "gallerygrid.h"

#include <QAbstractListModel>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QTest>

#include <algorithm>
#include <limits>

using namespace idx::gui;

namespace {
// A list of `n` rows whose data is computed; it remembers the lowest and highest row it was asked about.
class CountingModel : public QAbstractListModel {
public:
    explicit CountingModel(int n) : m_rows(n) {}
    int rowCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : m_rows; }
    QVariant data(const QModelIndex& index, int role) const override
    {
        if (!index.isValid())
            return {};
        lowest = std::min(lowest, index.row());
        highest = std::max(highest, index.row());
        ++calls;
        return role == Qt::DisplayRole ? QVariant(QString::number(index.row())) : QVariant();
    }
    void resetCounters()
    {
        lowest = std::numeric_limits<int>::max();
        highest = -1;
        calls = 0;
    }
    void append(int n)
    {
        beginInsertRows({}, m_rows, m_rows + n - 1);
        m_rows += n;
        endInsertRows();
    }
    mutable int lowest = std::numeric_limits<int>::max();
    mutable int highest = -1;
    mutable qint64 calls = 0;

private:
    int m_rows;
};

constexpr QSize Cell(50, 40);

struct Grid {
    CountingModel model;
    GalleryGrid view;
    explicit Grid(int rows, QSize size = {300, 230}) : model(rows)
    {
        view.setSelectionMode(QAbstractItemView::ExtendedSelection);
        view.setModel(&model);
        view.setCellSize(Cell);
        view.resize(size);
        view.show();
    }
    QPoint centerOf(int row) const { return view.visualRect(model.index(row)).center(); }
};
} // namespace

class TestGalleryGrid : public QObject {
    Q_OBJECT
private slots:
    void geometryAndHitTesting();
    void keyboard();
    void mouseSelection();
    void rubberBand();
    void widthChangeKeepsCurrentInView();
    void growingModel();
    void twoBillionRows();
};

void TestGalleryGrid::geometryAndHitTesting()
{
    Grid g(53);
    QVERIFY(QTest::qWaitForWindowExposed(&g.view));
    const int cols = g.view.viewport()->width() / Cell.width();
    QVERIFY(cols >= 2);
    QCOMPARE(g.view.columns(), cols);
    // The columns share the width left over.
    const int cw = g.view.viewport()->width() / cols;
    QCOMPARE(g.view.columnWidth(), cw);
    QVERIFY(cw >= Cell.width());
    for (int row : {0, 1, cols - 1, cols, 52}) {
        const QRect r = g.view.visualRect(g.model.index(row));
        QCOMPARE(r, QRect((row % cols) * cw, (row / cols) * Cell.height(), cw, Cell.height()));
        QCOMPARE(g.view.indexAt(r.center()).row(), row);
        QCOMPARE(g.view.indexAt(r.topLeft()).row(), row);
        QCOMPARE(g.view.indexAt(r.bottomRight()).row(), row);
    }
    // Past the last cell of the short last line, right of the last column, above the content: nothing.
    const QRect last = g.view.visualRect(g.model.index(52));
    if (52 % cols != cols - 1)
        QVERIFY(!g.view.indexAt(last.center() + QPoint(cw, 0)).isValid());
    QVERIFY(!g.view.indexAt(QPoint(cols * cw, 5)).isValid());
    QVERIFY(!g.view.indexAt(QPoint(-1, 5)).isValid());
    // The scroll range covers the lines exactly.
    const int lines = (53 + cols - 1) / cols;
    QCOMPARE(g.view.verticalScrollBar()->maximum(),
             std::max(0, lines * Cell.height() - g.view.viewport()->height()));
    const auto [first, lastVisible] = g.view.visibleRows();
    QCOMPARE(first, 0);
    QCOMPARE(lastVisible, std::min(52, ((g.view.viewport()->height() - 1) / Cell.height() + 1) * cols - 1));
    // Scrolled by pixels: rectangles move with it.
    QVERIFY(g.view.verticalScrollBar()->maximum() >= 7);
    g.view.verticalScrollBar()->setValue(7);
    QCOMPARE(g.view.visualRect(g.model.index(cols)).top(), Cell.height() - 7);
    QCOMPARE(g.view.indexAt(QPoint(1, Cell.height() - 7)).row(), cols);
}

void TestGalleryGrid::keyboard()
{
    Grid g(103);
    QVERIFY(QTest::qWaitForWindowExposed(&g.view));
    g.view.setFocus();
    const int cols = g.view.columns();
    const int page = cols * std::max(1, g.view.viewport()->height() / Cell.height());
    g.view.setCurrentIndex(g.model.index(0));
    QTest::keyClick(&g.view, Qt::Key_Right);
    QCOMPARE(g.view.currentIndex().row(), 1);
    QTest::keyClick(&g.view, Qt::Key_Down);
    QCOMPARE(g.view.currentIndex().row(), 1 + cols);
    QTest::keyClick(&g.view, Qt::Key_Up);
    QCOMPARE(g.view.currentIndex().row(), 1);
    QTest::keyClick(&g.view, Qt::Key_Up); // top line: stays
    QCOMPARE(g.view.currentIndex().row(), 1);
    QTest::keyClick(&g.view, Qt::Key_Left);
    QTest::keyClick(&g.view, Qt::Key_Left); // first record: stays
    QCOMPARE(g.view.currentIndex().row(), 0);
    QTest::keyClick(&g.view, Qt::Key_PageDown);
    QCOMPARE(g.view.currentIndex().row(), page);
    QTest::keyClick(&g.view, Qt::Key_PageUp);
    QCOMPARE(g.view.currentIndex().row(), 0);
    QTest::keyClick(&g.view, Qt::Key_End);
    QCOMPARE(g.view.currentIndex().row(), 102);
    // The current record scrolled into view.
    QVERIFY(g.view.viewport()->rect().contains(g.view.visualRect(g.view.currentIndex())));
    QTest::keyClick(&g.view, Qt::Key_Home);
    QCOMPARE(g.view.currentIndex().row(), 0);
    QCOMPARE(g.view.verticalScrollBar()->value(), 0);
    // Down from a cell with nothing below it on the short last line: the last record.
    const int lastLineStart = (102 / cols) * cols;
    if (lastLineStart > 0 && 102 % cols != cols - 1) {
        g.view.setCurrentIndex(g.model.index(lastLineStart - 1));
        QTest::keyClick(&g.view, Qt::Key_Down);
        QCOMPARE(g.view.currentIndex().row(), 102);
    }
    // Shift+arrows extend the selection in reading order.
    g.view.setCurrentIndex(g.model.index(2));
    QTest::keyClick(&g.view, Qt::Key_Down, Qt::ShiftModifier);
    QCOMPARE(g.view.selectionModel()->selectedIndexes().size(), cols + 1);
    QTest::keyClick(&g.view, Qt::Key_Up, Qt::ShiftModifier);
    QTest::keyClick(&g.view, Qt::Key_Left, Qt::ShiftModifier); // backwards past the anchor
    QCOMPARE(g.view.selectionModel()->selectedIndexes().size(), 2);
    QVERIFY(g.view.selectionModel()->isSelected(g.model.index(1)));
    QVERIFY(g.view.selectionModel()->isSelected(g.model.index(2)));
}

void TestGalleryGrid::mouseSelection()
{
    Grid g(60);
    QVERIFY(QTest::qWaitForWindowExposed(&g.view));
    QItemSelectionModel* sel = g.view.selectionModel();
    QTest::mouseClick(g.view.viewport(), Qt::LeftButton, {}, g.centerOf(3));
    QCOMPARE(g.view.currentIndex().row(), 3);
    QCOMPARE(sel->selectedIndexes().size(), 1);
    // Shift-click: everything between, in reading order (across lines).
    const int cols = g.view.columns();
    const int other = 3 + cols + 1;
    QTest::mouseClick(g.view.viewport(), Qt::LeftButton, Qt::ShiftModifier, g.centerOf(other));
    QCOMPARE(sel->selectedIndexes().size(), other - 3 + 1);
    for (int row = 3; row <= other; ++row)
        QVERIFY(sel->isSelected(g.model.index(row)));
    // Ctrl-click adds one, and again removes it.
    QTest::mouseClick(g.view.viewport(), Qt::LeftButton, Qt::ControlModifier, g.centerOf(0));
    QVERIFY(sel->isSelected(g.model.index(0)));
    QCOMPARE(sel->selectedIndexes().size(), other - 3 + 2);
    QTest::mouseClick(g.view.viewport(), Qt::LeftButton, Qt::ControlModifier, g.centerOf(0));
    QVERIFY(!sel->isSelected(g.model.index(0)));
    // A plain click starts over.
    QTest::mouseClick(g.view.viewport(), Qt::LeftButton, {}, g.centerOf(1));
    QCOMPARE(sel->selectedIndexes().size(), 1);
    QVERIFY(sel->isSelected(g.model.index(1)));
}

void TestGalleryGrid::rubberBand()
{
    Grid g(60);
    QVERIFY(QTest::qWaitForWindowExposed(&g.view));
    const int cols = g.view.columns();
    QVERIFY(cols >= 3);
    // Drag from the cell of row 1 to the cell two lines down and one column right: a 2 x 3 block.
    const QPoint from = g.centerOf(1);
    const QPoint to = g.centerOf(2 + 2 * cols);
    QTest::mousePress(g.view.viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(g.view.viewport(), (from + to) / 2);
    QTest::mouseMove(g.view.viewport(), to);
    QTest::mouseRelease(g.view.viewport(), Qt::LeftButton, {}, to);
    const QModelIndexList selected = g.view.selectionModel()->selectedIndexes();
    QCOMPARE(selected.size(), 6);
    for (int line = 0; line < 3; ++line)
        for (int col = 1; col <= 2; ++col)
            QVERIFY(g.view.selectionModel()->isSelected(g.model.index(line * cols + col)));
}

void TestGalleryGrid::widthChangeKeepsCurrentInView()
{
    Grid g(5000);
    QVERIFY(QTest::qWaitForWindowExposed(&g.view));
    g.view.setCurrentIndex(g.model.index(3210));
    g.view.scrollTo(g.model.index(3210), QAbstractItemView::PositionAtCenter);
    QVERIFY(g.view.viewport()->rect().contains(g.view.visualRect(g.model.index(3210))));
    for (int width : {180, 420, 120, 300}) {
        g.view.resize(width, g.view.height());
        QTRY_VERIFY(g.view.viewport()->width() <= width && g.view.viewport()->width() > width - 40);
        QCOMPARE(g.view.columns(), std::max(1, g.view.viewport()->width() / Cell.width()));
        QVERIFY2(g.view.viewport()->rect().intersects(g.view.visualRect(g.model.index(3210))),
                 qPrintable(QStringLiteral("width %1").arg(width)));
    }
    // A bigger cell keeps it in view too.
    g.view.setCellSize(Cell * 2);
    QVERIFY(g.view.viewport()->rect().intersects(g.view.visualRect(g.model.index(3210))));
}

void TestGalleryGrid::growingModel()
{
    Grid g(10);
    QVERIFY(QTest::qWaitForWindowExposed(&g.view));
    QCOMPARE(g.view.verticalScrollBar()->maximum(), 0);
    g.model.append(1000); // records arriving while a .gz decodes
    QTRY_VERIFY(g.view.verticalScrollBar()->maximum() > 0);
    const int cols = g.view.columns();
    QCOMPARE(g.view.verticalScrollBar()->maximum(),
             ((1010 + cols - 1) / cols) * Cell.height() - g.view.viewport()->height());
    g.view.scrollTo(g.model.index(1009));
    QVERIFY(g.view.viewport()->rect().contains(g.view.visualRect(g.model.index(1009))));
}

void TestGalleryGrid::twoBillionRows()
{
    const int rows = std::numeric_limits<int>::max();
    Grid g(rows, {260, 200});
    QVERIFY(QTest::qWaitForWindowExposed(&g.view));
    const int cols = g.view.columns();
    // Far too tall for pixel offsets: the scroll bar counts lines and still reaches the end.
    QScrollBar* bar = g.view.verticalScrollBar();
    const qint64 lines = (qint64(rows) + cols - 1) / cols;
    QCOMPARE(qint64(bar->maximum()), lines - g.view.viewport()->height() / Cell.height());
    g.model.resetCounters();
    QTest::keyClick(&g.view, Qt::Key_End);
    const QModelIndex last = g.model.index(rows - 1);
    QCOMPARE(g.view.currentIndex(), last);
    const QRect r = g.view.visualRect(last);
    QVERIFY(g.view.viewport()->rect().contains(r));
    QCOMPARE(g.view.indexAt(r.center()), last);
    const auto [first, lastVisible] = g.view.visibleRows();
    QCOMPARE(lastVisible, rows - 1);
    QVERIFY(lastVisible - first < 100);
    // Painting asks only about the rows on screen.
    g.model.resetCounters();
    (void)g.view.viewport()->grab();
    QVERIFY(g.model.calls > 0);
    QVERIFY(g.model.lowest >= first);
    QVERIFY(g.model.highest <= lastVisible);
    // Back to the top and a page down from there.
    QTest::keyClick(&g.view, Qt::Key_Home);
    QCOMPARE(bar->value(), 0);
    QTest::keyClick(&g.view, Qt::Key_PageDown);
    QVERIFY(g.view.currentIndex().row() > 0);
    QVERIFY(g.view.viewport()->rect().contains(g.view.visualRect(g.view.currentIndex())));
    // Shift+End selects two billion rows as one range, not one entry per row.
    QTest::keyClick(&g.view, Qt::Key_End, Qt::ShiftModifier);
    QCOMPARE(g.view.selectionModel()->selection().size(), 1);
    QCOMPARE(g.view.selectionModel()->selection().first().bottom(), rows - 1);
}

QTEST_MAIN(TestGalleryGrid)
#include "tst_gallerygrid.moc"
