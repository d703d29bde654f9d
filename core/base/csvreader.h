// Reading CSV (RFC 4180) for the importers: quoted fields with doubled quotes, commas and line breaks inside
// quotes, a UTF-8 byte-order mark skipped, LF, CRLF (and lone CR) line ends, the last line with or without
// one. Every problem is an error value with its line and column; hostile input is bounded by caller-chosen
// limits.
#pragma once

#include <QByteArray>
#include <QString>

#include <initializer_list>
#include <memory>
#include <optional>
#include <vector>

class QIODevice;

namespace idx {

struct CsvPosition {
    qint64 line = 1;   // 1-based; LF, CRLF and a lone CR each end a line, inside quotes too
    qint64 column = 1; // 1-based, in characters (a UTF-8 sequence counts once)
    qint64 offset = 0; // byte offset in the input (a byte-order mark included)
    friend bool operator==(const CsvPosition&, const CsvPosition&) = default;
};

struct CsvField {
    QByteArray text; // the value: quotes removed and doubled quotes undone
    CsvPosition at;  // where the field starts: its opening quote when quoted
    bool quoted = false;
};

struct CsvRecord {
    std::vector<CsvField> fields; // never empty
    [[nodiscard]] const CsvPosition& at() const { return fields.front().at; }
};

struct CsvOptions {
    qint64 maxBytes = qint64(64) << 20;       // the input may be no longer
    qint64 maxRecordBytes = qint64(64) << 10; // nor one record, quotes and commas included
    // Spaces and tabs around a field are not part of it (around quotes too), and a line of only spaces is
    // blank. Off, a field is exactly what RFC 4180 says, spaces included.
    bool trimSpaces = false;
};

struct CsvError {
    CsvPosition at;
    QString reason; // user-facing and translated; csvMessage adds the file, line and column
};

/// Reads records one at a time from an open device: memory stays within one record and one read chunk,
/// whatever the input's size, and a reader stops at its first error. Lines that are empty (or, with
/// trimSpaces, hold only spaces) are skipped. Records may have any number of fields.
class CsvReader {
public:
    explicit CsvReader(QIODevice& device, const CsvOptions& options = {});
    ~CsvReader();
    CsvReader(const CsvReader&) = delete;
    CsvReader& operator=(const CsvReader&) = delete;

    /// The next record; nullopt at the end of the input or at the first error (error() tells which).
    [[nodiscard]] std::optional<CsvRecord> next();
    [[nodiscard]] const std::optional<CsvError>& error() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

/// How every CSV problem reads: "FILE, line L, column C: reason" (without "FILE, " when fileName is empty);
/// fileName is shown with native separators.
[[nodiscard]] QString csvMessage(const QString& fileName, const CsvPosition& at, const QString& reason);

/// The header rule the importers share: the first record is a header (to skip) when it has `columns` fields
/// and none of the fields at the `numeric` indexes holds a number ("index,old,new", "filename,label").
[[nodiscard]] bool isCsvHeader(const CsvRecord& first, int columns, std::initializer_list<int> numeric);

} // namespace idx
