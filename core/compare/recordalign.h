// Aligning two sequences of record keys the way a diff aligns lines: the longest run of records kept in
// order, found by trimming what the two share at both ends and Myers' shortest edit script, within limits of
// work and memory; beyond them, anchoring on keys that occur once on each side (patience diff), or halving a
// stretch that has none, and again within the parts.
#pragma once

#include "progress.h"

#include <QtGlobal>

#include <optional>
#include <span>
#include <vector>

namespace idx {

struct KeptPair {
    quint64 a = 0;
    quint64 b = 0;
    friend bool operator==(const KeptPair&, const KeptPair&) = default;
};

struct SequenceAlignment {
    std::vector<KeptPair> kept; // equal keys kept in order: a and b both increase
    /// False when a stretch was too different for a shortest edit script within the limits (a script of more
    /// than 2,048 edits, or the budget spent): it was anchored on its unique keys or halved, a short rest's
    /// equal keys paired in order (valid, only perhaps not the longest).
    bool exact = true;
};

/// The alignment of `a` and `b` (keys: equal keys stand for equal records): exact (Myers) for stretches
/// whose script has at most 2,048 edits while the run has spent fewer than about `budget` key comparisons;
/// beyond that, see SequenceAlignment::exact. nullopt when cancelled.
[[nodiscard]] std::optional<SequenceAlignment> alignSequences(std::span<const quint64> a,
                                                              std::span<const quint64> b,
                                                              const Control& control = {},
                                                              qint64 budget = 200'000'000);

} // namespace idx
