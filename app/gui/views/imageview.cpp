// ImageView painting and interaction. Zoom is in device pixels per image pixel so that 1:1 is exact on HiDPI
// screens and the nearest-neighbour blocks stay crisp; the grid appears from 8 device pixels per image pixel.
#include "imageview.h"

#include "accessiblenotify.h"

#include "imagetool.h"
#include "labelkeys.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace idx::gui {

namespace {
constexpr double kMinZoom = 1.0 / 64;
constexpr double kMaxZoom = 256;
constexpr double kGridZoom = 8;
constexpr double kStep = 1.25;
} // namespace

ImageView::ImageView(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setCursor(Qt::OpenHandCursor);
    setAccessibleName(tr("Image"));
}

void ImageView::setImage(const QImage& image)
{
    const bool sameSize = image.size() == m_image.size();
    m_image = image;
    announceValueChange(this);
    m_message.clear();
    if (!sameSize) {
        m_center = QPointF(m_image.width() / 2.0, m_image.height() / 2.0);
        if (m_fit)
            m_zoom = fitZoom();
        emit zoomChanged(m_zoom);
    }
    update();
}

void ImageView::clearImage(const QString& message)
{
    m_image = QImage();
    m_message = message;
    update();
}

double ImageView::fitZoom() const
{
    if (m_image.isNull())
        return 1.0;
    const double dpr = devicePixelRatioF();
    const double margin = 8;
    const double w = std::max(1.0, (width() - 2 * margin) * dpr);
    const double h = std::max(1.0, (height() - 2 * margin) * dpr);
    return std::clamp(std::min(w / m_image.width(), h / m_image.height()), kMinZoom, kMaxZoom);
}

double ImageView::scale() const
{
    return m_zoom / devicePixelRatioF();
}

QPointF ImageView::widgetPosOf(const QPointF& imagePos) const
{
    const QPointF mid(width() / 2.0, height() / 2.0);
    return mid + (imagePos - m_center) * scale();
}

QPoint ImageView::pixelAt(const QPointF& widgetPos) const
{
    if (m_image.isNull())
        return {-1, -1};
    const QPointF mid(width() / 2.0, height() / 2.0);
    const QPointF p = m_center + (widgetPos - mid) / scale();
    const int x = int(std::floor(p.x()));
    const int y = int(std::floor(p.y()));
    if (x < 0 || y < 0 || x >= m_image.width() || y >= m_image.height())
        return {-1, -1};
    return {x, y};
}

void ImageView::setZoom(double zoom)
{
    zoomAround(zoom, QPointF(width() / 2.0, height() / 2.0));
}

void ImageView::zoomAround(double zoom, const QPointF& anchor)
{
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    // Keep the image point under `anchor` where it is.
    const QPointF mid(width() / 2.0, height() / 2.0);
    const QPointF imagePoint = m_center + (anchor - mid) / scale();
    m_zoom = zoom;
    m_fit = false;
    m_center = imagePoint - (anchor - mid) / scale();
    clampCenter();
    emit zoomChanged(m_zoom);
    update();
}

void ImageView::clampCenter()
{
    m_center.setX(std::clamp(m_center.x(), 0.0, double(m_image.width())));
    m_center.setY(std::clamp(m_center.y(), 0.0, double(m_image.height())));
}

void ImageView::zoomIn()
{
    // Snap to whole multiples above 1 so pixels stay equal-sized.
    double z = m_zoom * kStep;
    if (z > 1)
        z = std::max(std::floor(m_zoom) + 1, std::round(z));
    setZoom(z);
}

void ImageView::zoomOut()
{
    double z = m_zoom / kStep;
    if (z > 1)
        z = std::min(std::ceil(m_zoom) - 1, std::round(z));
    setZoom(std::max(z, kMinZoom));
}

void ImageView::zoomFit()
{
    m_fit = true;
    m_zoom = fitZoom();
    m_center = QPointF(m_image.width() / 2.0, m_image.height() / 2.0);
    emit zoomChanged(m_zoom);
    update();
}

void ImageView::zoomActual()
{
    setZoom(1.0);
}

