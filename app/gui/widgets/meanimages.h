// Per-class mean images (from idx::ClassStats::meanImage) as small pictures in the current colormap, window
// and inversion, each captioned with its class. Clicking one filters the gallery to that class.
#pragma once

#include "classnames.h"
#include "stats.h"

#include <QImage>
#include <QWidget>

#include <vector>

namespace idx::gui {

class ViewState;

class MeanImages : public QWidget {
    Q_OBJECT
public:
    explicit MeanImages(ViewState* state, QWidget* parent = nullptr);

    /// recordDims: the record shape of the means: H×W (colormap), H×W×C or C×H×W with 3/4 channels (RGB).
    void setClasses(const std::vector<idx::ClassStats>& classes, const std::vector<quint64>& recordDims);
    void clear();
    /// Captions name the class ("Ankle boot", elided to the cell) where a name is known; the number
    /// otherwise.
    void setClassNames(const idx::ClassNames& names);
    [[nodiscard]] int imageCount() const { return int(m_images.size()); }
    /// The rendered mean image of the i-th class (ascending label), for tests.
    [[nodiscard]] QImage image(int i) const { return m_images.at(size_t(i)).image; }

    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override;
    [[nodiscard]] QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    struct Item {
        qint64 label = 0;
        std::vector<double> mean;
        QImage image;
    };
    void render();
    [[nodiscard]] QSize cellSize() const;
    [[nodiscard]] int columns(int width) const;

    ViewState* m_state;
    std::vector<Item> m_images;
    std::vector<quint64> m_dims;
    idx::ClassNames m_names;
};

} // namespace idx::gui
