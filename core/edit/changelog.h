// The change log of label edits: (index, old, new) rows derived from an edited labels tensor, written as CSV
// ("index,old,new") and read back to apply the same corrections to another copy of the data, line by line
// with clear messages for rows that do not fit.
#pragma once

#include "editabletensor.h"
#include "writer.h"

#include <QStringList>

#include <vector>

namespace idx {

struct LabelChange {
    quint64 index = 0; // record index in the original file
    double oldValue = 0;
    double newValue = 0;
    friend bool operator==(const LabelChange&, const LabelChange&) = default;
};

/// The label edits in `labels`: each original record that is still present and whose overlay changed its
/// label (element 0: the class column of 2-D label tables), by original index. Derived from the overlay, so
/// undo and redo are reflected and repeated edits of one label give one row (first old, last new).
[[nodiscard]] std::vector<LabelChange> labelChanges(const EditableTensor& labels);

/// "index,old,new" then one line per change (values in the shortest round-trip form).
[[nodiscard]] QByteArray changeLogCsv(const std::vector<LabelChange>& changes);
/// Writes changeLogCsv atomically.
[[nodiscard]] WriteResult writeChangeLog(const QString& path, const std::vector<LabelChange>& changes);

struct ChangeLogEntry {
    int line = 0; // 1-based line in the CSV
    LabelChange change;
};
struct ChangeLogParse {
    // "FILE, line 3, column 5: ..." for records that could not be read (those are left out); a CSV syntax
    // error, or more than 100 bad records, ends the reading with a last message that says so.
    std::vector<ChangeLogEntry> entries;
    QStringList errors;
    [[nodiscard]] bool ok() const { return errors.isEmpty(); }
};
/// Parses a change log with CsvReader (RFC 4180 quoting, LF or CRLF, spaces around fields ignored, blank
/// lines skipped, at most 64 MiB): a header is skipped when the first record has three fields and no number
/// ("index,old,new"). `fileName` starts each message.
[[nodiscard]] ChangeLogParse parseChangeLog(QByteArrayView csv, const QString& fileName = {});
/// Reads and parses a file; a read failure is reported in errors.
[[nodiscard]] ChangeLogParse readChangeLog(const QString& path);

struct ChangeLogApply {
    std::optional<Edit> edit; // one compound edit for the undo stack (nullopt when nothing was applied)
    int applied = 0;
    QStringList issues; // "line 4: ...": rows not applied (or, with force, applied despite a mismatch)
};
/// Applies the entries to `target` (positions = indexes). A row whose index is out of range or whose new
/// value does not fit the dtype is skipped; a row whose old value differs from the target's current label is
/// skipped unless `force` (then applied and still reported).
[[nodiscard]] ChangeLogApply applyChangeLog(EditableTensor& target,
                                            const std::vector<ChangeLogEntry>& entries, bool force = false);

} // namespace idx
