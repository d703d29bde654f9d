// Comparing two tensors by their decoded values (so a .gz and a re-compressed or re-typed copy compare by
// what they hold): the header fields that differ; for equal shapes, the records that differ at the same index
// and, for labels files, the changed labels; for different record counts, the records aligned by content like
// a diff of lines (deleted, inserted, moved, changed in place).
#pragma once

#include "changelog.h"
#include "recordalign.h"
#include "tensorpieces.h"

#include <QString>

#include <optional>
#include <vector>

namespace idx {

/// A record of A and its counterpart in B whose values differ (the same index when compared by index).
struct RecordChange {
    quint64 a = 0;
    quint64 b = 0;
    quint64 elements = 0; // elements whose values differ
    double maxAbsDiff =
        0; // the largest |b − a| among them; infinite when one is NaN or infinite, the other not
    friend bool operator==(const RecordChange&, const RecordChange&) = default;
};

struct RecordAlignment {
    quint64 kept = 0;              // records kept in order with equal values
    std::vector<KeptPair> pairs;   // those records (the kept of them, ascending)
    std::vector<quint64> deleted;  // records of A with no counterpart in B
    std::vector<quint64> inserted; // records of B with no counterpart in A
    std::vector<KeptPair> moved;   // equal values out of order (records of several values: equal labels are
                                   // not the same record)
    /// In place with other values: between the same kept records, in order, where the stretch has as many
    /// records on each side or at most 8 on either (unrelated files do not pair up).
    std::vector<RecordChange> changed;
    bool exact = true; // see SequenceAlignment::exact
};

struct TensorDiff {
    bool typeDiffers = false;  // the element types differ (values are still compared)
    bool dimsDiffer = false;   // the dims differ (record count, or record shape)
    bool shapesDiffer = false; // the record shapes differ: records were not compared at all

    /// Same dims: records that differ at the same index (a == b), the first `listLimit` of them listed.
    quint64 recordsDiffering = 0;
    quint64 elementsDiffering = 0;
    double maxAbsDiff = 0;
    std::vector<RecordChange> records;
    /// One-dimensional files of the same length: the labels that differ, by record (the first `listLimit`).
    std::vector<LabelChange> changedLabels;
    bool listTruncated = false; // more differed than were listed

    /// Different record counts, same record shape: the alignment by content. Equal dims (records of several
    /// values): the same, when a record differing by index is found elsewhere and the alignment explains the
    /// differences in no more steps than the records differing by index (a record deleted and another
    /// appended, records swapped or reordered).
    std::optional<RecordAlignment> alignment;
    /// Why the records were not aligned although the counts differ (too many records), else empty.
    QString alignmentSkipped;

    [[nodiscard]] bool equal() const { return !typeDiffers && !dimsDiffer && recordsDiffering == 0; }
};

struct DiffOptions {
    quint64 listLimit = 1'000'000;    // records and labels listed at most (all are counted)
    quint64 maxAligned = 4'000'000;   // records of A and B together beyond which no alignment is made
    qint64 alignBudget = 200'000'000; // alignSequences' budget
};

/// Compares `a` and `b` (their available records). nullopt when cancelled. Progress in records.
[[nodiscard]] std::optional<TensorDiff> diffTensors(const TensorPieces& a, const TensorPieces& b,
                                                    const DiffOptions& options = {},
                                                    const Control& control = {});

/// The values of record `ra` of `a` and `rb` of `b` (same record shape) compared: elements differing, largest
/// absolute difference. Equal NaNs are equal; -0 equals 0.
[[nodiscard]] RecordChange compareRecords(const TensorPieces& a, quint64 ra, const TensorPieces& b,
                                          quint64 rb);

} // namespace idx
