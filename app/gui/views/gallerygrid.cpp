// GalleryGrid: layout arithmetic, painting, hit testing, scrolling, keyboard moves and what it tells screen
// readers.
#include "gallerygrid.h"

#include "labelkeys.h"

#include <QAccessible>
#include <QKeyEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>

#include <algorithm>
#include <limits>

namespace idx::gui {

namespace {
// Content taller than this scrolls by lines (see m_scrollLines); well below INT_MAX so offsets added to
// viewport coordinates stay in range.
constexpr qint64 MaxPixelScroll = qint64(1) << 30;
// Off-screen cells are clamped to this distance from the viewport: only their side of it matters.
constexpr qint64 FarAway = qint64(1) << 29;
// A selection of more separate ranges than this repaints the whole viewport instead of each range.
constexpr int MaxRegionRanges = 512;
} // namespace

GalleryGrid::GalleryGrid(QWidget* parent) : QAbstractItemView(parent)
{
    setVerticalScrollMode(ScrollPerPixel);
    setHorizontalScrollMode(ScrollPerPixel);
}

void GalleryGrid::setCellSize(QSize size)
{
    size = size.expandedTo(QSize(1, 1));
    if (size == m_cell)
        return;
    m_cell = size;
    updateGeometries();
    viewport()->update();
}

int GalleryGrid::rowCount() const
{
    return model() ? model()->rowCount(rootIndex()) : 0;
}

int GalleryGrid::columns() const
{
    return std::max(1, viewport()->width() / m_cell.width());
}

int GalleryGrid::columnWidth() const
{
    // The width left over is shared out between the columns, as file managers do, so the grid fills the view.
    return std::max(m_cell.width(), viewport()->width() / columns());
}

qint64 GalleryGrid::lineCount() const
{
    const int cols = columns();
    return (qint64(rowCount()) + cols - 1) / cols;
}

qint64 GalleryGrid::contentTop() const
{
    const qint64 value = verticalScrollBar()->value();
    return m_scrollLines ? value * m_cell.height() : value;
}

QRect GalleryGrid::cellRect(int row) const
{
    const int cols = columns();
    const qint64 y = qint64(row / cols) * m_cell.height() - contentTop();
    const int cw = columnWidth();
    const int x = (row % cols) * cw - horizontalScrollBar()->value();
    return {x, int(std::clamp(y, -FarAway, FarAway)), cw, m_cell.height()};
}

int GalleryGrid::rowNear(QPoint point) const
{
    const int rows = rowCount();
    if (rows == 0)
        return -1;
    const int cols = columns();
    const qint64 line = std::clamp((contentTop() + point.y()) / m_cell.height(), qint64(0), lineCount() - 1);
    const int col = std::clamp((point.x() + horizontalScrollBar()->value()) / columnWidth(), 0, cols - 1);
    return int(std::min(line * cols + col, qint64(rows) - 1));
}

std::pair<int, int> GalleryGrid::visibleRows() const
{
    const int rows = rowCount();
    if (rows == 0 || viewport()->height() <= 0)
        return {0, -1};
    const int cols = columns();
    const qint64 top = contentTop();
    const qint64 firstLine = top / m_cell.height();
    const qint64 lastLine = (top + viewport()->height() - 1) / m_cell.height();
    const qint64 first = firstLine * cols;
    if (first >= rows)
        return {0, -1};
    return {int(first), int(std::min((lastLine + 1) * cols - 1, qint64(rows) - 1))};
}

QRect GalleryGrid::visualRect(const QModelIndex& index) const
{
    if (!index.isValid() || index.parent() != rootIndex() || index.column() != 0)
        return {};
    return cellRect(index.row());
}

QModelIndex GalleryGrid::indexAt(const QPoint& point) const
{
    const int rows = rowCount();
    const qint64 y = contentTop() + point.y();
    const int x = point.x() + horizontalScrollBar()->value();
    if (rows == 0 || y < 0 || x < 0)
        return {};
    const qint64 line = y / m_cell.height();
    const int col = x / columnWidth();
    const int cols = columns();
    if (col >= cols)
        return {};
    const qint64 row = line * cols + col;
    return row < rows ? model()->index(int(row), 0, rootIndex()) : QModelIndex();
}

void GalleryGrid::scrollTo(const QModelIndex& index, ScrollHint hint)
{
    if (!index.isValid() || index.parent() != rootIndex())
        return;
    executeDelayedItemsLayout(); // scroll ranges must be current before a value is set
    const int ch = m_cell.height();
    const qint64 line = index.row() / columns();
    const qint64 visibleLines = std::max(1, viewport()->height() / ch);
    QScrollBar* bar = verticalScrollBar();
    if (m_scrollLines) {
        const qint64 topLine = bar->value();
        qint64 want = topLine;
        switch (hint) {
        case EnsureVisible:
            if (line < topLine)
                want = line;
            else if (line >= topLine + visibleLines)
                want = line - visibleLines + 1;
            break;
        case PositionAtTop:
            want = line;
            break;
        case PositionAtBottom:
            want = line - visibleLines + 1;
            break;
        case PositionAtCenter:
            want = line - visibleLines / 2;
            break;
        }
        bar->setValue(int(std::clamp(want, qint64(0), qint64(bar->maximum()))));
    } else {
        const qint64 cellTop = line * ch;
        const qint64 top = bar->value();
        const qint64 height = viewport()->height();
        qint64 want = top;
        switch (hint) {
        case EnsureVisible:
            if (cellTop < top)
                want = cellTop;
            else if (cellTop + ch > top + height)
                want = cellTop + ch - height;
            break;
        case PositionAtTop:
            want = cellTop;
            break;
        case PositionAtBottom:
            want = cellTop + ch - height;
            break;
        case PositionAtCenter:
            want = cellTop - (height - ch) / 2;
            break;
        }
        bar->setValue(int(std::clamp(want, qint64(0), qint64(bar->maximum()))));
    }
    // One column narrower than a cell: bring the cell's left edge into view.
    const int left = (index.row() % columns()) * columnWidth();
    QScrollBar* hbar = horizontalScrollBar();
    if (left < hbar->value() || left + m_cell.width() > hbar->value() + viewport()->width())
        hbar->setValue(left);
}

QModelIndex GalleryGrid::moveCursor(CursorAction action, Qt::KeyboardModifiers)
{
    const int rows = rowCount();
    if (rows == 0)
        return {};
    const QModelIndex current = currentIndex();
    if (!current.isValid())
        return model()->index(0, 0, rootIndex());
    const qint64 cols = columns();
    const qint64 page = cols * std::max(1, viewport()->height() / m_cell.height());
    const qint64 row = current.row();
    qint64 next = row;
    switch (action) {
    case MoveLeft:
    case MovePrevious:
        next = row - 1;
        break;
    case MoveRight:
    case MoveNext:
        next = row + 1;
        break;
    case MoveUp:
        next = row >= cols ? row - cols : row;
        break;
    case MoveDown:
        // Below the last (short) line: the last record, as a file manager does.
        next = row + cols < rows ? row + cols : (row / cols < (rows - 1) / cols ? rows - 1 : row);
        break;
    case MovePageUp:
        next = row - page >= 0 ? row - page : row % cols;
        break;
    case MovePageDown:
        next = row + page < rows ? row + page : rows - 1;
        break;
    case MoveHome:
        next = 0;
        break;
    case MoveEnd:
        next = rows - 1;
        break;
    }
    return model()->index(int(std::clamp(next, qint64(0), qint64(rows) - 1)), 0, rootIndex());
}

int GalleryGrid::horizontalOffset() const
{
    return horizontalScrollBar()->value();
}

int GalleryGrid::verticalOffset() const
{
    return verticalScrollBar()->value();
}

bool GalleryGrid::event(QEvent* event)
{
    // A digit is a label here, not the menu's "0: actual pixels".
    if (event->type() == QEvent::ShortcutOverride && m_labelKeys &&
        m_labelKeys->overridesShortcut(static_cast<QKeyEvent*>(event))) {
        event->accept();
        return true;
    }
    return QAbstractItemView::event(event);
}

void GalleryGrid::keyPressEvent(QKeyEvent* event)
{
    if (m_labelKeys && m_labelKeys->keyPressed(event, LabelKeys::Target::SelectionOrCurrent))
        return;
    QAbstractItemView::keyPressEvent(event);
}

bool GalleryGrid::isIndexHidden(const QModelIndex&) const
{
    return false;
}

void GalleryGrid::setSelection(const QRect& rect, QItemSelectionModel::SelectionFlags command)
{
    const int rows = rowCount();
    if (rows == 0 || !selectionModel())
        return;
    QItemSelection selection;
    auto select = [&](qint64 from, qint64 to) {
        if (from <= to)
            selection.append(QItemSelectionRange(model()->index(int(from), 0, rootIndex()),
                                                 model()->index(int(to), 0, rootIndex())));
    };
    if (state() == DragSelectingState) {
        // A rubber band: the cells it touches, line by line.
        const QRect r = rect.normalized();
        const QModelIndex a = model()->index(rowNear(r.topLeft()), 0, rootIndex());
        const QModelIndex b = model()->index(rowNear(r.bottomRight()), 0, rootIndex());
        const qint64 cols = columns();
        const qint64 firstLine = a.row() / cols, lastLine = b.row() / cols;
        const qint64 firstCol = a.row() % cols, lastCol = b.row() % cols;
        for (qint64 line = firstLine; line <= lastLine; ++line)
            select(line * cols + std::min(firstCol, lastCol),
                   std::min(line * cols + std::max(firstCol, lastCol), qint64(rows) - 1));
    } else {
        // A click or a key with Shift: every record between the anchor and here, in reading order. The
        // rectangle runs from the anchor to the new point (QAbstractItemView does not normalise it).
        const int a = rowNear(rect.topLeft());
        const int b = rowNear(rect.bottomRight());
        select(std::min(a, b), std::max(a, b));
    }
    selectionModel()->select(selection, command);
}

QRegion GalleryGrid::visualRegionForSelection(const QItemSelection& selection) const
{
    const auto [first, last] = visibleRows();
    if (last < first)
        return {};
    if (selection.size() > MaxRegionRanges)
        return QRegion(viewport()->rect());
    QRegion region;
    const int cols = columns();
    for (const QItemSelectionRange& range : selection) {
        if (range.parent() != rootIndex())
            continue;
        const int from = std::max(range.top(), first);
        const int to = std::min(range.bottom(), last);
        // One rectangle per visible line of the range.
        for (int lineStart = from; lineStart <= to;) {
            const int lineEnd = std::min(to, (lineStart / cols + 1) * cols - 1);
            region += cellRect(lineStart).united(cellRect(lineEnd));
            lineStart = lineEnd + 1;
        }
    }
    return region;
}

void GalleryGrid::updateGeometries()
{
    const int cols = columns();
    const int ch = m_cell.height();
    const qint64 lines = lineCount();
    const qint64 height = lines * ch;
    const int viewportHeight = viewport()->height();
    QScrollBar* bar = verticalScrollBar();

    // The row at the top of the view (or the current one, when it is on screen) keeps its place on screen
    // when the columns or the cell size change.
    int anchor = -1;
    qint64 anchorY = 0;
    if (m_layoutColumns > 0 && (m_layoutColumns != cols || m_layoutCell != m_cell) && rowCount() > 0) {
        const qint64 oldTop = m_scrollLines ? qint64(bar->value()) * m_layoutCell.height() : bar->value();
        const qint64 oldFirstLine = oldTop / m_layoutCell.height();
        const qint64 oldLastLine = (oldTop + viewportHeight - 1) / m_layoutCell.height();
        const QModelIndex current = currentIndex();
        if (current.isValid() && current.row() / m_layoutColumns >= oldFirstLine &&
            current.row() / m_layoutColumns <= oldLastLine)
            anchor = current.row();
        else
            anchor = int(std::min(oldFirstLine * m_layoutColumns, qint64(rowCount()) - 1));
        anchorY = qint64(anchor / m_layoutColumns) * m_layoutCell.height() - oldTop;
    }

    m_scrollLines = height > MaxPixelScroll;
    if (m_scrollLines) {
        const qint64 visibleLines = std::max(1, viewportHeight / ch);
        bar->setRange(0, int(std::max<qint64>(0, lines - visibleLines)));
        bar->setPageStep(int(visibleLines));
        bar->setSingleStep(1);
    } else {
        bar->setRange(0, int(std::max<qint64>(0, height - viewportHeight)));
        bar->setPageStep(viewportHeight);
        bar->setSingleStep(std::max(1, ch / 3)); // a wheel notch (three steps) is one line
    }
    QScrollBar* hbar = horizontalScrollBar();
    hbar->setRange(0, std::max(0, m_cell.width() - viewport()->width()));
    hbar->setPageStep(viewport()->width());
    hbar->setSingleStep(std::max(1, m_cell.width() / 8));

    if (anchor >= 0) {
        const qint64 top = qint64(anchor / cols) * ch - anchorY;
        const qint64 value = m_scrollLines ? top / ch : top;
        bar->setValue(int(std::clamp(value, qint64(0), qint64(bar->maximum()))));
    }
    m_layoutColumns = cols;
    m_layoutCell = m_cell;
    QAbstractItemView::updateGeometries();
}

void GalleryGrid::paintEvent(QPaintEvent* event)
{
    const auto [first, last] = visibleRows();
    if (last < first || !selectionModel())
        return;
    QPainter painter(viewport());
    QStyleOptionViewItem option;
    initViewItemOption(&option);
    const QModelIndex current = currentIndex();
    const bool focus = hasFocus() || viewport()->hasFocus();
    const QRect exposed = event->rect();
    for (int row = first; row <= last; ++row) {
        option.rect = cellRect(row);
        if (!exposed.intersects(option.rect))
            continue;
        const QModelIndex index = model()->index(row, 0, rootIndex());
        option.state &= ~(QStyle::State_Selected | QStyle::State_HasFocus | QStyle::State_MouseOver);
        if (selectionModel()->isSelected(index))
            option.state |= QStyle::State_Selected;
        if (focus && index == current)
            option.state |= QStyle::State_HasFocus;
        itemDelegateForIndex(index)->paint(&painter, option, index);
    }
}

void GalleryGrid::dataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight,
                              const QList<int>& roles)
{
    // Equal cells: a change never moves anything, so only a change in view needs a repaint.
    const auto [first, last] = visibleRows();
    if (topLeft.isValid() && bottomRight.isValid() && (bottomRight.row() < first || topLeft.row() > last))
        return;
    QAbstractItemView::dataChanged(topLeft, bottomRight, roles);
}

void GalleryGrid::rowsInserted(const QModelIndex& parent, int start, int end)
{
    QAbstractItemView::rowsInserted(parent, start, end);
    scheduleDelayedItemsLayout();
}

void GalleryGrid::rowsAboutToBeRemoved(const QModelIndex& parent, int start, int end)
{
    QAbstractItemView::rowsAboutToBeRemoved(parent, start, end);
    scheduleDelayedItemsLayout();
}

void GalleryGrid::scrollContentsBy(int dx, int dy)
{
    if (m_scrollLines)
        viewport()->update(); // dy counts lines here, not pixels
    else
        QAbstractItemView::scrollContentsBy(dx, dy);
}

void GalleryGrid::currentChanged(const QModelIndex& current, const QModelIndex& previous)
{
    QAbstractItemView::currentChanged(current, previous);
    // A screen reader follows the current cell: it is the child of the list among the cells in view.
    const auto [first, last] = visibleRows();
    if (QAccessible::isActive() && current.isValid() && current.row() >= first && current.row() <= last &&
        hasFocus()) {
        QAccessibleEvent event(this, QAccessible::Focus);
        event.setChild(current.row() - first);
        QAccessible::updateAccessibility(&event);
    }
}

} // namespace idx::gui
