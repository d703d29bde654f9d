// What every ByteSource shares without inheriting it: the first failure kept, reading until full, and the
// choice of decompressor by container.
#include "bytesource_p.h"

#include "container.h"

#include <algorithm>

namespace idx {

void SourceStatus::fail(DiagCode code, QString message, qint64 expected, qint64 actual)
{
    if (!error)
        error = DecodeError{code, expected, actual, std::move(message)};
}

void SourceStatus::fail(const DecodeError& e)
{
    if (!error)
        error = e;
}

qint64 bufferFor(const ByteSource& source, qint64 max)
{
    const qint64 left = source.remaining();
    return left < 0 ? max : std::clamp<qint64>(left, std::min<qint64>(4096, max), max);
}

qint64 readFully(ByteSource& source, char* into, qint64 max)
{
    qint64 got = 0;
    while (got < max && !source.atEnd() && !source.error())
        got += source.read(into + got, max - got);
    return got;
}

void readMore(ByteSource& source, QByteArray& head, qint64 upTo)
{
    const qsizetype had = head.size();
    if (upTo <= had)
        return;
    head.resize(qsizetype(upTo));
    head.resize(had + qsizetype(readFully(source, head.data() + had, upTo - had)));
}

std::unique_ptr<ByteSource> decompressed(Container c, std::unique_ptr<ByteSource> compressed)
{
    return c == Container::Xz ? xzFilter(std::move(compressed)) : gzipFilter(std::move(compressed));
}

} // namespace idx
