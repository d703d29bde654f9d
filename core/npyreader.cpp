// The .npy reader: magic and version, the header length (2 bytes in 1.0, 4 in 2.0/3.0), a small parser for
// the Python dict literal numpy writes, then C-order data swapped to big-endian on the way to the IDX writer.
#include "npyreader.h"

#include "sibling.h"
#include "writer_p.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QtEndian>

#include <algorithm>

namespace idx {

namespace {
constexpr qint64 kChunk = 1 << 20;
constexpr qint64 kMaxHeaderLength = 1 << 20; // numpy caps headers far lower; anything larger is not an .npy

QString tr(const char* s)
{
    return QCoreApplication::translate("idx", s);
}

// A tiny parser for the dict literal: {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
class DictParser {
public:
    explicit DictParser(QByteArray s) : m_s(std::move(s)) {}

    QString parse(QByteArray& descr, bool& fortran, std::vector<quint64>& shape)
    {
        bool haveDescr = false, haveFortran = false, haveShape = false;
        skip();
        if (!eat('{'))
            return tr("the header is not a dictionary");
        for (;;) {
            skip();
            if (eat('}'))
                break;
            QByteArray key;
            if (!string(key))
                return tr("the header dictionary is malformed near \"%1\"").arg(rest());
            skip();
            if (!eat(':'))
                return tr("the header dictionary is malformed near \"%1\"").arg(rest());
            skip();
            // A key twice would add a second shape's sizes to the first (Python keeps only the last).
            if ((key == "descr" && haveDescr) || (key == "fortran_order" && haveFortran) ||
                (key == "shape" && haveShape))
                return tr("the header has the key '%1' twice").arg(QString::fromUtf8(key));
            if (key == "descr") {
                if (peek() == '[')
                    return tr("structured dtypes are not supported");
                if (!string(descr))
                    return tr("the dtype description is malformed near \"%1\"").arg(rest());
                haveDescr = true;
            } else if (key == "fortran_order") {
                if (word("True"))
                    fortran = true;
                else if (word("False"))
                    fortran = false;
                else
                    return tr("fortran_order is neither True nor False");
                haveFortran = true;
            } else if (key == "shape") {
                if (QString why = tuple(shape); !why.isEmpty())
                    return why;
                haveShape = true;
            } else {
                return tr("unexpected key '%1' in the header").arg(QString::fromUtf8(key));
            }
            skip();
            if (eat(','))
                continue;
            skip();
            if (eat('}'))
                break;
            return tr("the header dictionary is malformed near \"%1\"").arg(rest());
        }
        if (!haveDescr || !haveFortran || !haveShape)
            return tr("the header lacks %1")
                .arg(!haveDescr     ? QStringLiteral("'descr'")
                     : !haveFortran ? QStringLiteral("'fortran_order'")
                                    : QStringLiteral("'shape'"));
        return {};
    }

private:
    char peek() const { return m_pos < m_s.size() ? m_s[m_pos] : '\0'; }
    bool eat(char c)
    {
        if (peek() != c)
            return false;
        ++m_pos;
        return true;
    }
    void skip()
    {
        while (m_pos < m_s.size() &&
               (m_s[m_pos] == ' ' || m_s[m_pos] == '\t' || m_s[m_pos] == '\n' || m_s[m_pos] == '\r'))
            ++m_pos;
    }
    QString rest() const { return QString::fromUtf8(m_s.mid(m_pos, 20).trimmed()); }
    bool word(QByteArrayView w)
    {
        if (m_s.mid(m_pos).startsWith(w)) {
            m_pos += w.size();
            return true;
        }
        return false;
    }
    bool string(QByteArray& out)
    {
        const char q = peek();
        if (q != '\'' && q != '"')
            return false;
        const qsizetype end = m_s.indexOf(q, m_pos + 1);
        if (end < 0)
            return false;
        out = m_s.mid(m_pos + 1, end - m_pos - 1);
        m_pos = end + 1;
        return true;
    }
    QString tuple(std::vector<quint64>& dims)
    {
        if (!eat('('))
            return tr("the shape is not a tuple");
        for (;;) {
            skip();
            if (eat(')'))
                return {};
            const qsizetype start = m_pos;
            while (m_pos < m_s.size() && m_s[m_pos] >= '0' && m_s[m_pos] <= '9')
                ++m_pos;
            if (m_pos == start)
                return tr("the shape holds something other than sizes near \"%1\"").arg(rest());
            bool ok = false;
            const quint64 d = m_s.mid(start, m_pos - start).toULongLong(&ok);
            if (!ok || d > 0xFFFFFFFFull)
                return tr("dimension %1 of the shape is larger than IDX allows (4294967295)")
                    .arg(QString::fromUtf8(m_s.mid(start, m_pos - start)));
            dims.push_back(d);
            eat('L'); // Python 2 longs
            skip();
            if (eat(','))
                continue;
            skip();
            if (eat(')'))
                return {};
            return tr("the shape is malformed near \"%1\"").arg(rest());
        }
    }

