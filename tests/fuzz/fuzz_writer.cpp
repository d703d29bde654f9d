// Fuzz target: the writer round trip. A tensor parsed from the input (either byte order) is written as IDX,
// raw and gzip, for a fuzzer-chosen record range, into memory; the raw output must be exactly the canonical
// header plus the big-endian payload of those records, and the gzip output, opened through IdxFile, must
// decode to the same bytes.
#include "fuzz_common.h"

#include "idxfile.h"
#include "writer.h"

#include <QBuffer>

#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    static const QString path = fz::scratchPath("writer");
    FuzzedDataProvider fdp(data, size);
    const bool little = fdp.ConsumeBool();
    idx::RecordRange range;
    range.first = fdp.ConsumeIntegralInRange<quint64>(0, 8);
    range.end = fdp.ConsumeBool() ? ~quint64(0) : fdp.ConsumeIntegralInRange<quint64>(0, 64);
    auto t = fz::tensorFrom(fz::rest(fdp), little ? idx::ByteOrder::Little : idx::ByteOrder::Big);
    if (!t)
        return 0;
    const idx::TensorView& v = t->view;
    const idx::Header& h = v.header();
    if (h.recordBytes() == 0 && h.recordCount() > 1024)
        return 0; // zero-sized records: the writer would loop over billions of empty records

    QBuffer out;
    out.open(QIODevice::WriteOnly);
    const idx::WriteResult r = idx::writeIdx(out, v, range);
    // Expected: records [first, end) clamped to the available ones, big-endian.
    const quint64 end = std::min(range.end, v.availableRecords());
    const quint64 first = std::min(range.first, end);
    if (!r) {
        FZ_CHECK(!r.error.isEmpty());
        return 0;
    }
    std::vector<quint64> dims = h.dims;
    if (!dims.empty())
        dims[0] = end - first;
    const auto wh = idx::Header::make(h.dtype, dims);
    FZ_CHECK(wh.has_value());
    QByteArray want = wh->encode();
    const quint64 rb = h.recordBytes();
    const int es = h.elementSize();
    const auto* src = v.data() ? v.data() + first * rb : nullptr;
    const qsizetype n = dims.empty() ? (v.isComplete() ? es : 0) : qsizetype((end - first) * rb);
    QByteArray payload(n, '\0');
    if (n > 0)
        std::memcpy(payload.data(), dims.empty() ? v.data() : src, size_t(n));
    if (little)
        for (qsizetype i = 0; i + es <= n; i += es)
            std::reverse(payload.data() + i, payload.data() + i + es);
    want += payload;
    if (!dims.empty() || v.isComplete())
        FZ_CHECK(out.data() == want);

    // gzip through the real reader.
    QBuffer gz;
    gz.open(QIODevice::WriteOnly);
    if (!idx::writeIdx(gz, v, range, idx::Container::Gzip) || !fz::writeScratch(path, gz.data()))
        return 0;
    auto f = idx::IdxFile::open(path);
    (void)f->load();
    if (out.data() == want) {
        FZ_CHECK(f->headerValid() && !idx::hasError(f->diagnostics()));
        const idx::TensorView back = f->view();
        FZ_CHECK(back.availableBytes() == quint64(payload.size()));
        FZ_CHECK(payload.isEmpty() ||
                 std::memcmp(back.data(), payload.constData(), size_t(payload.size())) == 0);
    }
    return 0;
}
