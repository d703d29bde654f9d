// Drawing the two records and their difference.
#include "comparepictures.h"

#include <QPainter>

namespace idx::gui {

ComparePictures::ComparePictures(QWidget* parent) : QWidget(parent)
{
    setMinimumSize(160, 160);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void ComparePictures::setPictures(const QImage& a, const QImage& b, const QImage& difference,
                                  const QStringList& captions)
{
    m_images = {a, b, difference};
    m_captions = captions;
    update();
}

QSize ComparePictures::sizeHint() const
{
    return {320, 320};
}

void ComparePictures::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const int line = fontMetrics().height();
    const int half = width() / 2;
    const int rowHeight = height() / 2;
    // This file and the other on top, the difference centred below.
    const QRect cells[3] = {QRect(0, 0, half, rowHeight), QRect(half, 0, width() - half, rowHeight),
                            QRect(half / 2, rowHeight, half, height() - rowHeight)};
    for (int i = 0; i < 3; ++i) {
        const QRect cell = cells[i].adjusted(4, 4, -4, -4);
        const QRect imageArea = cell.adjusted(0, 0, 0, -line - 2);
        const QImage& image = m_images[size_t(i)];
        if (!image.isNull() && imageArea.width() > 0 && imageArea.height() > 0) {
            const QSize size = image.size().scaled(imageArea.size(), Qt::KeepAspectRatio);
            const QRect target(imageArea.center() - QPoint(size.width() / 2, size.height() / 2), size);
            p.setRenderHint(QPainter::SmoothPixmapTransform, false);
            p.drawImage(target, image);
            p.setPen(palette().color(QPalette::Mid));
            p.drawRect(target.adjusted(0, 0, -1, -1));
        }
        p.setPen(palette().color(QPalette::WindowText));
        const QRect captionRect(cell.left(), cell.bottom() - line, cell.width(), line);
        p.drawText(captionRect, Qt::AlignCenter,
                   fontMetrics().elidedText(m_captions.value(i), Qt::ElideMiddle, cell.width()));
    }
}

} // namespace idx::gui
