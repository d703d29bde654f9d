// xz with liblzma's multi-threaded encoder: independent blocks compressed on all cores, one .xz stream.
// lzma_code() is called with a timeout so that cancel is polled and progress reported while the threads work.
#include "compressor_p.h"
#include "sink.h"

#include <QCoreApplication>

#include <lzma.h>

#include <algorithm>
#include <thread>

namespace idx::detail {
namespace {

// Preset 6 (xz's default) in 4 MiB blocks, chosen by the rule used for gzip: the fastest preset whose output
// is at most 5 % larger than `xz -6`'s. Fashion-MNIST's 47 MB training set, 2 cores, liblzma 5.4 (machine
// shared with other builds, so times are best of 3, interleaved): presets 0–3 (fast mode) wrote 24.3–24.4 MB,
// 7.5–8 % more than preset 6's 22.6 MB, so they are out; presets 4, 5 and 6 took the same time within the
// noise (21–25 s each) and 6 gave the smallest file (4 wrote 2 % more), so 6. Against `xz -6 -T2` in one run:
// see the file engine's table in docs/benchmarks.md. The encoders need 210 MiB on 2 threads (preset 4:
// 118 MiB); threads are capped below so that they take at most a quarter of the RAM.
// 4 MiB blocks rather than the preset's 24 MiB (3 × its 8 MiB dictionary): a 47 MB file then keeps every core
// busy to the end, progress follows the work and a waiting lzma_code() returns within a block; the output was
// no larger (22,600,460 bytes against 22,629,688 with xz's own block size).
constexpr uint32_t kXzPreset = 6;
constexpr uint64_t kXzBlockBytes = 4 << 20;
constexpr uint32_t kTimeoutMs = 100; // lzma_code() returns at least this often while threads compress

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

class XzCompressor final : public Compressor {
public:
    explicit XzCompressor(CompressorHooks hooks) : m_hooks(std::move(hooks))
    {
        lzma_mt mt{};
        mt.block_size = kXzBlockBytes;
        mt.timeout = kTimeoutMs;
        mt.preset = kXzPreset;
        mt.check = LZMA_CHECK_CRC64;
        // One thread per core, but no more than a quarter of the RAM between them, as xz itself limits
        // its threads: each needs the preset's match finder and two blocks of buffers.
        const uint64_t limit = lzma_physmem() / 4;
        mt.threads = std::max(1u, std::thread::hardware_concurrency());
        while (mt.threads > 1 && lzma_stream_encoder_mt_memusage(&mt) > limit)
            --mt.threads;
        const lzma_ret rc = lzma_stream_encoder_mt(&m_lzma, &mt);
        if (rc == LZMA_MEM_ERROR)
            fail(Tr::tr("could not start the xz compressor: out of memory"));
        else if (rc != LZMA_OK)
            fail(Tr::tr("could not start the xz compressor (liblzma error %1)").arg(int(rc)));
    }
    ~XzCompressor() override { lzma_end(&m_lzma); }

    bool write(const char* data, qint64 size) override
    {
        m_in += size;
        return code(data, size, LZMA_RUN);
    }
    bool finish() override { return code(nullptr, 0, LZMA_FINISH); }

    [[nodiscard]] qint64 pending() const override
    {
        uint64_t in = 0, out = 0;
        lzma_get_progress(&m_lzma, &in, &out);
        return std::max<qint64>(0, m_in - qint64(in));
    }

private:
    bool code(const char* data, qint64 size, lzma_action action)
    {
        if (!error().isEmpty())
            return false;
        m_lzma.next_in = reinterpret_cast<const uint8_t*>(data);
        m_lzma.avail_in = size_t(size);
        for (;;) {
            m_lzma.next_out = m_buffer;
            m_lzma.avail_out = sizeof m_buffer;
            const lzma_ret rc = lzma_code(&m_lzma, action);
            if (rc == LZMA_MEM_ERROR)
                return fail(Tr::tr("xz compression failed: out of memory"));
            if (rc != LZMA_OK && rc != LZMA_STREAM_END)
                return fail(Tr::tr("xz compression failed (liblzma error %1)").arg(int(rc)));
            const qint64 produced = qint64(sizeof m_buffer - m_lzma.avail_out);
            if (produced > 0 && !m_hooks.output(reinterpret_cast<const char*>(m_buffer), produced))
                return false;
            if (rc == LZMA_STREAM_END || (action == LZMA_RUN && m_lzma.avail_in == 0))
                return true;
            if (m_lzma.avail_out != 0) {
                // Returned on its timeout: the threads are still at work.
                m_hooks.progressed();
                if (m_hooks.cancelled())
                    return fail(cancelledMessage());
            }
        }
    }

    CompressorHooks m_hooks;
    mutable lzma_stream m_lzma = LZMA_STREAM_INIT; // mutable: lzma_get_progress() takes it non-const
    qint64 m_in = 0;
    uint8_t m_buffer[64 * 1024];
};

} // namespace

std::unique_ptr<Compressor> makeXzCompressor(CompressorHooks hooks)
{
    return std::make_unique<XzCompressor>(std::move(hooks));
}

} // namespace idx::detail
