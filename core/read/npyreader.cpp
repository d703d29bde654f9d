// The .npy reader: magic and version, the header length (2 bytes in 1.0, 4 in 2.0/3.0), a small parser for
// the Python dict literal numpy writes; the data is converted to big-endian IDX by the sibling converter that
// opening a .npy uses (widening the types IDX lacks, reordering column-major data).
#include "npyreader.h"
#include "formats.h"

#include "plural.h"
#include "sibling.h"
#include "siblingconverter_p.h"
#include "sink.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QtEndian>

#include <algorithm>

namespace idx {

namespace {
constexpr qint64 kChunk = 1 << 20;
constexpr qint64 kMaxHeaderLength = 1 << 20; // numpy caps headers far lower; anything larger is not an .npy

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

// A tiny parser for the dict literal: {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
class DictParser {
public:
    explicit DictParser(QByteArray s) : m_s(std::move(s)) {}

    QString parse(QByteArray& descr, bool& fortran, std::vector<quint64>& shape)
    {
        bool haveDescr = false, haveFortran = false, haveShape = false;
        skip();
        if (!eat('{'))
            return Tr::tr("the header is not a dictionary");
        for (;;) {
            skip();
            if (eat('}'))
                break;
            QByteArray key;
            if (!string(key))
                return Tr::tr("the header dictionary is malformed near \"%1\"").arg(rest());
            skip();
            if (!eat(':'))
                return Tr::tr("the header dictionary is malformed near \"%1\"").arg(rest());
            skip();
            // A key twice would add a second shape's sizes to the first (Python keeps only the last).
            if ((key == "descr" && haveDescr) || (key == "fortran_order" && haveFortran) ||
                (key == "shape" && haveShape))
                return Tr::tr("the header has the key '%1' twice").arg(QString::fromUtf8(key));
            if (key == "descr") {
                if (peek() == '[')
                    return Tr::tr("structured dtypes are not supported");
                if (!string(descr))
                    return Tr::tr("the dtype description is malformed near \"%1\"").arg(rest());
                haveDescr = true;
            } else if (key == "fortran_order") {
                if (word("True"))
                    fortran = true;
                else if (word("False"))
                    fortran = false;
                else
                    return Tr::tr("fortran_order is neither True nor False");
                haveFortran = true;
            } else if (key == "shape") {
                if (QString why = tuple(shape); !why.isEmpty())
                    return why;
                haveShape = true;
            } else {
                return Tr::tr("unexpected key '%1' in the header").arg(QString::fromUtf8(key));
            }
            skip();
            if (eat(','))
                continue;
            skip();
            if (eat('}'))
                break;
            return Tr::tr("the header dictionary is malformed near \"%1\"").arg(rest());
        }
        if (!haveDescr || !haveFortran || !haveShape)
            return Tr::tr("the header lacks %1")
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
            return Tr::tr("the shape is not a tuple");
        for (;;) {
            skip();
            if (eat(')'))
                return {};
            const qsizetype start = m_pos;
            while (m_pos < m_s.size() && m_s[m_pos] >= '0' && m_s[m_pos] <= '9')
                ++m_pos;
            if (m_pos == start)
                return Tr::tr("the shape holds something other than sizes near \"%1\"").arg(rest());
            bool ok = false;
            const quint64 d = m_s.mid(start, m_pos - start).toULongLong(&ok);
            if (!ok || d > 0xFFFFFFFFull)
                return Tr::tr("dimension %1 of the shape is larger than IDX allows (4294967295)")
                    .arg(QString::fromUtf8(m_s.mid(start, m_pos - start)));
            dims.push_back(d);
            eat('L'); // Python 2 longs
            skip();
            if (eat(','))
                continue;
            skip();
            if (eat(')'))
                return {};
            return Tr::tr("the shape is malformed near \"%1\"").arg(rest());
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

} // namespace

LayoutParse parseNpyLayout(QByteArrayView prefix)
{
    LayoutParse r;
    const auto fail = [&](QString why) {
        r.error = std::move(why);
        return r;
    };
    if (!hasMagic(prefix, Format::Npy))
        return fail(Tr::tr("not a NumPy .npy file (the magic \\x93NUMPY is missing)"));
    if (prefix.size() < 10)
        return fail(Tr::tr("the .npy header is truncated"));
    const int major = quint8(prefix[6]);
    if (major < 1 || major > 3)
        return fail(Tr::tr(".npy format version %1.%2 is not supported (1.0, 2.0 and 3.0 are)")
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
            return fail(Tr::tr("the .npy header is truncated"));
        headerLength = qFromLittleEndian<quint32>(p + 8);
        start = 12;
    }
    if (headerLength > kMaxHeaderLength)
        return fail(Tr::tr("the .npy header claims %1 bytes, more than any real header").arg(headerLength));
    if (prefix.size() < start + headerLength)
        return fail(Tr::tr("the .npy header is truncated: it claims %1 bytes but only %2 follow")
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
        return fail(
            Tr::tr("dtype '%1' is not supported (idxscope reads bool, uint8 to uint64, int8 to int64, "
                   "float16, float32 and float64, either byte order)")
                .arg(QString::fromUtf8(descr)));
    if (layout.dims.size() > 255)
        return fail(Tr::tr("the array has %1 dimensions; IDX allows at most 255").arg(layout.dims.size()));
    if (!Header::make(shownAs(dt->first), layout.dims))
        return fail(Tr::tr("the shape's size overflows 64 bits"));
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
    if (fileSize < layout.dataOffset) {
        r.error = Tr::tr("the .npy header is truncated");
        return r;
    }
    NpyInfo info;
    info.major = quint8(prefix[6]);
    info.stored = layout.type;
    info.dtype = shownAs(layout.type);
    info.order = storedSize(layout.type) == 1 ? ByteOrder::Big : layout.order;
    info.fortran = layout.fortran;
    info.dims = layout.dims;
    info.dataOffset = layout.dataOffset;
    info.dataBytes = Header::make(info.dtype, info.dims)->dataBytes;
    // Overflow-free: the shown type is at least as wide as the stored one, and its size fits (checked above).
    info.storedBytes = info.dataBytes / quint64(elementSize(info.dtype)) * quint64(storedSize(layout.type));
    const quint64 have = quint64(fileSize - info.dataOffset);
    if (have < info.storedBytes) {
        r.error = Tr::tr("the data holds %1 bytes but the shape needs %2").arg(have).arg(info.storedBytes);
        return r;
    }
    info.layout = layout;
    r.info = std::move(info);
    return r;
}

namespace {
NpyParse openNpy(QFile& f, const QString& path)
{
    if (!f.open(QIODevice::ReadOnly)) {
        NpyParse r;
        r.error = Tr::tr("cannot read %1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
        return r;
    }
    // The preamble: 12 fixed bytes and a header length we only learn from them.
    QByteArray prefix = f.read(12);
    if (prefix.size() >= 10 && hasMagic(prefix, Format::Npy)) {
        const auto* p = reinterpret_cast<const uchar*>(prefix.constData());
        const qint64 len = quint8(prefix[6]) == 1
                               ? qFromLittleEndian<quint16>(p + 8)
                               : (prefix.size() >= 12 ? qFromLittleEndian<quint32>(p + 8) : 0);
        if (len <= kMaxHeaderLength)
            prefix += f.read(len);
    }
    return parseNpyHeader(prefix, f.size());
}

// The file's data as IDX: the sibling converter converts (widening, reordering column-major data) exactly as
// opening the file does. Emits the IDX header, then the payload, to `sink` in chunks; bytes after the data
// are not read. Refuses values it could only round (int64/uint64 beyond 2^53).
template <typename Sink>
QString decodeNpy(std::unique_ptr<QFile> file, const QString& path, const NpyInfo& info,
                  const Control& control, Sink&& sink)
{
    const auto h = Header::make(info.dtype, info.dims);
    const qint64 fileSize = file->size();
    SiblingConverter converter(fileSource(std::move(file)), info.layout, *h);
    const qint64 total = h->headerBytes + qint64(info.dataBytes); // fits: dataBytes is bounded by the file
    QByteArray buffer(qsizetype(std::min(kChunk, total)), Qt::Uninitialized);
    for (qint64 done = 0; done < total;) {
        if (control.cancelled())
            return detail::cancelledMessage();
        const qint64 n = converter.read(buffer.data(), std::min(kChunk, total - done));
        if (n == 0 && (converter.atEnd() || converter.error()))
            return Tr::tr("reading %1 failed after %2 data bytes: %3")
                .arg(QDir::toNativeSeparators(path))
                .arg(std::max<qint64>(0, done - h->headerBytes))
                .arg(converter.error() ? converter.error()->message : Tr::tr("the file ended"));
        // Refused at the first chunk with a rounded value.
        if (const qint64 rounded = converter.roundedCount(); rounded > 0)
            return translateCount("idx",
                                  QT_TRANSLATE_N_NOOP("idx",
                                                      "%n %1 value(s) beyond 2^53 were rounded to the "
                                                      "nearest float64; IDX has no type that holds them "
                                                      "exactly"),
                                  quint64(rounded))
                .arg(storedTypeName(info.stored));
        if (QString e = sink(QByteArrayView(buffer.constData(), n)); !e.isEmpty())
            return e;
        done += n;
        // In bytes of the .npy read: column-major data is gathered whole before the first IDX byte.
        control.report(converter.consumed(), fileSize);
    }
    return {};
}
} // namespace

NpyRead readNpy(const QString& path)
{
    NpyRead r;
    auto f = std::make_unique<QFile>(path);
    const NpyParse parsed = openNpy(*f, path);
    if (!parsed.info) {
        r.error = parsed.error;
        return r;
    }
    const NpyInfo& info = *parsed.info;
    const auto h = Header::make(info.dtype, info.dims);
    auto bytes = std::make_shared<QByteArray>();
    qint64 header = h->headerBytes; // the IDX header comes first: skipped
    r.error = decodeNpy(std::move(f), path, info, Control{}, [&](QByteArrayView chunk) {
        const qint64 skip = std::min<qint64>(header, chunk.size());
        header -= skip;
        bytes->append(chunk.sliced(skip));
        return QString();
    });
    if (!r.error.isEmpty())
        return r;
    r.view = TensorView(*h, reinterpret_cast<const uchar*>(bytes->constData()), info.dataBytes, bytes);
    return r;
}

WriteResult importNpy(const QString& npyPath, const QString& idxPath, Container container,
                      const Control& control)
{
    auto f = std::make_unique<QFile>(npyPath);
    const NpyParse parsed = openNpy(*f, npyPath);
    if (!parsed.info)
        return detail::failure(parsed.error);
    return detail::saveAtomically(idxPath, [&](QIODevice& out) {
        detail::Sink sink(out, container, control);
        const QString error =
            decodeNpy(std::move(f), npyPath, *parsed.info, control, [&](QByteArrayView chunk) {
                return sink.write(chunk.data(), chunk.size()) ? QString() : sink.error();
            });
        if (!error.isEmpty())
            return detail::failure(error);
        return sink.finish() ? WriteResult{} : detail::failure(sink.error());
    });
}

} // namespace idx
