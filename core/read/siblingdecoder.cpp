// SiblingDecoder: a sibling's data as an IDX stream, in chunks of about 1 MiB. Column-major data has to be
// read whole before its first row-major element is known; it is held while the tensor is decoded, grown
// only as real bytes arrive (a hostile shape cannot make it allocate), and freed once converted.
#include "siblingdecoder_p.h"

#include "header.h"
#include "plural.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <cstring>
#include <limits>
#include <new>

#include <zip.h>

namespace idx {

namespace {
constexpr qint64 kChunk = 1 << 20;

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

class FileSource : public ByteSource {
public:
    explicit FileSource(std::unique_ptr<QFile> file) : m_file(std::move(file))
    {
        if (!m_file->seek(0))
            m_error = DecodeError{DiagCode::ReadFailed, -1, -1,
                                  Tr::tr("cannot read the file: %1").arg(m_file->errorString())};
    }
    qint64 read(uchar* out, qint64 cap) override
    {
        if (m_error)
            return 0;
        const qint64 n = m_file->read(reinterpret_cast<char*>(out), cap);
        if (n < 0) {
            m_error =
                DecodeError{DiagCode::ReadFailed, -1, -1,
                            Tr::tr("reading failed at byte %1: %2").arg(m_read).arg(m_file->errorString())};
            return 0;
        }
        m_read += n;
        return n;
    }
    std::optional<DecodeError> error() const override { return m_error; }
    qint64 consumed() const override { return m_read; }
    qint64 skipRest() override
    {
        if (m_error)
            return -1;
        const qint64 size = m_file->size();
        if (size < m_read || !m_file->seek(size))
            return -1;
        const qint64 rest = size - m_read;
        m_read = size;
        return rest;
    }

private:
    std::unique_ptr<QFile> m_file;
    qint64 m_read = 0;
    std::optional<DecodeError> m_error;
};

class DecoderSource : public ByteSource {
public:
    explicit DecoderSource(std::unique_ptr<StreamDecoder> decoder) : m_decoder(std::move(decoder)) {}
    qint64 read(uchar* out, qint64 cap) override { return m_decoder->read(out, cap); }
    std::optional<DecodeError> error() const override { return m_decoder->error(); }
    qint64 consumed() const override { return m_decoder->inputConsumed(); }
    Diagnostics warnings() const override { return m_decoder->warnings(); }

private:
    std::unique_ptr<StreamDecoder> m_decoder;
};

// libzip reads the archive's directory, inflates deflated members and checks their CRC.
class ZipSource : public ByteSource {
public:
    ~ZipSource() override
    {
        if (m_file)
            zip_fclose(m_file);
        if (m_zip)
            zip_discard(m_zip);
    }
    bool open(const QString& archive, const QString& member, QString* error)
    {
        int code = 0;
        m_zip = zip_open(QFile::encodeName(archive).constData(), ZIP_RDONLY, &code);
        if (!m_zip) {
            zip_error_t e;
            zip_error_init_with_code(&e, code);
            *error = Tr::tr("cannot read the zip archive: %1").arg(QString::fromUtf8(zip_error_strerror(&e)));
            zip_error_fini(&e);
            return false;
        }
        // The name as written first (a member need not end in ".npy"), then NAME.npy, as numpy's np.load
        // looks members up.
        QByteArray name = member.toUtf8();
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_stat(m_zip, name.constData(), 0, &st) != 0) {
            name += ".npy";
            zip_stat_init(&st);
            if (zip_stat(m_zip, name.constData(), 0, &st) != 0) {
                *error = Tr::tr("the archive has no member \"%1\"").arg(member);
                return false;
            }
        }
        m_size = (st.valid & ZIP_STAT_SIZE) ? qint64(st.size) : 0;
        m_archiveSize = QFileInfo(archive).size();
        m_file = zip_fopen(m_zip, name.constData(), 0);
        if (!m_file) {
            *error = Tr::tr("cannot read the member \"%1\": %2")
                         .arg(member, QString::fromUtf8(zip_strerror(m_zip)));
            return false;
        }
        return true;
    }
    qint64 read(uchar* out, qint64 cap) override
    {
        if (m_error)
            return 0;
        qint64 got = 0;
        while (got < cap) {
            const zip_int64_t n = zip_fread(m_file, out + got, zip_uint64_t(cap - got));
            if (n < 0) {
                m_error = DecodeError{DiagCode::CorruptCompressed, -1, -1,
                                      Tr::tr("the archive member is corrupt: %1")
                                          .arg(QString::fromUtf8(zip_file_strerror(m_file)))};
                break;
            }
            if (n == 0)
                break;
            got += n;
        }
        m_read += got;
        return got;
    }
    std::optional<DecodeError> error() const override { return m_error; }
    // libzip does not say how far into the archive it is: the share of the member read, of the archive.
    qint64 consumed() const override
    {
        return m_size > 0 ? qint64(double(m_archiveSize) * double(std::min(m_read, m_size)) / double(m_size))
                          : 0;
    }

private:
    zip_t* m_zip = nullptr;
    zip_file_t* m_file = nullptr;
    qint64 m_size = 0, m_archiveSize = 0, m_read = 0;
    std::optional<DecodeError> m_error;
};
} // namespace

