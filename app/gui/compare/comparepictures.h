// ComparePictures: a record of this file and its counterpart in the other side by side, their difference
// (other − this, diverging: blue lower, red higher) under them, each scaled to fit with sharp pixels and
// captioned.
#pragma once

#include <QImage>
#include <QStringList>

#include <QWidget>
#include <array>

namespace idx::gui {

class ComparePictures : public QWidget {
    Q_OBJECT
public:
    explicit ComparePictures(QWidget* parent = nullptr);

    /// Null images leave their place empty with the caption saying why.
    void setPictures(const QImage& a, const QImage& b, const QImage& difference, const QStringList& captions);
    [[nodiscard]] const QStringList& captions() const { return m_captions; }
    [[nodiscard]] QImage picture(int i) const { return m_images[size_t(i)]; }
    [[nodiscard]] QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::array<QImage, 3> m_images;
    QStringList m_captions;
};

} // namespace idx::gui
