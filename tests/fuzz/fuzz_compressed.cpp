// Fuzz target: gzip and xz containers and progressive decompression. The input's last bytes choose a mode;
// the rest is either an IDX stream that this target compresses (gzip, multi-member gzip, xz) or, in the raw
// modes, bytes handed to the decoders as they are behind a gzip or xz magic (corrupt streams). Loading is
// cancelled after a fuzzer-chosen number of polls, the partial view checked, then resumed to the end. Oracle
// (compressed modes, IDX streams): every decoded byte equals the original stream's byte at that offset. A
// compressed .npy or Lush stream is converted to IDX on the way, so its bytes are checked only for bounds.
#include "fuzz_common.h"

#include "idxfile.h"

#include <cstdlib>
#include <lzma.h>
#include <memory>
#include <zlib.h>

namespace {
QByteArray gzip(const QByteArray& in)
{
    z_stream s{};
    // The smallest window and memory level: fuzz inputs are at most a few KB, and zlib's default state (about
    // 256 KB, cleared on every call) cost more than the decoding under test.
    if (deflateInit2(&s, 1, Z_DEFLATED, 9 + 16, 1, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    QByteArray out(qsizetype(deflateBound(&s, uLong(in.size()))) + 64, '\0');
    s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.constData()));
    s.avail_in = uInt(in.size());
    s.next_out = reinterpret_cast<Bytef*>(out.data());
    s.avail_out = uInt(out.size());
    const int r = deflate(&s, Z_FINISH);
    out.resize(qsizetype(s.total_out));
    deflateEnd(&s);
    return r == Z_STREAM_END ? out : QByteArray();
}

// liblzma's encoder allocates about a megabyte of state per call. Under ASan every block that large is a
// fresh mapping (mmap, shadow, munmap at quarantine): a third of each execution. The encoder's memory comes
// from one arena reserved once instead, reset after each call; a request beyond it falls back to malloc.
class EncoderArena {
public:
    lzma_allocator* allocator() { return &m_allocator; }
    void reset() { m_used = 0; }

private:
    static constexpr size_t kBytes = size_t(16) << 20;
    static void* alloc(void* opaque, size_t count, size_t size)
    {
        auto* self = static_cast<EncoderArena*>(opaque);
        if (size != 0 && count > (kBytes - self->m_used) / size)
            return std::malloc(count * size);
        const size_t bytes = (count * size + 63) & ~size_t(63);
        if (bytes > kBytes - self->m_used)
            return std::malloc(count * size);
        void* p = self->m_bytes.get() + self->m_used;
        self->m_used += bytes;
        return p;
    }
    static void release(void* opaque, void* p)
    {
        auto* self = static_cast<EncoderArena*>(opaque);
        const auto* c = static_cast<const char*>(p);
        if (c < self->m_bytes.get() || c >= self->m_bytes.get() + kBytes)
            std::free(p); // the arena's own blocks are released all at once by reset()
    }
    std::unique_ptr<char[]> m_bytes{new char[kBytes]};
    size_t m_used = 0;
    lzma_allocator m_allocator{&EncoderArena::alloc, &EncoderArena::release, this};
};

QByteArray xz(const QByteArray& in)
{
    static EncoderArena arena;
    QByteArray out(qsizetype(lzma_stream_buffer_bound(size_t(in.size()))), '\0');
    size_t pos = 0;
    // Preset 0 with the smallest dictionary (4 KiB): the preset's own 256 KiB dictionary and match finder
    // took a third of every execution to allocate and clear.
    lzma_options_lzma options;
    if (lzma_lzma_preset(&options, 0))
        return {};
    options.dict_size = LZMA_DICT_SIZE_MIN;
    const lzma_filter filters[] = {{LZMA_FILTER_LZMA2, &options}, {LZMA_VLI_UNKNOWN, nullptr}};
    const lzma_ret r =
        lzma_stream_buffer_encode(const_cast<lzma_filter*>(filters), LZMA_CHECK_CRC32, arena.allocator(),
                                  reinterpret_cast<const uint8_t*>(in.constData()), size_t(in.size()),
                                  reinterpret_cast<uint8_t*>(out.data()), &pos, size_t(out.size()));
    arena.reset();
    if (r != LZMA_OK)
        return {};
    out.resize(qsizetype(pos));
    return out;
}

// The decoded view must be a prefix of the original stream's payload.
void checkPrefix(const idx::IdxFile& f, const QByteArray& stream)
{
    const idx::TensorView v = f.view();
    FZ_CHECK(v.availableBytes() <= f.header().dataBytes);
    const qint64 off = f.header().headerBytes;
    FZ_CHECK(qint64(v.availableBytes()) <= stream.size() - off);
    FZ_CHECK(v.availableBytes() == 0 ||
             std::memcmp(v.data(), stream.constData() + off, v.availableBytes()) == 0);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    static const QString path = fz::scratchPath("compressed");
    FuzzedDataProvider fdp(data, size);
    const int mode = fdp.ConsumeIntegralInRange(0, 4);
    const int cancelAfter = fdp.ConsumeIntegralInRange(0, 8);
    const int members = fdp.ConsumeIntegralInRange(2, 5);
    const QByteArray stream = fz::rest(fdp);
    QByteArray file;
    switch (mode) {
    case 0:
        file = gzip(stream);
        break;
    case 1: {
        const qsizetype part = stream.size() / members + 1;
        for (int i = 0; i < members; ++i)
            file += gzip(stream.mid(std::min(stream.size(), part * i), part));
        break;
    }
    case 2:
        file = xz(stream);
        break;
    case 3:
        file = QByteArray("\x1f\x8b", 2) + stream;
        break;
    default:
        file = QByteArray("\xfd"
                          "7zXZ\0",
                          6) +
               stream;
        break;
    }
    if (file.isEmpty() || !fz::writeScratch(path, file))
        return 0;
    auto f = idx::IdxFile::open(path);
    if (!f->headerValid()) {
        FZ_CHECK(idx::hasError(f->diagnostics()));
        return 0;
    }
    const bool faithful = mode <= 2 && f->source().format == idx::SourceFormat::Idx;
    FZ_CHECK(f->container() != idx::Container::Raw);
    int polls = 0;
    idx::Control control;
    control.cancel = [&] { return polls++ >= cancelAfter; };
    control.progress = [&](qint64 done, qint64 total) { FZ_CHECK(done >= 0 && done <= total); };
    const bool first = f->load(control);
    if (faithful)
        checkPrefix(*f, stream);
    if (!first) {
        // Resume: a cancelled load picks up where it stopped.
        (void)f->load();
        if (faithful)
            checkPrefix(*f, stream);
    }
    FZ_CHECK(f->isLoaded());
    FZ_CHECK(f->bufferCapacity() <= qint64(std::min<quint64>(f->header().dataBytes, quint64(1) << 62)));
    if (faithful && !idx::hasError(f->diagnostics()))
        FZ_CHECK(f->view().isComplete());
    const idx::TensorView v = f->view();
    for (quint64 r = 0; r < v.availableRecords() && r < 16; ++r)
        (void)v.recordValues(r);
    return 0;
}
