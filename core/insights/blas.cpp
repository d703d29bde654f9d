// The BLAS calls of blas_p.h, on OpenBLAS's C interface, and LAPACK's dsyevr through its Fortran symbol
// (OpenBLAS ships no LAPACKE header). OpenBLAS is opened on first use (dlopen), not linked: loading it with
// its Fortran runtime at every start cost each process about 13 ms (idxscope-cli --version: 53 ms, 66 ms with
// the library preloaded, one core busy) and started its worker threads, for work most runs never do.
#include "blas_p.h"

#include <cblas.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

extern "C" {
// LAPACK's symmetric eigen solver (relatively robust representations). The trailing lengths are the hidden
// lengths of the character arguments that gfortran-built LAPACK expects.
void dsyevr_(const char* jobz, const char* range, const char* uplo, const int* n, double* a, const int* lda,
             const double* vl, const double* vu, const int* il, const int* iu, const double* abstol, int* m,
             double* w, double* z, const int* ldz, int* isuppz, double* work, const int* lwork, int* iwork,
             const int* liwork, int* info, std::size_t jobzLength, std::size_t rangeLength,
             std::size_t uploLength);
}

namespace idx::detail {

namespace {
struct OpenBlas {
    decltype(&cblas_ssyrk) ssyrk = nullptr;
    decltype(&cblas_sgemm) sgemm = nullptr;
    decltype(&dsyevr_) dsyevr = nullptr;
    decltype(&openblas_set_num_threads) setThreads = nullptr;
};

template <typename F> void bind(void* library, const char* name, F& to)
{
    to = reinterpret_cast<F>(dlsym(library, name));
    if (!to)
        throw std::runtime_error(std::string("the OpenBLAS library opened has no ") + name);
}

// The library, opened once (thread safe); a failure throws, and the next call tries again. IDXSCOPE_OPENBLAS
// names another build of it to open (a file or a library name), which is also how the tests reach the
// failure.
const OpenBlas& openBlas()
{
    static const OpenBlas blas = [] {
        const char* chosen = std::getenv("IDXSCOPE_OPENBLAS");
        const std::string name = chosen && *chosen ? chosen : "libopenblas.so.0";
        void* library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!library)
            throw std::runtime_error("cannot load OpenBLAS (" + name +
                                     "), which the principal components need: " + dlerror());
        OpenBlas b;
        try {
            bind(library, "cblas_ssyrk", b.ssyrk);
            bind(library, "cblas_sgemm", b.sgemm);
            bind(library, "dsyevr_", b.dsyevr);
            bind(library, "openblas_set_num_threads", b.setThreads);
        } catch (...) {
            dlclose(library);
            throw;
        }
        return b;
    }();
    return blas;
}
} // namespace

void useSerialBlas()
{
    static std::once_flag once;
    std::call_once(once, [] { openBlas().setThreads(1); });
}

void syrkUpper(int n, int k, const float* x, float* c)
{
    openBlas().ssyrk(CblasRowMajor, CblasUpper, CblasTrans, n, k, 1.0f, x, n, 0.0f, c, n);
}

void gemmTransposed(int m, int n, int k, const float* a, const float* b, float* c)
{
    openBlas().sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, m, n, k, 1.0f, a, k, b, k, 0.0f, c, n);
}

bool largestEigenpairs(int n, double* a, int count, double* values, double* vectors)
{
    count = std::clamp(count, 0, n);
    if (count == 0)
        return true;
    const int il = n - count + 1, iu = n;
    const double unused = 0, abstol = 0;
    int found = 0, info = 0, lwork = -1, liwork = -1, iworkSize = 0;
    double workSize = 0;
    std::vector<double> w(static_cast<std::size_t>(n)), z(std::size_t(n) * std::size_t(count));
    std::vector<int> support(2 * std::size_t(count));
    // A workspace query first, then the solve.
    const auto dsyevr = openBlas().dsyevr;
    dsyevr("V", "I", "U", &n, a, &n, &unused, &unused, &il, &iu, &abstol, &found, w.data(), z.data(), &n,
           support.data(), &workSize, &lwork, &iworkSize, &liwork, &info, 1, 1, 1);
    if (info != 0)
        return false;
    lwork = int(workSize);
    liwork = iworkSize;
    std::vector<double> work(std::size_t(std::max(lwork, 1)));
    std::vector<int> iwork(std::size_t(std::max(liwork, 1)));
    dsyevr("V", "I", "U", &n, a, &n, &unused, &unused, &il, &iu, &abstol, &found, w.data(), z.data(), &n,
           support.data(), work.data(), &lwork, iwork.data(), &liwork, &info, 1, 1, 1);
    if (info != 0 || found != count)
        return false;
    // LAPACK gives them ascending, one per column (column-major): the largest last.
    for (int c = 0; c < count; ++c) {
        const int from = count - 1 - c;
        values[c] = w[std::size_t(from)];
        std::copy_n(z.data() + std::size_t(from) * std::size_t(n), n,
                    vectors + std::size_t(c) * std::size_t(n));
    }
    return true;
}

} // namespace idx::detail
