// numberText: the whole-number test first, so large integral values never turn into exponents.
#include "numbertext.h"

#include <QLocale>

#include <cmath>

namespace idx {

QString numberText(double v)
{
    if (v == std::trunc(v) && std::abs(v) < 1e18)
        return QString::number(qint64(v));
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

} // namespace idx
