// A number as people and files read it back: one rule for every message, change log and report that
// prints a value.
#pragma once

#include <QString>

namespace idx {

/// Whole numbers in full ("3000000000", not "3e+09"; below 10^18), others in the shortest form that reads
/// back to the same double ("0.1", "1e-300"); "nan", "inf" and "-inf" as Qt writes them.
[[nodiscard]] QString numberText(double v);

} // namespace idx
