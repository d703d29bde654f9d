// Which records a browser of a dataset keeps to: a list of records (the insights' suspects, say) and a set of
// classes (the label filter). One rule for everything that steps through or lists records: the gallery, the
// Go menu's stepping and the record box.
#pragma once

#include <QSet>
#include <QtGlobal>

#include <optional>
#include <span>
#include <vector>

namespace idx {

struct RecordFilter {
    /// The records kept to, ascending and unique; nullopt: all.
    std::optional<std::vector<quint64>> records;
    /// The classes kept to; empty: every record, labelled or not. With classes, a record without a label
    /// (past the end of the labels) does not pass.
    QSet<qint64> classes;

    [[nodiscard]] bool active() const { return records.has_value() || !classes.isEmpty(); }
    /// Whether `record` is one of `records` (every record without a list).
    [[nodiscard]] bool listed(quint64 record) const;
    /// Whether `record`, whose class is labels[record] when it has one, passes both.
    [[nodiscard]] bool passes(quint64 record, std::span<const qint64> labels) const;
    /// The end of the records that can pass, of `available` with `labelled` of them labelled.
    [[nodiscard]] quint64 end(quint64 available, quint64 labelled) const;

    friend bool operator==(const RecordFilter&, const RecordFilter&) = default;
};

/// `records` sorted ascending, each once (as RecordFilter::records holds them).
[[nodiscard]] std::vector<quint64> sortedRecords(std::vector<quint64> records);

} // namespace idx