std::unique_ptr<ByteSource> fileSource(std::unique_ptr<QFile> file)
{
    return std::make_unique<FileSource>(std::move(file));
}

std::unique_ptr<ByteSource> decoderSource(std::unique_ptr<StreamDecoder> decoder)
{
    return std::make_unique<DecoderSource>(std::move(decoder));
}

std::unique_ptr<ByteSource> zipSource(const QString& archive, const QString& member, QString* error)
{
    auto source = std::make_unique<ZipSource>();
    if (!source->open(archive, member, error))
        return nullptr;
    return source;
}

SiblingDecoder::SiblingDecoder(std::unique_ptr<ByteSource> source, SourceLayout layout, const Header& idx)
    : StreamDecoder(nullptr), m_source(std::move(source)), m_layout(std::move(layout)),
      m_pending(idx.encode()), m_elementsLeft(idx.elementCount), m_skip(m_layout.dataOffset)
{
    m_dataDone = m_elementsLeft == 0;
}

qint64 SiblingDecoder::readSource(uchar* out, qint64 cap)
{
    qint64 got = 0;
    while (got < cap && !m_sourceDone) {
        const qint64 n = m_source->read(out + got, cap - got);
        if (n <= 0)
            m_sourceDone = true;
        got += std::max<qint64>(n, 0);
    }
    m_fileOffset = m_source->consumed();
    return got;
}

// Once the data is converted (or ends early): a load that stops at the trailing-bytes limit still has it.
void SiblingDecoder::reportRounded()
{
    if (m_roundedReported || m_rounded == 0)
        return;
    m_roundedReported = true;
    m_warnings << Diagnostic{
        Severity::Warning,
        DiagCode::Converted,
        -1,
        -1,
        m_rounded,
        translateCount("idx",
                       QT_TRANSLATE_N_NOOP("idx", "%n %1 value(s) beyond 2^53 were rounded "
                                                  "to the nearest float64"),
                       quint64(std::max<qint64>(m_rounded, 0)))
            .arg(storedTypeName(m_layout.type))};
}

void SiblingDecoder::finishSource()
{
    m_warnings << m_source->warnings();
    reportRounded();
    if (const auto e = m_source->error())
        fail(e->code, e->message, e->expected, e->actual);
    else
        m_end = true;
}

SiblingDecoder::Gather SiblingDecoder::readStoredChunk()
{
    const int in = storedSize(m_layout.type);
    if (m_storedTotal < 0) {
        const quint64 wanted = m_elementsLeft; // overflow-checked by Header::make: × size fits 64 bits
        if (wanted > quint64(std::numeric_limits<qsizetype>::max()) / quint64(in)) {
            fail(DiagCode::ReadFailed,
                 Tr::tr("the column-major data is too large to hold in memory for reordering"));
            return Gather::Failed;
        }
        m_storedTotal = qint64(wanted) * in;
    }
    if (m_storedHave < m_storedTotal && !m_sourceDone) {
        const qint64 want = std::min(m_storedTotal - m_storedHave, kChunk);
        // Grown only as real bytes arrive; out of memory is an error, not a crash.
        try {
            if (m_stored.size() < m_storedHave + want)
                m_stored.resize(qsizetype(
                    std::min(m_storedTotal, std::max(m_storedHave + want, 2 * qint64(m_stored.size())))));
        } catch (const std::bad_alloc&) {
            m_stored = QByteArray();
            fail(DiagCode::ReadFailed,
                 Tr::tr("out of memory: cannot hold the %1 bytes of column-major data for "
                        "reordering")
                     .arg(m_storedTotal));
            return Gather::Failed;
        }
        m_storedHave += readSource(reinterpret_cast<uchar*>(m_stored.data()) + m_storedHave, want);
    }
    if (m_storedHave == m_storedTotal)
        return Gather::Done;
    if (!m_sourceDone)
        return Gather::More;
    m_stored = QByteArray();
    if (const auto e = m_source->error()) {
        fail(e->code, e->message, e->expected, e->actual);
        return Gather::Failed;
    }
    fail(
        DiagCode::TruncatedPayload,
        Tr::tr("the column-major (Fortran-order) data ends after %1 of %2 bytes: without all of it no record "
               "is complete")
            .arg(m_storedHave)
            .arg(m_storedTotal),
        m_storedTotal, m_storedHave);
    return Gather::Failed;
}

