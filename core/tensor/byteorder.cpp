// Guessing the byte order of multi-byte payloads from the data itself: per-byte-position entropy for
// integers (the high byte of real-world integers is nearly constant), value plausibility and exponent
// concentration for floats read both ways. Works on a bounded sample, so it is cheap on any file size.
#include "byteorder.h"

#include <QCoreApplication>

#include <array>
#include <cmath>
#include <cstring>

namespace idx {

namespace {
constexpr quint64 kRuns = 16;       // sample runs spread over the payload
constexpr quint64 kRunBytes = 4096; // contiguous bytes per run (one page touch each)

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

// Element start offsets of the sample: up to kRuns runs of kRunBytes, evenly spread, element-aligned.
std::vector<quint64> sampleOffsets(quint64 elements, quint64 es)
{
    std::vector<quint64> out;
    const quint64 perRun = std::max<quint64>(1, kRunBytes / es);
    if (elements <= kRuns * perRun) {
        for (quint64 i = 0; i < elements; ++i)
            out.push_back(i * es);
        return out;
    }
    const quint64 step = elements / kRuns;
    for (quint64 r = 0; r < kRuns; ++r)
        for (quint64 i = 0; i < perRun; ++i)
            out.push_back((r * step + i) * es);
    return out;
}

struct FloatReading {
    quint64 plausible = 0;
    quint64 nonFinite = 0;
    std::array<quint64, 256> exponents{}; // histogram of the top exponent bits
};

void readFloat(const uchar* p, DType t, ByteOrder order, FloatReading& r)
{
    const double v = decodeElement(p, t, order);
    if (!std::isfinite(v)) {
        ++r.nonFinite;
        return;
    }
    const double a = std::fabs(v);
    // Float32 read backwards takes its exponent from a mantissa byte: a plausible window catches that.
    const double lo = t == DType::Float32 ? 1e-10 : 1e-30;
    const double hi = t == DType::Float32 ? 1e10 : 1e30;
    if (a == 0 || (a >= lo && a <= hi))
        ++r.plausible;
    int e = 0;
    std::frexp(v, &e);
    ++r.exponents[size_t(quint8(e))];
}
} // namespace

double byteEntropy(const std::array<quint64, 256>& hist, quint64 total)
{
    double h = 0;
    for (quint64 c : hist)
        if (c) {
            const double p = double(c) / double(total);
            h -= p * std::log2(p);
        }
    return h;
}

QString verdictName(ByteOrderVerdict v)
{
    switch (v) {
    case ByteOrderVerdict::Big:
        return QStringLiteral("big");
    case ByteOrderVerdict::Little:
        return QStringLiteral("little");
    case ByteOrderVerdict::Undecided:
        break;
    }
    return QStringLiteral("undecided");
}

ByteOrderCheck checkByteOrder(const TensorView& view)
{
    const DType t = view.dtype();
    const quint64 es = quint64(elementSize(t));
    if (es == 1)
        return {ByteOrderVerdict::Big, Tr::tr("single-byte type")};
    const quint64 elements = view.availableElements();
    if (elements == 0 || !view.data())
        return {ByteOrderVerdict::Undecided, Tr::tr("no data")};
    const uchar* base = view.data();
    const auto offsets = sampleOffsets(elements, es);
    // Zero elements read the same both ways: leave them out.
    std::vector<const uchar*> sample;
    sample.reserve(offsets.size());
    for (quint64 off : offsets) {
        const uchar* p = base + off;
        bool zero = true;
        for (quint64 b = 0; b < es && zero; ++b)
            zero = p[b] == 0;
        if (!zero)
            sample.push_back(p);
    }
    if (sample.empty())
        return {ByteOrderVerdict::Undecided, Tr::tr("all sampled values are zero")};
    const quint64 n = sample.size();

    if (!isFloat(t)) {
        std::array<quint64, 256> first{};
        std::array<quint64, 256> last{};
        for (const uchar* p : sample) {
            ++first[p[0]];
            ++last[p[es - 1]];
        }
        const double hFirst = byteEntropy(first, n);
        const double hLast = byteEntropy(last, n);
        const QString ev =
            Tr::tr("byte entropy %1 bits in the first byte, %2 bits in the last, over %3 values")
                .arg(hFirst, 0, 'f', 2)
                .arg(hLast, 0, 'f', 2)
                .arg(n);
        // The high-order byte of real data varies far less than the low-order one.
        const double margin = std::max(0.5, 0.25 * std::max(hFirst, hLast));
        if (hLast - hFirst >= margin)
            return {ByteOrderVerdict::Big, ev};
        if (hFirst - hLast >= margin)
            return {ByteOrderVerdict::Little, ev};
        return {ByteOrderVerdict::Undecided, ev};
    }

    FloatReading big;
    FloatReading little;
    for (const uchar* p : sample) {
        readFloat(p, t, ByteOrder::Big, big);
        readFloat(p, t, ByteOrder::Little, little);
    }
    const double pb = double(big.plausible) / double(n);
    const double pl = double(little.plausible) / double(n);
    const quint64 finB = n - big.nonFinite;
    const quint64 finL = n - little.nonFinite;
    const double eb = finB ? byteEntropy(big.exponents, finB) : 99;
    const double el = finL ? byteEntropy(little.exponents, finL) : 99;
    const QString ev = Tr::tr("plausible values %1% read big-endian, %2% little-endian; non-finite %3 vs %4; "
                              "exponent entropy %5 vs %6 bits, over %7 values")
                           .arg(100 * pb, 0, 'f', 1)
                           .arg(100 * pl, 0, 'f', 1)
                           .arg(big.nonFinite)
                           .arg(little.nonFinite)
                           .arg(eb, 0, 'f', 2)
                           .arg(el, 0, 'f', 2)
                           .arg(n);
    if (pb >= 0.9 && pb - pl >= 0.25)
        return {ByteOrderVerdict::Big, ev};
    if (pl >= 0.9 && pl - pb >= 0.25)
        return {ByteOrderVerdict::Little, ev};
    // Both readings plausible: real data clusters in a few exponents, reversed bytes scatter.
    if (pb >= 0.9 && pl >= 0.9) {
        if (el - eb >= 1.5)
            return {ByteOrderVerdict::Big, ev};
        if (eb - el >= 1.5)
            return {ByteOrderVerdict::Little, ev};
    }
    return {ByteOrderVerdict::Undecided, ev};
}

} // namespace idx
