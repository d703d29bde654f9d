// Map drawing. The raster path writes pixels itself (a QPainter ellipse per point would take ~50 ms for
// 70,000 points, too slow to follow the mouse); the SVG path uses QSvgGenerator.
#include "mapimage.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace idx {

namespace {

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

constexpr QRgb kGrey = 0xFF9A9A9A;
constexpr QRgb kMarkRing = 0xFF000000;

QRgb colourOf(const MapScene& s, qint64 i)
{
    if (s.group.empty())
        return groupColour(0);
    const quint16 g = s.group[size_t(i)];
    return g == kNoGroup ? kGrey : groupColour(g);
}

quint8 flagsOf(const MapScene& s, qint64 i)
{
    return s.flags.empty() ? 0 : s.flags[size_t(i)];
}

/// A filled disc of radius r (r = 1: a plus of 5 pixels plus its corners at half strength is not worth it:
/// a 3 × 3 square reads as a dot at this size).
void disc(QImage& img, int cx, int cy, int r, QRgb colour)
{
    const int w = img.width(), h = img.height();
    for (int dy = -r; dy <= r; ++dy) {
        const int y = cy + dy;
        if (y < 0 || y >= h)
            continue;
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(y));
        const int span = r <= 1 ? r : int(std::sqrt(double(r * r - dy * dy)) + 0.5);
        for (int x = std::max(0, cx - span); x <= std::min(w - 1, cx + span); ++x)
            line[x] = colour;
    }
}

/// True when a dot of radius r at `px` touches the image (and its coordinates fit an int: a deep zoom puts
/// far points billions of pixels away).
bool visible(QPointF px, QSize size, int r)
{
    return px.x() >= -r - 1 && px.y() >= -r - 1 && px.x() <= size.width() + r + 1 &&
           px.y() <= size.height() + r + 1;
}

} // namespace

QRgb groupColour(int i)
{
    static constexpr QRgb kTableau[] = {0xFF4E79A7, 0xFFF28E2B, 0xFFE15759, 0xFF76B7B2, 0xFF59A14F,
                                        0xFFEDC948, 0xFFB07AA1, 0xFFFF9DA7, 0xFF9C755F, 0xFFBAB0AC};
    if (i >= 0 && i < 10)
        return kTableau[i];
    const double hue = std::fmod(double(i) * 137.507764, 360.0);
    return QColor::fromHsv(int(hue), 170, 200).rgb();
}

QRectF mapBounds(const MapPoints& points)
{
    if (points.rows == 0)
        return {-1, -1, 2, 2};
    float x0 = points.x(0), x1 = x0, y0 = points.y(0), y1 = y0;
    for (qint64 i = 1; i < points.rows; ++i) {
        x0 = std::min(x0, points.x(i));
        x1 = std::max(x1, points.x(i));
        y0 = std::min(y0, points.y(i));
        y1 = std::max(y1, points.y(i));
    }
    QRectF r(QPointF(x0, y0), QPointF(x1, y1));
    if (r.width() <= 0 || r.height() <= 0)
        r = r.adjusted(-0.5, -0.5, 0.5, 0.5);
    return r.adjusted(-r.width() * 0.04, -r.height() * 0.04, r.width() * 0.04, r.height() * 0.04);
}

MapTransform::MapTransform(const QRectF& world, QSizeF size)
{
    const double w = std::max(world.width(), 1e-12), h = std::max(world.height(), 1e-12);
    m_scale = std::min(size.width() / w, size.height() / h);
    // Centred: the world's centre at the size's centre, y growing upwards.
    m_x0 = size.width() / 2 - world.center().x() * m_scale;
    m_y0 = size.height() / 2 + world.center().y() * m_scale;
}

QImage renderMap(const MapScene& scene, const QRectF& world, QSize size, QRgb background, int radius)
{
    QImage img(size, QImage::Format_ARGB32_Premultiplied);
    if (img.isNull())
        return img;
    img.fill(background);
    if (!scene.points)
        return img;
    const MapTransform t(world, size);
    const MapPoints& p = *scene.points;
    std::vector<qint64> onTop;
    for (qint64 i = 0; i < p.rows; ++i) {
        const quint8 f = flagsOf(scene, i);
        if (f & MapHidden)
            continue;
        if (f & (MapSelected | MapMarked)) {
            onTop.push_back(i);
            continue;
        }
        const QPointF px = t.toPixel(p.x(i), p.y(i));
        if (visible(px, size, radius))
            disc(img, int(std::floor(px.x())), int(std::floor(px.y())), radius, colourOf(scene, i));
    }
    for (qint64 i : onTop) {
        const quint8 f = flagsOf(scene, i);
        const QPointF px = t.toPixel(p.x(i), p.y(i));
        if (!visible(px, size, radius + 2))
            continue;
        const int x = int(std::floor(px.x())), y = int(std::floor(px.y()));
        if (f & MapMarked) // a dark ring around the dot
            disc(img, x, y, radius + 2, kMarkRing);
        disc(img, x, y, radius + 1, (f & MapSelected) ? 0xFF000000 : colourOf(scene, i));
        if (f & MapSelected)
            disc(img, x, y, radius, colourOf(scene, i));
    }
    return img;
}

QString writeMapSvg(const QString& path, const MapScene& scene, const QRectF& world, QSize size,
                    const QString& title)
{
    // Drawn into memory, then saved atomically: a failed write leaves any earlier file as it was.
    QBuffer buffer;
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    QPainter painter;
    if (!painter.begin(&svg))
        return Tr::tr("the drawing could not be made");
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    painter.setPen(Qt::NoPen);
    const MapTransform t(world, size);
    if (scene.points) {
        const MapPoints& p = *scene.points;
        for (qint64 i = 0; i < p.rows; ++i) {
            if (flagsOf(scene, i) & MapHidden)
                continue;
            painter.setBrush(QColor::fromRgb(colourOf(scene, i)));
            painter.drawEllipse(t.toPixel(p.x(i), p.y(i)), 1.5, 1.5);
        }
    }
    // The legend needs fonts, which a program without a GUI application (the CLI) does not have.
    if (!scene.legend.isEmpty() && qobject_cast<QGuiApplication*>(QCoreApplication::instance())) {
        const QFontMetrics m(painter.font());
        int y = 8;
        for (int g = 0; g < scene.legend.size(); ++g) {
            painter.setBrush(QColor::fromRgb(groupColour(g)));
            painter.setPen(Qt::NoPen);
            painter.drawEllipse(QPointF(14, y + m.height() / 2.0), 4, 4);
            painter.setPen(Qt::black);
            painter.drawText(QPoint(24, y + m.ascent()), scene.legend.at(g));
            y += m.height() + 2;
        }
    }
    if (!painter.end())
        return Tr::tr("the drawing could not be made");
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    if (file.write(buffer.data()) != buffer.data().size() || !file.commit())
        return file.errorString();
    return {};
}

} // namespace idx
