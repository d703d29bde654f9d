// A value histogram with the current display window drawn as a shaded band; dragging across it sets the
// window (ViewState::setWindow, Manual mode). Linear or logarithmic counts.
#pragma once

#include "stats.h"

#include <QWidget>

#include <optional>

namespace idx::gui {

class ViewState;

class HistogramWidget : public QWidget {
    Q_OBJECT
public:
    explicit HistogramWidget(ViewState* state, QWidget* parent = nullptr);

    void setHistogram(const idx::Histogram& histogram);
    void clear();
    [[nodiscard]] const idx::Histogram& histogram() const { return m_histogram; }
    void setLogScale(bool on);
    [[nodiscard]] bool logScale() const { return m_log; }
    /// Greyed-out drawing with a note while the figures being shown are out of date.
    void setStale(bool stale);

    /// Mapping between widget x (logical pixels) and data values over the histogram's range.
    [[nodiscard]] double valueAtX(double x) const;
    [[nodiscard]] double xForValue(double value) const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    [[nodiscard]] QRectF plotRect() const;
    [[nodiscard]] bool hasRange() const;
    void dragTo(double x);

    ViewState* m_state;
    idx::Histogram m_histogram;
    bool m_log = false;
    bool m_stale = false;
    std::optional<double> m_dragStart; // value where a window drag began
};

} // namespace idx::gui
