#include "plural.h"

#include <QCoreApplication>

#include <climits>

namespace idx {

QString translateCount(const char* context, const char* source, quint64 n)
{
    if (n <= quint64(INT_MAX))
        return QCoreApplication::translate(context, source, nullptr, int(n));
    // Every language's form for the largest int is its form for a large count; %n became that number.
    return QCoreApplication::translate(context, source, nullptr, INT_MAX)
        .replace(QString::number(INT_MAX), QString::number(n));
}

} // namespace idx
