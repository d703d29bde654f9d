// Fuzz target: the sibling-format readers on arbitrary bytes: parseNpyLayout and parseLushLayout on the
// input, then the whole open + load path on it as a file, and as a zip archive's member (ARCHIVE:NAME) and a
// bare archive (libzip reads whatever zip the input is). Oracles: an accepted Lush layout has the data offset
// its documented layout gives (8 + 4 × max(3, ndim)) and the dims stored at their places in the writer's
// byte order, read here independently; an accepted .npy layout starts its data inside a header that fits
// the input's declared length; a file read as a sibling never shows more than its header declares, shows
// only whole elements, and a view short of complete carries a diagnostic.
#include "fuzz_common.h"

#include "idxfile.h"
#include "sibling.h"

#include <QtEndian>

namespace {

void checkOpened(const std::shared_ptr<idx::IdxFile>& f)
{
    const bool loaded = f->load();
    FZ_CHECK(f->isLoaded() || !loaded);
    const auto diags = f->diagnostics();
    if (!f->headerValid()) {
        FZ_CHECK(idx::hasError(diags));
        return;
    }
    const idx::TensorView v = f->view();
    FZ_CHECK(v.availableBytes() <= f->header().dataBytes);
    FZ_CHECK(v.availableBytes() % quint64(f->header().elementSize()) == 0 ||
             f->source().format == idx::SourceFormat::Idx);
    if (!v.isComplete())
        FZ_CHECK(!diags.isEmpty());
    double sum = 0;
    for (quint64 r = 0; r < v.availableRecords() && r < 16; ++r)
        for (double x : v.recordValues(r))
            sum += x;
    (void)sum;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));

    if (const auto lush = idx::parseLushLayout(bytes).layout) {
        const bool little = (qFromBigEndian<quint32>(data) & 0xFFFFFFF0u) != 0x1E3D4C50u;
        const auto word = [&](int i) {
            return little ? qFromLittleEndian<qint32>(data + 4 * i) : qFromBigEndian<qint32>(data + 4 * i);
        };
        const int ndim = word(1);
        FZ_CHECK(ndim >= 0 && ndim <= 11 && int(lush->dims.size()) == ndim);
        FZ_CHECK(lush->dataOffset == 8 + 4 * std::max(3, ndim));
        FZ_CHECK(lush->dataOffset <= qint64(size));
        for (int i = 0; i < ndim; ++i)
            FZ_CHECK(lush->dims[size_t(i)] == quint64(word(2 + i)));
    }
    if (const auto npy = idx::parseNpyLayout(bytes).layout) {
        FZ_CHECK(size >= 10 && npy->dataOffset <= qint64(size));
        const qint64 declared = data[6] == 1 ? 10 + qFromLittleEndian<quint16>(data + 8)
                                             : 12 + qint64(qFromLittleEndian<quint32>(data + 8));
        FZ_CHECK(npy->dataOffset == declared);
    }

    static const QString path = fz::scratchPath("sibling");
    if (!fz::writeScratch(path, bytes))
        return 0;
    checkOpened(idx::IdxFile::open(path));
    // As a zip: a member by name, and the archive's own listing.
    (void)idx::listNpz(path);
    checkOpened(idx::IdxFile::open(path + QStringLiteral(":x_train")));
    return 0;
}
