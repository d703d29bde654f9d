// Value statistics over a tensor, a record range, or grouped by label. Parallel over the machine's cores.
#pragma once

#include "progress.h"
#include "recordset.h"
#include "tensorpieces.h"
#include "tensorview.h"

#include <optional>
#include <vector>

namespace idx {

struct Histogram {
    std::vector<double> edges; // counts.size() + 1 ascending bin edges; last bin includes its upper edge
    std::vector<quint64> counts;
};

struct Stats {
    quint64 count = 0; // elements considered, non-finite ones included
    quint64 nan = 0;
    quint64 posinf = 0;
    quint64 neginf = 0;
    quint64 zeros = 0;
    double min = 0; // over finite values; 0 when there are none
    double max = 0;
    double mean = 0;
    double std = 0; // population standard deviation
    Histogram histogram;

    [[nodiscard]] quint64 finite() const { return count - nan - posinf - neginf; }
};

struct StatsOptions {
    quint64 firstRecord = 0;
    quint64 endRecord = ~quint64(0); // exclusive; clamped to the available records
    int bins = 256;                  // for 16-bit and wider types; 8-bit types get one bin per value
    /// false: only count, the non-finite counts, zeros, min, max and mean are wanted (a default window):
    /// std stays 0 and the histogram empty, and 32/64-bit types need one pass over the data instead of two.
    bool spread = true;
};

/// Statistics of records [firstRecord, endRecord) of the available payload. nullopt when cancelled.
[[nodiscard]] std::optional<Stats> computeStats(const TensorView& t, const StatsOptions& options = {},
                                                const Control& control = {});
/// The same over a tensor in pieces (an edited one, read where its records are).
[[nodiscard]] std::optional<Stats> computeStats(const TensorPieces& t, const StatsOptions& options = {},
                                                const Control& control = {});
/// Statistics of `records` (those available; any set of runs, e.g. a selection), read where they are and with
/// the scanned pages released as by a whole-tensor scan. Only the options' bins and spread apply.
[[nodiscard]] std::optional<Stats> computeStats(const TensorPieces& t, const RecordSet& records,
                                                const StatsOptions& options = {},
                                                const Control& control = {});

struct ClassStats {
    qint64 label = 0;
    quint64 records = 0;
    Stats stats;                   // over the class's records
    std::vector<double> meanImage; // element-wise mean record (recordElements values)
};

struct LabelStats {
    std::vector<ClassStats> classes; // ascending label
    quint64 unlabelled = 0;          // records with no label (labels shorter than images)
};

/// Per-label counts, statistics and mean images. labels[i] is the class of record i.
[[nodiscard]] std::optional<LabelStats> computeLabelStats(const TensorView& images,
                                                          const std::vector<qint64>& labels,
                                                          const StatsOptions& options = {},
                                                          const Control& control = {});
[[nodiscard]] std::optional<LabelStats> computeLabelStats(const TensorPieces& images,
                                                          const std::vector<qint64>& labels,
                                                          const StatsOptions& options = {},
                                                          const Control& control = {});

} // namespace idx
