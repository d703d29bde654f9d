// Opening an IDX file: stat and sniff, map raw payloads (zero copy), hand a compressed or converted stream to
// a PayloadLoader (a sibling format opened by siblingopen_p.h); loading.
#include "idxfile.h"
#include "formats.h"

#include "byteorder.h"
#include "bytesource_p.h"
#include "filetype_p.h"
#include "idxfile_p.h"
#include "payload_p.h"
#include "siblingconverter_p.h"
#include "siblingopen_p.h"
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
        d->openSibling(openNpzMember(*member, d->options));
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
        d->openSibling(
            openSiblingStream(*sibling, prefix, replaySource(prefix, std::move(bytes)), d->options));
    } else if (hasMagic(d->leading, Format::Npz)) {
        file.reset();
        d->openSibling(openNpz(path, d->leading, d->options));
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
    rawAvailable = qint64(std::min<quint64>(rawPayload, header.dataBytes));
    openDiags << payloadDiagnostics(header, rawPayload, false, payloadExcessLimit(header),
                                    options.ignoreTrailing);
    loaded = false; // the payload is complete, but the byte-order check waits for load(): open stays O(1)
}

void IdxFile::Private::openDecoded(std::unique_ptr<ByteSource> stream)
{
    QByteArray head;
    readMore(*stream, head, kLeadingBytes);
    if (const auto sibling = siblingMagic(head)) { // an .npy.gz: the sibling read through the decoder
        readMore(*stream, head, kMaxSiblingHeader);
        openSibling(openSiblingStream(*sibling, head, replaySource(head, std::move(stream)), options));
        return;
    }
    openStream(std::move(stream), head);
}

void IdxFile::Private::openStream(std::unique_ptr<ByteSource> stream, QByteArray prefix, qint64 headerBytes)
{
    readMore(*stream, prefix, headerBytes);
    acceptHeader(prefix);
    if (!headerValid) {
        if (const auto& e = stream->error())
            openDiags.prepend(makeError(e->code, e->message, prefix.size(), e->expected, e->actual));
        loaded = true;
        return;
    }
    const ByteOrder order = synthesized ? ByteOrder::Big : options.dataOrder; // converted: big-endian IDX
    loader = std::make_unique<PayloadLoader>(std::move(stream), prefix, header, fileSize, order,
                                             options.ignoreTrailing);
}

void IdxFile::Private::openWidened(std::unique_ptr<ByteSource> stream)
{
    // The header as IDX reads it under the options (its type code the widened type's), for the dims.
    QByteArray prefix;
    readMore(*stream, prefix, kMaxHeaderBytes);
    acceptHeader(prefix);
    if (!headerValid) {
        loaded = true;
        return;
    }
    const StoredType type = *options.elementType;
    SourceLayout layout;
    layout.type = type;
    layout.order = options.dataOrder;
    layout.dims = header.dims;
    layout.dataOffset = header.headerBytes;
    layout.descr = storedTypeName(type);
    headerValid = false;
    const Header shown = header;
    header = {};
    source = layout;
    openDiags << Diagnostic{Severity::Warning, DiagCode::Converted, -1, -1, -1, conversionNote(type)};
    synthesized = true;
    openStream(std::make_unique<SiblingConverter>(replaySource(prefix, std::move(stream)), layout, shown), {},
               shown.headerBytes);
}

void IdxFile::Private::openSibling(SiblingStream sibling)
{
    if (sibling.archiveSize >= 0) {
        container = Container::Raw;
        fileSize = sibling.archiveSize;
    }
    if (sibling.leading)
        leading = *sibling.leading;
    if (sibling.ownReading)
        options = OpenOptions{};
    if (sibling.error) {
        fail(*sibling.error);
        return;
    }
    source = sibling.layout;
    synthesized = true;
    storedTypeCode = quint8(shownAs(source.type));
    openDiags << sibling.notes;
    openStream(std::move(sibling.stream), {}, sibling.header.headerBytes);
}

void IdxFile::Private::fail(Diagnostic error)
{
    openDiags << std::move(error);
    loaded = true;
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

bool IdxFile::load(const Control& control)
{
    if (!d->headerValid)
        return false;
    if (d->loader)
        return d->loader->load(control);
    if (!d->raw)
        return false;
    // Complete at once; only the byte-order check (a bounded sample, a few page touches) is left.
    if (isLoaded())
        return true;
    const auto bo = byteOrderDiagnostic(view(), d->options.dataOrder);
    QMutexLocker lock(&d->mutex);
    if (!d->loaded) {
        if (bo)
            d->rawLoadDiags << *bo;
        d->loaded = true;
    }
    return true;
}

bool IdxFile::streamPayload(const std::function<bool(QByteArrayView piece)>& write, const Control& control)
{
    return d->headerValid && d->loader && d->loader->load(control, &write);
}

TensorView IdxFile::Private::rawView() const
{
    return TensorView(header, raw->data + header.headerBytes, quint64(rawAvailable), raw, options.dataOrder)
        .asMapped();
}

} // namespace idx
