// How QCOMPARE prints an idx::RecordSet in the GUI tests: its runs, "[0, 3) [7, 8)".
#pragma once

#include "recordset.h"

#include <QString>
#include <QTest>

namespace idx {
inline char* toString(const RecordSet& s)
{
    QString text;
    for (const RecordRun& r : s.runs())
        text += QStringLiteral("[%1, %2) ").arg(r.first).arg(r.end);
    return QTest::toString(text.trimmed());
}
} // namespace idx