bool SiblingDecoder::fill()
{
    uchar scratch[4096];
    while (m_skip > 0) {
        const qint64 n = readSource(scratch, std::min<qint64>(m_skip, sizeof scratch));
        if (n == 0) {
            finishSource();
            return false;
        }
        m_skip -= n;
    }
    const int in = storedSize(m_layout.type);
    const int outSize = elementSize(shownAs(m_layout.type));
    if (m_dataDone) { // bytes after the data: handed on as they are, to be counted as trailing
        m_pending.resize(kChunk);
        const qint64 n = readSource(reinterpret_cast<uchar*>(m_pending.data()), kChunk);
        m_pending.resize(qsizetype(n));
        if (n == 0) {
            finishSource();
            return false;
        }
        return true;
    }
    const qint64 count =
        std::min<qint64>(qint64(std::min<quint64>(m_elementsLeft, quint64(kChunk / in))), kChunk);
    if (m_layout.fortran) {
        // No row-major element is known before all of the data is in: gather it a chunk per call, handing
        // out nothing meanwhile (read() pauses, so progress moves and Cancel is heard).
        if (!m_gathered) {
            switch (readStoredChunk()) {
            case Gather::Failed:
                return false;
            case Gather::More:
                m_yield = true;
                return true;
            case Gather::Done:
                m_gathered = true;
                break;
            }
        }
        // Row-major element i of dims (d0, …, dn-1) is column-major element Σ ik · (d0 · … · dk-1).
        const auto& dims = m_layout.dims;
        const int n = int(dims.size());
        std::vector<quint64> index(static_cast<size_t>(n));
        quint64 rest = m_elementsDone;
        for (int k = n - 1; k >= 0; --k) {
            index[size_t(k)] = rest % dims[size_t(k)];
            rest /= dims[size_t(k)];
        }
        std::vector<quint64> stride(static_cast<size_t>(n), 1);
        for (int k = 1; k < n; ++k)
            stride[size_t(k)] = stride[size_t(k - 1)] * dims[size_t(k - 1)];
        QByteArray gathered(qsizetype(count * in), Qt::Uninitialized);
        quint64 at = 0;
        for (int k = 0; k < n; ++k)
            at += index[size_t(k)] * stride[size_t(k)];
        const char* stored = m_stored.constData();
        char* to = gathered.data();
        for (qint64 e = 0; e < count; ++e) {
            std::memcpy(to + e * in, stored + at * quint64(in), size_t(in));
            // The next row-major index: the last axis steps, carrying into the ones before it; the
            // column-major offset follows the same steps.
            for (int k = n - 1; k >= 0; --k) {
                at += stride[size_t(k)];
                if (++index[size_t(k)] < dims[size_t(k)])
                    break;
                index[size_t(k)] = 0;
                at -= stride[size_t(k)] * dims[size_t(k)];
            }
        }
        m_pending.resize(qsizetype(count * outSize));
        m_rounded +=
            convertElements(reinterpret_cast<const uchar*>(gathered.constData()), count, m_layout.type,
                            m_layout.order, reinterpret_cast<uchar*>(m_pending.data()));
        m_elementsDone += quint64(count);
        m_elementsLeft -= quint64(count);
        if (m_elementsLeft == 0) {
            m_dataDone = true;
            m_stored = QByteArray();
            reportRounded();
        }
        return true;
    }
    // Row-major: m_stored carries a partial element from one chunk to the next.
    const qint64 carry = m_stored.size();
    m_stored.resize(qsizetype(count * in));
    const qint64 got = readSource(reinterpret_cast<uchar*>(m_stored.data()) + carry, count * in - carry);
    const qint64 whole = (carry + got) / in;
    m_pending.resize(qsizetype(whole * outSize));
    m_rounded += convertElements(reinterpret_cast<const uchar*>(m_stored.constData()), whole, m_layout.type,
                                 m_layout.order, reinterpret_cast<uchar*>(m_pending.data()));
    m_stored = m_stored.mid(qsizetype(whole * in), qsizetype(carry + got - whole * in));
    m_elementsDone += quint64(whole);
    m_elementsLeft -= quint64(whole);
    m_dataDone = m_elementsLeft == 0;
    if (m_dataDone)
        reportRounded();
    if (whole == 0) { // the source ended inside the data
        if (const qint64 rem = carry + got; rem > 0 && !m_source->error())
            m_warnings << Diagnostic{
                Severity::Error,
                DiagCode::PartialElement,
                m_layout.dataOffset + qint64(m_elementsDone) * in,
                in,
                rem,
                Tr::tr("the last %1 element is incomplete: %2 of its %3 bytes are present (it is dropped)")
                    .arg(storedTypeName(m_layout.type))
                    .arg(rem)
                    .arg(in)};
        finishSource();
        return false;
    }
    return true;
}

qint64 SiblingDecoder::skipRest()
{
    if (!m_dataDone || m_skip > 0 || m_pendingPos < m_pending.size() || m_end || m_error)
        return -1;
    const qint64 rest = m_source->skipRest();
    if (rest < 0)
        return -1;
    m_sourceDone = true;
    m_fileOffset = m_source->consumed();
    finishSource();
    return rest;
}

qint64 SiblingDecoder::step(uchar* out, qint64 cap)
{
    if (m_pendingPos == m_pending.size()) {
        m_pending.clear();
        m_pendingPos = 0;
        if (!fill())
            return 0;
    }
    const qint64 n = std::min<qint64>(cap, m_pending.size() - m_pendingPos);
    std::memcpy(out, m_pending.constData() + m_pendingPos, size_t(n));
    m_pendingPos += n;
    return n;
}

} // namespace idx
