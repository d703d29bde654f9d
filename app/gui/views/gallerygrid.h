// GalleryGrid: an item view that lays a list model out as a grid of equal cells, left to right and top to
// bottom, wrapping at the viewport's width.
//
// Written here because no Qt view does this in constant memory: QListView (list or icon mode) keeps a
// position per row and re-lays out every row on each resize, which for a 10-million-record file is hundreds
// of megabytes and seconds of work on the GUI thread. With equal cells every position is arithmetic, so this
// view keeps nothing per row: painting, hit testing, scrolling and keyboard moves touch only the visible
// cells, whatever the row count.
#pragma once

#include <QAbstractItemView>

namespace idx::gui {

class LabelKeys;

class GalleryGrid : public QAbstractItemView {
    Q_OBJECT
public:
    explicit GalleryGrid(QWidget* parent = nullptr);

    /// The size of every cell (the delegate paints inside it).
    void setCellSize(QSize size);
    [[nodiscard]] QSize cellSize() const { return m_cell; }
    /// Cells per line at the current viewport width (at least 1).
    [[nodiscard]] int columns() const;
    /// The width of a column: the cell's, plus a share of the width the columns leave over.
    [[nodiscard]] int columnWidth() const;
    /// The first and last rows with a cell at least partly inside the viewport ({0, -1} when none).
    [[nodiscard]] std::pair<int, int> visibleRows() const;

    [[nodiscard]] QRect visualRect(const QModelIndex& index) const override;
    void scrollTo(const QModelIndex& index, ScrollHint hint = EnsureVisible) override;
    [[nodiscard]] QModelIndex indexAt(const QPoint& point) const override;
    /// Digits as labels of the selected records (not owned; null: digits search the items, as Qt's views do).
    void setLabelKeys(LabelKeys* keys) { m_labelKeys = keys; }

protected:
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    QModelIndex moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers) override;
    int horizontalOffset() const override;
    int verticalOffset() const override;
    bool isIndexHidden(const QModelIndex& index) const override;
    void setSelection(const QRect& rect, QItemSelectionModel::SelectionFlags command) override;
    QRegion visualRegionForSelection(const QItemSelection& selection) const override;
    void updateGeometries() override;
    void paintEvent(QPaintEvent* event) override;
    void dataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight,
                     const QList<int>& roles = QList<int>()) override;
    void rowsInserted(const QModelIndex& parent, int start, int end) override;
    void rowsAboutToBeRemoved(const QModelIndex& parent, int start, int end) override;
    void scrollContentsBy(int dx, int dy) override;
    void currentChanged(const QModelIndex& current, const QModelIndex& previous) override;

private:
    [[nodiscard]] int rowCount() const;
    [[nodiscard]] qint64 lineCount() const;
    /// Pixels from the top of the content to the top of the viewport (64-bit: see m_linesPerStep).
    [[nodiscard]] qint64 contentTop() const;
    /// The cell of `row` in viewport coordinates.
    [[nodiscard]] QRect cellRect(int row) const;
    /// The row whose cell contains the viewport point, clamped into the grid (-1 for an empty model).
    [[nodiscard]] int rowNear(QPoint viewportPoint) const;

    QSize m_cell{64, 80};
    // What the scroll position was computed for: when the width or the cell size changes, the row in view
    // keeps its place on screen.
    int m_layoutColumns = 0;
    QSize m_layoutCell;
    // The scroll bar counts pixels while the content fits an int comfortably; past that (a billion-row
    // model in one column) it counts whole lines, so no offset ever overflows.
    bool m_scrollLines = false;
    LabelKeys* m_labelKeys = nullptr;
};

} // namespace idx::gui
