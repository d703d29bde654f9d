// The map widget's drawing: the cached frame, the current record, the rubber band, the legend and the hover
// card (the record's thumbnail and label).
#include "mapview.h"

#include "document.h"
#include "mapcontroller.h"
#include "recordimage.h"
#include "viewstate.h"

#include <QFileInfo>
#include <QPainter>

#include <algorithm>

namespace idx::gui {

namespace {
constexpr quint64 kMaxHoverValues = 1 << 16; // larger records get no thumbnail on hover
constexpr int kThumbnail = 84;
} // namespace

QImage MapView::renderFrame()
{
    idx::MapScene scene;
    scene.points = m_points.get();
    scene.group = m_groups;
    scene.flags = m_flags;
    m_frame = idx::renderMap(scene, m_world, size(), palette().color(QPalette::Base).rgb(), 1);
    m_frameValid = true;
    return m_frame;
}

void MapView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    if (!m_points) {
        p.fillRect(rect(), palette().color(QPalette::Base));
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, m_map->message());
        return;
    }
    if (!m_frameValid || m_frame.size() != size())
        (void)renderFrame();
    p.drawImage(0, 0, m_frame);
    p.setRenderHint(QPainter::Antialiasing);
    // The record shown in the gallery and the image view.
    const quint64 current = m_state->currentRecord();
    if (qint64(current) < std::min(m_map->ownRecords(), m_points->rows)) {
        p.setPen(QPen(palette().color(QPalette::Text), 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(pixelOf(qint64(current)), 6, 6);
    }
    if (m_dragging && !m_panning && m_path.size() > 1) {
        QColor fill = palette().color(QPalette::Highlight);
        fill.setAlpha(40);
        p.setBrush(fill);
        p.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DashLine));
        p.drawPolygon(m_path);
    }
    drawLegend(p);
    if (m_hover >= 0 && m_hover < m_points->rows)
        drawHover(p, m_hover);
}

void MapView::drawLegend(QPainter& p)
{
    if (m_legend.isEmpty() || m_legend.size() > 64)
        return;
    const QFontMetrics m(font());
    int width = 0;
    for (const QString& s : m_legend)
        width = std::max(width, m.horizontalAdvance(s));
    const int line = m.height();
    const QRect box(6, 6, width + 28, line * int(m_legend.size()) + 8);
    QColor back = palette().color(QPalette::Base);
    back.setAlpha(210);
    p.setPen(Qt::NoPen);
    p.setBrush(back);
    p.drawRoundedRect(box, 4, 4);
    for (int g = 0; g < m_legend.size(); ++g) {
        const int y = box.top() + 4 + g * line;
        p.setPen(Qt::NoPen);
        p.setBrush(QColor::fromRgb(idx::groupColour(g)));
        p.drawEllipse(QPointF(box.left() + 11, y + line / 2.0), 4, 4);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QPoint(box.left() + 22, y + m.ascent()), m_legend.at(g));
    }
}

QImage MapView::thumbnailOf(qint64 point) const
{
    const qint64 own = m_map->ownRecords();
    QImage image;
    if (point < own) {
        const idx::TensorPieces pieces = m_map->document()->pieces();
        if (pieces.header().recordElements() <= kMaxHoverValues && quint64(point) < pieces.availableRecords())
            image = idx::renderRecordImage(pieces, quint64(point), {});
    } else {
        const idx::TensorView& v = m_map->otherView();
        if (v.header().recordElements() <= kMaxHoverValues && quint64(point - own) < v.availableRecords())
            image = idx::renderRecordImage(v, quint64(point - own), {});
    }
    return image.isNull() ? image : image.scaled(kThumbnail, kThumbnail, Qt::KeepAspectRatio);
}

QString MapView::captionOf(qint64 point) const
{
    Document* doc = m_map->document();
    const qint64 own = m_map->ownRecords();
    const bool mine = point < own;
    const qint64 record = mine ? point : point - own;
    const std::vector<qint64>* labels = &doc->labelClasses();
    if (!mine)
        labels = &m_map->otherLabels();
    QString text = mine ? tr("Record %1").arg(record)
                        : tr("%1, record %2").arg(QFileInfo(m_map->otherPath()).fileName()).arg(record);
    if (labels && size_t(record) < labels->size())
        text +=
            QStringLiteral("\n") + tr("Label %1").arg(doc->classNames().caption((*labels)[size_t(record)]));
    return text;
}

void MapView::drawHover(QPainter& p, qint64 point)
{
    const QPointF at = pixelOf(point);
    p.setPen(QPen(palette().color(QPalette::Text), 1.5));
    p.setBrush(Qt::NoBrush);
    p.drawEllipse(at, 4, 4);
    const QImage thumb = thumbnailOf(point);
    const QString caption = captionOf(point);
    const QFontMetrics m(font());
    const QRect textBox = m.boundingRect(QRect(0, 0, 240, 200), Qt::TextWordWrap, caption);
    const int w = std::max(thumb.width(), textBox.width()) + 12;
    const int h = thumb.height() + textBox.height() + (thumb.isNull() ? 8 : 14);
    QRect card(int(at.x()) + 12, int(at.y()) + 12, w, h);
    if (card.right() > width())
        card.moveRight(int(at.x()) - 12);
    if (card.bottom() > height())
        card.moveBottom(int(at.y()) - 12);
    // Inside the view, whatever its size.
    card.moveLeft(std::clamp(card.left(), 2, std::max(2, width() - card.width() - 2)));
    card.moveTop(std::clamp(card.top(), 2, std::max(2, height() - card.height() - 2)));
    p.setPen(palette().color(QPalette::Mid));
    p.setBrush(palette().color(QPalette::ToolTipBase));
    p.drawRoundedRect(card, 4, 4);
    int y = card.top() + 6;
    if (!thumb.isNull()) {
        p.drawImage(QPoint(card.left() + (w - thumb.width()) / 2, y), thumb);
        y += thumb.height() + 6;
    }
    p.setPen(palette().color(QPalette::ToolTipText));
    p.drawText(QRect(card.left() + 6, y, w - 12, textBox.height()), Qt::TextWordWrap, caption);
}

} // namespace idx::gui
