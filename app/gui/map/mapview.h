// MapView: the dataset map as a widget. Points coloured by class (or by file), drawn into a cached frame
// (mapimage.h) that is made again only when the points, colours, marks, selection, zoom or size change; the
// mouse hovers a point (its record's thumbnail and label), clicks one (the record is shown), drags a
// rectangle or a lasso around a set (the selection), or pans; the wheel zooms about the cursor. The view
// follows the layout as it settles until the person zooms or pans.
#pragma once

#include "mapimage.h"

#include <QImage>
#include <QPolygonF>
#include <QWidget>

#include <memory>
#include <vector>

namespace idx::gui {

class MapController;
class ViewState;

class MapView : public QWidget {
    Q_OBJECT
public:
    enum class Tool { Rectangle, Lasso, Pan };
    enum class ColourBy { Class, File };

    MapView(MapController* map, ViewState* state, QWidget* parent = nullptr);

    void setTool(Tool tool) { m_tool = tool; }
    [[nodiscard]] Tool tool() const { return m_tool; }
    void setColourBy(ColourBy by);
    [[nodiscard]] ColourBy colourBy() const { return m_colourBy; }
    /// Points drawn with a ring (the insights' findings); indexes into the points.
    void setMarked(const std::vector<qint64>& points);

    /// The points drawn (0 without a map).
    [[nodiscard]] qint64 pointCount() const { return m_points ? m_points->rows : 0; }
    /// The selected points (indexes into the points, ascending).
    [[nodiscard]] const std::vector<qint64>& selection() const { return m_selection; }
    void setSelection(std::vector<qint64> points);
    /// Selects the points inside `polygon` (widget coordinates); with `add`, to the selection there is.
    void selectInside(const QPolygonF& polygon, bool add);
    /// The point under `pos` (within a few pixels), or -1.
    [[nodiscard]] qint64 pointAt(QPointF pos) const;
    /// Where point i is drawn (widget coordinates).
    [[nodiscard]] QPointF pixelOf(qint64 i) const;
    /// Shows every point.
    void fit();
    /// Zooms by `factor` (below 1: closer) keeping the map point under `anchor` (widget coordinates) in
    /// place.
    void zoomBy(double factor, QPointF anchor);
    /// The flags each point is drawn with (MapFlag bits; empty when none is selected or marked).
    [[nodiscard]] const std::vector<quint8>& flags() const { return m_flags; }
    /// The colour groups in use and their names (the legend), by group index.
    [[nodiscard]] const std::vector<quint16>& groups() const { return m_groups; }
    [[nodiscard]] const QStringList& legend() const { return m_legend; }
    /// The frame as drawn now, made again (the benchmark times this).
    [[nodiscard]] QImage renderFrame();

signals:
    void selectionChanged();
    /// A point of this document was clicked (record), or of the other split (record of that file).
    void pointClicked(int file, qint64 record);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void onPoints();
    void updateGroups();
    void rebuildFlags();
    void buildIndex() const;
    void invalidate();
    void drawHover(QPainter& p, qint64 point);
    void drawLegend(QPainter& p);
    [[nodiscard]] idx::MapTransform transform() const;
    [[nodiscard]] QImage thumbnailOf(qint64 point) const;
    [[nodiscard]] QString captionOf(qint64 point) const;

    MapController* m_map;
    ViewState* m_state;
    std::shared_ptr<const idx::MapPoints> m_points;
    std::vector<quint16> m_groups;
    std::vector<quint8> m_flags;
    std::vector<qint64> m_selection, m_marked;
    QStringList m_legend;
    QRectF m_world;
    bool m_followLayout = true; // fit each new layout until the person zooms or pans
    Tool m_tool = Tool::Rectangle;
    ColourBy m_colourBy = ColourBy::Class;
    QImage m_frame;
    bool m_frameValid = false;
    // The hover index: points sorted into a grid of cells over their bounds, built when first asked after the
    // points changed (a cache: mutable).
    mutable QRectF m_indexBounds;
    mutable int m_cells = 0;
    mutable bool m_indexValid = false;
    mutable std::vector<qint32> m_cellStart, m_cellPoints;
    qint64 m_hover = -1;
    // A drag: its start, its path (lasso) or corner (rectangle), or the world when panning began.
    bool m_dragging = false;
    bool m_panning = false;
    bool m_moved = false;
    QPointF m_pressPos;
    QPolygonF m_path;
    QRectF m_panWorld;
};

} // namespace idx::gui
