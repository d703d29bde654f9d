// ClassChart painting and click-to-filter.
#include "classchart.h"

#include "accessiblenotify.h"

#include "viewstate.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace idx::gui {

ClassChart::ClassChart(ViewState* state, QWidget* parent) : QWidget(parent), m_state(state)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setCursor(Qt::PointingHandCursor);
    connect(m_state, &ViewState::labelFilterChanged, this, qOverload<>(&QWidget::update));
}

void ClassChart::setCounts(const QMap<qint64, quint64>& counts)
{
    m_counts = counts;
    measureNames();
    announceValueChange(this);
}

void ClassChart::setClassNames(const idx::ClassNames& names)
{
    if (names == m_names)
        return;
    m_names = names;
    measureNames();
}

void ClassChart::measureNames()
{
    // As long as the longest name shown, up to a cap: a longer name is elided. Measured once per change,
    // not per paint (EMNIST ByClass has 62 names).
    int longest = 0;
    for (auto it = m_counts.begin(); it != m_counts.end(); ++it)
        longest = std::max(longest, fontMetrics().horizontalAdvance(m_names.name(it.key())));
    m_nameBand = longest > 0 ? std::min(longest + 8, 6 * fontMetrics().height()) : 0;
    updateGeometry();
    update();
}

void ClassChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        measureNames();
    QWidget::changeEvent(event);
}

QSize ClassChart::sizeHint() const
{
    return {260, 110 + nameBand()};
}

QSize ClassChart::minimumSizeHint() const
{
    return {100, 70};
}

QRectF ClassChart::plotRect() const
{
    const int text = fontMetrics().height();
    return QRectF(rect()).adjusted(4, text + 2, -4, -(text + 4 + nameBand()));
}

QRectF ClassChart::barRect(qint64 label) const
{
    const auto it = m_counts.find(label);
    if (it == m_counts.end())
        return {};
    const QRectF plot = plotRect();
    const int i = int(std::distance(m_counts.begin(), it));
    const double slot = plot.width() / double(m_counts.size());
    const quint64 maxCount = *std::max_element(m_counts.begin(), m_counts.end());
    const double h = maxCount ? double(it.value()) / double(maxCount) * plot.height() : 0;
    const double gap = std::min(4.0, slot * 0.2);
    return {plot.left() + double(i) * slot + gap / 2, plot.bottom() - std::max(h, 1.0),
            std::max(slot - gap, 1.0), std::max(h, 1.0)};
}

std::optional<qint64> ClassChart::labelAt(QPointF pos) const
{
    if (m_counts.isEmpty())
        return std::nullopt;
    const QRectF plot = plotRect();
    // The whole column counts, not just the bar: small classes must stay easy to hit.
    if (pos.x() < plot.left() || pos.x() >= plot.right() || pos.y() < 0 || pos.y() > height())
        return std::nullopt;
    const int i = int((pos.x() - plot.left()) / (plot.width() / double(m_counts.size())));
    if (i < 0 || i >= m_counts.size())
        return std::nullopt;
    return std::next(m_counts.begin(), i).key();
}

void ClassChart::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QPalette& pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    if (m_counts.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No labels"));
        return;
    }
    const QSet<qint64>& filter = m_state->labelFilter();
    const QRectF plot = plotRect();
    const double slot = plot.width() / double(m_counts.size());
    const int text = fontMetrics().height();
    QColor normal = pal.color(QPalette::WindowText);
    normal.setAlpha(filter.isEmpty() ? 200 : 90);
    const QColor chosen = pal.color(QPalette::Highlight);
    // Captions only when they fit; a 62-class chart (EMNIST) keeps its tooltips instead.
    const bool captions = slot >= fontMetrics().horizontalAdvance(QStringLiteral("000"));
    for (auto it = m_counts.begin(); it != m_counts.end(); ++it) {
        const QRectF bar = barRect(it.key());
        p.fillRect(bar, filter.contains(it.key()) ? chosen : normal);
        if (!captions)
            continue;
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(bar.left() - 2, plot.bottom() + 2, bar.width() + 4, text),
                   Qt::AlignHCenter | Qt::AlignTop, QString::number(it.key()));
        if (const int band = nameBand(); band > 0 && slot >= text) {
            // Written upwards, each name ending just under its bar's number.
            const QString name = fontMetrics().elidedText(m_names.name(it.key()), Qt::ElideRight, band - 4);
            p.save();
            p.translate(bar.center().x() - text / 2.0, plot.bottom() + text + 4 + band);
            p.rotate(-90);
            p.drawText(QRectF(0, 0, band, text), Qt::AlignRight | Qt::AlignVCenter,
                       name); // from the axis down
            p.restore();
        }
        if (slot >= fontMetrics().horizontalAdvance(QString::number(it.value())) + 2) {
            p.setPen(pal.color(QPalette::PlaceholderText));
            p.drawText(QRectF(bar.left() - 2, bar.top() - text, bar.width() + 4, text),
                       Qt::AlignHCenter | Qt::AlignBottom, QString::number(it.value()));
        }
    }
}

void ClassChart::mousePressEvent(QMouseEvent* event)
{
    const auto label = event->button() == Qt::LeftButton ? labelAt(event->position()) : std::nullopt;
    if (!label) {
        QWidget::mousePressEvent(event);
        return;
    }
    QSet<qint64> filter = m_state->labelFilter();
    if (event->modifiers() & Qt::ControlModifier) {
        if (!filter.remove(*label))
            filter.insert(*label);
    } else if (filter == QSet<qint64>{*label}) {
        filter.clear(); // clicking the only shown class again shows everything
    } else {
        filter = {*label};
    }
    m_state->setLabelFilter(filter);
    event->accept();
}

bool ClassChart::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (const auto label = labelAt(help->pos())) {
            QToolTip::showText(
                help->globalPos(),
                tr("Class %1: %n records\nClick to show only this class, Ctrl+click to add or remove it",
                   nullptr, int(m_counts.value(*label)))
                    .arg(m_names.caption(*label)),
                this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}

} // namespace idx::gui
