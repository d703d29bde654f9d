// A value histogram with the current display window drawn as a shaded band; dragging across it sets the
// window (ViewState::setWindow, Manual mode). Linear or logarithmic counts. Both axes carry values (counts
// on the left, values below at round steps). When one bin dwarfs the rest (the zeros of MNIST's
// background), the linear axis is scaled to the others and that bar is drawn broken, with its count.
// Hovering a bar tells its range and count.
#pragma once

#include "stats.h"

#include <QWidget>

#include <optional>
#include <vector>

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
    /// The bin whose bar is clipped on the linear scale (one bin more than 4× any other), if any.
    [[nodiscard]] std::optional<size_t> clippedBin() const;
    /// The count at the top of the vertical axis (linear scale).
    [[nodiscard]] double axisTop() const;
    /// The values labelled on the horizontal axis (round steps inside the range).
    [[nodiscard]] std::vector<double> valueTicks() const;
    /// What hovering at x says: the bin's value range and count ("0 – 1: 3,919,183 values"); empty off the
    /// plot.
    [[nodiscard]] QString binTip(double x) const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    [[nodiscard]] QRectF plotRect() const;
    [[nodiscard]] std::optional<size_t> binAt(double x) const;
    [[nodiscard]] bool hasRange() const;
    void dragTo(double x);

    ViewState* m_state;
    idx::Histogram m_histogram;
    bool m_log = false;
    bool m_stale = false;
    std::optional<double> m_dragStart; // value where a window drag began
};

} // namespace idx::gui
