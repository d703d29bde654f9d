// The CSV reader: libcsv (Debian's libcsv-dev, an RFC 4180 parser in C; Qt has no CSV reader) splits fields
// in its strict mode, and this file adds what libcsv does not give: the line and column of every field and
// error, the byte-order mark, limits, and pull-style records over a QIODevice. (Debian's other C++ CSV
// parser, libfccp, reads line by line and so cannot read a line break inside quotes.)
//
// Positions: libcsv ends a field only at a comma, CR or LF, so the input is fed to it in segments that end
// right after each of those bytes; a field or row callback then always belongs to the segment's last byte,
// and the next field starts at the first byte after it (the first non-blank one with trimSpaces).
#include "csvreader.h"

#include <QCoreApplication>
#include <QDir>
#include <QIODevice>
#include <QLocale>

#include <csv.h>

#include <algorithm>

namespace idx {

namespace {
constexpr qint64 kChunk = 64 * 1024; // bytes read from the device at a time
constexpr qsizetype kSegment = 4096; // the most fed to libcsv at once when no comma or line end comes

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

QString sizeText(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 0, QLocale::DataSizeIecFormat);
}

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

int noSpaces(unsigned char)
{
    return 0;
}

/// A position plus whether the byte before it was a CR (so that the LF of a CRLF starts no second line).
struct Cursor {
    CsvPosition at;
    bool afterCr = false;

    void advance(char c)
    {
        ++at.offset;
        if (c == '\r' || (c == '\n' && !afterCr)) {
            ++at.line;
            at.column = 1;
        } else if (c != '\n' && (uchar(c) & 0xC0) != 0x80) { // UTF-8 continuation bytes add no column
            ++at.column;
        }
        afterCr = c == '\r';
    }
};
} // namespace

struct CsvReader::Private {
    QIODevice& device;
    CsvOptions options;
    csv_parser parser{};

    QByteArray buffer; // the chunk being read
    qsizetype pos = 0; // next byte of buffer to scan
    bool started = false;
    bool finished = false;
    Cursor here; // position of buffer[pos]

    bool needFieldStart = true; // the next (non-blank) byte starts a field
    CsvPosition fieldAt;
    bool fieldQuoted = false;
    bool recordStarted = false;
    CsvPosition recordAt;
    std::vector<CsvField> fields;
    std::optional<CsvRecord> ready;
    std::optional<CsvError> error;

