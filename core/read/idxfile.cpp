// Opening an IDX file: stat and sniff, map raw payloads (zero copy), stream compressed ones into a buffer
// that grows only as real output arrives and is published to readers as immutable snapshots.
#include "idxfile.h"
#include "formats.h"

#include "byteorder.h"
#include "bytesource_p.h"
#include "filetype_p.h"
#include "idxfile_p.h"
#include "payload_p.h"
#include "sigbus_p.h"
#include "sniff.h"

#include <QFile>
#include <QFileInfo>
#include <QMutex>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <limits>
#include <new>

namespace idx {

using namespace detail;

namespace {
constexpr qint64 kOutputChunk = 1 << 20; // decode step between progress reports and cancel polls
constexpr qint64 kMinBuffer = 1 << 20;

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

} // namespace

detail::RawStorage::~RawStorage()
{
    detail::unregisterMapping(sigbusToken);
}

IdxFile::IdxFile() : d(std::make_unique<Private>()) {}
IdxFile::~IdxFile() = default;

std::shared_ptr<IdxFile> IdxFile::open(const QString& path, const OpenOptions& options)
{
    std::shared_ptr<IdxFile> f(new IdxFile);
    Private* d = f->d.get();
    d->path = path;
    d->options = options;
    if (options.littleEndianFile)
        d->options.dataOrder = ByteOrder::Little;
    if (const auto member = splitArchivePath(path)) {
        d->openArchiveMember(*member);
        return f;
    }
    if (auto bad = detail::checkFileType(path)) {
        d->openDiags << *bad;
        d->loaded = true;
        return f;
    }
    auto file = std::make_unique<QFile>(path);
    if (!file->open(QIODevice::ReadOnly)) {
        d->openDiags << makeError(DiagCode::ReadFailed,
                                  Tr::tr("cannot open the file: %1").arg(file->errorString()));
        d->loaded = true;
        return f;
    }
    d->fileSize = file->size();
    // Loop on short reads: the leading bytes decide the container.
    d->leading.resize(qsizetype(std::min(d->fileSize, kLeadingBytes)));
    qint64 got = 0;
    while (got < d->leading.size()) {
        const qint64 n = file->read(d->leading.data() + got, d->leading.size() - got);
        if (n <= 0)
            break;
        got += n;
    }
    d->leading.resize(qsizetype(got));
    const auto c = detectContainer(d->leading);
    d->container = c.value_or(Container::Raw);
    // The file is opened once: whatever reads it next starts from its first byte on this handle, and what
    // is read ahead to tell the formats apart is handed on (replaySource), not read or decoded again.
    const auto stream = [&] {
        auto bytes = fileSource(std::move(file));
        return d->container == Container::Raw ? std::move(bytes)
                                              : decompressed(d->container, std::move(bytes));
    };
    if (options.elementType && needsConversion(*options.elementType)) {
        d->openWidened(stream());
    } else if (d->container != Container::Raw) {
        d->openDecoded(stream());
    } else if (const auto sibling = siblingMagic(d->leading)) {
        auto bytes = stream();
        QByteArray prefix;
        readMore(*bytes, prefix, kMaxSiblingHeader);
        d->openSibling(*sibling, prefix, replaySource(prefix, std::move(bytes)));
    } else if (hasMagic(d->leading, Format::Npz)) {
        file.reset();
        d->openArchive(path);
    } else {
        d->openRaw(std::move(file));
    }
    return f;
}

void IdxFile::Private::openRaw(std::unique_ptr<QFile> file)
{
    loaded = true; // until the mapping succeeds there is nothing to load
    auto storage = std::make_shared<RawStorage>();
    storage->file = std::move(file);
    if (fileSize > 0) {
        // Zero copy, O(1): the payload is paged in only when a view touches it.
        storage->data = storage->file->map(0, fileSize);
        if (storage->data)
            storage->sigbusToken =
                detail::registerMapping(storage->data, size_t(fileSize), &storage->damaged);
        if (!storage->data) {
            storage->copy.resize(qsizetype(fileSize));
            (void)storage->file->seek(0);
            qint64 got = 0;
            while (got < fileSize) {
                const qint64 n = storage->file->read(storage->copy.data() + got, fileSize - got);
                if (n <= 0)
                    break;
                got += n;
            }
            if (got != fileSize) {
                openDiags << makeError(
                    DiagCode::ReadFailed,
                    Tr::tr("reading failed at byte %1: %2").arg(got).arg(storage->file->errorString()), got,
                    fileSize, got);
                return;
            }
            storage->data = reinterpret_cast<const uchar*>(storage->copy.constData());
        }
    }
    raw = storage;
    const QByteArrayView prefix(storage->data, std::min(fileSize, kMaxHeaderBytes));
    acceptHeader(prefix);
    if (!headerValid)
        return;
    rawPayload = quint64(fileSize - header.headerBytes);
    available = qint64(std::min<quint64>(rawPayload, header.dataBytes));
    openDiags << checkPayload(rawPayload, false);
    loaded = false; // the payload is complete, but the byte-order check waits for load(): open stays O(1)
}

void IdxFile::Private::openDecoded(std::unique_ptr<ByteSource> stream)
{
    QByteArray head;
    readMore(*stream, head, kLeadingBytes);
    if (const auto sibling = siblingMagic(head)) { // an .npy.gz: the sibling read through the decoder
        readMore(*stream, head, kMaxSiblingHeader);
        openSibling(*sibling, head, replaySource(head, std::move(stream)));
        return;
    }
    openStream(std::move(stream), head);
}

void IdxFile::Private::openStream(std::unique_ptr<ByteSource> stream, QByteArray prefix, qint64 headerBytes)
{
    decoder = std::move(stream);
    readMore(*decoder, prefix, headerBytes);
    acceptHeader(prefix);
    if (!headerValid) {
        if (const auto& e = decoder->error())
            openDiags.prepend(makeError(e->code, e->message, prefix.size(), e->expected, e->actual));
        loaded = true;
        decoder.reset();
        return;
    }
    // The prefix may already hold payload (and even trailing bytes) of a small file.
    const qint64 inPrefix = prefix.size() - header.headerBytes;
    used = qint64(std::min<quint64>(quint64(inPrefix), header.dataBytes));
    trailing = inPrefix - used;
    excessLimit = payloadExcessLimit(header);
    // First buffer: bounded by real data (a small multiple of the compressed size), never by the header
    // alone.
    const qint64 initial =
        qint64(std::min<quint64>(header.dataBytes, quint64(std::max(kMinBuffer, 4 * fileSize))));
    if (initial > 0) {
        auto b = std::make_shared<Buffer>();
        b->data.reset(new (std::nothrow) uchar[size_t(initial)]);
        if (b->data) {
            b->capacity = initial;
            peakBuffer = initial;
            std::memcpy(b->data.get(), prefix.constData() + header.headerBytes, size_t(used));
            buf = b;
        } else {
            openDiags << makeError(DiagCode::ReadFailed,
                                   Tr::tr("out of memory: cannot hold %1 decompressed bytes").arg(initial),
                                   -1, initial);
            loaded = true;
            decoder.reset();
            used = 0;
            return;
        }
    }
    available = used;
    if (decoder->atEnd() || decoder->error())
        finish();
}

Diagnostics IdxFile::Private::checkPayload(quint64 present, bool capped) const
{
    Diagnostics out = payloadDiagnostics(header, present, capped, excessLimit);
    if (options.ignoreTrailing)
        out.removeIf([](const Diagnostic& x) { return x.code == DiagCode::TrailingBytes; });
    return out;
}

void IdxFile::Private::acceptHeader(QByteArrayView prefix)
{
    if (prefix.size() >= 4 && !synthesized)
        storedTypeCode = quint8(prefix[options.littleEndianFile ? 1 : 2]);
    // A reinterpreted header is parsed as the canonical one it stands for; the payload is read where it is.
    const QByteArray canonical =
        options.isDefault() || synthesized ? QByteArray() : canonicalHeader(prefix, options);
    if (!canonical.isEmpty())
        prefix = canonical;
    if (auto foreign = identifyForeign(prefix)) {
        openDiags << *foreign;
        return;
    }
    HeaderParse p = parseHeader(prefix);
    openDiags << p.diagnostics;
    if (p.header) {
        header = *p.header;
        headerValid = true;
    }
}

bool IdxFile::Private::grow()
{
    const qint64 cap = buf ? buf->capacity : 0;
    const qint64 want = qint64(std::min<quint64>(
        header.dataBytes, quint64(std::max(kMinBuffer, cap > (1ll << 61) ? cap : 2 * cap))));
    auto b = std::make_shared<Buffer>();
    b->data.reset(new (std::nothrow) uchar[size_t(want)]);
    if (!b->data) {
        QMutexLocker lock(&mutex);
        loadDiags << makeError(DiagCode::ReadFailed,
                               Tr::tr("out of memory: cannot hold %1 decompressed bytes").arg(want), -1, want,
                               -1);
        return false;
    }
    b->capacity = want;
    if (used > 0)
        std::memcpy(b->data.get(), buf->data.get(), size_t(used));
    QMutexLocker lock(&mutex);
    peakBuffer = std::max(peakBuffer, want);
    buf = std::move(b); // old snapshots keep the old buffer alive through their keep-alive handle
    return true;
}

bool IdxFile::load(const Control& control)
{
    if (!d->headerValid)
        return false;
    if (d->raw) {
        // Complete at once; only the byte-order check (a bounded sample, a few page touches) is left.
        if (isLoaded())
            return true;
        const auto bo = byteOrderDiagnostic(view(), d->options.dataOrder);
        QMutexLocker lock(&d->mutex);
        if (!d->loaded) {
            if (bo)
                d->loadDiags << *bo;
            d->loaded = true;
        }
        return true;
    }
    if (!d->decoder) // given up at open
        return false;
    {
        QMutexLocker lock(&d->mutex);
        d->loadDiags.removeIf([](const Diagnostic& x) { return x.code == DiagCode::Cancelled; });
        if (d->loaded)
            return !d->decoder || !d->decoder->error();
    }
    ByteSource* dec = d->decoder.get();
    const qint64 dataBytes =
        qint64(std::min<quint64>(d->header.dataBytes, quint64(std::numeric_limits<qint64>::max())));
    std::unique_ptr<char[]> scratch;
    bool outOfMemory = false;
    while (!dec->atEnd() && !dec->error()) {
        if (control.cancelled()) {
            QMutexLocker lock(&d->mutex);
            d->loadDiags << Diagnostic{Severity::Warning,
                                       DiagCode::Cancelled,
                                       saturatedAdd(d->header.headerBytes, quint64(d->used)),
                                       -1,
                                       -1,
                                       Tr::tr("loading was cancelled; the records decoded so far are shown")};
            return false;
        }
        if (d->used < dataBytes) {
            if ((!d->buf || d->used == d->buf->capacity) && !d->grow()) {
                outOfMemory = true;
                break;
            }
            const qint64 n = dec->read(reinterpret_cast<char*>(d->buf->data.get()) + d->used,
                                       std::min(d->buf->capacity - d->used, kOutputChunk));
            d->used += n;
            QMutexLocker lock(&d->mutex);
            d->available = d->used;
        } else {
            // Past the payload: a rest whose length is known without reading it (a sibling's file on disk)
            // is counted at once; otherwise trailing bytes are counted without storing them, up to the
            // excess limit.
            if (const qint64 skipped = dec->skipRest(); skipped >= 0) {
                QMutexLocker lock(&d->mutex);
                d->trailing += skipped;
                continue;
            }
            if (!scratch)
                scratch.reset(new char[size_t(kOutputChunk)]);
            const qint64 room = d->excessLimit - d->trailing;
            if (room <= 0) {
                char probe = 0;
                const bool more = readFully(*dec, &probe, 1) == 1;
                QMutexLocker lock(&d->mutex);
                d->capped = more;
                break;
            }
            const qint64 n = dec->read(scratch.get(), std::min(room, kOutputChunk));
            QMutexLocker lock(&d->mutex);
            d->trailing += n;
        }
        d->bytesRead = dec->consumed();
        control.report(dec->consumed(), d->fileSize);
    }
    d->finish();
    d->bytesRead = dec->consumed();
    control.report(dec->consumed(), d->fileSize);
    return !dec->error() && !outOfMemory;
}

void IdxFile::Private::finish()
{
    Diagnostics out;
    if (const auto& e = decoder->error())
        out << makeError(e->code, e->message, saturatedAdd(header.headerBytes, quint64(used + trailing)),
                         e->expected, e->actual);
    out << decoder->warnings();
    out << checkPayload(quint64(used + trailing), capped);
    TensorView v;
    {
        QMutexLocker lock(&mutex);
        v = viewLocked();
    }
    // Outside the lock: readers calling view() meanwhile are not held up by the sample.
    if (auto bo = byteOrderDiagnostic(v, synthesized ? ByteOrder::Big : options.dataOrder))
        out << *bo;
    QMutexLocker lock(&mutex);
    loadDiags << out;
    loaded = true;
}

TensorView IdxFile::Private::viewLocked() const
{
    if (!headerValid)
        return {};
    if (raw)
        return TensorView(header, raw->data + header.headerBytes, quint64(available), raw, options.dataOrder)
            .asMapped();
    const ByteOrder order = synthesized ? ByteOrder::Big : options.dataOrder; // converted: big-endian IDX
    if (!buf)
        return TensorView(header, nullptr, 0, nullptr, order);
    return TensorView(header, buf->data.get(), quint64(available),
                      std::shared_ptr<const void>(buf, buf->data.get()), order);
}

} // namespace idx
