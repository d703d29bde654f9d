// PCA of records: a mean pass, a covariance pass (OpenBLAS's ssyrk per block of records, summed in double),
// the leading eigenvectors of the covariance (LAPACK's dsyevr), then a projection pass (sgemm per block).
#include "recordfeatures.h"

#include "blas_p.h"
#include "elementdecode.h"
#include "parallel.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace idx {

namespace {

using detail::parallelFor;
using detail::withDecoder;

constexpr qint64 kBlock = 1024; // records converted to floats at a time: a block is ≤ 4 MB of inputs

/// Values of magnitude above this are scaled down (by the largest magnitude) before they become floats, so
/// squares and sums stay finite.
constexpr double kLargestUnscaled = 65536.0;

/// The factor values are multiplied by, given their largest magnitude: 1, or one over it beyond the limit.
double scaleFor(double largest)
{
    return largest > kLargestUnscaled ? 1.0 / largest : 1.0;
}

double finiteOrZero(double v)
{
    return std::isfinite(v) ? v : 0.0;
}

struct Layout {
    quint64 elements = 0;
    int pool = 1;
    int inputs = 0;
    int height = 0, width = 0; // records that are images (two dimensions): centred before use; 0 otherwise
};

Layout layoutFor(const Header& h)
{
    const quint64 elements = h.recordElements();
    Layout l;
    if (h.ndim() == 3 && h.dims[1] >= 2 && h.dims[2] >= 2 && h.dims[1] <= (1u << 16) &&
        h.dims[2] <= (1u << 16)) {
        l.height = int(h.dims[1]);
        l.width = int(h.dims[2]);
    }
    l.elements = elements;
    l.pool = int((elements + kMaxPcaInput - 1) / kMaxPcaInput);
    l.pool = std::max(l.pool, 1);
    l.inputs = int((elements + quint64(l.pool) - 1) / quint64(l.pool));
    return l;
}

/// One image (h × w values, none negative) moved so that its centre of mass lies at its centre, by linear
/// interpolation along each axis in turn (zeros come in at the edges). Handwriting and drawings are placed
/// unevenly in their frame; compared centred, records are neighbours by shape rather than by position (on
/// MNIST's test set the ranking of audit.cpp puts 10 of the 15 label errors Northcutt et al. 2021 validated
/// in the first 100 suspects, against 9 uncentred; Fashion-MNIST's items are centred already and rank as
/// well). An image with a negative value or no mass stays as it is. Written here because no library at hand
/// does this (Qt's image transforms are QtGui's, and work in 8-bit pixels).
void centre(double* v, int h, int w, std::vector<double>& scratch)
{
    double mass = 0, my = 0, mx = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const double m = v[y * w + x];
            if (m < 0)
                return;
            mass += m;
            my += m * y;
            mx += m * x;
        }
    if (!(mass > 0) || !std::isfinite(mass))
        return;
    // Sample the source at (y − dy, x − dx): rows first, then columns.
    const double dy = (h - 1) / 2.0 - my / mass, dx = (w - 1) / 2.0 - mx / mass;
    const auto along = [](double shift, int& offset, double& frac) {
        const double s = std::floor(-shift);
        offset = int(s);
        frac = -shift - s;
    };
    int oy = 0, ox = 0;
    double fy = 0, fx = 0;
    along(dy, oy, fy);
    along(dx, ox, fx);
    scratch.assign(size_t(h) * size_t(w), 0.0);
    for (int y = 0; y < h; ++y) {
        const int y0 = y + oy, y1 = y0 + 1;
        double* t = scratch.data() + size_t(y) * size_t(w);
        if (y0 >= 0 && y0 < h)
            for (int x = 0; x < w; ++x)
                t[x] += (1 - fy) * v[y0 * w + x];
        if (y1 >= 0 && y1 < h && fy > 0)
            for (int x = 0; x < w; ++x)
                t[x] += fy * v[y1 * w + x];
    }
    for (int y = 0; y < h; ++y) {
        const double* t = scratch.data() + size_t(y) * size_t(w);
        double* o = v + size_t(y) * size_t(w);
        for (int x = 0; x < w; ++x) {
            const int x0 = x + ox, x1 = x0 + 1;
            double s = 0;
            if (x0 >= 0 && x0 < w)
                s += (1 - fx) * t[x0];
            if (x1 >= 0 && x1 < w && fx > 0)
                s += fx * t[x1];
            o[x] = s;
        }
    }
}

