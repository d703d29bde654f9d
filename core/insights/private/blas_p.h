// Internal: the few BLAS and LAPACK calls the features and the neighbour search make (OpenBLAS, which carries
// LAPACK too),
// always on the calling thread: the computations start their own threads, one BLAS call per block each.
#pragma once

namespace idx::detail {

/// Tells OpenBLAS to run each call on the calling thread (once per process): its own threads would compete
/// with ours for the same cores, and their busy-waiting between calls would slow the work done between them.
void useSerialBlas();

/// c (n × n, row-major, upper triangle written) = xᵀ·x, x being k × n row-major.
void syrkUpper(int n, int k, const float* x, float* c);

/// c (m × n, row-major) = a·bᵀ, a being m × k and b n × k, both row-major.
void gemmTransposed(int m, int n, int k, const float* a, const float* b, float* c);

/// The `count` largest eigenvalues (descending) of the symmetric n × n matrix `a` (both halves filled; it is
/// overwritten) and their unit eigenvectors (row c of `vectors`, count × n, belongs to value c): LAPACK's
/// dsyevr. False when LAPACK reports a failure.
[[nodiscard]] bool largestEigenpairs(int n, double* a, int count, double* values, double* vectors);

} // namespace idx::detail
