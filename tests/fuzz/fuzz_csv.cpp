// Fuzz target: CsvReader on arbitrary bytes, exact RFC 4180 or with spaces trimmed, with fuzzer-chosen
// limits, read whole and again in short reads. Oracles: both reads give the same records and error; every
// field and error position lies inside the input, its line and column agree with a plain count; every field
// re-encoded at its offset is exactly the input's bytes there, separated only by commas and line ends (and
// blanks when trimmed); records re-encoded with RFC 4180 quoting (every field, or only where needed) read
// back the same.
#include "fuzz_common.h"

#include "csvreader.h"

#include <QBuffer>

namespace {

/// Hands out at most `step` bytes per read, like a pipe.
class TrickleDevice : public QIODevice {
public:
    TrickleDevice(const QByteArray& bytes, qint64 step) : m_bytes(bytes), m_step(step)
    {
        open(QIODevice::ReadOnly | QIODevice::Unbuffered);
    }
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char* data, qint64 max) override
    {
        const qint64 n = std::min({max, m_step, qint64(m_bytes.size()) - m_pos});
        std::memcpy(data, m_bytes.constData() + m_pos, size_t(n));
        m_pos += n;
        return n;
    }
    qint64 writeData(const char*, qint64) override { return -1; }

private:
    const QByteArray& m_bytes;
    qint64 m_step;
    qint64 m_pos = 0;
};

struct Read {
    std::vector<idx::CsvRecord> records;
    std::optional<idx::CsvError> error;
};

Read readAll(QIODevice& device, const idx::CsvOptions& options)
{
    Read r;
    idx::CsvReader reader(device, options);
    while (auto record = reader.next())
        r.records.push_back(std::move(*record));
    r.error = reader.error();
    FZ_CHECK(!reader.next()); // a finished reader stays finished
    return r;
}

Read readBuffer(QByteArray bytes, const idx::CsvOptions& options)
{
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    return readAll(buffer, options);
}

bool samePosition(const idx::CsvPosition& a, const idx::CsvPosition& b)
{
    return a.line == b.line && a.column == b.column && a.offset == b.offset;
}

bool sameRecords(const std::vector<idx::CsvRecord>& a, const std::vector<idx::CsvRecord>& b, bool positions)
{
    if (a.size() != b.size())
        return false;
    for (size_t r = 0; r < a.size(); ++r) {
        if (a[r].fields.size() != b[r].fields.size())
            return false;
        for (size_t k = 0; k < a[r].fields.size(); ++k) {
            const idx::CsvField &x = a[r].fields[k], &y = b[r].fields[k];
            if (x.text != y.text || (positions && (x.quoted != y.quoted || !samePosition(x.at, y.at))))
                return false;
        }
    }
    return true;
}

const QByteArray kBom("\xEF\xBB\xBF");

/// Line and column of every offset (and of the end), counted plainly: CR, LF and CRLF end lines; UTF-8
/// continuation bytes add no column; a leading byte-order mark takes no room.
struct Positions {
    std::vector<std::pair<qint64, qint64>> at;

    explicit Positions(const QByteArray& in)
    {
        qint64 line = 1, column = 1;
        const qint64 bom = in.startsWith(kBom) ? 3 : 0;
        at.assign(size_t(bom), {1, 1});
        for (qint64 i = bom; i <= in.size(); ++i) {
            at.emplace_back(line, column);
            if (i == in.size())
                break;
            const char c = in[i];
            if (c == '\n' && i > 0 && in[i - 1] == '\r')
                continue;
            if (c == '\r' || c == '\n') {
                ++line;
                column = 1;
            } else if ((uchar(c) & 0xC0) != 0x80) {
                ++column;
            }
        }
    }
    void check(const idx::CsvPosition& p, qint64 limit) const
    {
        FZ_CHECK(p.offset >= 0 && p.offset <= limit);
        FZ_CHECK(p.line == at[size_t(p.offset)].first && p.column == at[size_t(p.offset)].second);
    }
};

QByteArray quoted(const QByteArray& text)
{
    return '"' + QByteArray(text).replace('"', "\"\"") + '"';
}