    Private(QIODevice& d, const CsvOptions& o) : device(d), options(o)
    {
        (void)csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL); // fails only for a null parser
        if (!options.trimSpaces)
            csv_set_space_func(&parser, noSpaces);
    }
    ~Private() { csv_free(&parser); }

    void fail(const CsvPosition& at, const QString& reason)
    {
        if (!error)
            error = CsvError{at, reason};
    }

    static void onField(void* text, size_t size, void* self)
    {
        auto* d = static_cast<Private*>(self);
        d->fields.push_back(CsvField{QByteArray(static_cast<const char*>(text), qsizetype(size)), d->fieldAt,
                                     d->fieldQuoted});
        d->needFieldStart = true;
    }
    static void onRow(int, void* self)
    {
        auto* d = static_cast<Private*>(self);
        if (!d->fields.empty()) // an empty line (CSV_REPALL_NL reports those too) is no record
            d->ready = CsvRecord{std::move(d->fields)};
        d->fields.clear();
        d->recordStarted = false;
        d->needFieldStart = true;
    }

    // Reads the next chunk; false at the end of the input or on a read error (then error is set).
    bool refill()
    {
        // No bigger than what is left when the device knows (a change log is often a few hundred bytes).
        const qint64 chunk = std::clamp<qint64>(device.bytesAvailable(), 4096, kChunk);
        do {
            buffer.resize(chunk);
            qsizetype have = 0;
            for (;;) { // the first time, the 3 bytes a byte-order mark needs (unless the input is shorter)
                const qint64 n = device.read(buffer.data() + have, chunk - have);
                if (n < 0) {
                    fail(here.at, Tr::tr("cannot read the data: %1").arg(device.errorString()));
                    return false;
                }
                have += qsizetype(n);
                if (n == 0 || started || have >= 3)
                    break;
            }
            buffer.resize(have);
            pos = 0;
            if (have == 0)
                return false;
            if (!started) {
                started = true;
                if (buffer.startsWith("\xEF\xBB\xBF")) {
                    pos = 3;
                    here.at.offset = 3;
                }
            }
        } while (pos == buffer.size()); // a chunk of only the mark
        return true;
    }

    // Feeds buffer[from, to) to libcsv; false on a parse error. `at` is the position of buffer[from].
    bool feed(qsizetype from, qsizetype to, Cursor at)
    {
        const auto* bytes = buffer.constData() + from;
        const size_t n = csv_parse(&parser, bytes, size_t(to - from), onField, onRow, this);
        if (n == size_t(to - from))
            return true;
        for (size_t k = 0; k < n; ++k) // libcsv stops right at the offending byte
            at.advance(bytes[k]);
        if (csv_error(&parser) !=
            CSV_EPARSE) // its field buffer could not grow (fields are far below SIZE_MAX)
            fail(at.at, Tr::tr("out of memory"));
        else if (fieldQuoted)
            fail(at.at,
                 Tr::tr("text after the closing quote of a field (a quote inside quotes is written twice)"));
        else
            fail(at.at, Tr::tr("a quote inside an unquoted field (a field with quotes must be quoted whole, "
                               "its own quotes written twice)"));
        return false;
    }

    // Scans the current chunk until a record is complete, an error, or the chunk's end.
    void scan()
    {
        const char* bytes = buffer.constData();
        qsizetype segment = pos;
        Cursor segmentAt = here;
        while (pos < buffer.size()) {
            const char c = bytes[pos];
            // At a limit, the bytes libcsv has not seen yet may hold an earlier error: that one comes first
            // (so that the error does not depend on how the input arrives).
            if (here.at.offset >= options.maxBytes) {
                if (segment < pos && !feed(segment, pos, segmentAt))
                    return;
                fail(here.at,
                     Tr::tr("the data goes on past %1, the most read here").arg(sizeText(options.maxBytes)));
                return;
            }
            if (needFieldStart && !(options.trimSpaces && isBlank(c))) {
                needFieldStart = false;
                fieldAt = here.at;
                fieldQuoted = c == '"';
                if (!recordStarted) {
                    recordStarted = true;
                    recordAt = here.at;
                }
            }
            if (recordStarted && here.at.offset - recordAt.offset >= options.maxRecordBytes) {
                if (segment < pos && !feed(segment, pos, segmentAt))
                    return;
                fail(recordAt, Tr::tr("the record that starts here is longer than %1, the most allowed here")
                                   .arg(sizeText(options.maxRecordBytes)));
                return;
            }
            here.advance(c);
            ++pos;
            if (c == ',' || c == '\r' || c == '\n' || pos - segment >= kSegment) {
                if (!feed(segment, pos, segmentAt))
                    return;
                segment = pos;
                segmentAt = here;
                if (ready)
                    return;
            }
        }
        if (segment < pos)
            (void)feed(segment, pos, segmentAt);
    }

    void finish()
    {
        finished = true;
        if (error)
            return;
        if (needFieldStart) { // a last empty field ("a," at the end) starts at the end
            fieldAt = here.at;
            fieldQuoted = false;
        }
        if (csv_fini(&parser, onField, onRow, this) != 0)
            fail(fieldAt, Tr::tr("the quoted field that starts here has no closing quote"));
    }
};

CsvReader::CsvReader(QIODevice& device, const CsvOptions& options)
    : d(std::make_unique<Private>(device, options))
{}

CsvReader::~CsvReader() = default;

std::optional<CsvRecord> CsvReader::next()
{
    while (!d->ready && !d->error && !d->finished) {
        if (d->pos == d->buffer.size() && !d->refill()) {
            d->finish();
            break;
        }
        d->scan();
    }
    std::optional<CsvRecord> out;
    out.swap(d->ready);
    return out;
}

const std::optional<CsvError>& CsvReader::error() const
{
    return d->error;
}

QString csvMessage(const QString& fileName, const CsvPosition& at, const QString& reason)
{
    // One multi-argument arg(): a '%' in the file name or the reason is not taken for a place marker.
    const QString line = QString::number(at.line), column = QString::number(at.column);
    if (fileName.isEmpty())
        return Tr::tr("line %1, column %2: %3").arg(line, column, reason);
    return Tr::tr("%1, line %2, column %3: %4").arg(QDir::toNativeSeparators(fileName), line, column, reason);
}

bool isCsvHeader(const CsvRecord& first, int columns, std::initializer_list<int> numeric)
{
    if (int(first.fields.size()) != columns)
        return false;
    for (int k : numeric) {
        bool ok = false;
        (void)first.fields[size_t(k)].text.trimmed().toDouble(&ok);
        if (ok)
            return false;
    }
    return true;
}

} // namespace idx
