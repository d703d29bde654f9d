// Container names and the container a file name asks for.
#include "container.h"

namespace idx {

QString containerName(Container c)
{
    switch (c) {
    case Container::Gzip:
        return QStringLiteral("gzip");
    case Container::Xz:
        return QStringLiteral("xz");
    case Container::Raw:
        break;
    }
    return QStringLiteral("raw");
}

Container containerForPath(const QString& path)
{
    if (path.endsWith(QLatin1String(".gz"), Qt::CaseInsensitive))
        return Container::Gzip;
    if (path.endsWith(QLatin1String(".xz"), Qt::CaseInsensitive))
        return Container::Xz;
    return Container::Raw;
}

} // namespace idx