// Each field, re-encoded where the reader says it starts, is the input's bytes there; between fields only a
// comma, between records only line ends (blanks around, when trimmed).
void checkLayout(const QByteArray& in, const Read& r, bool trim)
{
    const auto isBlank = [&](char c) { return trim && (c == ' ' || c == '\t'); };
    const auto isEnd = [](char c) { return c == '\r' || c == '\n'; };
    qint64 cursor = in.startsWith(kBom) ? 3 : 0;
    for (const idx::CsvRecord& record : r.records) {
        FZ_CHECK(!record.fields.empty());
        for (size_t k = 0; k < record.fields.size(); ++k) {
            const idx::CsvField& f = record.fields[k];
            for (; cursor < f.at.offset; ++cursor) // what comes before: blanks, and line ends before a record
                FZ_CHECK(isBlank(in[cursor]) || (k == 0 && isEnd(in[cursor])));
            FZ_CHECK(cursor == f.at.offset);
            const QByteArray encoded = f.quoted ? quoted(f.text) : f.text;
            FZ_CHECK(in.mid(cursor, encoded.size()) == encoded);
            if (!f.quoted && trim && !f.text.isEmpty())
                FZ_CHECK(!isBlank(f.text.front()) && !isBlank(f.text.back()));
            if (!f.quoted)
                FZ_CHECK(!f.text.contains('"') && !f.text.contains(',') && !f.text.contains('\r') &&
                         !f.text.contains('\n'));
            cursor += encoded.size();
            while (cursor < in.size() && isBlank(in[cursor]))
                ++cursor;
            if (k + 1 < record.fields.size()) {
                FZ_CHECK(cursor < in.size() && in[cursor] == ',');
                ++cursor;
            } else {
                FZ_CHECK(cursor == in.size() || isEnd(in[cursor]));
            }
        }
    }
    if (!r.error) // the rest holds no record: only line ends (and blanks)
        for (; cursor < in.size(); ++cursor)
            FZ_CHECK(isBlank(in[cursor]) || isEnd(in[cursor]));
}

// Re-encodes the records (every field quoted, or only where RFC 4180 needs it) and reads them back exactly.
void checkRoundTrip(const std::vector<idx::CsvRecord>& records, bool quoteAll)
{
    QByteArray out;
    for (const idx::CsvRecord& record : records) {
        for (size_t k = 0; k < record.fields.size(); ++k) {
            const QByteArray& t = record.fields[k].text;
            const bool needs = quoteAll || t.contains('"') || t.contains(',') || t.contains('\r') ||
                               t.contains('\n') || (t.isEmpty() && record.fields.size() == 1) ||
                               (out.isEmpty() && t.startsWith(kBom));
            out += (k ? "," : "") + (needs ? quoted(t) : t);
        }
        out += "\r\n";
    }
    idx::CsvOptions exact;
    exact.maxBytes = exact.maxRecordBytes = qint64(1) << 40;
    const Read back = readBuffer(out, exact);
    FZ_CHECK(!back.error);
    FZ_CHECK(sameRecords(back.records, records, false));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    // The first byte chooses: bit 0 trimmed spaces, bit 1 small limits (the next 3 bytes: the input's, then
    // the record's), bit 2 the round trip's quoting (every field or where needed), bits 4-7 the short reads'
    // size. The rest is the CSV.
    const QByteArray all(reinterpret_cast<const char*>(data), qsizetype(size));
    qsizetype head = 0;
    const uchar flags = all.isEmpty() ? 0 : uchar(all[head++]);
    idx::CsvOptions options;
    options.trimSpaces = flags & 1;
    if ((flags & 2) && all.size() >= head + 3) {
        options.maxBytes = (uchar(all[head]) | uchar(all[head + 1]) << 8) % 4097;
        options.maxRecordBytes = 1 + 2 * uchar(all[head + 2]);
        head += 3;
    }
    const qint64 step = 1 + (flags >> 4) % 13;
    const QByteArray in = all.mid(head);

    const Positions positions(in);
    const Read whole = readBuffer(in, options);
    TrickleDevice trickle(in, step);
    const Read pieces = readAll(trickle, options);
    FZ_CHECK(sameRecords(whole.records, pieces.records, true));
    FZ_CHECK(whole.error.has_value() == pieces.error.has_value());
    if (whole.error) {
        FZ_CHECK(samePosition(whole.error->at, pieces.error->at) &&
                 whole.error->reason == pieces.error->reason);
        FZ_CHECK(!whole.error->reason.isEmpty());
        positions.check(whole.error->at, in.size() - 1); // inside the input
    }
    for (const idx::CsvRecord& record : whole.records)
        for (const idx::CsvField& f : record.fields)
            positions.check(f.at, in.size()); // a last empty field may start at the end
    checkLayout(in, whole, options.trimSpaces);
    checkRoundTrip(whole.records, flags & 4);
    return 0;
}
