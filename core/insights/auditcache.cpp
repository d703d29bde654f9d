// The neighbour-graph cache of auditcache_p.h. A file holds a magic line, the sizes, then each graph's
// indexes and distances as raw little-endian arrays (the cache is this machine's, never shared), then a
// CRC-32 of everything after the magic line. A file is used only when its checksum holds and every value is
// one a search could have found (indexes in range, distances finite, not negative and in order); anything
// else is a miss, and the graphs are searched again.
#include "auditcache_p.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <isa-l/crc.h>

#include <algorithm>
#include <cmath>

namespace idx::detail {

namespace {

// 3: images centred before the projection (graphs of version 2 are of uncentred features). 4: the recall of
// an approximate search stored with the graphs. 5: the checksum at the end.
constexpr char kMagic[] = "idxscope neighbours 5\n";

/// A running CRC-32 (ISA-L's, as gzip's) of the bytes written or read after the magic line.
class Checksum {
public:
    void add(const void* data, qint64 bytes)
    {
        m_crc = crc32_gzip_refl(m_crc, static_cast<const unsigned char*>(data), quint64(bytes));
    }
    [[nodiscard]] quint32 value() const { return m_crc; }

private:
    quint32 m_crc = 0;
};

QString pathOf(const QString& dir, const QString& key)
{
    return QDir(dir).filePath(key + QStringLiteral(".knn"));
}

/// Reads or writes the file's fields in order, each raw, adding every byte to the checksum.
class Fields {
public:
    explicit Fields(QIODevice& io) : m_io(io) {}
    bool read(void* data, qint64 bytes)
    {
        auto* p = static_cast<char*>(data);
        for (qint64 got = 0; got < bytes;) {
            const qint64 n = m_io.read(p + got, bytes - got);
            if (n <= 0)
                return false;
            got += n;
        }
        m_sum.add(data, bytes);
        return true;
    }
    bool write(const void* data, qint64 bytes)
    {
        m_sum.add(data, bytes);
        return m_io.write(static_cast<const char*>(data), bytes) == bytes;
    }
    template <typename T> bool read(T& v) { return read(&v, sizeof v); }
    template <typename T> bool write(const T& v) { return write(&v, sizeof v); }
    [[nodiscard]] quint32 checksum() const { return m_sum.value(); }

private:
    QIODevice& m_io;
    Checksum m_sum;
};

/// A graph as a search leaves it: every neighbour of a row a record of the base (or −1, only after the
/// found ones), every distance finite, not negative and not less than the one before.
bool plausible(const NeighbourGraph& g, qint64 baseRows)
{
    for (qint64 r = 0; r < g.rows; ++r) {
        const qint32* nb = g.neighbours(r);
        const float* d = g.distances(r);
        bool padding = false;
        for (int j = 0; j < g.k; ++j) {
            if (nb[j] < 0) {
                padding = true;
                if (nb[j] != -1)
                    return false;
                continue;
            }
            if (padding || nb[j] >= baseRows || !std::isfinite(d[j]) || d[j] < 0 ||
                (j > 0 && d[j] < d[j - 1]))
                return false;
        }
    }
    return true;
}

bool readGraph(Fields& in, NeighbourGraph& g, qint64 rows, int k)
{
    qint64 storedRows = -1;
    qint32 storedK = -1;
    if (!in.read(storedRows) || !in.read(storedK) || storedRows != rows || storedK != k)
        return false;
    g.rows = rows;
    g.k = k;
    g.index.resize(size_t(rows) * size_t(k));
    g.distance.resize(size_t(rows) * size_t(k));
    return in.read(g.index.data(), qint64(g.index.size() * sizeof(qint32))) &&
           in.read(g.distance.data(), qint64(g.distance.size() * sizeof(float)));
}

bool writeGraph(Fields& out, const NeighbourGraph& g)
{
    return out.write(qint64(g.rows)) && out.write(qint32(g.k)) &&
           out.write(g.index.data(), qint64(g.index.size() * sizeof(qint32))) &&
           out.write(g.distance.data(), qint64(g.distance.size() * sizeof(float)));
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
    Fields in(f);
    CachedGraphs c;
    qint32 storedFiles = 0;
    if (!in.read(storedFiles) || !in.read(c.explainedVariance) || !in.read(c.recall) ||
        !in.read(c.recallSample) || storedFiles != expected.files || !std::isfinite(c.explainedVariance) ||
        !(c.recall >= 0 && c.recall <= 1) || c.recallSample < 0 || c.recallSample > expected.first.rows)
        return std::nullopt;
    c.files = expected.files;
    const qint64 rows0 = expected.first.rows;
    if (!readGraph(in, c.first, rows0, expected.first.k))
        return std::nullopt;
    if (c.files == 2 && (!readGraph(in, c.across, expected.across.rows, expected.across.k) ||
                         !readGraph(in, c.second, expected.second.rows, expected.second.k)))
        return std::nullopt;
    const quint32 computed = in.checksum();
    quint32 stored = 0;
    char extra = 0;
    if (f.read(reinterpret_cast<char*>(&stored), sizeof stored) != sizeof stored || stored != computed ||
        f.read(&extra, 1) != 0)
        return std::nullopt;
    if (!plausible(c.first, rows0) ||
        (c.files == 2 && (!plausible(c.across, rows0) || !plausible(c.second, expected.second.rows))))
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
    Fields out(f);
    const qint32 files = graphs.files;
    bool ok = out.write(files) && out.write(graphs.explainedVariance) && out.write(graphs.recall) &&
              out.write(qint64(graphs.recallSample)) && writeGraph(out, graphs.first);
    if (ok && files == 2)
        ok = writeGraph(out, graphs.across) && writeGraph(out, graphs.second);
    const quint32 sum = out.checksum();
    if (!ok || f.write(reinterpret_cast<const char*>(&sum), sizeof sum) != sizeof sum || !f.commit())
        return;
    QFileInfoList kept = QDir(dir).entryInfoList({QStringLiteral("*.knn")}, QDir::Files, QDir::Time);
    for (qsizetype i = kMaxCachedGraphs; i < kept.size(); ++i)
        QFile::remove(kept[i].absoluteFilePath());
}

} // namespace idx::detail
