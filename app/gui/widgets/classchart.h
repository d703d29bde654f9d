// Class distribution as a bar chart. Clicking a bar shows only that class in the gallery (ViewState label
// filter; clicking it again shows all), Ctrl+click adds or removes a class. With class names, each bar is
// named below it, the names written upwards so that ten of them fit a narrow panel.
#pragma once

#include "classnames.h"

#include <QMap>
#include <QWidget>

namespace idx::gui {

class ViewState;

class ClassChart : public QWidget {
    Q_OBJECT
public:
    explicit ClassChart(ViewState* state, QWidget* parent = nullptr);

    void setCounts(const QMap<qint64, quint64>& counts);
    void setClassNames(const idx::ClassNames& names);
    [[nodiscard]] const QMap<qint64, quint64>& counts() const { return m_counts; }
    [[nodiscard]] const idx::ClassNames& classNames() const { return m_names; }
    /// Where `label`'s bar is drawn (logical pixels), empty when unknown.
    [[nodiscard]] QRectF barRect(qint64 label) const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    [[nodiscard]] QRectF plotRect() const;
    [[nodiscard]] std::optional<qint64> labelAt(QPointF pos) const;
    /// Height of the band of upright names under the bars (0 without names).
    [[nodiscard]] int nameBand() const { return m_nameBand; }
    void measureNames();

    ViewState* m_state;
    QMap<qint64, quint64> m_counts;
    idx::ClassNames m_names;
    int m_nameBand = 0;
};

} // namespace idx::gui
