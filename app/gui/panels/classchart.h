// Class distribution as a bar chart. Clicking a bar shows only that class in the gallery (ViewState label
// filter; clicking it again shows all), Ctrl+click adds or removes a class.
#pragma once

#include <QMap>
#include <QWidget>

namespace idx::gui {

class ViewState;

class ClassChart : public QWidget {
    Q_OBJECT
public:
    explicit ClassChart(ViewState* state, QWidget* parent = nullptr);

    void setCounts(const QMap<qint64, quint64>& counts);
    [[nodiscard]] const QMap<qint64, quint64>& counts() const { return m_counts; }
    /// Where `label`'s bar is drawn (logical pixels), empty when unknown.
    [[nodiscard]] QRectF barRect(qint64 label) const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    [[nodiscard]] QRectF plotRect() const;
    [[nodiscard]] std::optional<qint64> labelAt(QPointF pos) const;

    ViewState* m_state;
    QMap<qint64, quint64> m_counts;
};

} // namespace idx::gui
