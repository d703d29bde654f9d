// IdxFile's accessors: what the file is and how far its load has come, read under a lock (the PayloadLoader's
// for a decoded stream) where a load on another thread changes it.
#include "idxfile_p.h"
#include "payload_p.h"

namespace idx {

using namespace detail;

QString IdxFile::path() const
{
    return d->path;
}
const OpenOptions& IdxFile::options() const
{
    return d->options;
}
quint8 IdxFile::storedTypeCode() const
{
    return d->storedTypeCode;
}
const SourceLayout& IdxFile::source() const
{
    return d->source;
}
bool IdxFile::isConverted() const
{
    return d->synthesized;
}

Container IdxFile::container() const
{
    return d->container;
}
qint64 IdxFile::fileSize() const
{
    return d->fileSize;
}
QByteArray IdxFile::leadingBytes() const
{
    return d->leading;
}
bool IdxFile::headerValid() const
{
    return d->headerValid;
}
const Header& IdxFile::header() const
{
    return d->header;
}

bool IdxFile::isLoaded() const
{
    if (d->loader)
        return d->loader->isLoaded();
    QMutexLocker lock(&d->mutex);
    return d->loaded;
}

qint64 IdxFile::decodedBytes() const
{
    if (d->raw)
        return d->fileSize;
    return d->loader ? saturatedAdd(d->header.headerBytes, quint64(d->loader->decodedAfterHeader())) : 0;
}

qint64 IdxFile::bytesRead() const
{
    return d->raw ? d->fileSize : d->loader ? d->loader->bytesRead() : 0;
}

qint64 IdxFile::expectedBytes() const
{
    return d->headerValid ? saturatedAdd(d->header.headerBytes, d->header.dataBytes) : -1;
}

TensorView IdxFile::view() const
{
    if (!d->headerValid)
        return {};
    return d->loader ? d->loader->view() : d->rawView();
}

Diagnostics IdxFile::diagnostics() const
{
    // What open() found does not change afterwards; what loading finds is read under its lock.
    if (d->loader)
        return d->openDiags + d->loader->diagnostics();
    QMutexLocker lock(&d->mutex);
    return d->openDiags + d->rawLoadDiags;
}

qint64 IdxFile::trailingBytes() const
{
    if (d->raw)
        return d->headerValid && d->rawPayload > d->header.dataBytes
                   ? qint64(d->rawPayload - d->header.dataBytes)
                   : 0;
    return d->loader ? d->loader->trailingBytes() : 0;
}

qint64 IdxFile::bufferCapacity() const
{
    return d->loader ? d->loader->bufferCapacity() : 0;
}

qint64 IdxFile::peakBufferBytes() const
{
    return d->loader ? d->loader->peakBufferBytes() : 0;
}

bool IdxFile::mappingDamaged() const
{
    return d->raw && d->raw->damaged.load(std::memory_order_acquire);
}

qint64 IdxFile::excessLimit() const
{
    return d->headerValid ? payloadExcessLimit(d->header) : 0;
}

} // namespace idx
