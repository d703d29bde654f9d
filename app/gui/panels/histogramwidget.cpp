// HistogramWidget painting and window dragging.
#include "histogramwidget.h"

#include "viewstate.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <functional>

namespace idx::gui {

HistogramWidget::HistogramWidget(ViewState* state, QWidget* parent) : QWidget(parent), m_state(state)
{
    setMouseTracking(false);
    setCursor(Qt::SplitHCursor);
    setToolTip(tr("Drag across the histogram to set the display window"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    connect(m_state, &ViewState::renderOptionsChanged, this, qOverload<>(&QWidget::update));
}

void HistogramWidget::setHistogram(const idx::Histogram& histogram)
{
    m_histogram = histogram;
    m_stale = false;
    update();
}

void HistogramWidget::clear()
{
    m_histogram = {};
    update();
}

void HistogramWidget::setLogScale(bool on)
{
    m_log = on;
    update();
}

void HistogramWidget::setStale(bool stale)
{
    m_stale = stale;
    update();
}

QSize HistogramWidget::sizeHint() const
{
    return {260, 120};
}

QSize HistogramWidget::minimumSizeHint() const
{
    return {120, 70};
}

QRectF HistogramWidget::plotRect() const
{
    const int text = fontMetrics().height();
    return QRectF(rect()).adjusted(4, 4, -4, -(text + 4));
}

bool HistogramWidget::hasRange() const
{
    return m_histogram.edges.size() >= 2 && m_histogram.edges.back() > m_histogram.edges.front();
}

double HistogramWidget::valueAtX(double x) const
{
    if (!hasRange())
        return 0;
    const QRectF r = plotRect();
    const double f = std::clamp((x - r.left()) / std::max(1.0, r.width()), 0.0, 1.0);
    return m_histogram.edges.front() + f * (m_histogram.edges.back() - m_histogram.edges.front());
}

double HistogramWidget::xForValue(double value) const
{
    if (!hasRange())
        return plotRect().left();
    const QRectF r = plotRect();
    const double lo = m_histogram.edges.front(), hi = m_histogram.edges.back();
    return r.left() + (value - lo) / (hi - lo) * r.width();
}

void HistogramWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QPalette& pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QRectF plot = plotRect();
    if (!hasRange() || m_histogram.counts.empty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, m_stale ? tr("Computing…") : tr("No finite values"));
        return;
    }
    // Linear scale: one dominant bin (the zeros of MNIST's background) would flatten everything else, so it
    // is clipped at twice the next-highest bin and marked as clipped.
    std::vector<quint64> sorted(m_histogram.counts);
    std::partial_sort(sorted.begin(), sorted.begin() + std::min<size_t>(2, sorted.size()), sorted.end(),
                      std::greater<>());
    const double maxCount = double(sorted[0]);
    const double second = sorted.size() > 1 ? double(sorted[1]) : maxCount;
    const bool clip = !m_log && second > 0 && maxCount > 4 * second;
    const double top = clip ? 2 * second : maxCount;
    const double scale = m_log ? std::log1p(maxCount) : top;

    // The window band first, so the bars stay readable on top of it.
    const idx::Window w = m_state->render().window;
    const double x0 = std::clamp(xForValue(std::min(w.low, w.high)), plot.left(), plot.right());
    const double x1 = std::clamp(xForValue(std::max(w.low, w.high)), plot.left(), plot.right());
    QColor band = pal.color(QPalette::Highlight);
    band.setAlpha(60);
    p.fillRect(QRectF(x0, plot.top(), std::max(1.0, x1 - x0), plot.height()), band);

    QColor bar = pal.color(QPalette::WindowText);
    if (m_stale)
        bar.setAlpha(90);
    const size_t n = m_histogram.counts.size();
    const double binWidth = plot.width() / double(n);
    for (size_t i = 0; i < n; ++i) {
        const double c = double(m_histogram.counts[i]);
        if (c <= 0 || scale <= 0)
            continue;
        const double h = std::min(1.0, (m_log ? std::log1p(c) : c) / scale) * plot.height();
        // At least a hairline: a bin with a few values must not vanish next to a huge one.
        const double hh = std::max(h, 1.0);
        const QRectF r(plot.left() + double(i) * binWidth, plot.bottom() - hh, std::max(binWidth, 1.0), hh);
        p.fillRect(r, bar);
        if (clip && c > top) { // a break mark on the clipped bar
            p.fillRect(QRectF(r.left() - 1, plot.top() + 4, r.width() + 2, 2), pal.color(QPalette::Base));
        }
    }
    p.setPen(QPen(pal.color(QPalette::Highlight), 1));
    p.drawLine(QPointF(x0, plot.top()), QPointF(x0, plot.bottom()));
    p.drawLine(QPointF(x1, plot.top()), QPointF(x1, plot.bottom()));

    p.setPen(pal.color(QPalette::Text));
    const QRectF labels(plot.left(), plot.bottom() + 2, plot.width(), fontMetrics().height());
    p.drawText(labels, Qt::AlignLeft | Qt::AlignTop, QString::number(m_histogram.edges.front(), 'g', 5));
    p.drawText(labels, Qt::AlignRight | Qt::AlignTop, QString::number(m_histogram.edges.back(), 'g', 5));
    p.setPen(pal.color(QPalette::PlaceholderText));
    QString note = m_log ? tr("log") : QString();
    if (m_stale)
        note = tr("updating…");
    p.drawText(labels, Qt::AlignHCenter | Qt::AlignTop, note);
}

void HistogramWidget::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !hasRange()) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_dragStart = valueAtX(event->position().x());
    event->accept();
}

void HistogramWidget::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragStart) {
        QWidget::mouseMoveEvent(event);
        return;
    }
    dragTo(event->position().x());
    event->accept();
}

void HistogramWidget::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_dragStart) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    dragTo(event->position().x());
    m_dragStart.reset();
    event->accept();
}

void HistogramWidget::dragTo(double x)
{
    const double v = valueAtX(x);
    const double lo = std::min(*m_dragStart, v), hi = std::max(*m_dragStart, v);
    if (hi <= lo)
        return; // a click without a drag: no zero-width window
    m_state->setWindow({lo, hi}, ViewState::WindowMode::Manual);
}

} // namespace idx::gui
