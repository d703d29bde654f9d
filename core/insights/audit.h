// Dataset insights from one neighbour graph: exact duplicates (equal bytes), near duplicates, suspected label
// errors, outliers, and across two files (a training and a test split) leakage and test records whose
// training neighbours carry another label. Features are a PCA projection fitted on the first file; neighbours
// are exact in that space up to kMaxExactSearchRows records and approximate beyond, with their recall
// measured; distances reported to people are the records' own values, recomputed exactly.
#pragma once

#include "neighbours.h"
#include "progress.h"
#include "tensorview.h"

#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace idx {

/// A record of the first file (file 0) or of the file it is audited against (file 1).
struct RecordRef {
    int file = 0;
    qint64 record = 0;
    friend bool operator==(const RecordRef&, const RecordRef&) = default;
    friend auto operator<=>(const RecordRef&, const RecordRef&) = default;
};

/// An images file taking part, with its labels (one per record) or none.
struct AuditFile {
    TensorView images;
    std::vector<qint64> labels;
};

struct AuditOptions {
    int components = 50; // PCA components searched; 0: the records' own values (averaged down to 1,024)
    int neighbours = 50; // k: the neighbours each record is judged by
    /// Near duplicates: two records whose values lie closer than this times the typical nearest-neighbour
    /// distance (the median, over the first file, of each record's distance to its nearest neighbour).
    double nearDuplicateFactor = 0.25;
    /// Outliers: a record whose mean distance to its k neighbours is at least this times the median of that.
    double outlierFactor = 2.5;
    /// Label suspects: at most this share of the record's neighbours' votes (weighted by rank, see
    /// LabelSuspect) are for its label, and another label has more.
    double suspectShare = 0.2;
    /// Where neighbour graphs are kept by content, so a second audit of the same data is quick; empty:
    /// nowhere.
    QString cacheDir;
    /// Exact, approximate, or (Automatic) exact up to kMaxExactSearchRows records of both files together.
    NeighbourSearch search = NeighbourSearch::Automatic;
    /// Records of the first file whose neighbours an approximate search checks against the exact ones.
    qint64 recallSample = 1000;
};

struct NearDuplicate {
    RecordRef a, b;      // a < b
    double distance = 0; // Euclidean, on the records' values
};

struct LabelSuspect {
    RecordRef record;
    qint64 label = 0;
    qint64 suggested = 0; // the label with the most votes among its neighbours
    /// Higher is more suspicious, at most 1.1: 1 − its own label's share of the votes + 0.1 × (the suggested
    /// label's share − its own). Each neighbour votes for its label with weight 1 / rank (the nearest 1, the
    /// second 1/2, …).
    double score = 0;
    double support = 0; // the suggested label's share of the votes
    friend bool operator==(const LabelSuspect&, const LabelSuspect&) = default;
};

/// Records of one class whose neighbours' votes (weighted as for LabelSuspect) favour another class over it.
struct ClassConfusion {
    qint64 label = 0;            // what the records are labelled
    qint64 favoured = 0;         // the class their neighbours vote for most
    std::vector<qint64> records; // records of the first file, ascending
};

/// Two classes that overlap: `count` records of either are favoured by their neighbours as the other.
struct ClassOverlap {
    qint64 a = 0, b = 0; // a < b
    qint64 count = 0;
    double share = 0; // count over the records of both classes
    friend bool operator==(const ClassOverlap&, const ClassOverlap&) = default;
};

struct Outlier {
    RecordRef record;
    double score = 0; // its mean neighbour distance over the median of that
};

/// The rules' figures, as applied.
struct AuditThresholds {
    int neighbours = 0;
    int components = 0;
    double explainedVariance = 0;     // the share of variance the components keep
    double medianNearestDistance = 0; // values' units
    double nearDuplicateFactor = 0;
    double nearDuplicateDistance = 0; // factor × median
    double outlierFactor = 0;
    double suspectShare = 0;
    bool approximate = false; // the neighbours were searched approximately
    /// The share of the true neighbours the first file's graph holds, measured on a sample of its records
    /// (neighbourRecall); 1 for an exact search.
    double recall = 1;
    qint64 recallSample = 0; // the records it was measured on (0: exact)
};

struct AuditResult {
    int files = 1;
    std::array<qint64, 2> records{};
    std::vector<std::vector<RecordRef>>
        exactDuplicates;                       // groups of equal records, each sorted, by first member
    std::vector<NearDuplicate> nearDuplicates; // by distance, then records
    std::vector<LabelSuspect> labelSuspects;   // ranked: score, then support, descending
    std::vector<Outlier> outliers;             // ranked: score descending
    std::vector<ClassConfusion> confusion;     // the first file's, by label then favoured class
    AuditThresholds thresholds;
    NeighbourGraph first;  // file 0's records among file 0's
    NeighbourGraph across; // file 1's records among file 0's (two files only)
    NeighbourGraph second; // file 1's records among file 1's (two files only)
    bool fromCache = false;
    QString firstDigest;  // SHA-256 of the first file's content, hex (with a cache folder; else empty)
    QString secondDigest; // the same of the second file's (two files, with a cache folder; else empty)
};

/// Why a file cannot be audited: which one (0 the first, 1 the second) and the reason.
struct AuditProblem {
    int file = 0;
    QString reason;
};

/// Audits `first`, and `second` against it when given (records of the same size). nullopt when cancelled
/// (`problem` left empty) or when the input does not suit (`problem` says why: one value per record, fewer
/// than two records, too many, record sizes or label counts that differ).
[[nodiscard]] std::optional<AuditResult> audit(const AuditFile& first, const AuditFile* second,
                                               const AuditOptions& options, const Control& control,
                                               AuditProblem* problem);

/// The label suspects of an audit's graphs for these labels (of the first file, and of the second, each empty
/// when not known; sizes as the graphs' rows), ranked as in AuditResult: what audit() finds, again after
/// labels change.
[[nodiscard]] std::vector<LabelSuspect> labelSuspects(const AuditResult& graphs,
                                                      const std::vector<qint64>& first,
                                                      const std::vector<qint64>& second, double share);

/// The records of each class (`labels`, one per row of `g`, the first file's graph) whose neighbours favour
/// another class, by label then favoured class; empty when the sizes differ.
[[nodiscard]] std::vector<ClassConfusion> classConfusion(const NeighbourGraph& g,
                                                         const std::vector<qint64>& labels);

/// The class pairs of `confusion`, both directions summed, by count descending (then by classes).
[[nodiscard]] std::vector<ClassOverlap> classOverlap(const std::vector<ClassConfusion>& confusion,
                                                     const std::vector<qint64>& labels);

/// Where the programs keep neighbour graphs: the user's cache folder, idxscope/neighbours.
[[nodiscard]] QString defaultAuditCacheDir();

} // namespace idx
