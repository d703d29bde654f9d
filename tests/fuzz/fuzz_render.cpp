// Fuzz target: rendering (renderSlice, renderRecord, renderRgbSlice) with fuzzer-chosen windows (NaN,
// infinite, inverted, empty), colormaps, inversion and slice specs. Oracle: a buffer has width × height ×
// channels pixels, and renderRecord agrees with extractSlice + renderSlice for the same record.
#include "fuzz_common.h"

#include "render.h"

#include <cmath>
#include <limits>

namespace {
double pickDouble(FuzzedDataProvider& fdp)
{
    switch (fdp.ConsumeIntegralInRange(0, 5)) {
    case 0:
        return std::numeric_limits<double>::quiet_NaN();
    case 1:
        return std::numeric_limits<double>::infinity();
    case 2:
        return -std::numeric_limits<double>::infinity();
    case 3:
        return fdp.ConsumeFloatingPoint<double>();
    default:
        return double(fdp.ConsumeIntegralInRange(-300, 300));
    }
}

void checkBuffer(const idx::PixelBuffer& b)
{
    FZ_CHECK(b.channels == 1 || b.channels == 3);
    FZ_CHECK(b.width >= 0 && b.height >= 0);
    FZ_CHECK(b.pixels.size() == size_t(b.width) * size_t(b.height) * size_t(b.channels));
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    FuzzedDataProvider fdp(data, size);
    idx::RenderOptions o;
    o.window.low = pickDouble(fdp);
    o.window.high = pickDouble(fdp);
    o.invert = fdp.ConsumeBool();
    o.colormap = idx::Colormap(fdp.ConsumeIntegralInRange(0, 3));
    const quint64 record = fdp.ConsumeIntegralInRange<quint64>(0, 8);
    idx::SliceSpec spec;
    spec.rowAxis = fdp.ConsumeIntegralInRange(-1, 5);
    spec.colAxis = fdp.ConsumeIntegralInRange(-1, 5);
    spec.fixed.resize(fdp.ConsumeIntegralInRange<size_t>(0, 5));
    for (auto& i : spec.fixed)
        i = fdp.ConsumeIntegralInRange<quint64>(0, 4);
    spec.transpose = fdp.ConsumeBool();
    const int channelAxis = fdp.ConsumeIntegralInRange(-1, 5);
    auto t = fz::tensorFrom(fz::rest(fdp));
    if (!t)
        return 0;
    const idx::TensorView& v = t->view;

    const auto rec = idx::renderRecord(v, record, o);
    if (rec)
        checkBuffer(*rec);
    if (const auto s = idx::extractSlice(v, idx::SliceSpec::forRecord(v.header(), record))) {
        const idx::PixelBuffer b = idx::renderSlice(*s, o);
        checkBuffer(b);
        if (rec && !std::isnan(o.window.low) && !std::isnan(o.window.high)) {
            FZ_CHECK(rec->width == b.width && rec->height == b.height);
            FZ_CHECK(rec->channels != b.channels || rec->pixels == b.pixels);
        }
    }
    if (const auto s = idx::extractSlice(v, spec))
        checkBuffer(idx::renderSlice(*s, o));
    if (const auto rgb = idx::renderRgbSlice(v, spec, channelAxis, o)) {
        checkBuffer(*rgb);
        FZ_CHECK(rgb->channels == 3);
    }
    (void)idx::defaultWindow(v.dtype(), pickDouble(fdp), pickDouble(fdp), o.colormap);
    return 0;
}
