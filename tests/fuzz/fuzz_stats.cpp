// Fuzz target: statistics (computeStats over fuzzer-chosen record ranges, bin counts and spread, with a
// cancel that trips at a fuzzer-chosen poll) and per-label statistics, plus the byte-order check on both byte
// orders. Oracle: count, the non-finite counts, zeros, min and max agree with a plain loop over the same
// elements, and the histogram counts add up to the finite values.
#include "fuzz_common.h"

#include "byteorder.h"
#include "stats.h"

#include <cmath>
#include <numeric>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    FuzzedDataProvider fdp(data, size);
    idx::StatsOptions opt;
    opt.firstRecord = fdp.ConsumeIntegralInRange<quint64>(0, 8);
    opt.endRecord = fdp.ConsumeBool() ? ~quint64(0) : fdp.ConsumeIntegralInRange<quint64>(0, 64);
    opt.bins = fdp.ConsumeIntegralInRange(-2, 1000);
    opt.spread = fdp.ConsumeBool();
    const int cancelAfter = fdp.ConsumeIntegralInRange(-1, 20);
    const bool little = fdp.ConsumeBool();
    std::vector<qint64> labels(fdp.ConsumeIntegralInRange<size_t>(0, 40));
    for (auto& l : labels)
        l = fdp.ConsumeIntegralInRange<qint64>(-3, 12);
    auto t = fz::tensorFrom(fz::rest(fdp), little ? idx::ByteOrder::Little : idx::ByteOrder::Big);
    if (!t)
        return 0;
    const idx::TensorView& v = t->view;

    std::atomic<int> polls{0};
    idx::Control control;
    if (cancelAfter >= 0)
        control.cancel = [&] { return polls.fetch_add(1) >= cancelAfter; };
    const auto s = idx::computeStats(v, opt, control);
    if (s) {
        const quint64 end = std::min(opt.endRecord, v.availableRecords());
        const quint64 first = std::min(opt.firstRecord, end);
        const quint64 re = v.header().recordElements();
        idx::Stats want;
        bool any = false;
        for (quint64 i = first * re; i < end * re; ++i) {
            const double x = v.value(i);
            ++want.count;
            if (std::isnan(x))
                ++want.nan;
            else if (std::isinf(x))
                ++(x > 0 ? want.posinf : want.neginf);
            else {
                want.zeros += x == 0;
                want.min = any ? std::min(want.min, x) : x;
                want.max = any ? std::max(want.max, x) : x;
                any = true;
            }
        }
        FZ_CHECK(s->count == want.count && s->nan == want.nan && s->posinf == want.posinf);
        FZ_CHECK(s->neginf == want.neginf && s->zeros == want.zeros);
        FZ_CHECK(s->min == want.min && s->max == want.max);
        if (opt.spread && !s->histogram.counts.empty()) {
            const quint64 total =
                std::accumulate(s->histogram.counts.begin(), s->histogram.counts.end(), quint64(0));
            FZ_CHECK(total == s->finite());
            FZ_CHECK(s->histogram.edges.size() == s->histogram.counts.size() + 1);
        }
    }
    polls = 0;
    if (const auto ls = idx::computeLabelStats(v, labels, opt, control)) {
        for (const auto& c : ls->classes)
            FZ_CHECK(c.meanImage.empty() || c.meanImage.size() == v.header().recordElements());
    }
    (void)idx::checkByteOrder(v);
    (void)idx::checkByteOrder(v.withByteOrder(little ? idx::ByteOrder::Big : idx::ByteOrder::Little));
    return 0;
}
