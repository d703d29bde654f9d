// MeanImages rendering (on the GUI thread: ten 28×28 images take microseconds) and layout.
#include "meanimages.h"

#include "pixelimage.h"
#include "viewstate.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace idx::gui {

namespace {
constexpr int Pad = 4;

QImage renderMean(const std::vector<double>& mean, const std::vector<quint64>& dims,
                  const idx::RenderOptions& o)
{
    if (dims.size() == 2 && dims[0] * dims[1] == mean.size()) {
        idx::Slice slice{int(dims[1]), int(dims[0]), mean};
        return idx::toQImage(idx::renderSlice(slice, o));
    }
    const bool interleaved = dims.size() == 3 && (dims[2] == 3 || dims[2] == 4);
    const bool planar = dims.size() == 3 && !interleaved && (dims[0] == 3 || dims[0] == 4); // CIFAR's order
    if ((interleaved || planar) && dims[0] * dims[1] * dims[2] == mean.size()) {
        // Colour records: the window applies per channel, the colormap does not.
        const int h = int(interleaved ? dims[0] : dims[1]), w = int(interleaved ? dims[1] : dims[2]);
        const int c = int(interleaved ? dims[2] : dims[0]);
        QImage image(w, h, QImage::Format_RGB888);
        const double span = o.window.high - o.window.low;
        for (int y = 0; y < h; ++y) {
            uchar* line = image.scanLine(y);
            for (int x = 0; x < w; ++x)
                for (int k = 0; k < 3; ++k) {
                    const double v =
                        mean[interleaved ? size_t((y * w + x) * c + k) : size_t((k * h + y) * w + x)];
                    int b = int(std::clamp(span > 0 ? (v - o.window.low) / span : 0.0, 0.0, 1.0) * 255 + 0.5);
                    line[x * 3 + k] = uchar(o.invert ? 255 - b : b);
                }
        }
        return image;
    }
    return {};
}
} // namespace

MeanImages::MeanImages(ViewState* state, QWidget* parent) : QWidget(parent), m_state(state)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    connect(m_state, &ViewState::renderOptionsChanged, this, &MeanImages::render);
    connect(m_state, &ViewState::labelFilterChanged, this, qOverload<>(&QWidget::update));
}

void MeanImages::setClasses(const std::vector<idx::ClassStats>& classes,
                            const std::vector<quint64>& recordDims)
{
    m_images.clear();
    m_dims = recordDims;
    for (const idx::ClassStats& c : classes)
        if (c.records > 0)
            m_images.push_back({c.label, c.meanImage, {}});
    render();
    updateGeometry();
}

void MeanImages::setClassNames(const idx::ClassNames& names)
{
    m_names = names;
    update();
}

void MeanImages::clear()
{
    m_images.clear();
    updateGeometry();
    update();
}

void MeanImages::render()
{
    for (Item& item : m_images)
        item.image = renderMean(item.mean, m_dims, m_state->render());
    update();
}

QSize MeanImages::cellSize() const
{
    // Twice the record size (like the gallery default), within reason for larger records.
    int side = 56;
    if (m_dims.size() >= 2) {
        const bool planar = m_dims.size() == 3 && (m_dims[0] == 3 || m_dims[0] == 4) && m_dims[2] > 4;
        const quint64 edge = planar ? std::max(m_dims[1], m_dims[2]) : std::max(m_dims[0], m_dims[1]);
        side = int(std::clamp<quint64>(edge * 2, 28, 72));
    }
    return {std::max(side, fontMetrics().horizontalAdvance(QStringLiteral("0000"))) + 2 * Pad,
            side + fontMetrics().height() + 2 * Pad};
}

int MeanImages::columns(int width) const
{
    return std::max(1, width / cellSize().width());
}

int MeanImages::heightForWidth(int width) const
{
    if (m_images.empty())
        return fontMetrics().height() + 2 * Pad;
    const int cols = columns(width);
    const int rows = (int(m_images.size()) + cols - 1) / cols;
    return rows * cellSize().height();
}

QSize MeanImages::sizeHint() const
{
    const int w = cellSize().width() * 5;
    return {w, heightForWidth(w)};
}

void MeanImages::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QPalette& pal = palette();
    if (m_images.empty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No mean images"));
        return;
    }
    const QSize cell = cellSize();
    const int cols = columns(width());
    const int side = cell.height() - fontMetrics().height() - 2 * Pad;
    const QSet<qint64>& filter = m_state->labelFilter();
    p.setRenderHint(QPainter::SmoothPixmapTransform, false); // crisp pixels when scaled up
    for (int i = 0; i < int(m_images.size()); ++i) {
        const Item& item = m_images[size_t(i)];
        const QRect r(QPoint((i % cols) * cell.width(), (i / cols) * cell.height()), cell);
        if (filter.contains(item.label))
            p.fillRect(r.adjusted(1, 1, -1, -1), pal.color(QPalette::Highlight));
        const QRect target(r.left() + (r.width() - side) / 2, r.top() + Pad, side, side);
        if (!item.image.isNull()) {
            const QSize fitted = item.image.size().scaled(target.size(), Qt::KeepAspectRatio);
            p.drawImage(QRect(target.topLeft(), fitted), item.image);
        }
        p.setPen(pal.color(filter.contains(item.label) ? QPalette::HighlightedText : QPalette::Text));
        p.drawText(QRect(r.left(), target.bottom() + 2, r.width(), fontMetrics().height()), Qt::AlignHCenter,
                   fontMetrics().elidedText(m_names.text(item.label), Qt::ElideRight, r.width() - 2));
    }
}

void MeanImages::mousePressEvent(QMouseEvent* event)
{
    const QSize cell = cellSize();
    const int col = int(event->position().x()) / cell.width();
    const int row = int(event->position().y()) / cell.height();
    const int cols = columns(width());
    const int i = row * cols + col;
    if (event->button() != Qt::LeftButton || col >= cols || i < 0 || i >= int(m_images.size())) {
        QWidget::mousePressEvent(event);
        return;
    }
    const qint64 label = m_images[size_t(i)].label;
    QSet<qint64> filter = m_state->labelFilter();
    if (event->modifiers() & Qt::ControlModifier) {
        if (!filter.remove(label))
            filter.insert(label);
    } else {
        filter = filter == QSet<qint64>{label} ? QSet<qint64>{} : QSet<qint64>{label};
    }
    m_state->setLabelFilter(filter);
    event->accept();
}

} // namespace idx::gui
