// HistogramWidget painting and window dragging.
#include "histogramwidget.h"

#include "accessiblenotify.h"

#include "viewstate.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <functional>

namespace idx::gui {

HistogramWidget::HistogramWidget(ViewState* state, QWidget* parent) : QWidget(parent), m_state(state)
{
    setMouseTracking(false);
    setCursor(Qt::SplitHCursor);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    connect(m_state, &ViewState::renderOptionsChanged, this, qOverload<>(&QWidget::update));
}

void HistogramWidget::setHistogram(const idx::Histogram& histogram)
{
    m_histogram = histogram;
    m_stale = false;
    update();
    announceValueChange(this);
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
    return {260, 130};
}

QSize HistogramWidget::minimumSizeHint() const
{
    return {120, 80};
}

namespace {
// Counts in a few characters, for the vertical axis: 950, 12k, 3.9M.
QString compactCount(double c)
{
    const QLocale locale;
    if (c < 10000)
        return locale.toString(qint64(std::llround(c)));
    // Three significant digits at most ("9.5k", "716k", "23.6M"); a value that rounds up to 1000 of a unit
    // is shown in the next one.
    static const char units[] = {'k', 'M', 'G', 'T'};
    double v = c / 1e3;
    size_t u = 0;
    while (u + 1 < sizeof units && std::round(v * (v < 100 ? 10 : 1)) / (v < 100 ? 10 : 1) >= 1000) {
        v /= 1e3;
        ++u;
    }
    return locale.toString(v, 'f', v < 100 ? 1 : 0) + QLatin1Char(units[u]);
}

// A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `parts` pieces. Written here:
// Qt's chart module is not part of this program, and this is all of an axis it would need.
double roundStep(double span, int parts)
{
    const double raw = span / std::max(1, parts);
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (m * power >= raw)
            return m * power;
    return 10 * power;
}
} // namespace

QRectF HistogramWidget::plotRect() const
{
    const QFontMetrics fm = fontMetrics();
    // Room on the left for the count label at the top of the scale, and below for the value labels.
    const int left =
        std::max(fm.horizontalAdvance(compactCount(axisTop())), fm.horizontalAdvance(tr("log"))) + 8;
    return QRectF(rect()).adjusted(left, fm.height() / 2 + 2, -6, -(fm.height() + 4));
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

std::optional<size_t> HistogramWidget::clippedBin() const
{
    const std::vector<quint64>& counts = m_histogram.counts;
    if (counts.size() < 2)
        return std::nullopt;
    const auto top = std::max_element(counts.begin(), counts.end());
    quint64 second = 0;
    for (auto it = counts.begin(); it != counts.end(); ++it)
        if (it != top)
            second = std::max(second, *it);
    if (second == 0 || *top <= 4 * second)
        return std::nullopt;
    return size_t(top - counts.begin());
}

double HistogramWidget::axisTop() const
{
    const std::vector<quint64>& counts = m_histogram.counts;
    if (counts.empty())
        return 0;
    if (const auto clipped = clippedBin()) {
        // Scaled to the other bins (the highest of them at two thirds of the height): their shapes show.
        quint64 second = 0;
        for (size_t i = 0; i < counts.size(); ++i)
            if (i != *clipped)
                second = std::max(second, counts[i]);
        return 1.5 * double(second);
    }
    return double(*std::max_element(counts.begin(), counts.end()));
}

std::vector<double> HistogramWidget::valueTicks() const
{
    std::vector<double> ticks;
    if (!hasRange())
        return ticks;
    const double lo = m_histogram.edges.front(), hi = m_histogram.edges.back();
    const double labelWidth = fontMetrics().horizontalAdvance(QLocale().toString(hi, 'g', 5)) + 12;
    const int parts = std::clamp(int(plotRect().width() / std::max(1.0, labelWidth)), 1, 6);
    const double step = roundStep(hi - lo, parts);
    const double first = std::ceil(lo / step) * step;
    if (!(step > 0) || first + step == first)
        return ticks; // a range of a few representable values: no round steps inside it
    // Counted, not accumulated: at most parts + 1 ticks, whatever rounding does.
    for (int k = 0; k <= parts + 1; ++k) {
        const double v = first + k * step;
        if (v > hi + step * 1e-9)
            break;
        ticks.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
    }
    return ticks;
}

std::optional<size_t> HistogramWidget::binAt(double x) const
{
    const QRectF plot = plotRect();
    if (!hasRange() || m_histogram.counts.empty() || x < plot.left() || x >= plot.right())
        return std::nullopt;
    const size_t n = m_histogram.counts.size();
    return std::min(n - 1, size_t((x - plot.left()) / plot.width() * double(n)));
}

QString HistogramWidget::binTip(double x) const
{
    const auto bin = binAt(x);
    if (!bin)
        return {};
    const QLocale locale;
    const double lo = m_histogram.edges[*bin], hi = m_histogram.edges[*bin + 1];
    // A bin one integer wide (8-bit data: one bin per value) is that value.
    const bool single = hi - lo == 1 && lo == std::floor(lo);
    const QString range = single
                              ? locale.toString(lo, 'g', 10)
                              : tr("%1 – %2").arg(locale.toString(lo, 'g', 6), locale.toString(hi, 'g', 6));
    const quint64 count = m_histogram.counts[*bin];
    QString tip = count == 1 ? tr("%1: 1 value").arg(range)
                             : tr("%1: %2 values").arg(range, locale.toString(qulonglong(count)));
    if (clippedBin() == bin && !m_log)
        tip += tr(" (its bar is cut: the axis is scaled to the other bins)");
    return tip + tr("\nDrag across the histogram to set the display window");
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
    const QFontMetrics fm = fontMetrics();
    const std::vector<quint64>& counts = m_histogram.counts;
    const double maxCount = double(*std::max_element(counts.begin(), counts.end()));
    // The cut bar's index, or -1 (a plain integer: GCC 12 misreads an optional here as maybe unset).
    const qint64 clipped = m_log ? -1 : qint64(clippedBin().value_or(size_t(-1)));
    const double top = m_log ? maxCount : axisTop();
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
    const size_t n = counts.size();
    const double binWidth = plot.width() / double(n);
    for (size_t i = 0; i < n; ++i) {
        const double c = double(counts[i]);
        if (c <= 0 || scale <= 0)
            continue;
        const double h = std::min(1.0, (m_log ? std::log1p(c) : c) / scale) * plot.height();
        // At least a hairline: a bin with a few values must not vanish next to a huge one.
        const double hh = std::max(h, 1.0);
        const QRectF r(plot.left() + double(i) * binWidth, plot.bottom() - hh, std::max(binWidth, 1.0), hh);
        p.fillRect(r, bar);
    }
    if (clipped >= 0) {
        // The cut bar: a gap near its top, its colour, and its own count beside it.
        // At least 3 pixels wide, so that the one bar that matters most is seen.
        const double width = std::max(binWidth, 3.0);
        const double left = std::clamp(plot.left() + (double(clipped) + 0.5) * binWidth - width / 2,
                                       plot.left(), plot.right() - width);
        const QRectF r(left, plot.top(), width, plot.height());
        p.fillRect(r, bar);
        p.fillRect(QRectF(r.left() - 1, plot.top() + 5, r.width() + 2, 3), pal.color(QPalette::Base));
        const QString text = tr("%1 (cut)").arg(compactCount(double(counts[size_t(clipped)])));
        const double tw = fm.horizontalAdvance(text) + 4;
        const bool right = r.right() + tw <= plot.right();
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(right ? r.right() + 3 : r.left() - tw - 3, plot.top(), tw, fm.height()),
                   (right ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignTop, text);
    }
    p.setPen(QPen(pal.color(QPalette::Highlight), 1));
    p.drawLine(QPointF(x0, plot.top()), QPointF(x0, plot.bottom()));
    p.drawLine(QPointF(x1, plot.top()), QPointF(x1, plot.bottom()));

    // Axes: counts on the left (the top of the scale and 0), values below at round steps.
    const QColor axis = pal.color(QPalette::PlaceholderText);
    p.setPen(axis);
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
    p.setPen(pal.color(QPalette::Text));
    const double left = rect().left() + 2, labelWidth = plot.left() - left - 4;
    p.drawText(QRectF(left, plot.top() - fm.height() / 2.0, labelWidth, fm.height()),
               Qt::AlignRight | Qt::AlignVCenter, compactCount(top));
    p.drawText(QRectF(left, plot.bottom() - fm.height() / 2.0, labelWidth, fm.height()),
               Qt::AlignRight | Qt::AlignVCenter, m_log ? tr("log") : QStringLiteral("0"));
    for (double v : valueTicks()) {
        const double x = xForValue(v);
        p.setPen(axis);
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 3));
        p.setPen(pal.color(QPalette::Text));
        const QString text = QLocale().toString(v, 'g', 5);
        const double tw = fm.horizontalAdvance(text) + 2;
        const double tx = std::clamp(x - tw / 2, plot.left() - tw / 2, double(rect().right()) - tw);
        p.drawText(QRectF(tx, plot.bottom() + 3, tw, fm.height()), Qt::AlignHCenter | Qt::AlignTop, text);
    }
    if (m_stale) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(plot, Qt::AlignRight | Qt::AlignTop, tr("updating…"));
    }
}

bool HistogramWidget::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString tip = binTip(help->pos().x());
        if (tip.isEmpty())
            QToolTip::showText(help->globalPos(), tr("Drag across the histogram to set the display window"),
                               this);
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(event);
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
