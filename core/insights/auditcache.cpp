// The neighbour-graph cache of auditcache_p.h. A file holds a magic line, the sizes, then each graph's
// indexes and distances as raw little-endian arrays (the cache is this machine's, never shared).
#include "auditcache_p.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>

namespace idx::detail {

namespace {

// 3: images centred before the projection (graphs of version 2 are of uncentred features). 4: the recall of
// an approximate search stored with the graphs.
constexpr char kMagic[] = "idxscope neighbours 4\n";

QString pathOf(const QString& dir, const QString& key)
{
    return QDir(dir).filePath(key + QStringLiteral(".knn"));
}

// QDataStream's raw calls take an int: large arrays go in pieces.
bool readRaw(QDataStream& in, void* data, qint64 bytes)
{
    auto* p = static_cast<char*>(data);
    while (bytes > 0) {
        const int piece = int(std::min<qint64>(bytes, 1 << 30));
        if (in.readRawData(p, piece) != piece)
            return false;
        p += piece;
        bytes -= piece;
    }
    return true;
}

void writeRaw(QDataStream& out, const void* data, qint64 bytes)
{
    const auto* p = static_cast<const char*>(data);
    while (bytes > 0) {
        const int piece = int(std::min<qint64>(bytes, 1 << 30));
        if (out.writeRawData(p, piece) != piece)
            return;
        p += piece;
        bytes -= piece;
    }
}

bool readGraph(QDataStream& in, NeighbourGraph& g, qint64 rows, qint64 baseRows, int k)
{
    qint64 storedRows = -1;
    qint32 storedK = -1;
    in >> storedRows >> storedK;
    if (in.status() != QDataStream::Ok || storedRows != rows || storedK != k)
        return false;
    g.rows = rows;
    g.k = k;
    g.index.resize(size_t(rows) * size_t(k));
    g.distance.resize(size_t(rows) * size_t(k));
    const qint64 indexBytes = qint64(g.index.size() * sizeof(qint32));
    const qint64 distanceBytes = qint64(g.distance.size() * sizeof(float));
    if (!readRaw(in, g.index.data(), indexBytes) || !readRaw(in, g.distance.data(), distanceBytes))
        return false;
    // A damaged file must not send anyone out of bounds.
    return std::all_of(g.index.begin(), g.index.end(), [&](qint32 i) { return i >= -1 && i < baseRows; });
}

void writeGraph(QDataStream& out, const NeighbourGraph& g)
{
    out << qint64(g.rows) << qint32(g.k);
    writeRaw(out, g.index.data(), qint64(g.index.size() * sizeof(qint32)));
    writeRaw(out, g.distance.data(), qint64(g.distance.size() * sizeof(float)));
}

} // namespace

QString graphCacheKey(int components, int neighbours, bool approximate, const QByteArray& first,
                      ByteOrder firstOrder, const QByteArray& second, ByteOrder secondOrder)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(kMagic);
    hash.addData(QByteArray::number(components) + ' ' + QByteArray::number(neighbours) +
                 (approximate ? " approximate\n" : " exact\n"));
    hash.addData(first);
    hash.addData(firstOrder == ByteOrder::Big ? "B" : "L");
    if (!second.isEmpty()) {
        hash.addData(second);
        hash.addData(secondOrder == ByteOrder::Big ? "B" : "L");
    }
    return QString::fromLatin1(hash.result().toHex());
}

std::optional<CachedGraphs> readCachedGraphs(const QString& dir, const QString& key,
                                             const CachedGraphs& expected)
{
    if (dir.isEmpty())
        return std::nullopt;
    QFile f(pathOf(dir, key));
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    if (f.read(qint64(sizeof kMagic - 1)) != QByteArray(kMagic))
        return std::nullopt;
    QDataStream in(&f);
    in.setByteOrder(QDataStream::LittleEndian);
    in.setVersion(QDataStream::Qt_6_4);
    CachedGraphs c;
    qint32 storedFiles = 0;
    in >> storedFiles >> c.explainedVariance >> c.recall >> c.recallSample;
    if (in.status() != QDataStream::Ok || storedFiles != expected.files ||
        !(c.recall >= 0 && c.recall <= 1) || c.recallSample < 0 || c.recallSample > expected.first.rows)
        return std::nullopt;
    c.files = expected.files;
    const qint64 rows0 = expected.first.rows;
    if (!readGraph(in, c.first, rows0, rows0, expected.first.k))
        return std::nullopt;
    if (c.files == 2 &&
        (!readGraph(in, c.across, expected.across.rows, rows0, expected.across.k) ||
         !readGraph(in, c.second, expected.second.rows, expected.second.rows, expected.second.k)))
        return std::nullopt;
    return c;
}

void writeCachedGraphs(const QString& dir, const QString& key, const CachedGraphs& graphs)
{
    if (dir.isEmpty() || !QDir().mkpath(dir))
        return;
    QSaveFile f(pathOf(dir, key));
    if (!f.open(QIODevice::WriteOnly))
        return;
    f.write(kMagic, qint64(sizeof kMagic - 1));
    QDataStream out(&f);
    out.setByteOrder(QDataStream::LittleEndian);
    out.setVersion(QDataStream::Qt_6_4);
    const qint32 files = graphs.files;
    out << files << graphs.explainedVariance << graphs.recall << graphs.recallSample;
    writeGraph(out, graphs.first);
    if (files == 2) {
        writeGraph(out, graphs.across);
        writeGraph(out, graphs.second);
    }
    if (out.status() != QDataStream::Ok || !f.commit())
        return;
    QFileInfoList kept = QDir(dir).entryInfoList({QStringLiteral("*.knn")}, QDir::Files, QDir::Time);
    for (qsizetype i = kMaxCachedGraphs; i < kept.size(); ++i)
        QFile::remove(kept[i].absoluteFilePath());
}

} // namespace idx::detail