    QByteArray m_s;
    qsizetype m_pos = 0;
};

// '<u2' → uint16, little-endian. '|' (no order) only for one-byte types; '=' is this machine's order.
std::optional<std::pair<StoredType, ByteOrder>> parseDescr(const QByteArray& d)
{
    if (d.size() != 3)
        return std::nullopt;
    static const std::pair<const char*, StoredType> kCodes[] = {
        {"b1", StoredType::Bool},    {"u1", StoredType::UInt8},   {"i1", StoredType::Int8},
        {"i2", StoredType::Int16},   {"u2", StoredType::UInt16},  {"i4", StoredType::Int32},
        {"u4", StoredType::UInt32},  {"i8", StoredType::Int64},   {"u8", StoredType::UInt64},
        {"f2", StoredType::Float16}, {"f4", StoredType::Float32}, {"f8", StoredType::Float64},
    };
    const QByteArray code = d.mid(1);
    const auto found =
        std::find_if(std::begin(kCodes), std::end(kCodes), [&](const auto& c) { return code == c.first; });
    if (found == std::end(kCodes))
        return std::nullopt;
    const StoredType t = found->second;
    const char order = d[0];
    if (order == '|')
        return storedSize(t) == 1 ? std::optional(std::pair(t, ByteOrder::Big)) : std::nullopt;
    if (order == '<')
        return std::pair(t, ByteOrder::Little);
    if (order == '>')
        return std::pair(t, ByteOrder::Big);
    if (order == '=')
        return std::pair(t,
                         QSysInfo::ByteOrder == QSysInfo::LittleEndian ? ByteOrder::Little : ByteOrder::Big);
    return std::nullopt;
}

void swapInPlace(char* p, qint64 bytes, int es)
{
    for (qint64 k = 0; k + es <= bytes; k += es)
        std::reverse(p + k, p + k + es);
}
} // namespace

LayoutParse parseNpyLayout(QByteArrayView prefix)
{
    LayoutParse r;
    const auto fail = [&](QString why) {
        r.error = std::move(why);
        return r;
    };
    if (prefix.size() < 6 || !prefix.startsWith(QByteArrayView("\x93NUMPY", 6)))
        return fail(tr("not a NumPy .npy file (the magic \\x93NUMPY is missing)"));
    if (prefix.size() < 10)
        return fail(tr("the .npy header is truncated"));
    const int major = quint8(prefix[6]);
    if (major < 1 || major > 3)
        return fail(tr(".npy format version %1.%2 is not supported (1.0, 2.0 and 3.0 are)")
                        .arg(major)
                        .arg(quint8(prefix[7])));
    const auto* p = reinterpret_cast<const uchar*>(prefix.data());
    qint64 headerLength;
    qint64 start;
    if (major == 1) {
        headerLength = qFromLittleEndian<quint16>(p + 8);
        start = 10;
    } else {
        if (prefix.size() < 12)
            return fail(tr("the .npy header is truncated"));
        headerLength = qFromLittleEndian<quint32>(p + 8);
        start = 12;
    }
    if (headerLength > kMaxHeaderLength)
        return fail(tr("the .npy header claims %1 bytes, more than any real header").arg(headerLength));
    if (prefix.size() < start + headerLength)
        return fail(tr("the .npy header is truncated: it claims %1 bytes but only %2 follow")
                        .arg(headerLength)
                        .arg(std::max<qint64>(0, prefix.size() - start)));
    QByteArray descr;
    SourceLayout layout;
    layout.format = SourceFormat::Npy;
    if (QString why = DictParser(prefix.sliced(start, headerLength).toByteArray())
                          .parse(descr, layout.fortran, layout.dims);
        !why.isEmpty())
        return fail(why);
    const auto dt = parseDescr(descr);
    if (!dt)
        return fail(tr("dtype '%1' is not supported (idxscope reads bool, uint8 to uint64, int8 to int64, "
                       "float16, float32 and float64, either byte order)")
                        .arg(QString::fromUtf8(descr)));
    if (layout.dims.size() > 255)
        return fail(tr("the array has %1 dimensions; IDX allows at most 255").arg(layout.dims.size()));
    if (!Header::make(shownAs(dt->first), layout.dims))
        return fail(tr("the shape's size overflows 64 bits"));
    layout.type = dt->first;
    layout.order = dt->second;
    layout.descr = QString::fromUtf8(descr);
    layout.dataOffset = start + headerLength;
    r.layout = std::move(layout);
    return r;
}

NpyParse parseNpyHeader(QByteArrayView prefix, qint64 fileSize)
{
    NpyParse r;
    const LayoutParse parsed = parseNpyLayout(prefix);
    if (!parsed.layout) {
        r.error = parsed.error;
        return r;
    }
    const SourceLayout& layout = *parsed.layout;
    if (layout.fortran) {
        r.error = tr("the array is stored in Fortran order; only C order is supported here (open the file "
                     "and convert it, or save it with np.ascontiguousarray)");
        return r;
    }
    if (needsConversion(layout.type)) {
        r.error =
            tr("dtype '%1' has no IDX type; only |u1 |i1 <i2 >i2 <i4 >i4 <f4 >f4 <f8 >f8 import as they "
               "are (open the file and convert it to widen it)")
                .arg(layout.descr);
        return r;
    }
    if (fileSize < layout.dataOffset) {
        r.error = tr("the .npy header is truncated");
        return r;
    }
    NpyInfo info;
    info.major = quint8(prefix[6]);
    info.dtype = shownAs(layout.type);
    info.order = elementSize(info.dtype) == 1 ? ByteOrder::Big : layout.order;
    info.dims = layout.dims;
    info.dataOffset = layout.dataOffset;
    info.dataBytes = Header::make(info.dtype, info.dims)->dataBytes;
    const quint64 have = quint64(fileSize - info.dataOffset);
    if (have < info.dataBytes) {
        r.error = tr("the data holds %1 bytes but the shape needs %2").arg(have).arg(info.dataBytes);
        return r;
    }
    r.info = std::move(info);
    return r;
}

namespace {
NpyParse openNpy(QFile& f, const QString& path)
{
    if (!f.open(QIODevice::ReadOnly)) {
        NpyParse r;
        r.error = tr("cannot read %1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
        return r;
    }
    // The preamble: 12 fixed bytes and a header length we only learn from them.
    QByteArray prefix = f.read(12);
    if (prefix.size() >= 10 && prefix.startsWith("\x93NUMPY")) {
        const auto* p = reinterpret_cast<const uchar*>(prefix.constData());
        const qint64 len = quint8(prefix[6]) == 1
                               ? qFromLittleEndian<quint16>(p + 8)
                               : (prefix.size() >= 12 ? qFromLittleEndian<quint32>(p + 8) : 0);
        if (len <= kMaxHeaderLength)
            prefix += f.read(len);
    }
    return parseNpyHeader(prefix, f.size());
}
} // namespace

NpyRead readNpy(const QString& path)
{
    NpyRead r;
    QFile f(path);
    const NpyParse parsed = openNpy(f, path);
    if (!parsed.info) {
        r.error = parsed.error;
        return r;
    }
    const NpyInfo& info = *parsed.info;
    auto bytes = std::make_shared<QByteArray>();
    if (!f.seek(info.dataOffset)) {
        r.error = tr("cannot read %1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
        return r;
    }
    *bytes = f.read(qint64(info.dataBytes));
    if (quint64(bytes->size()) != info.dataBytes) {
        r.error = tr("the data holds %1 bytes but the shape needs %2").arg(bytes->size()).arg(info.dataBytes);
        return r;
    }
    const int es = elementSize(info.dtype);
    if (info.order == ByteOrder::Little && es > 1)
        swapInPlace(bytes->data(), bytes->size(), es);
    const auto h = Header::make(info.dtype, info.dims);
    r.view = TensorView(*h, reinterpret_cast<const uchar*>(bytes->constData()), info.dataBytes, bytes);
    return r;
}

WriteResult importNpy(const QString& npyPath, const QString& idxPath, Container container,
                      const Control& control)
{
    QFile f(npyPath);
    const NpyParse parsed = openNpy(f, npyPath);
    if (!parsed.info)
        return detail::failure(parsed.error);
    const NpyInfo& info = *parsed.info;
    if (!f.seek(info.dataOffset))
        return detail::failure(
            tr("cannot read %1: %2").arg(QDir::toNativeSeparators(npyPath), f.errorString()));
    const auto h = Header::make(info.dtype, info.dims);
    const int es = elementSize(info.dtype);
    const bool swap = info.order == ByteOrder::Little && es > 1;
    return detail::saveAtomically(idxPath, [&](QIODevice& out) {
        detail::Sink sink(out, container, control);
        if (!sink.write(h->encode()))
            return detail::failure(sink.error());
        QByteArray buffer;
        const qint64 total = qint64(info.dataBytes);
        for (qint64 done = 0; done < total;) {
            if (control.cancelled())
                return detail::failure(detail::cancelledMessage());
            const qint64 want = std::min(kChunk - kChunk % es, total - done);
            buffer.resize(want);
            qint64 got = 0;
            while (got < want) { // loop on short reads
                const qint64 n = f.read(buffer.data() + got, want - got);
                if (n <= 0)
                    return detail::failure(tr("reading %1 failed after %2 data bytes: %3")
                                               .arg(QDir::toNativeSeparators(npyPath))
                                               .arg(done + got)
                                               .arg(n < 0 ? f.errorString() : tr("the file ended")));
                got += n;
            }
            if (swap)
                swapInPlace(buffer.data(), want, es);
            if (!sink.write(buffer.constData(), want))
                return detail::failure(sink.error());
            done += want;
            sink.report(done, total);
        }
        return sink.finish() ? WriteResult{} : detail::failure(sink.error());
    });
}

} // namespace idx