/// Records [first, first + count) as rows of l.inputs values of type Out (images centred, then pooled means,
/// times scale); returns the largest magnitude of the finite values read.
template <typename Out>
double decodeRecords(const TensorView& t, quint64 first, qint64 count, const Layout& l, double scale,
                     Out* out)
{
    return withDecoder(t.dtype(), t.byteOrder(), [&](auto dec) {
        using D = decltype(dec);
        constexpr size_t size = sizeof(typename D::Type);
        double largest = 0;
        std::vector<double> values(size_t(l.elements)), scratch;
        for (qint64 r = 0; r < count; ++r) {
            const uchar* p = t.recordData(first + quint64(r));
            Out* o = out + r * l.inputs;
            for (quint64 e = 0; e < l.elements; ++e) {
                values[size_t(e)] = finiteOrZero(double(D::get(p + e * size)));
                largest = std::max(largest, std::abs(values[size_t(e)]));
            }
            if (l.height)
                centre(values.data(), l.height, l.width, scratch);
            for (int i = 0; i < l.inputs; ++i) {
                const quint64 begin = quint64(i) * quint64(l.pool);
                const quint64 end = std::min(l.elements, begin + quint64(l.pool));
                // The pool's mean as a sum of shares, which cannot overflow.
                const double share = 1.0 / double(end - begin);
                double mean = 0;
                for (quint64 e = begin; e < end; ++e)
                    mean += values[size_t(e)] * share;
                o[i] = Out(mean * scale);
            }
        }
        return largest;
    });
}

qint64 blocks(qint64 rows)
{
    return (rows + kBlock - 1) / kBlock;
}

} // namespace

double Pca::explained() const
{
    if (totalVariance <= 0)
        return 0;
    double kept = 0;
    for (double v : variance)
        kept += v;
    return std::clamp(kept / totalVariance, 0.0, 1.0);
}

