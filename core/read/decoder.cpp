// Streaming decoders: gzip with ISA-L's igzip (every member, CRC-32 and ISIZE verified per member) and xz
// with liblzma (concatenated streams). Errors become user-facing DecodeErrors; nothing here allocates
// from sizes found in the data.
#include "decoder_p.h"
#include "formats.h"
#include "plural.h"

#include <QCoreApplication>
#include <QtEndian>

#include <isa-l/igzip_lib.h>
#include <lzma.h>

#include <cstring>

namespace idx {

namespace {
constexpr qint64 kInputChunk = 256 * 1024;

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

class GzipDecoder final : public StreamDecoder {
public:
    explicit GzipDecoder(std::unique_ptr<QFile> file)
        : StreamDecoder(std::move(file)), m_state(std::make_unique<inflate_state>())
    {
        isal_inflate_init(m_state.get());
    }

protected:
    qint64 step(uchar* out, qint64 cap) override
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
        const qint64 consumed = m_inAvail - qint64(st->avail_in);
        m_inNext = st->next_in;
        m_inAvail = st->avail_in;
        if (ret == ISAL_INCORRECT_CHECKSUM) {
            checksumError();
            return produced;
        }
        if (ret == ISAL_INVALID_WRAPPER || ret == ISAL_UNSUPPORTED_METHOD) {
            fail(DiagCode::CorruptCompressed, Tr::tr("the header of gzip member %1 is invalid or uses an "
                                                     "unsupported method: the file is corrupt")
                                                  .arg(m_member + 1));
            return produced;
        }
        if (ret < 0) {
            fail(DiagCode::CorruptCompressed, Tr::tr("gzip member %1 holds invalid deflate data (near "
                                                     "compressed byte %2): the file is corrupt")
                                                  .arg(m_member + 1)
                                                  .arg(inputConsumed()));
            return produced;
        }
        if (st->block_state == ISAL_BLOCK_FINISH) {
            m_inMember = false;
            ++m_member;
        } else if (produced == 0 && consumed == 0 && !refill() && !m_error) {
            fail(
                DiagCode::TruncatedCompressed,
                Tr::tr(
                    "the gzip data is truncated: member %1 ends without its end marker and checksum after %2 "
                    "compressed bytes")
                    .arg(m_member + 1)
                    .arg(inputConsumed()),
                -1, inputConsumed());
        }
        return produced;
    }

private:
    // At a member boundary: start the next member, or end the stream (warning about non-gzip garbage).
    bool startMember()
    {
        while (m_inAvail < 2 && refill()) {
        }
        if (m_error)
            return false;
        if (m_inAvail == 0) {
            m_end = true;
            return false;
        }
        if (hasMagic(QByteArrayView(m_inNext, m_inAvail), Format::Gzip)) { // another member
            isal_inflate_reset(m_state.get());
            m_state->crc_flag = ISAL_GZIP; // parse the member header, verify CRC-32 and ISIZE in its trailer
            m_inMember = true;
            return true;
        }
        if (m_member == 0) {
            fail(DiagCode::CorruptCompressed, Tr::tr("the gzip header is invalid"));
            return false;
        }
        const qint64 garbage = m_file->size() - inputConsumed();
        Diagnostic w;
        w.severity = Severity::Warning;
        w.code = DiagCode::CorruptCompressed;
        w.offset = -1;
        w.actual = garbage;
        w.message = translateCount("idx",
                                   QT_TRANSLATE_N_NOOP(
                                       "idx", "%n byte(s) after the last gzip member (at compressed byte "
                                              "%1) are not gzip data and were ignored"),
                                   quint64(std::max<qint64>(garbage, 0)))
                        .arg(inputConsumed());
        m_warnings << w;
        m_end = true;
        return false;
    }

    void checksumError()
    {
        // The trailer (CRC-32, ISIZE, little-endian) ends exactly where ISA-L stopped reading.
        const QByteArray t = peekFile(inputConsumed() - 8, 8);
        const inflate_state* st = m_state.get();
        const auto* p = reinterpret_cast<const uchar*>(t.constData());
        if (t.size() == 8 && qFromLittleEndian<quint32>(p) == st->crc) {
            fail(
                DiagCode::CorruptCompressed,
                Tr::tr("gzip member %1 declares %2 bytes (ISIZE) but decompresses to %3: the file is corrupt")
                    .arg(m_member + 1)
                    .arg(qFromLittleEndian<quint32>(p + 4))
                    .arg(st->total_out),
                qFromLittleEndian<quint32>(p + 4), st->total_out);
            return;
        }
        const qint64 stored = t.size() == 8 ? qint64(qFromLittleEndian<quint32>(p)) : -1;
        fail(DiagCode::CorruptCompressed,
             Tr::tr("gzip member %1 fails its CRC-32 check (stored %2, computed %3): the data is corrupt")
                 .arg(m_member + 1)
                 .arg(quint32(stored), 8, 16, QLatin1Char('0'))
                 .arg(st->crc, 8, 16, QLatin1Char('0')),
             stored, st->crc);
    }

