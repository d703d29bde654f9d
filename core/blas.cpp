// The BLAS calls of blas_p.h, on OpenBLAS's C interface.
#include "blas_p.h"

#include <cblas.h>

#include <mutex>

namespace idx::detail {

void useSerialBlas()
{
    static std::once_flag once;
    std::call_once(once, [] { openblas_set_num_threads(1); });
}

void syrkUpper(int n, int k, const float* x, float* c)
{
    cblas_ssyrk(CblasRowMajor, CblasUpper, CblasTrans, n, k, 1.0f, x, n, 0.0f, c, n);
}

void gemmTransposed(int m, int n, int k, const float* a, const float* b, float* c)
{
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, m, n, k, 1.0f, a, k, b, k, 0.0f, c, n);
}

} // namespace idx::detail
