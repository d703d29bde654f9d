// The gzip filter: ISA-L's igzip over an upstream source, every member decoded (CRC-32 and ISIZE verified per
// member), non-gzip bytes after the last member a warning. Errors become user-facing DecodeErrors; nothing
// here allocates from sizes found in the data.
#include "bytesource_p.h"
#include "formats.h"
#include "plural.h"

#include <QCoreApplication>
#include <QtEndian>

#include <isa-l/igzip_lib.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace idx {

namespace {
constexpr qint64 kInputChunk = 256 * 1024;

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

class GzipFilter final : public ByteSource {
public:
    explicit GzipFilter(std::unique_ptr<ByteSource> upstream)
        : m_up(std::move(upstream)), m_inCap(bufferFor(*m_up, kInputChunk)), m_in(new uchar[size_t(m_inCap)]),
          m_inNext(m_in.get()), m_state(std::make_unique<inflate_state>())
    {
        isal_inflate_init(m_state.get());
    }

    qint64 read(char* into, qint64 max) override
    {
        qint64 got = 0;
        while (got < max && !m_status.end && !m_status.error)
            got += step(reinterpret_cast<uchar*>(into) + got, max - got);
        return got;
    }
    bool atEnd() const override { return m_status.end; }
    const std::optional<DecodeError>& error() const override { return m_status.error; }
    qint64 consumed() const override { return m_up->consumed() - m_inAvail; }
    Diagnostics warnings() const override { return m_up->warnings() + m_warnings; }

private:
    // One call of the inflater: decodes from the input buffer into out[0..cap), refilling it when it is
    // empty. Returns the bytes produced (0 is fine as long as input was consumed).
    qint64 step(uchar* out, qint64 cap)
    {
        if (!m_inMember && !startMember())
            return 0;
        inflate_state* st = m_state.get();
        st->next_in = const_cast<uint8_t*>(m_inNext);
        st->avail_in = uint32_t(m_inAvail);
        st->next_out = out;
        st->avail_out = uint32_t(std::min<qint64>(cap, 1 << 30));
        const uint32_t outBefore = st->avail_out;
        const int ret = isal_inflate(st);
        const qint64 produced = qint64(outBefore - st->avail_out);
        const qint64 used = m_inAvail - qint64(st->avail_in);
        remember(m_inNext, used);
        m_inNext = st->next_in;
        m_inAvail = st->avail_in;
        if (ret == ISAL_INCORRECT_CHECKSUM) {
            checksumError();
            return produced;
        }
        if (ret == ISAL_INVALID_WRAPPER || ret == ISAL_UNSUPPORTED_METHOD) {
            m_status.fail(DiagCode::CorruptCompressed,
                          Tr::tr("the header of gzip member %1 is invalid or uses an "
                                 "unsupported method: the file is corrupt")
                              .arg(m_member + 1));
            return produced;
        }
        if (ret < 0) {
            m_status.fail(DiagCode::CorruptCompressed,
                          Tr::tr("gzip member %1 holds invalid deflate data (near "
                                 "compressed byte %2): the file is corrupt")
                              .arg(m_member + 1)
                              .arg(consumed()));
            return produced;
        }
        if (st->block_state == ISAL_BLOCK_FINISH) {
            m_inMember = false;
            ++m_member;
        } else if (produced == 0 && used == 0 && !refill() && !m_status.error) {
            m_status.fail(
                DiagCode::TruncatedCompressed,
                Tr::tr(
                    "the gzip data is truncated: member %1 ends without its end marker and checksum after %2 "
                    "compressed bytes")
                    .arg(m_member + 1)
                    .arg(consumed()),
                -1, consumed());
        }
        return produced;
    }

    // Tops the input buffer up from upstream (keeping unconsumed bytes). False at its end or on its failure,
    // which becomes this filter's.
    bool refill()
    {
        if (m_upDone || m_status.error)
            return false;
        if (m_inAvail > 0 && m_inNext != m_in.get())
            std::memmove(m_in.get(), m_inNext, size_t(m_inAvail));
        m_inNext = m_in.get();
        if (m_inAvail == m_inCap)
            return true;
        const qint64 n = m_up->read(reinterpret_cast<char*>(m_in.get()) + m_inAvail, m_inCap - m_inAvail);
        m_inAvail += n;
        if (n == 0 && (m_up->atEnd() || m_up->error())) {
            m_upDone = true;
            if (const auto& e = m_up->error())
                m_status.fail(*e);
            return false;
        }
        return true;
    }

