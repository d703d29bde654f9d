// PaintTool: mouse strokes to brush edits of the current record (Editing::paint), merged per stroke.
#include "painttool.h"

#include "editcommands.h"
#include "imageview.h"
#include "viewstate.h"

#include <QMouseEvent>

namespace idx::gui {

PaintTool::PaintTool(Document* doc, ViewState* state, ImageView* view)
    : QObject(view), m_doc(doc), m_state(state), m_view(view)
{
    view->setTool(this);
}

void PaintTool::setActive(bool on)
{
    m_active = on;
    m_painting = false;
    m_view->setCursor(on ? Qt::CrossCursor : Qt::OpenHandCursor);
}

void PaintTool::setBrush(double value, int size)
{
    m_value = value;
    m_size = size;
}

QString PaintTool::paintAt(QPoint pixel, quint64 stroke)
{
    if (pixel.x() < 0 || pixel.y() < 0)
        return {};
    if (m_state->rgbChannels())
        return tr("Painting is not available for colour channels; switch RGB off to paint one channel.");
    const auto elements = Editing::brushElements(*m_doc, *m_state, m_view->image().size(), pixel, m_size);
    if (!elements)
        return tr("Painting needs records that are images.");
    return Editing::paint(m_doc, m_state->currentRecord(), *elements, m_value, stroke);
}

void PaintTool::paintUnder(QMouseEvent* event)
{
    if (const QString error = paintAt(m_view->pixelAt(event->position()), m_stroke); !error.isEmpty())
        emit message(error);
}

bool PaintTool::mousePressed(QMouseEvent* event)
{
    if (!m_active)
        return false;
    if (event->button() == Qt::LeftButton) {
        m_painting = true;
        ++m_stroke;
    }
    if (!m_painting)
        return false;
    paintUnder(event);
    return true;
}

bool PaintTool::mouseMoved(QMouseEvent* event)
{
    if (!m_active || !m_painting)
        return false; // hover: the view still reports the value under the cursor
    paintUnder(event);
    return true;
}

bool PaintTool::mouseReleased(QMouseEvent*)
{
    if (!m_active)
        return false;
    m_painting = false;
    return true;
}

} // namespace idx::gui
