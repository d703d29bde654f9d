// gzip on all cores, pigz-style: the input is cut into 1 MiB blocks that worker threads compress
// independently with ISA-L (each primed with the 32 KiB before it as its dictionary, and ended with a sync
// flush, so the pieces join into one deflate stream); the calling thread writes them in order inside one gzip
// header and trailer. ISA-L has no multi-threading of its own, hence this file.
#include "compressor_p.h"

#include <QCoreApplication>
#include <QtEndian>

#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>
#include <zlib.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

namespace idx::detail {
namespace {

// ISA-L level 1, chosen by the target for saves: under 0.4x the time of `pigz -6` on all cores, output at
// most 5 % larger than `gzip -6`'s. Saving Fashion-MNIST's 47 MB training set, 2 cores, other builds running
// (tests/bench/idxbench): 96 ms against 1,113 ms for `pigz -6 -p 2` and 2,234 ms for `gzip -6` in the same
// run (0.09x pigz; 0.09-0.12x over five runs); 27,458,328 bytes, 1.039x `gzip -6`'s 26,421,880. Candidates on
// the same blocks, same machine: ISA-L level 2 took the same time (0.11-0.17 s of CPU against 0.12-0.14 s)
// for 0.1 % less, level 3 was slower and larger (0.36 s, 1.044x); libdeflate level 1 per block 0.48 s
// (1.026x), level 6 1.09 s (0.999x); zlib on one core 0.94 s at level 1 (1.033x), 2.17 s at level 6.
constexpr int kIsalLevel = 1;
constexpr size_t kLevelBufBytes = ISAL_DEF_LVL1_DEFAULT;
constexpr size_t kBlockBytes = 1 << 20;    // 128 KiB to 4 MiB were within noise of each other
constexpr size_t kWindowBytes = 32 * 1024; // deflate's history: the dictionary each block starts with
constexpr size_t kBlocksPerWorker = 2;     // in flight: bounds memory to about 2 × (in + out) per worker

/// ISA-L's work area for a block of `input` bytes: the default one, or the small one when every token of the
/// block fits in it (compressed the same, with under a third of the memory to allocate and clear: a small
/// save, or one record's export, is not slowed by a buffer sized for megabytes).
size_t levelBufferBytes(size_t input)
{
    return input <= 16 * IGZIP_K ? ISAL_DEF_LVL1_SMALL : kLevelBufBytes;
}

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

struct Block {
    std::vector<uint8_t> data; // the dictionary (the bytes before the block), then the block's input
    size_t dictBytes = 0;
    bool last = false;
    // Set by the worker:
    std::vector<uint8_t> out; // raw deflate, ending byte-aligned (sync flush) or with the final block
    uint32_t crc = 0;         // CRC-32 of the block's input alone
    int rc = COMP_OK;         // ISA-L's result
    bool outOfMemory = false;
    bool done = false;

    [[nodiscard]] size_t inputBytes() const { return data.size() - dictBytes; }
};

// Deflates one block (on any thread). `levelBuf` is the caller's ISA-L work area.
void compress(Block& b, std::vector<uint8_t>& levelBuf)
{
    try {
        isal_zstream s;
        isal_deflate_init(&s);
        s.level = kIsalLevel;
        s.level_buf = levelBuf.data();
        s.level_buf_size = uint32_t(levelBuf.size());
        s.gzip_flag = IGZIP_DEFLATE;
        s.flush = SYNC_FLUSH;
        s.end_of_stream = b.last ? 1 : 0;
        if (b.dictBytes > 0) {
            b.rc = isal_deflate_set_dict(&s, b.data.data(), uint32_t(b.dictBytes));
            if (b.rc != COMP_OK)
                return;
        }
        const size_t n = b.inputBytes();
        uint8_t* in = b.data.data() + b.dictBytes;
        b.crc = crc32_gzip_refl(0, in, n);
        s.next_in = in;
        s.avail_in = uint32_t(n);
        b.out.resize(n + n / 8 + 1024); // grown below if a block of noise needs more
        for (;;) {
            s.next_out = b.out.data() + s.total_out;
            s.avail_out = uint32_t(b.out.size() - s.total_out);
            b.rc = isal_deflate(&s);
            if (b.rc != COMP_OK)
                return;
            if (s.avail_out != 0) // ISA-L's contract: room left means the input is consumed and flushed
                break;
            b.out.resize(b.out.size() * 2);
        }
        b.out.resize(s.total_out);
    } catch (const std::bad_alloc&) {
        b.outOfMemory = true;
    }
}

class GzipCompressor final : public Compressor {
public:
    explicit GzipCompressor(CompressorHooks hooks) : m_hooks(std::move(hooks)) {}

    ~GzipCompressor() override
    {
        {
            const std::lock_guard lock(m_mutex);
            m_stop = true;
            m_todo.clear(); // after a failure or cancel nobody wants them
        }
        m_work.notify_all();
        for (std::thread& t : m_threads)
            t.join();
    }

    bool write(const char* data, qint64 size) override
    {
        while (size > 0) {
            const size_t room = m_currentDict + kBlockBytes - m_current.size();
            const size_t n = std::min(room, size_t(size));
            m_current.insert(m_current.end(), reinterpret_cast<const uint8_t*>(data),
                             reinterpret_cast<const uint8_t*>(data) + n);
            data += n;
            size -= qint64(n);
            m_pending += qint64(n);
            if (m_current.size() == m_currentDict + kBlockBytes && !submit(false))
                return false;
        }
        return true;
    }