std::optional<Pca> fitPca(const TensorView& t, int components, const Control& control)
{
    const qint64 rows = qint64(t.availableRecords());
    const quint64 elements = t.header().recordElements();
    if (rows < 2 || elements == 0 || components < 1)
        return std::nullopt;
    detail::useSerialBlas();
    const Layout l = layoutFor(t.header());
    const int n = l.inputs;
    const size_t items = size_t(blocks(rows));
    const int workers = detail::workerCount(quint64(rows) * elements, items);
    detail::Progress progress(control, 2 * rows);

    // Pass 1: the mean of every input and the largest magnitude.
    std::vector<std::vector<double>> sums(size_t(workers), std::vector<double>(size_t(n), 0.0));
    std::vector<double> largest(size_t(workers), 0.0);
    std::vector<std::vector<double>> rowsOf(static_cast<size_t>(workers));
    const bool meanDone = parallelFor(items, workers, progress, [&](int w, size_t item) {
        const qint64 first = qint64(item) * kBlock;
        const qint64 count = std::min(kBlock, rows - first);
        auto& buffer = rowsOf[size_t(w)];
        buffer.resize(size_t(count) * size_t(n));
        largest[size_t(w)] =
            std::max(largest[size_t(w)], decodeRecords(t, quint64(first), count, l, 1.0, buffer.data()));
        // Each value divided by the count before it is added: the sum of values near the largest double
        // would overflow.
        auto& sum = sums[size_t(w)];
        for (qint64 r = 0; r < count; ++r)
            for (int i = 0; i < n; ++i)
                sum[size_t(i)] += buffer[size_t(r) * size_t(n) + size_t(i)] / double(rows);
        progress.add(count);
    });
    rowsOf.clear();
    if (!meanDone)
        return std::nullopt;
    const double top = *std::max_element(largest.begin(), largest.end());
    const double scale = scaleFor(top);
    std::vector<double> mean(size_t(n), 0.0);
    for (const auto& s : sums)
        for (int i = 0; i < n; ++i)
            mean[size_t(i)] += s[size_t(i)];
    Pca pca;
    pca.elements = elements;
    pca.pool = l.pool;
    pca.inputDims = n;
    pca.height = l.height;
    pca.width = l.width;
    pca.mean.resize(size_t(n));
    for (int i = 0; i < n; ++i) {
        mean[size_t(i)] = mean[size_t(i)] * scale;
        pca.mean[size_t(i)] = float(mean[size_t(i)]);
    }
    pca.scale = scale;

    // Pass 2: the covariance, per worker in double; each block's product in float (ssyrk, upper triangle).
    const size_t cells = size_t(n) * size_t(n);
    std::vector<std::vector<double>> cov(static_cast<size_t>(workers));
    std::vector<std::vector<float>> blockOf(static_cast<size_t>(workers)),
        productOf(static_cast<size_t>(workers));
    const bool covDone = parallelFor(items, workers, progress, [&](int w, size_t item) {
        const qint64 first = qint64(item) * kBlock;
        const qint64 count = std::min(kBlock, rows - first);
        auto& x = blockOf[size_t(w)];
        auto& p = productOf[size_t(w)];
        auto& c = cov[size_t(w)];
        if (c.empty()) {
            c.assign(cells, 0.0);
            p.resize(cells);
        }
        x.resize(size_t(count) * size_t(n));
        decodeRecords(t, quint64(first), count, l, scale, x.data());
        for (qint64 r = 0; r < count; ++r)
            for (int i = 0; i < n; ++i)
                x[size_t(r) * size_t(n) + size_t(i)] -= pca.mean[size_t(i)];
        detail::syrkUpper(n, int(count), x.data(), p.data());
        for (size_t i = 0; i < size_t(n); ++i)
            for (size_t j = i; j < size_t(n); ++j)
                c[i * size_t(n) + j] += double(p[i * size_t(n) + j]);
        progress.add(count);
    });
    blockOf.clear();
    productOf.clear();
    if (!covDone)
        return std::nullopt;
    std::vector<double> total(cells, 0.0);
    for (const auto& c : cov)
        for (size_t i = 0; i < c.size(); ++i)
            total[i] += c[i];
    cov.clear();
    pca.totalVariance = 0;
    for (size_t i = 0; i < size_t(n); ++i) {
        for (size_t j = i; j < size_t(n); ++j) {
            total[i * size_t(n) + j] /= double(rows - 1);
            total[j * size_t(n) + i] = total[i * size_t(n) + j];
        }
        pca.totalVariance += total[i * size_t(n) + i];
    }

    const int kept = std::min(components, n);
    std::vector<double> values(static_cast<size_t>(kept)), vectors(size_t(kept) * size_t(n));
    if (!detail::largestEigenpairs(n, total.data(), kept, values.data(), vectors.data()))
        return std::nullopt;
    pca.components.resize(size_t(kept) * size_t(n));
    pca.variance.resize(size_t(kept));
    for (int c = 0; c < kept; ++c) {
        const double* v = vectors.data() + size_t(c) * size_t(n);
        pca.variance[size_t(c)] = std::max(0.0, values[size_t(c)]);
        // A component's sign is arbitrary: make its largest weight positive, so a projection is reproducible.
        const double* at =
            std::max_element(v, v + n, [](double a, double b) { return std::abs(a) < std::abs(b); });
        const double sign = *at < 0 ? -1.0 : 1.0;
        for (int i = 0; i < n; ++i)
            pca.components[size_t(c) * size_t(n) + size_t(i)] = float(sign * v[i]);
    }
    return pca;
}

