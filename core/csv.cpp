// Writing CSV: a 1-D tensor one value per line, otherwise one record per line flattened row-major.
// Integers exactly; floats in the shortest form that reads back to the same value *of their own type* (so a
// float32 0.1 is "0.1", not its double expansion); nan, inf and -inf spelled so.
#include "writer.h"

#include "decode_p.h"
#include "writer_p.h"

#include <QCoreApplication>

#include <charconv>
#include <cmath>

namespace idx {
namespace {

template <typename T> char* appendValue(char* p, char* end, T v)
{
    if constexpr (!std::is_integral_v<T>) {
        if (std::isnan(v)) {
            std::memcpy(p, "nan", 3);
            return p + 3;
        }
        if (std::isinf(v)) {
            const char* s = v > 0 ? "inf" : "-inf";
            const size_t n = v > 0 ? 3 : 4;
            std::memcpy(p, s, n);
            return p + n;
        }
    }
    return std::to_chars(p, end, v).ptr; // shortest round trip for floating point (C++17)
}

template <typename D>
bool writeValues(const TensorView& t, detail::ClampedRange r, const Control& control, detail::Sink& sink)
{
    using T = typename D::Type;
    constexpr size_t es = sizeof(T);
    constexpr qint64 kFlushAt = 1 << 20;
    constexpr qint64 kMaxValueChars = 32; // "-1.2345678901234567e-308" and the separator fit
    const Header& h = t.header();
    // A 1-D tensor's records are its values: one per line. Otherwise a record per line (a scalar: one line).
    const quint64 per = h.ndim() == 1 ? 1 : h.recordElements();
    const quint64 lines = h.ndim() == 0 ? 1 : r.records();
    const quint64 firstElement = r.first * h.recordElements();
    QByteArray buffer(kFlushAt + kMaxValueChars + 2, Qt::Uninitialized);
    char* const begin = buffer.data();
    char* const end = begin + buffer.size();
    char* p = begin;
    quint64 line = 0;
    // Every flush (about 1 MiB of text) is also where cancel is polled and progress reported, in lines.
    auto flush = [&] {
        if (!sink.write(begin, p - begin))
            return false;
        p = begin;
        if (control.cancelled())
            return sink.fail(detail::cancelledMessage());
        control.report(qint64(line), qint64(lines));
        return true;
    };
    for (; line < lines; ++line) {
        const uchar* src = t.data() + (firstElement + line * per) * es;
        for (quint64 k = 0; k < per; ++k) {
            if (k)
                *p++ = ',';
            p = appendValue(p, end, D::get(src + k * es));
            if (p - begin >= kFlushAt && !flush())
                return false;
        }
        *p++ = '\n';
        if ((p - begin >= kFlushAt || (line & 1023) == 1023) && !flush())
            return false;
    }
    if (!flush())
        return false;
    return true;
}

} // namespace

WriteResult writeCsv(const QString& path, const TensorView& t, RecordRange range, const Control& control)
{
    const auto r = detail::clampRange(t, range);
    if (t.header().ndim() == 0 && r.records() == 0)
        return detail::failure(QCoreApplication::translate("idx", "the scalar is not available"));
    return detail::saveAtomically(path, [&](QIODevice& out) {
        detail::Sink sink(out, Container::Raw);
        const bool ok = detail::withDecoder(t.dtype(), t.byteOrder(), [&](auto dec) {
            return writeValues<decltype(dec)>(t, r, control, sink);
        });
        return ok ? WriteResult{} : detail::failure(sink.error());
    });
}

} // namespace idx