    std::unique_ptr<inflate_state> m_state; // large: keep it off the stack
    int m_member = 0;
    bool m_inMember = false;
};

class XzDecoder final : public StreamDecoder {
public:
    explicit XzDecoder(std::unique_ptr<QFile> file) : StreamDecoder(std::move(file))
    {
        // LZMA_CONCATENATED: decode every stream of a concatenated .xz, as xz(1) does.
        if (lzma_stream_decoder(&m_s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
            fail(DiagCode::ReadFailed, Tr::tr("could not initialise the xz decoder"));
    }
    ~XzDecoder() override { lzma_end(&m_s); }

protected:
    qint64 step(uchar* out, qint64 cap) override
    {
        if (m_inAvail == 0 && !m_eof)
            refill();
        if (m_error)
            return 0;
        m_s.next_in = m_inNext;
        m_s.avail_in = size_t(m_inAvail);
        m_s.next_out = out;
        m_s.avail_out = size_t(cap);
        // FINISH once the file is exhausted: liblzma then reports a truncated stream as LZMA_BUF_ERROR.
        const lzma_ret ret = lzma_code(&m_s, m_eof ? LZMA_FINISH : LZMA_RUN);
        const qint64 produced = cap - qint64(m_s.avail_out);
        m_inNext = m_s.next_in;
        m_inAvail = qint64(m_s.avail_in);
        switch (ret) {
        case LZMA_OK:
            break;
        case LZMA_STREAM_END:
            m_end = true;
            break;
        case LZMA_BUF_ERROR:
            if (m_eof)
                fail(DiagCode::TruncatedCompressed,
                     Tr::tr(
                         "the xz data is truncated: it ends without its end marker after %1 compressed bytes")
                         .arg(inputConsumed()),
                     -1, inputConsumed());
            break;
        case LZMA_DATA_ERROR:
            fail(DiagCode::CorruptCompressed,
                 Tr::tr("the xz data is corrupt (invalid data or a failed integrity "
                        "check near compressed byte %1)")
                     .arg(inputConsumed()));
            break;
        case LZMA_FORMAT_ERROR:
            fail(DiagCode::CorruptCompressed, Tr::tr("the xz header is invalid"));
            break;
        case LZMA_OPTIONS_ERROR:
            fail(DiagCode::CorruptCompressed, Tr::tr("the xz data uses unsupported options"));
            break;
        case LZMA_MEM_ERROR:
        case LZMA_MEMLIMIT_ERROR:
            fail(DiagCode::ReadFailed, Tr::tr("out of memory while decoding xz data"));
            break;
        default:
            fail(DiagCode::CorruptCompressed, Tr::tr("xz decoding failed (liblzma error %1)").arg(int(ret)));
            break;
        }
        return produced;
    }

private:
    lzma_stream m_s = LZMA_STREAM_INIT;
};
} // namespace

std::unique_ptr<StreamDecoder> StreamDecoder::create(Container c, std::unique_ptr<QFile> file)
{
    if (c == Container::Xz)
        return std::make_unique<XzDecoder>(std::move(file));
    return std::make_unique<GzipDecoder>(std::move(file));
}

StreamDecoder::StreamDecoder(std::unique_ptr<QFile> file)
    : m_file(std::move(file)), m_in(new uchar[kInputChunk]), m_inCap(kInputChunk), m_inNext(m_in.get())
{
    if (m_file && !m_file->seek(0))
        fail(DiagCode::ReadFailed, Tr::tr("cannot read the file: %1").arg(m_file->errorString()));
}

StreamDecoder::~StreamDecoder() = default;

qint64 StreamDecoder::read(uchar* out, qint64 cap)
{
    qint64 got = 0;
    while (got < cap && !m_end && !m_error) {
        const qint64 n = step(out + got, cap - got);
        got += n;
        m_produced += n;
        if (m_yield) {
            m_yield = false;
            break;
        }
    }
    return got;
}

bool StreamDecoder::refill()
{
    if (m_eof || m_error)
        return false;
    if (m_inAvail > 0 && m_inNext != m_in.get())
        std::memmove(m_in.get(), m_inNext, size_t(m_inAvail));
    m_inNext = m_in.get();
    if (m_inAvail == m_inCap)
        return true;
    const qint64 n = m_file->read(reinterpret_cast<char*>(m_in.get()) + m_inAvail, m_inCap - m_inAvail);
    if (n < 0) {
        fail(DiagCode::ReadFailed,
             Tr::tr("reading failed at byte %1: %2").arg(m_fileOffset).arg(m_file->errorString()));
        return false;
    }
    if (n == 0) {
        m_eof = true;
        return false;
    }
    m_fileOffset += n;
    m_inAvail += n;
    return true;
}

void StreamDecoder::fail(DiagCode code, QString message, qint64 expected, qint64 actual)
{
    if (!m_error)
        m_error = DecodeError{code, expected, actual, std::move(message)};
}

QByteArray StreamDecoder::peekFile(qint64 offset, qint64 length)
{
    if (offset < 0 || !m_file->seek(offset))
        return {};
    QByteArray out = m_file->read(length);
    m_file->seek(m_fileOffset); // back to where sequential reading continues
    return out;
}

} // namespace idx
