// Map coordinates out. The .npy goes through the tensor writer (a float32 view of the points, read as the
// little-endian numbers they are in memory); the CSV writes each value as the shortest text that reads back
// as the same float.
#include "mapexport.h"

#include "sink.h"

#include <QCoreApplication>
#include <QIODevice>

#include <charconv>
#include <memory>

namespace idx {

WriteResult writeMapCsv(const QString& path, const MapPoints& points)
{
    return detail::saveAtomically(path, [&](QIODevice& out) {
        QByteArray buffer = "record,x,y\n";
        char text[64];
        const auto number = [&](auto v) {
            const auto r = std::to_chars(text, text + sizeof text, v);
            buffer.append(text, r.ptr - text);
        };
        for (qint64 i = 0; i < points.rows; ++i) {
            number(i);
            buffer.append(',');
            number(points.x(i));
            buffer.append(',');
            number(points.y(i));
            buffer.append('\n');
            if (buffer.size() >= (1 << 20) || i + 1 == points.rows) {
                if (out.write(buffer) != buffer.size())
                    return detail::failure(out.errorString());
                buffer.clear();
            }
        }
        if (!buffer.isEmpty() && out.write(buffer) != buffer.size())
            return detail::failure(out.errorString());
        return WriteResult{};
    });
}

WriteResult writeMapNpy(const QString& path, const MapPoints& points)
{
    const auto header = Header::make(DType::Float32, {quint64(points.rows), 2});
    if (!header)
        return detail::failure(QCoreApplication::translate("idx", "the map is too large for a .npy file"));
    // The points are native floats; the writer reads them in the order named here.
    constexpr ByteOrder native =
        QSysInfo::ByteOrder == QSysInfo::LittleEndian ? ByteOrder::Little : ByteOrder::Big;
    const TensorView view(*header, reinterpret_cast<const uchar*>(points.xy.data()),
                          quint64(points.xy.size() * sizeof(float)), std::shared_ptr<const void>(), native);
    return writeNpy(path, view);
}

WriteResult writeMapCoordinates(const QString& path, const MapPoints& points)
{
    return path.endsWith(QLatin1String(".npy"), Qt::CaseInsensitive) ? writeMapNpy(path, points)
                                                                     : writeMapCsv(path, points);
}

} // namespace idx
