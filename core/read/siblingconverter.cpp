// SiblingConverter: a sibling's data as an IDX stream, in chunks of about 1 MiB. Column-major data has to be
// read whole before its first row-major element is known; it is held while the tensor is decoded, grown only
// as real bytes arrive (a hostile shape cannot make it allocate), and freed once converted.
#include "siblingconverter_p.h"

#include "plural.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <limits>
#include <new>

namespace idx {

namespace {
constexpr qint64 kChunk = 1 << 20;
// The first chunk is smaller, doubling up to kChunk: a small file is not handed megabyte buffers it cannot
// fill.
constexpr qint64 kFirstChunk = 64 << 10;

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};
} // namespace

SiblingConverter::SiblingConverter(std::unique_ptr<ByteSource> source, SourceLayout layout, const Header& idx)
    : m_source(std::move(source)), m_layout(std::move(layout)), m_pending(idx.encode()), m_chunk(kFirstChunk),
      m_elementsLeft(idx.elementCount), m_skip(m_layout.dataOffset)
{
    m_dataDone = m_elementsLeft == 0;
}

qint64 SiblingConverter::read(char* into, qint64 max)
{
    qint64 got = 0;
    while (got < max && !m_status.end && !m_status.error) {
        if (m_pendingPos == m_pending.size()) {
            m_pending.clear();
            m_pendingPos = 0;
            if (fill() != Fill::Ready)
                break; // paused (gathering column-major data), ended or failed
        }
        const qint64 n = std::min<qint64>(max - got, m_pending.size() - m_pendingPos);
        std::memcpy(into + got, m_pending.constData() + m_pendingPos, size_t(n));
        m_pendingPos += qsizetype(n);
        got += n;
    }
    return got;
}

qint64 SiblingConverter::readSource(char* out, qint64 cap)
{
    if (m_sourceDone)
        return 0;
    const qint64 got = readFully(*m_source, out, cap);
    m_sourceDone = got < cap; // short only at the source's end or failure
    return got;
}

// Once the data is converted (or ends early): a load that stops at the trailing-bytes limit still has it.
void SiblingConverter::reportRounded()
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

void SiblingConverter::finishSource()
{
    m_warnings << m_source->warnings();
    reportRounded();
    if (const auto& e = m_source->error())
        m_status.fail(*e);
    else
        m_status.end = true;
}

SiblingConverter::Gather SiblingConverter::readStoredChunk()
{
    const int in = storedSize(m_layout.type);
    if (m_storedTotal < 0) {
        const quint64 wanted = m_elementsLeft; // overflow-checked by Header::make: × size fits 64 bits
        if (wanted > quint64(std::numeric_limits<qsizetype>::max()) / quint64(in)) {
            m_status.fail(DiagCode::ReadFailed,
                          Tr::tr("the column-major data is too large to hold in memory for reordering"));
            return Gather::Failed;
        }
        m_storedTotal = qint64(wanted) * in;
    }
    if (m_storedHave < m_storedTotal && !m_sourceDone) {
        const qint64 want = std::min(m_storedTotal - m_storedHave, nextChunk());
        // Grown only as real bytes arrive; out of memory is an error, not a crash.
        try {
            if (m_stored.size() < m_storedHave + want)
                m_stored.resize(qsizetype(
                    std::min(m_storedTotal, std::max(m_storedHave + want, 2 * qint64(m_stored.size())))));
        } catch (const std::bad_alloc&) {
            m_stored = QByteArray();
            m_status.fail(DiagCode::ReadFailed,
                          Tr::tr("out of memory: cannot hold the %1 bytes of column-major "
                                 "data for reordering")
                              .arg(m_storedTotal));
            return Gather::Failed;
        }
        m_storedHave += readSource(m_stored.data() + m_storedHave, want);
    }
    if (m_storedHave == m_storedTotal)
        return Gather::Done;
    if (!m_sourceDone)
        return Gather::More;
    m_stored = QByteArray();
    if (const auto& e = m_source->error()) {
        m_status.fail(*e);
        return Gather::Failed;
    }
    m_status.fail(
        DiagCode::TruncatedPayload,
        Tr::tr("the column-major (Fortran-order) data ends after %1 of %2 bytes: without all of it no record "
               "is complete")
            .arg(m_storedHave)
            .arg(m_storedTotal),
        m_storedTotal, m_storedHave);
    return Gather::Failed;
}