    // At a member boundary: start the next member, or end the stream (warning about non-gzip garbage).
    bool startMember()
    {
        while (m_inAvail < 2 && refill()) {
        }
        if (m_status.error)
            return false;
        if (m_inAvail == 0) {
            m_status.end = true;
            return false;
        }
        if (hasMagic(QByteArrayView(m_inNext, m_inAvail), Format::Gzip)) { // another member
            isal_inflate_reset(m_state.get());
            m_state->crc_flag = ISAL_GZIP; // parse the member header, verify CRC-32 and ISIZE in its trailer
            m_inMember = true;
            return true;
        }
        if (m_member == 0) {
            m_status.fail(DiagCode::CorruptCompressed, Tr::tr("the gzip header is invalid"));
            return false;
        }
        const qint64 unread = m_up->remaining();
        const qint64 garbage = m_inAvail + std::max<qint64>(unread, 0);
        Diagnostic w;
        w.severity = Severity::Warning;
        w.code = DiagCode::CorruptCompressed;
        w.offset = -1;
        w.actual = garbage;
        w.message = translateCount("idx",
                                   QT_TRANSLATE_N_NOOP(
                                       "idx", "%n byte(s) after the last gzip member (at compressed byte "
                                              "%1) are not gzip data and were ignored"),
                                   quint64(garbage))
                        .arg(consumed());
        m_warnings << w;
        m_status.end = true;
        return false;
    }

    // The last eight bytes consumed, across refills: a member's trailer when ISA-L stops at its end.
    void remember(const uchar* p, qint64 n)
    {
        if (n >= qint64(m_tail.size())) {
            std::memcpy(m_tail.data(), p + n - qint64(m_tail.size()), m_tail.size());
        } else if (n > 0) {
            std::memmove(m_tail.data(), m_tail.data() + n, m_tail.size() - size_t(n));
            std::memcpy(m_tail.data() + m_tail.size() - size_t(n), p, size_t(n));
        }
        m_tailLength = std::min<qint64>(m_tailLength + n, qint64(m_tail.size()));
    }

    void checksumError()
    {
        // The trailer (CRC-32, ISIZE, little-endian) ends exactly where ISA-L stopped reading.
        const inflate_state* st = m_state.get();
        const uchar* p = m_tail.data();
        const bool whole = m_tailLength == qint64(m_tail.size());
        if (whole && qFromLittleEndian<quint32>(p) == st->crc) {
            m_status.fail(
                DiagCode::CorruptCompressed,
                Tr::tr("gzip member %1 declares %2 bytes (ISIZE) but decompresses to %3: the file is corrupt")
                    .arg(m_member + 1)
                    .arg(qFromLittleEndian<quint32>(p + 4))
                    .arg(st->total_out),
                qFromLittleEndian<quint32>(p + 4), st->total_out);
            return;
        }
        const qint64 stored = whole ? qint64(qFromLittleEndian<quint32>(p)) : -1;
        m_status.fail(
            DiagCode::CorruptCompressed,
            Tr::tr("gzip member %1 fails its CRC-32 check (stored %2, computed %3): the data is corrupt")
                .arg(m_member + 1)
                .arg(quint32(stored), 8, 16, QLatin1Char('0'))
                .arg(st->crc, 8, 16, QLatin1Char('0')),
            stored, st->crc);
    }

    std::unique_ptr<ByteSource> m_up;
    qint64 m_inCap; // the input buffer's size
    std::unique_ptr<uchar[]> m_in;
    const uchar* m_inNext = nullptr;        // next unconsumed input byte
    qint64 m_inAvail = 0;                   // unconsumed input bytes
    bool m_upDone = false;                  // upstream ended or failed
    std::unique_ptr<inflate_state> m_state; // large: keep it off the stack
    int m_member = 0;
    bool m_inMember = false;
    std::array<uchar, 8> m_tail{};
    qint64 m_tailLength = 0;
    SourceStatus m_status;
    Diagnostics m_warnings;
};
} // namespace

std::unique_ptr<ByteSource> gzipFilter(std::unique_ptr<ByteSource> compressed)
{
    return std::make_unique<GzipFilter>(std::move(compressed));
}

} // namespace idx
