// Fuzz target: header parsing, foreign-format identification and payload validation on arbitrary bytes.
// Oracle: a header that parses re-encodes to exactly the bytes it was parsed from.
#include "fuzz_common.h"

#include "idxfile.h"
#include "payload_p.h"
#include "sniff.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    const QByteArrayView bytes(data, qsizetype(size));
    (void)idx::detectContainer(bytes);
    if (auto f = idx::identifyForeign(bytes))
        FZ_CHECK(f->isError() && !f->message.isEmpty());
    const auto p = idx::parseHeader(bytes.first(std::min<qsizetype>(bytes.size(), 4 + 4 * 255)));
    FZ_CHECK(p.header.has_value() != idx::hasError(p.diagnostics));
    if (!p.header)
        return 0;
    const idx::Header& h = *p.header;
    FZ_CHECK(h.encode() == bytes.first(qsizetype(h.headerBytes)));
    (void)h.shapeString();
    (void)h.recordBytes();
    const quint64 present = quint64(size) - quint64(h.headerBytes);
    const auto diags = idx::payloadDiagnostics(h, present, false, idx::payloadExcessLimit(h));
    FZ_CHECK(idx::hasError(diags) == (present < h.dataBytes));
    (void)idx::payloadDiagnostics(h, present, true, idx::payloadExcessLimit(h));
    return 0;
}
