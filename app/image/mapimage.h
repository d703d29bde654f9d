// The dataset map drawn: every record a small dot coloured by its group (class, or file), the selected and
// marked ones on top. One pass over the points straight into the image's pixels, so 70,000 points redraw in
// about a millisecond; the same drawing as SVG, one circle per point, with a legend.
#pragma once

#include "maplayout.h"

#include <QImage>
#include <QRectF>
#include <QStringList>

#include <map>
#include <vector>

namespace idx {

inline constexpr quint16 kNoGroup = 0xFFFF;

/// Flags per point.
enum MapFlag : quint8 { MapSelected = 1, MapMarked = 2, MapHidden = 4 };

struct MapScene {
    const MapPoints* points = nullptr;
    std::vector<quint16>
        group;                 // per point, an index into the palette (kNoGroup: grey); empty: all one colour
    std::vector<quint8> flags; // per point, MapFlag bits; empty: none
    QStringList legend;        // the groups' names, by index (written in the SVG and the GUI's legend)
};

/// Points grouped by label: each point's group is its label's place among the sorted label values (at most
/// 65,534 of them; beyond, and for points without a label, kNoGroup: grey). `values` lists the labels by
/// group.
struct LabelGroups {
    std::vector<quint16> group;
    std::vector<qint64> values;
};
/// `labelOf(i, &label)` gives point i's label, or false when it has none.
template <typename LabelOf> [[nodiscard]] LabelGroups groupLabels(qint64 rows, LabelOf labelOf)
{
    std::map<qint64, quint16> place;
    qint64 label = 0;
    for (qint64 i = 0; i < rows; ++i)
        if (labelOf(i, &label))
            place.emplace(label, kNoGroup);
    LabelGroups out;
    for (auto& [value, index] : place) {
        if (out.values.size() >= kNoGroup)
            break;
        index = quint16(out.values.size());
        out.values.push_back(value);
    }
    if (place.empty())
        return out;
    out.group.assign(size_t(rows), kNoGroup);
    for (qint64 i = 0; i < rows; ++i)
        if (labelOf(i, &label))
            out.group[size_t(i)] = place[label];
    return out;
}

/// The colour of group `i`: ten distinct hues (Tableau 10), then hues spread by the golden angle.
[[nodiscard]] QRgb groupColour(int i);

/// The points' bounding box with a margin of 4 % a side (a unit square around a single point).
[[nodiscard]] QRectF mapBounds(const MapPoints& points);

/// `world` (map coordinates, y up) drawn on `size` pixels with the same scale on both axes, centred.
class MapTransform {
public:
    MapTransform(const QRectF& world, QSizeF size);
    [[nodiscard]] QPointF toPixel(double x, double y) const
    {
        return {m_x0 + x * m_scale, m_y0 - y * m_scale};
    }
    [[nodiscard]] QPointF toWorld(QPointF pixel) const
    {
        return {(pixel.x() - m_x0) / m_scale, (m_y0 - pixel.y()) / m_scale};
    }
    [[nodiscard]] double scale() const { return m_scale; } // pixels per map unit

private:
    double m_scale = 1, m_x0 = 0, m_y0 = 0;
};

/// The map of `scene` seen through `world`, on an ARGB32 image of `size` filled with `background`. Dots
/// have radius `radius` pixels (selected and marked ones one more, drawn last).
[[nodiscard]] QImage renderMap(const MapScene& scene, const QRectF& world, QSize size, QRgb background,
                               int radius = 1);

/// The same as SVG, with the legend in its top-left corner. Empty on success, else the reason.
[[nodiscard]] QString writeMapSvg(const QString& path, const MapScene& scene, const QRectF& world, QSize size,
                                  const QString& title);

} // namespace idx
