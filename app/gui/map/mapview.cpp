// The map widget: its points and colours, the hover index, the selection, and the mouse (the drawing is in
// mapviewpaint.cpp).
#include "mapview.h"

#include "accessiblenotify.h"

#include "document.h"
#include "mapcontroller.h"
#include "viewstate.h"

#include <QFileInfo>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace idx::gui {

namespace {
constexpr double kHoverPixels = 6; // how near the cursor a point must be to be hovered or clicked
constexpr int kGridCells = 128;    // cells a side of the hover index
} // namespace

MapView::MapView(MapController* map, ViewState* state, QWidget* parent)
    : QWidget(parent), m_map(map), m_state(state)
{
    setObjectName(QStringLiteral("mapView"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(160, 120);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(m_map, &MapController::pointsChanged, this, &MapView::onPoints);
    connect(m_map->document(), &Document::labelsChanged, this, &MapView::updateGroups);
    connect(m_map->document(), &Document::edited, this, [this](Document::Part part) {
        if (part == Document::Part::Labels)
            updateGroups();
    });
    connect(m_state, &ViewState::currentRecordChanged, this, qOverload<>(&QWidget::update));
    onPoints();
}

void MapView::onPoints()
{
    const auto points = m_map->points();
    const bool sameRows = points && m_points && points->rows == m_points->rows;
    m_points = points;
    m_hover = -1;
    if (!sameRows) {
        m_selection.clear();
        m_marked.clear();
        m_followLayout = true;
        emit selectionChanged();
    }
    if (m_points && m_followLayout)
        m_world = idx::mapBounds(*m_points);
    m_indexValid = false; // built again when the mouse next asks
    if (sameRows) {
        invalidate(); // a step of the layout: the same records, labels and marks
    } else {
        updateGroups();
        announceValueChange(this); // another count of points (a step of the layout is not news)
    }
}

void MapView::updateGroups()
{
    m_groups.clear();
    m_legend.clear();
    if (m_points) {
        Document* doc = m_map->document();
        const qint64 own = std::min(m_map->ownRecords(), m_points->rows);
        if (m_colourBy == ColourBy::File) {
            m_groups.assign(size_t(m_points->rows), 1);
            std::fill(m_groups.begin(), m_groups.begin() + own, quint16(0));
            m_legend << doc->displayName();
            if (m_points->rows > own)
                m_legend << QFileInfo(m_map->otherPath()).fileName();
        } else {
            // Labels of both files where they are known; the points of records without one are grey.
            const std::vector<qint64>& mine = doc->labelClasses();
            const std::vector<qint64>& theirs = m_map->otherLabels();
            const auto labelOf = [&](qint64 i, qint64* label) {
                if (i < own) {
                    if (size_t(i) >= mine.size())
                        return false;
                    *label = mine[size_t(i)];
                    return true;
                }
                if (size_t(i - own) >= theirs.size())
                    return false;
                *label = theirs[size_t(i - own)];
                return true;
            };
            idx::LabelGroups groups = idx::groupLabels(m_points->rows, labelOf);
            for (qint64 value : groups.values)
                m_legend << doc->classNames().text(value);
            m_groups = std::move(groups.group);
        }
    }
    rebuildFlags();
}

void MapView::setColourBy(ColourBy by)
{
    if (by == m_colourBy)
        return;
    m_colourBy = by;
    updateGroups();
}

void MapView::setMarked(const std::vector<qint64>& points)
{
    m_marked = points;
    rebuildFlags();
}

void MapView::setSelection(std::vector<qint64> points)
{
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    if (points == m_selection)
        return;
    m_selection = std::move(points);
    rebuildFlags();
    emit selectionChanged();
}

void MapView::rebuildFlags()
{
    m_flags.clear();
    if (m_points && (!m_selection.empty() || !m_marked.empty())) {
        m_flags.assign(size_t(m_points->rows), 0);
        for (qint64 i : m_marked)
            if (i >= 0 && i < m_points->rows)
                m_flags[size_t(i)] |= idx::MapMarked;
        for (qint64 i : m_selection)
            if (i >= 0 && i < m_points->rows)
                m_flags[size_t(i)] |= idx::MapSelected;
    }
    invalidate();
}

void MapView::invalidate()
{
    m_frameValid = false;
    update();
}

idx::MapTransform MapView::transform() const
{
    return idx::MapTransform(m_world, QSizeF(size()));
}

QPointF MapView::pixelOf(qint64 i) const
{
    return transform().toPixel(m_points->x(i), m_points->y(i));
}

void MapView::fit()
{
    m_followLayout = true;
    if (m_points)
        m_world = idx::mapBounds(*m_points);
    invalidate();
}

void MapView::buildIndex() const
{
    m_indexValid = true;
    m_cellStart.clear();
    m_cellPoints.clear();
    m_cells = 0;
    if (!m_points || m_points->rows == 0)
        return;
    m_indexBounds = idx::mapBounds(*m_points);
    m_cells = kGridCells;
    const auto cellOf = [this](qint64 i) {
        const int cx = std::clamp(
            int((m_points->x(i) - m_indexBounds.left()) / m_indexBounds.width() * m_cells), 0, m_cells - 1);
        const int cy = std::clamp(
            int((m_points->y(i) - m_indexBounds.top()) / m_indexBounds.height() * m_cells), 0, m_cells - 1);
        return cy * m_cells + cx;
    };
    m_cellStart.assign(size_t(m_cells * m_cells) + 1, 0);
    for (qint64 i = 0; i < m_points->rows; ++i)
        ++m_cellStart[size_t(cellOf(i)) + 1];
    for (size_t c = 1; c < m_cellStart.size(); ++c)
        m_cellStart[c] += m_cellStart[c - 1];
    m_cellPoints.resize(size_t(m_points->rows));
    std::vector<qint32> at(m_cellStart.begin(), m_cellStart.end() - 1);
    for (qint64 i = 0; i < m_points->rows; ++i)
        m_cellPoints[size_t(at[size_t(cellOf(i))]++)] = qint32(i);
}

qint64 MapView::pointAt(QPointF pos) const
{
    if (!m_indexValid)
        buildIndex();
    if (!m_points || m_cells == 0)
        return -1;
    const idx::MapTransform t = transform();
    const QPointF w = t.toWorld(pos);
    const double radius = kHoverPixels / t.scale();
    const auto cell = [this](double v, double lo, double extent) {
        return std::clamp(int((v - lo) / extent * m_cells), 0, m_cells - 1);
    };
    const int x0 = cell(w.x() - radius, m_indexBounds.left(), m_indexBounds.width());
    const int x1 = cell(w.x() + radius, m_indexBounds.left(), m_indexBounds.width());
    const int y0 = cell(w.y() - radius, m_indexBounds.top(), m_indexBounds.height());
    const int y1 = cell(w.y() + radius, m_indexBounds.top(), m_indexBounds.height());
    qint64 best = -1;
    double bestDistance = radius * radius;
    for (int cy = y0; cy <= y1; ++cy)
        for (int cx = x0; cx <= x1; ++cx) {
            const size_t c = size_t(cy * m_cells + cx);
            for (qint32 k = m_cellStart[c]; k < m_cellStart[c + 1]; ++k) {
                const qint64 i = m_cellPoints[size_t(k)];
                const double dx = m_points->x(i) - w.x(), dy = m_points->y(i) - w.y();
                const double d = dx * dx + dy * dy;
                if (d <= bestDistance) {
                    bestDistance = d;
                    best = i;
                }
            }
        }
    return best;
}

void MapView::selectInside(const QPolygonF& polygon, bool add)
{
    if (!m_points)
        return;
    // The polygon filled once into a mask of the view, then one pixel looked up per point: a long lasso costs
    // no more than a rectangle.
    QImage mask(size(), QImage::Format_Grayscale8);
    mask.fill(0);
    {
        QPainter painter(&mask);
        painter.setPen(Qt::NoPen);
        painter.setBrush(Qt::white);
        painter.drawPolygon(polygon, Qt::OddEvenFill);
    }
    std::vector<qint64> chosen = add ? m_selection : std::vector<qint64>();
    const idx::MapTransform t = transform();
    for (qint64 i = 0; i < m_points->rows; ++i) {
        const QPointF p = t.toPixel(m_points->x(i), m_points->y(i));
        if (p.x() >= 0 && p.y() >= 0 && p.x() < mask.width() && p.y() < mask.height() &&
            mask.constScanLine(int(p.y()))[int(p.x())] != 0)
            chosen.push_back(i);
    }
    setSelection(std::move(chosen));
}

void MapView::resizeEvent(QResizeEvent*)
{
    invalidate();
}

void MapView::mousePressEvent(QMouseEvent* event)
{
    if (!m_points)
        return;
    m_dragging = true;
    m_pressPos = event->position();
    m_panning = m_tool == Tool::Pan || event->button() == Qt::MiddleButton;
    m_panWorld = m_world;
    m_path = QPolygonF{m_pressPos};
    m_moved = false;
}

void MapView::mouseMoveEvent(QMouseEvent* event)
{
    const QPointF pos = event->position();
    if (m_dragging && (pos - m_pressPos).manhattanLength() >= 4)
        m_moved = true; // a drag, not a click (a lasso may end where it began)
    if (m_dragging && m_panning) {
        const double scale = transform().scale();
        const QPointF moved = (pos - m_pressPos) / scale;
        m_world = m_panWorld.translated(-moved.x(), moved.y());
        m_followLayout = false;
        invalidate();
        return;
    }
    if (m_dragging) {
        if (m_tool == Tool::Lasso)
            m_path << pos;
        else
            m_path = QPolygonF(QRectF(m_pressPos, pos).normalized());
        update();
        return;
    }
    const qint64 hover = pointAt(pos);
    if (hover != m_hover) {
        m_hover = hover;
        update();
    }
}

void MapView::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_dragging)
        return;
    m_dragging = false;
    const bool click = !m_moved && (event->position() - m_pressPos).manhattanLength() < 4;
    if (click) {
        const qint64 i = pointAt(event->position());
        if (i >= 0) {
            const qint64 own = m_map->ownRecords();
            if (event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier)) {
                std::vector<qint64> s = m_selection;
                s.push_back(i);
                setSelection(std::move(s));
            }
            if (i < own)
                m_state->setCurrentRecord(quint64(i));
            emit pointClicked(i < own ? 0 : 1, i < own ? i : i - own);
        } else if (!m_panning && !(event->modifiers() & Qt::ShiftModifier)) {
            setSelection({});
        }
    } else if (!m_panning && m_path.size() > 2) {
        selectInside(m_path, event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier));
    }
    m_panning = false;
    m_path.clear();
    update();
}

void MapView::wheelEvent(QWheelEvent* event)
{
    if (m_points)
        zoomBy(std::pow(0.85, event->angleDelta().y() / 120.0), event->position());
}

void MapView::zoomBy(double factor, QPointF anchor)
{
    // The point under the anchor stays where it is.
    // Between a millionth and a thousand times the map's size: deeper, float coordinates stop meaning much.
    if (m_points) {
        const QRectF bounds = idx::mapBounds(*m_points);
        const double now = m_world.width() / bounds.width();
        factor = std::clamp(factor, 1e-6 / now, 1e3 / now);
    }
    const QPointF at = transform().toWorld(anchor);
    const QRectF w = m_world;
    m_world = QRectF(at.x() - (at.x() - w.left()) * factor, at.y() - (at.y() - w.top()) * factor,
                     w.width() * factor, w.height() * factor);
    m_followLayout = false;
    invalidate();
}

void MapView::leaveEvent(QEvent*)
{
    if (m_hover >= 0) {
        m_hover = -1;
        update();
    }
}

void MapView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && !m_selection.empty()) {
        setSelection({});
        return;
    }
    QWidget::keyPressEvent(event);
}

} // namespace idx::gui
