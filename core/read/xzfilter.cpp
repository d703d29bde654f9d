// The xz filter: liblzma over an upstream source, concatenated streams decoded as xz(1) does. Errors become
// user-facing DecodeErrors.
#include "bytesource_p.h"

#include <QCoreApplication>

#include <lzma.h>

#include <cstring>

namespace idx {

namespace {
constexpr qint64 kInputChunk = 256 * 1024;

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

class XzFilter final : public ByteSource {
public:
    explicit XzFilter(std::unique_ptr<ByteSource> upstream)
        : m_up(std::move(upstream)), m_inCap(bufferFor(*m_up, kInputChunk)), m_in(new uchar[size_t(m_inCap)])
    {
        // LZMA_CONCATENATED: decode every stream of a concatenated .xz, as xz(1) does.
        if (lzma_stream_decoder(&m_s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
            m_status.fail(DiagCode::ReadFailed, Tr::tr("could not initialise the xz decoder"));
    }
    ~XzFilter() override { lzma_end(&m_s); }

    qint64 read(char* into, qint64 max) override
    {
        qint64 got = 0;
        while (got < max && !m_status.end && !m_status.error)
            got += step(reinterpret_cast<uchar*>(into) + got, max - got);
        return got;
    }
    bool atEnd() const override { return m_status.end; }
    const std::optional<DecodeError>& error() const override { return m_status.error; }
    qint64 consumed() const override { return m_up->consumed() - qint64(m_s.avail_in); }
    Diagnostics warnings() const override { return m_up->warnings(); }

private:
    // One call of the decoder into out[0..cap), reading more input first when all of it was used.
    qint64 step(uchar* out, qint64 cap)
    {
        if (m_s.avail_in == 0 && !m_upDone)
            refill();
        if (m_status.error)
            return 0;
        m_s.next_out = out;
        m_s.avail_out = size_t(cap);
        // FINISH once upstream is exhausted: liblzma then reports a truncated stream as LZMA_BUF_ERROR.
        const lzma_ret ret = lzma_code(&m_s, m_upDone ? LZMA_FINISH : LZMA_RUN);
        const qint64 produced = cap - qint64(m_s.avail_out);
        switch (ret) {
        case LZMA_OK:
            break;
        case LZMA_STREAM_END:
            m_status.end = true;
            break;
        case LZMA_BUF_ERROR:
            if (m_upDone)
                m_status.fail(
                    DiagCode::TruncatedCompressed,
                    Tr::tr(
                        "the xz data is truncated: it ends without its end marker after %1 compressed bytes")
                        .arg(consumed()),
                    -1, consumed());
            break;
        case LZMA_DATA_ERROR:
            m_status.fail(DiagCode::CorruptCompressed,
                          Tr::tr("the xz data is corrupt (invalid data or a failed "
                                 "integrity check near compressed byte %1)")
                              .arg(consumed()));
            break;
        case LZMA_FORMAT_ERROR:
            m_status.fail(DiagCode::CorruptCompressed, Tr::tr("the xz header is invalid"));
            break;
        case LZMA_OPTIONS_ERROR:
            m_status.fail(DiagCode::CorruptCompressed, Tr::tr("the xz data uses unsupported options"));
            break;
        case LZMA_MEM_ERROR:
        case LZMA_MEMLIMIT_ERROR:
            m_status.fail(DiagCode::ReadFailed, Tr::tr("out of memory while decoding xz data"));
            break;
        default:
            m_status.fail(DiagCode::CorruptCompressed,
                          Tr::tr("xz decoding failed (liblzma error %1)").arg(int(ret)));
            break;
        }
        return produced;
    }

    // All input is used: the next chunk from upstream, whose end or failure is noted here.
    void refill()
    {
        const qint64 n = m_up->read(reinterpret_cast<char*>(m_in.get()), m_inCap);
        m_s.next_in = m_in.get();
        m_s.avail_in = size_t(n);
        if (n == 0 && (m_up->atEnd() || m_up->error())) {
            m_upDone = true;
            if (const auto& e = m_up->error())
                m_status.fail(*e);
        }
    }

    std::unique_ptr<ByteSource> m_up;
    qint64 m_inCap; // the input buffer's size
    std::unique_ptr<uchar[]> m_in;
    bool m_upDone = false; // upstream ended or failed
    lzma_stream m_s = LZMA_STREAM_INIT;
    SourceStatus m_status;
};
} // namespace

std::unique_ptr<ByteSource> xzFilter(std::unique_ptr<ByteSource> compressed)
{
    return std::make_unique<XzFilter>(std::move(compressed));
}

} // namespace idx