void ImageView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QPalette& pal = palette();
    p.fillRect(rect(),
               pal.color(QPalette::Base).darker(pal.color(QPalette::Base).lightness() > 128 ? 108 : 80));
    if (m_image.isNull()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap, m_message);
        return;
    }
    const QRectF target(widgetPosOf(QPointF(0, 0)), widgetPosOf(QPointF(m_image.width(), m_image.height())));
    // Nearest neighbour: no SmoothPixmapTransform; a thin frame separates the image from the background.
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.setPen(QPen(pal.color(QPalette::Mid), 0));
    p.drawRect(target.adjusted(-1, -1, 0, 0));
    p.drawImage(target, m_image);

    if (m_zoom >= kGridZoom) {
        const QColor grid = pal.color(QPalette::Base).lightness() > 128 ? QColor(128, 128, 128, 80)
                                                                        : QColor(150, 150, 150, 60);
        p.setPen(QPen(grid, 0));
        const QRectF visible = QRectF(rect()).intersected(target);
        const QPoint a = pixelAt(visible.topLeft());
        const QPoint b = pixelAt(visible.bottomRight() - QPointF(0.5, 0.5));
        const int x0 = std::max(0, a.x()), y0 = std::max(0, a.y());
        const int x1 = b.x() < 0 ? m_image.width() : b.x() + 1;
        const int y1 = b.y() < 0 ? m_image.height() : b.y() + 1;
        for (int x = x0; x <= x1; ++x) {
            const double wx = widgetPosOf(QPointF(x, 0)).x();
            p.drawLine(QPointF(wx, visible.top()), QPointF(wx, visible.bottom()));
        }
        for (int y = y0; y <= y1; ++y) {
            const double wy = widgetPosOf(QPointF(0, y)).y();
            p.drawLine(QPointF(visible.left(), wy), QPointF(visible.right(), wy));
        }
    }
    p.end();
    emit imagePainted();
}

void ImageView::resizeEvent(QResizeEvent*)
{
    if (m_fit && !m_image.isNull()) {
        m_zoom = fitZoom();
        emit zoomChanged(m_zoom);
    }
}

void ImageView::wheelEvent(QWheelEvent* event)
{
    if (m_image.isNull())
        return;
    const int delta = event->angleDelta().y();
    if (delta == 0)
        return;
    const double factor = std::pow(kStep, delta / 120.0);
    zoomAround(m_zoom * factor, event->position());
    event->accept();
}

bool ImageView::event(QEvent* event)
{
    // A digit is a label here, not the menu's "0: actual pixels".
    if (event->type() == QEvent::ShortcutOverride && m_labelKeys &&
        m_labelKeys->overridesShortcut(static_cast<QKeyEvent*>(event))) {
        event->accept();
        return true;
    }
    return QWidget::event(event);
}

void ImageView::mousePressEvent(QMouseEvent* event)
{
    if (m_tool && m_tool->mousePressed(event))
        return;
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_dragging = true;
    m_dragStart = event->position().toPoint();
    m_dragCenter = m_center;
    setCursor(Qt::ClosedHandCursor);
}

void ImageView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_tool && m_tool->mouseMoved(event))
        return;
    if (m_dragging) {
        m_center = m_dragCenter - QPointF(event->position().toPoint() - m_dragStart) / scale();
        clampCenter();
        m_fit = false;
        update();
    }
    const QPoint px = pixelAt(event->position());
    if (px != m_lastHover) {
        m_lastHover = px;
        emit hoveredPixel(px);
    }
}

void ImageView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_tool && m_tool->mouseReleased(event))
        return;
    if (event->button() == Qt::LeftButton && m_dragging) {
        m_dragging = false;
        setCursor(Qt::OpenHandCursor);
    }
}

void ImageView::mouseDoubleClickEvent(QMouseEvent*)
{
    if (m_fit)
        zoomActual();
    else
        zoomFit();
}

void ImageView::leaveEvent(QEvent*)
{
    m_lastHover = {-1, -1};
    emit hoveredPixel(m_lastHover);
}

void ImageView::keyPressEvent(QKeyEvent* event)
{
    if (m_labelKeys && m_labelKeys->keyPressed(event, LabelKeys::Target::Current))
        return;
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_0:
        ctrl ? zoomFit() : zoomActual();
        break;
    default:
        return QWidget::keyPressEvent(event);
    }
    event->accept();
}

} // namespace idx::gui
