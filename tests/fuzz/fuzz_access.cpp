// Fuzz target: typed access (value, flatIndex, valueAt, recordValues, extractSlice) with fuzzer-chosen
// indexes and slice specs on a tensor parsed from the input. Oracle: valueAt agrees with a flat index
// computed here, and every slice value equals the element it should come from.
#include "fuzz_common.h"

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    FuzzedDataProvider fdp(data, size);
    const bool little = fdp.ConsumeBool();
    std::vector<quint64> index(fdp.ConsumeIntegralInRange<size_t>(0, 6));
    for (auto& i : index)
        i = fdp.ConsumeBool() ? fdp.ConsumeIntegralInRange<quint64>(0, 8) : fdp.ConsumeIntegral<quint64>();
    idx::SliceSpec spec;
    spec.rowAxis = fdp.ConsumeIntegralInRange(-2, 6);
    spec.colAxis = fdp.ConsumeIntegralInRange(-2, 6);
    spec.fixed.resize(fdp.ConsumeIntegralInRange<size_t>(0, 6));
    for (auto& i : spec.fixed)
        i = fdp.ConsumeBool() ? fdp.ConsumeIntegralInRange<quint64>(0, 4) : fdp.ConsumeIntegral<quint64>();
    spec.transpose = fdp.ConsumeBool();
    spec.flipHorizontal = fdp.ConsumeBool();
    spec.flipVertical = fdp.ConsumeBool();
    const quint64 record = fdp.ConsumeIntegralInRange<quint64>(0, 16);
    auto t = fz::tensorFrom(fz::rest(fdp), little ? idx::ByteOrder::Little : idx::ByteOrder::Big);
    if (!t)
        return 0;
    const idx::TensorView& v = t->view;
    const idx::Header& h = v.header();

    // valueAt against an independent row-major flat index.
    if (index.size() == h.dims.size()) {
        bool inRange = true;
        quint64 flat = 0;
        for (size_t a = 0; a < index.size(); ++a) {
            inRange = inRange && index[a] < h.dims[a];
            flat = flat * h.dims[a] + (inRange ? index[a] : 0);
        }
        const auto got = v.valueAt(index);
        FZ_CHECK(got.has_value() == (inRange && flat < v.availableElements()));
        if (got) {
            const double want = v.value(flat);
            FZ_CHECK((*got == want) || (*got != *got && want != want));
        }
    } else {
        FZ_CHECK(!v.valueAt(index));
    }
    if (record < v.availableRecords())
        FZ_CHECK(v.recordValues(record).size() == h.recordElements());

    const auto s = idx::extractSlice(v, spec);
    if (s)
        FZ_CHECK(s->width >= 0 && s->height >= 0 && s->values.size() == size_t(s->width) * size_t(s->height));
    const auto rs = idx::extractSlice(v, idx::SliceSpec::forRecord(h, record));
    if (rs && record < v.availableRecords() && h.ndim() == 3) {
        // A 3-D tensor's record slice holds exactly the record's elements, in order.
        const auto vals = v.recordValues(record);
        FZ_CHECK(rs->values.size() == vals.size());
        for (size_t i = 0; i < vals.size(); ++i)
            FZ_CHECK(rs->values[i] == vals[i] || (vals[i] != vals[i] && rs->values[i] != rs->values[i]));
    }
    return 0;
}
