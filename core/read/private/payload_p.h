// Private: validation of the payload that follows a good header (truncation, partial element, trailing bytes,
// decompression limit) and the byte-order warning, shared by raw and compressed opens.
#pragma once

#include "diagnostic.h"
#include "header.h"
#include "tensorview.h"

#include <limits>
#include <optional>

namespace idx {

namespace detail {
inline Diagnostic makeError(DiagCode code, QString message, qint64 offset = -1, qint64 expected = -1,
                            qint64 actual = -1)
{
    return Diagnostic{Severity::Error, code, offset, expected, actual, std::move(message)};
}

/// a + b, held at the largest qint64 instead of overflowing.
inline qint64 saturatedAdd(qint64 a, quint64 b)
{
    const quint64 s = quint64(a) + b;
    return s < b || s > quint64(std::numeric_limits<qint64>::max()) ? std::numeric_limits<qint64>::max()
                                                                    : qint64(s);
}
} // namespace detail

/// Stream bytes allowed beyond the payload of `h`: 1 MiB plus 7x the payload (saturating), so a payload that
/// is exactly 2x, 4x or 8x the declared size can still be measured while a bomb under a small header stops
/// early.
[[nodiscard]] qint64 payloadExcessLimit(const Header& h);

/// Diagnostics for `present` payload bytes after the header. `capped`: decoding stopped at `excessLimit`
/// trailing bytes and more followed (so `present` is a lower bound). `ignoreTrailing`: bytes after the
/// payload were expected (OpenOptions::ignoreTrailing), no warning about them.
[[nodiscard]] Diagnostics payloadDiagnostics(const Header& h, quint64 present, bool capped,
                                             qint64 excessLimit, bool ignoreTrailing = false);

/// A SuspectedByteOrder warning when the data's byte order (from checkByteOrder) differs from `readAs`.
[[nodiscard]] std::optional<Diagnostic> byteOrderDiagnostic(const TensorView& view, ByteOrder readAs);

} // namespace idx