SiblingConverter::Fill SiblingConverter::fillReordered()
{
    // No row-major element is known before all of the data is in: gather it a chunk per call, handing out
    // nothing meanwhile (read() pauses, so progress moves and Cancel is heard).
    if (!m_gathered) {
        switch (readStoredChunk()) {
        case Gather::Failed:
            return Fill::Finished;
        case Gather::More:
            return Fill::Paused;
        case Gather::Done:
            m_gathered = true;
            break;
        }
    }
    const int in = storedSize(m_layout.type);
    const int outSize = elementSize(shownAs(m_layout.type));
    const qint64 chunk = nextChunk();
    const qint64 count =
        std::min<qint64>(qint64(std::min<quint64>(m_elementsLeft, quint64(chunk / in))), chunk);
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
        // The next row-major index: the last axis steps, carrying into the ones before it; the column-major
        // offset follows the same steps.
        for (int k = n - 1; k >= 0; --k) {
            at += stride[size_t(k)];
            if (++index[size_t(k)] < dims[size_t(k)])
                break;
            index[size_t(k)] = 0;
            at -= stride[size_t(k)] * dims[size_t(k)];
        }
    }
    m_pending.resize(qsizetype(count * outSize));
    m_rounded += convertElements(reinterpret_cast<const uchar*>(gathered.constData()), count, m_layout.type,
                                 m_layout.order, reinterpret_cast<uchar*>(m_pending.data()));
    m_elementsDone += quint64(count);
    m_elementsLeft -= quint64(count);
    if (m_elementsLeft == 0) {
        m_dataDone = true;
        m_stored = QByteArray();
        reportRounded();
    }
    return Fill::Ready;
}

qint64 SiblingConverter::nextChunk()
{
    const qint64 chunk = m_chunk;
    m_chunk = std::min(kChunk, 2 * m_chunk);
    return chunk;
}

SiblingConverter::Fill SiblingConverter::fill()
{
    char scratch[4096];
    while (m_skip > 0) {
        const qint64 n = readSource(scratch, std::min<qint64>(m_skip, sizeof scratch));
        if (n == 0) {
            finishSource();
            return Fill::Finished;
        }
        m_skip -= n;
    }
    if (m_dataDone) { // bytes after the data: handed on as they are, to be counted as trailing
        const qint64 chunk = nextChunk();
        m_pending.resize(chunk);
        const qint64 n = readSource(m_pending.data(), chunk);
        m_pending.resize(qsizetype(n));
        if (n == 0) {
            finishSource();
            return Fill::Finished;
        }
        return Fill::Ready;
    }
    if (m_layout.fortran)
        return fillReordered();
    // Row-major: m_stored carries a partial element from one chunk to the next.
    const int in = storedSize(m_layout.type);
    const int outSize = elementSize(shownAs(m_layout.type));
    const qint64 chunk = nextChunk();
    const qint64 count =
        std::min<qint64>(qint64(std::min<quint64>(m_elementsLeft, quint64(chunk / in))), chunk);
    const qint64 carry = m_stored.size();
    m_stored.resize(qsizetype(count * in));
    const qint64 got = readSource(m_stored.data() + carry, count * in - carry);
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
        return Fill::Finished;
    }
    return Fill::Ready;
}

qint64 SiblingConverter::skipRest()
{
    if (!m_dataDone || m_skip > 0 || m_pendingPos < m_pending.size() || m_status.end || m_status.error)
        return -1;
    const qint64 rest = m_source->skipRest();
    if (rest < 0)
        return -1;
    m_sourceDone = true;
    finishSource();
    return rest;
}

} // namespace idx
