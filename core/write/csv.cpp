// Writing CSV: a 1-D tensor one value per line, otherwise one record per line flattened row-major, after a
// line of column names when they are known.
// Integers exactly; floats in the shortest form that reads back to the same value *of their own type* (so a
// float32 0.1 is "0.1", not its double expansion); nan, inf and -inf spelled so.
#include "writer.h"

#include "elementdecode.h"
#include "sink.h"

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

// Lines of text into one buffer that is flushed to the sink about every 1 MiB: each flush is also where
// cancel is polled, progress reported (in lines of `allLines`) and the pages read from a large mapping
// released. One writer serves every run of a selection, so a million scattered records make no million
// buffers.
class CsvLines {
public:
    CsvLines(const Control& control, detail::Sink& sink, quint64 allLines)
        : m_control(control), m_sink(sink), m_allLines(allLines),
          m_buffer(kFlushAt + kMaxValueChars + 2, Qt::Uninitialized)
    {
        m_p = m_buffer.data();
    }

    /// The lines of records r of t: a 1-D tensor's records are its values, one per line; otherwise a record
    /// per line (a scalar: one line).
    template <typename D> bool write(const TensorView& t, detail::ClampedRange r)
    {
        using T = typename D::Type;
        constexpr size_t es = sizeof(T);
        const Header& h = t.header();
        const quint64 per = h.ndim() == 1 ? 1 : h.recordElements();
        const quint64 lines = h.ndim() == 0 ? 1 : r.records();
        const quint64 firstElement = r.first * h.recordElements();
        char* const begin = m_buffer.data();
        char* const end = begin + m_buffer.size();
        quint64 released = 0; // bytes of this view's range given back so far
        const auto flush = [&](quint64 linesDone) {
            if (!this->flush())
                return false;
            const quint64 read = linesDone * per * es;
            t.releasePages(firstElement * es + released, read - released);
            released = read;
            return true;
        };
        for (quint64 line = 0; line < lines; ++line, ++m_line) {
            const uchar* src = t.data() + (firstElement + line * per) * es;
            for (quint64 k = 0; k < per; ++k) {
                if (k)
                    *m_p++ = ',';
                m_p = appendValue(m_p, end, D::get(src + k * es));
                if (m_p - begin >= kFlushAt && !flush(line))
                    return false;
            }
            *m_p++ = '\n';
            if ((m_p - begin >= kFlushAt || (m_line & 1023) == 1023) && !flush(line + 1))
                return false;
        }
        return true;
    }

    bool flush()
    {
        if (!m_sink.write(m_buffer.data(), m_p - m_buffer.data()))
            return false;
        m_p = m_buffer.data();
        if (m_control.cancelled())
            return m_sink.fail(detail::cancelledMessage());
        m_control.report(qint64(m_line), qint64(m_allLines));
        return true;
    }

private:
    static constexpr qint64 kFlushAt = 1 << 20;
    static constexpr qint64 kMaxValueChars = 32; // "-1.2345678901234567e-308" and the separator fit
    const Control& m_control;
    detail::Sink& m_sink;
    quint64 m_allLines;
    quint64 m_line = 0;
    QByteArray m_buffer;
    char* m_p = nullptr;
};

// The line naming the columns (RFC 4180: a name holding a comma, a quote or a line break is quoted, its
// quotes doubled); empty without names.
QByteArray headerLine(const QStringList& names)
{
    if (names.isEmpty())
        return {};
    QByteArray line;
    for (const QString& name : names) {
        QByteArray field = name.toUtf8();
        if (field.contains(',') || field.contains('"') || field.contains('\n') || field.contains('\r'))
            field = '"' + field.replace('"', "\"\"") + '"';
        if (!line.isEmpty())
            line += ',';
        line += field;
    }
    return line + '\n';
}

// Names for the columns of another count than a line's values would misname them: refused.
QString namesMismatch(const Header& h, const QStringList& names)
{
    const quint64 perLine = h.ndim() <= 1 ? 1 : h.recordElements();
    if (names.isEmpty() || quint64(names.size()) == perLine)
        return {};
    return QCoreApplication::translate("idx", "%1 column names were given for lines of %2 values")
        .arg(names.size())
        .arg(perLine);
}

} // namespace

WriteResult writeCsv(const QString& path, const TensorView& t, RecordRange range, const Control& control,
                     const QStringList& columnNames, Durability durability)
{
    const auto r = detail::clampRange(t, range);
    if (t.header().ndim() == 0 && r.records() == 0)
        return detail::failure(QCoreApplication::translate("idx", "the scalar is not available"));
    if (const QString why = namesMismatch(t.header(), columnNames); !why.isEmpty())
        return detail::failure(why);
    return detail::saveAtomically(
        path,
        [&](QIODevice& out) {
            detail::Sink sink(out, Container::Raw);
            const QByteArray names = headerLine(columnNames);
            if (!names.isEmpty() && !sink.write(names.constData(), names.size()))
                return detail::failure(sink.error());
            CsvLines lines(control, sink, t.header().ndim() == 0 ? 1 : r.records());
            const bool ok = detail::withDecoder(t.dtype(), t.byteOrder(),
                                                [&](auto dec) { return lines.write<decltype(dec)>(t, r); }) &&
                            lines.flush();
            return ok ? WriteResult{} : detail::failure(sink.error());
        },
        durability);
}

WriteResult writeCsv(const QString& path, const TensorPieces& t, const RecordSet& records,
                     const Control& control, const QStringList& columnNames)
{
    if (t.header().ndim() == 0)
        return writeCsv(path, t.recordView(0), {}, control, columnNames);
    if (const QString why = namesMismatch(t.header(), columnNames); !why.isEmpty())
        return detail::failure(why);
    const RecordSet available = records.clampedTo(t.availableRecords());
    return detail::saveAtomically(path, [&](QIODevice& out) {
        detail::Sink sink(out, Container::Raw);
        const QByteArray names = headerLine(columnNames);
        if (!names.isEmpty() && !sink.write(names.constData(), names.size()))
            return detail::failure(sink.error());
        CsvLines lines(control, sink, available.count());
        const bool ok =
            detail::forEachRun(t, available,
                               [&](const TensorView& run) {
                                   return detail::withDecoder(run.dtype(), run.byteOrder(), [&](auto dec) {
                                       return lines.write<decltype(dec)>(run, {0, run.availableRecords()});
                                   });
                               }) &&
            lines.flush();
        return ok ? WriteResult{} : detail::failure(sink.error());
    });
}

} // namespace idx
