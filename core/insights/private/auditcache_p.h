// Internal: neighbour graphs kept on disk by the content they were computed from, so that auditing the same
// data again (the same file reopened, a renamed or recompressed copy) skips the search.
#pragma once

#include "dtype.h"
#include "neighbours.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace idx::detail {

struct CachedGraphs {
    int files = 1;
    NeighbourGraph first, across, second;
    double explainedVariance = 0;
    double recall = 1;       // of an approximate search (1: exact)
    qint64 recallSample = 0; // the records it was measured on
};

/// The cache file name for graphs of `neighbours` neighbours on `components` components, searched exactly or
/// approximately, of content digests `first` (and `second`, empty when alone) read in those byte orders.
[[nodiscard]] QString graphCacheKey(int components, int neighbours, bool approximate, const QByteArray& first,
                                    ByteOrder firstOrder, const QByteArray& second, ByteOrder secondOrder);

/// The graphs stored under `key` in `dir`, when they are there, whole and of the sizes of `expected` (its
/// files, and each graph's rows and k; its arrays are not read); nullopt otherwise (a missing, short or
/// damaged file is only a miss).
[[nodiscard]] std::optional<CachedGraphs> readCachedGraphs(const QString& dir, const QString& key,
                                                           const CachedGraphs& expected);

/// Stores the graphs under `key` (atomically), then keeps only the newest kMaxCachedGraphs files in `dir`.
/// Failures are silent: the cache only saves time.
void writeCachedGraphs(const QString& dir, const QString& key, const CachedGraphs& graphs);

inline constexpr int kMaxCachedGraphs = 32;

} // namespace idx::detail