    bool finish() override
    {
        if (!submit(true) || !drain(0))
            return false;
        // RFC 1952 trailer: CRC-32 and the input size modulo 2^32, little-endian.
        uchar trailer[8];
        qToLittleEndian<quint32>(m_crc, trailer);
        qToLittleEndian<quint32>(quint32(m_inputBytes), trailer + 4);
        return m_hooks.output(reinterpret_cast<const char*>(trailer), 8);
    }

    [[nodiscard]] qint64 pending() const override { return m_pending; }

private:
    // Hands the current block to a worker (or compresses it here: a file of one block starts no threads, and
    // none may be available), starts the next one with this one's last 32 KiB as its dictionary, and writes
    // finished blocks, waiting when too many are in flight.
    bool submit(bool last)
    {
        auto b = std::make_shared<Block>();
        b->data.swap(m_current);
        b->dictBytes = m_currentDict;
        b->last = last;
        if (!last) {
            m_currentDict = std::min(kWindowBytes, b->data.size());
            m_current.reserve(m_currentDict + kBlockBytes);
            m_current.assign(b->data.end() - qptrdiff(m_currentDict), b->data.end());
        }
        m_inOrder.push_back(b);
        if (!last)
            startWorkers();
        if (m_threads.empty()) {
            m_levelBuf.resize(std::max(m_levelBuf.size(), levelBufferBytes(b->inputBytes())));
            compress(*b, m_levelBuf);
            b->done = true;
        } else {
            {
                const std::lock_guard lock(m_mutex);
                m_todo.push_back(b.get());
            }
            m_work.notify_one();
        }
        return drain(m_threads.size() * kBlocksPerWorker);
    }

    void startWorkers()
    {
        if (m_started)
            return;
        m_started = true;
        const unsigned n = std::max(1u, std::thread::hardware_concurrency());
        for (unsigned i = 0; i < n; ++i) {
            try {
                m_threads.emplace_back([this] { workerLoop(); });
            } catch (const std::system_error&) {
                break; // fewer threads (or none: then the calling thread compresses)
            }
        }
    }

    void workerLoop()
    {
        std::vector<uint8_t> levelBuf;
        for (;;) {
            Block* b = nullptr;
            {
                std::unique_lock lock(m_mutex);
                m_work.wait(lock, [this] { return m_stop || !m_todo.empty(); });
                if (m_stop)
                    return;
                b = m_todo.front();
                m_todo.pop_front();
            }
            try {
                levelBuf.resize(kLevelBufBytes);
                compress(*b, levelBuf);
            } catch (const std::bad_alloc&) {
                b->outOfMemory = true;
            }
            {
                const std::lock_guard lock(m_mutex);
                b->done = true;
            }
            m_done.notify_all();
        }
    }

    // Writes finished blocks in order until at most `keep` remain in flight, waiting for workers as needed.
    bool drain(size_t keep)
    {
        while (!m_inOrder.empty()) {
            Block& b = *m_inOrder.front();
            if (m_inOrder.size() <= keep) {
                const std::lock_guard lock(m_mutex);
                if (!b.done)
                    return true; // nothing more to write without waiting
            } else {
                std::unique_lock lock(m_mutex);
                m_done.wait(lock, [&b] { return b.done; });
            }
            if (b.outOfMemory)
                return fail(Tr::tr("gzip compression failed: out of memory"));
            if (b.rc != COMP_OK)
                return fail(Tr::tr("gzip compression failed (ISA-L error %1)").arg(b.rc));
            if (!m_headerWritten) {
                // RFC 1952 header: deflate, no flags, no time stamp, "fastest" (XFL 4), Unix.
                static const char header[10] = {'\x1f', '\x8b', 8, 0, 0, 0, 0, 0, 4, 3};
                if (!m_hooks.output(header, sizeof header))
                    return false;
                m_headerWritten = true;
            }
            if (!m_hooks.output(reinterpret_cast<const char*>(b.out.data()), qint64(b.out.size())))
                return false;
            // zlib's crc32_combine joins the blocks' CRCs (computed in parallel) into the stream's.
            const size_t n = b.inputBytes();
            m_crc = m_inputBytes == 0 ? b.crc : uint32_t(crc32_combine(m_crc, b.crc, z_off_t(n)));
            m_inputBytes += n;
            m_pending -= qint64(n);
            m_inOrder.pop_front();
        }
        return true;
    }

    CompressorHooks m_hooks;
    std::vector<uint8_t> m_current; // the block being filled: dictionary + input
    size_t m_currentDict = 0;
    std::deque<std::shared_ptr<Block>> m_inOrder; // submitted, not written yet
    qint64 m_pending = 0;
    quint64 m_inputBytes = 0;
    uint32_t m_crc = 0;
    bool m_headerWritten = false;
    std::vector<uint8_t> m_levelBuf; // when this thread compresses (no worker: a small file)

    bool m_started = false;
    std::vector<std::thread> m_threads;
    std::mutex m_mutex; // guards m_todo, m_stop and every Block::done
    std::condition_variable m_work;
    std::condition_variable m_done;
    std::deque<Block*> m_todo;
    bool m_stop = false;
};

} // namespace

std::unique_ptr<Compressor> makeGzipCompressor(CompressorHooks hooks)
{
    return std::make_unique<GzipCompressor>(std::move(hooks));
}

} // namespace idx::detail
