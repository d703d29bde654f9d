// Fuzz target: the whole open + load path of a file on disk (raw bytes, or gzip / xz when the input starts
// with their magic), as the GUI and CLI use it. Reads every available record afterwards. Oracle: for raw
// IDX files the view is exactly the bytes after the header; the view never exceeds the header's size.
#include "fuzz_common.h"

#include "byteorder.h"
#include "idxfile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    static const QString path = fz::scratchPath("open");
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    if (!fz::writeScratch(path, bytes))
        return 0;
    auto f = idx::IdxFile::open(path);
    (void)f->leadingBytes();
    const bool loaded = f->load();
    const auto diags = f->diagnostics();
    FZ_CHECK(f->isLoaded() || !loaded);
    if (!f->headerValid()) {
        FZ_CHECK(idx::hasError(diags));
        return 0;
    }
    const idx::TensorView v = f->view();
    FZ_CHECK(v.availableBytes() <= f->header().dataBytes);
    // Raw IDX only: a sibling format (.npy, Lush, .npz) is converted while it loads (fuzz_sibling).
    if (f->container() == idx::Container::Raw && f->source().format == idx::SourceFormat::Idx) {
        const quint64 present = quint64(size) - quint64(f->header().headerBytes);
        FZ_CHECK(v.availableBytes() == std::min(present, f->header().dataBytes));
        FZ_CHECK(v.availableBytes() == 0 ||
                 std::memcmp(v.data(), data + f->header().headerBytes, size_t(v.availableBytes())) == 0);
    }
    double sum = 0;
    for (quint64 r = 0; r < v.availableRecords() && r < 64; ++r)
        for (double x : v.recordValues(r))
            sum += x;
    (void)sum;
    (void)idx::checkByteOrder(v);
    (void)f->trailingBytes();
    return 0;
}
