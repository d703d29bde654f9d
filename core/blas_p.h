// Internal: the few BLAS calls the features and the neighbour search make (OpenBLAS through its C interface),
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

} // namespace idx::detail
