// Messages that say a count of any size with their plural forms: QCoreApplication::translate's %n takes an
// int.
#pragma once

#include <QString>
#include <QtGlobal>

namespace idx {

/// QCoreApplication::translate(context, source, nullptr, n) for a count beyond int too: the form of int's
/// largest value, with %n written as the whole count. %n, not %Ln: the count is written without the locale's
/// separators, as the messages write their other counts. Mark the source for lupdate where it is written:
/// translateCount("idx", QT_TRANSLATE_N_NOOP("idx", "%n byte(s)"), n).
[[nodiscard]] QString translateCount(const char* context, const char* source, quint64 n);

} // namespace idx
