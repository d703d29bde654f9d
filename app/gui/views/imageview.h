// ImageView: shows one rendered slice with nearest-neighbour zoom, a pixel grid at high zoom, fit / 1:1,
// wheel and key zoom and drag panning. Pure display: images come from a SliceRenderer; editing is its tool's
// (the mouse) and its label keys' (the digits).
#pragma once

#include <QImage>
#include <QPointF>
#include <QWidget>

namespace idx::gui {

class ImageTool;
class LabelKeys;

class ImageView : public QWidget {
    Q_OBJECT
public:
    explicit ImageView(QWidget* parent = nullptr);

    /// Replaces the image; keeps zoom and pan when the size is unchanged (browsing records of one tensor).
    void setImage(const QImage& image);
    void clearImage(const QString& message = {});
    [[nodiscard]] QImage image() const { return m_image; }
    [[nodiscard]] bool hasImage() const { return !m_image.isNull(); }

    /// Device pixels per image pixel (1.0 = 1:1 on the screen, whatever the devicePixelRatio).
    [[nodiscard]] double zoom() const { return m_zoom; }
    [[nodiscard]] bool isFit() const { return m_fit; }
    /// Image pixel under a widget position, or (-1, -1) outside the image.
    [[nodiscard]] QPoint pixelAt(const QPointF& widgetPos) const;
    /// Where image pixel (x, y)'s top-left corner is drawn, in widget coordinates.
    [[nodiscard]] QPointF widgetPosOf(const QPointF& imagePos) const;

    /// The tool offered the mouse events first (not owned; null: none).
    void setTool(ImageTool* tool) { m_tool = tool; }
    [[nodiscard]] ImageTool* tool() const { return m_tool; }
    /// Digits as labels of the current record (not owned; null: digits are not labels here).
    void setLabelKeys(LabelKeys* keys) { m_labelKeys = keys; }

    QSize sizeHint() const override { return {480, 480}; }
    QSize minimumSizeHint() const override { return {64, 64}; }

public slots:
    void zoomIn();
    void zoomOut();
    void zoomFit();
    void zoomActual();
    void setZoom(double zoom);

signals:
    /// The image pixel under the mouse; (-1, -1) when the mouse left it.
    void hoveredPixel(QPoint pixel);
    void zoomChanged(double zoom);
    /// A paint with an image finished (used to know the first image is on screen).
    void imagePainted();

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    [[nodiscard]] double fitZoom() const;
    [[nodiscard]] double scale() const; // logical (widget) pixels per image pixel
    void zoomAround(double zoom, const QPointF& anchor);
    void clampCenter();

    QImage m_image;
    QString m_message;
    double m_zoom = 1.0;
    bool m_fit = true;
    QPointF m_center; // image coordinates shown at the widget's centre
    QPoint m_dragStart;
    QPointF m_dragCenter;
    bool m_dragging = false;
    QPoint m_lastHover{-1, -1};
    ImageTool* m_tool = nullptr;
    LabelKeys* m_labelKeys = nullptr;
};

} // namespace idx::gui
