// PaintTool: painting pixels of the current record in an image view. While active (Edit ▸ Paint Mode), a
// left-button stroke paints the brush (a value and a square size in image pixels) under the mouse; one
// stroke is one undo step. Attached to, and owned by, the image view it paints in.
#pragma once

#include "imagetool.h"

#include <QObject>
#include <QPoint>

namespace idx::gui {

class Document;
class ImageView;
class ViewState;

class PaintTool : public QObject, public ImageTool {
    Q_OBJECT
public:
    /// Becomes `view`'s tool (and its child).
    PaintTool(Document* doc, ViewState* state, ImageView* view);

    /// Paint mode: the mouse paints instead of panning (a cross cursor says so).
    void setActive(bool on);
    [[nodiscard]] bool isActive() const { return m_active; }
    void setBrush(double value, int size);
    [[nodiscard]] double brushValue() const { return m_value; }
    [[nodiscard]] int brushSize() const { return m_size; }

    /// Paints the brush at image pixel `pixel` of the current record; calls with the same `stroke` merge into
    /// one undo step. Empty on success (or outside the image), else why nothing was painted.
    QString paintAt(QPoint pixel, quint64 stroke);

    bool mousePressed(QMouseEvent* event) override;
    bool mouseMoved(QMouseEvent* event) override;
    bool mouseReleased(QMouseEvent* event) override;

signals:
    /// Why a stroke painted nothing (for the status bar).
    void message(const QString& text);

private:
    void paintUnder(QMouseEvent* event);

    Document* m_doc;
    ViewState* m_state;
    ImageView* m_view;
    double m_value = 255;
    int m_size = 1;
    quint64 m_stroke = 0;
    bool m_active = false;
    bool m_painting = false;
};

} // namespace idx::gui