std::optional<FeatureMatrix> project(const TensorView& t, const Pca& pca, const Control& control)
{
    const qint64 rows = qint64(t.availableRecords());
    if (t.header().recordElements() != pca.elements || pca.count() == 0)
        return std::nullopt;
    detail::useSerialBlas();
    Layout l = layoutFor(t.header());
    l.height = pca.height; // as fitted (a file of the same record size but flat is read as those images)
    l.width = pca.width;
    const int n = l.inputs;
    const int dims = pca.count();
    FeatureMatrix f;
    f.rows = rows;
    f.dims = dims;
    f.values.assign(size_t(rows) * size_t(dims), 0.0f);
    const size_t items = size_t(blocks(rows));
    const int workers = detail::workerCount(quint64(rows) * pca.elements, items);
    detail::Progress progress(control, rows);
    std::vector<std::vector<float>> blockOf(static_cast<size_t>(workers));
    const bool done = parallelFor(items, workers, progress, [&](int w, size_t item) {
        const qint64 first = qint64(item) * kBlock;
        const qint64 count = std::min(kBlock, rows - first);
        auto& x = blockOf[size_t(w)];
        x.resize(size_t(count) * size_t(n));
        decodeRecords(t, quint64(first), count, l, pca.scale, x.data());
        for (qint64 r = 0; r < count; ++r)
            for (int i = 0; i < n; ++i)
                x[size_t(r) * size_t(n) + size_t(i)] -= pca.mean[size_t(i)];
        detail::gemmTransposed(int(count), dims, n, x.data(), pca.components.data(),
                               f.values.data() + first * dims);
        progress.add(count);
    });
    if (!done)
        return std::nullopt;
    return f;
}

std::optional<FeatureMatrix> rawFeatures(const TensorView& t, double scale, const Control& control)
{
    const qint64 rows = qint64(t.availableRecords());
    const Layout l = layoutFor(t.header());
    FeatureMatrix f;
    f.rows = rows;
    f.dims = l.inputs;
    f.values.assign(size_t(rows) * size_t(l.inputs), 0.0f);
    const size_t items = size_t(blocks(rows));
    const int workers = detail::workerCount(quint64(rows) * l.elements, items);
    detail::Progress progress(control, rows);
    const bool done = parallelFor(items, workers, progress, [&](int, size_t item) {
        const qint64 first = qint64(item) * kBlock;
        const qint64 count = std::min(kBlock, rows - first);
        decodeRecords(t, quint64(first), count, l, scale, f.values.data() + first * l.inputs);
        progress.add(count);
    });
    if (!done)
        return std::nullopt;
    return f;
}

double rawScale(const TensorView& t)
{
    const Layout l = layoutFor(t.header());
    const qint64 rows = qint64(t.availableRecords());
    double largest = 0;
    std::vector<double> block;
    for (qint64 first = 0; first < rows; first += kBlock) {
        const qint64 count = std::min(kBlock, rows - first);
        block.resize(size_t(count) * size_t(l.inputs));
        largest = std::max(largest, decodeRecords(t, quint64(first), count, l, 1.0, block.data()));
    }
    return scaleFor(largest);
}

double recordDistance(const TensorView& a, quint64 i, const TensorView& b, quint64 j)
{
    const quint64 n = a.header().recordElements();
    const uchar* pa = a.recordData(i);
    const uchar* pb = b.recordData(j);
    // each(f): f(x, y) for the records' values, in order (non-finite ones as 0).
    const auto each = [&](auto&& f) {
        if (a.dtype() == b.dtype() && a.byteOrder() == b.byteOrder()) {
            withDecoder(a.dtype(), a.byteOrder(), [&](auto dec) {
                using D = decltype(dec);
                constexpr size_t size = sizeof(typename D::Type);
                for (quint64 e = 0; e < n; ++e)
                    f(finiteOrZero(double(D::get(pa + e * size))),
                      finiteOrZero(double(D::get(pb + e * size))));
            });
        } else {
            const int sa = a.header().elementSize();
            const int sb = b.header().elementSize();
            for (quint64 e = 0; e < n; ++e)
                f(finiteOrZero(decodeElement(pa + e * quint64(sa), a.dtype(), a.byteOrder())),
                  finiteOrZero(decodeElement(pb + e * quint64(sb), b.dtype(), b.byteOrder())));
        }
    };
    double sum = 0;
    each([&sum](double x, double y) { sum += (x - y) * (x - y); });
    if (std::isfinite(sum))
        return std::sqrt(sum);
    // Values so large (beyond ~1e154) that their squares overflow: the same sum in units of the largest one.
    double largest = 0;
    each([&largest](double x, double y) { largest = std::max({largest, std::abs(x), std::abs(y)}); });
    sum = 0;
    each([&sum, largest](double x, double y) {
        const double d = x / largest - y / largest;
        sum += d * d;
    });
    return std::sqrt(sum) * largest;
}

} // namespace idx
