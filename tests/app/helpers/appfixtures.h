// Fixtures for the GUI tests: IDX files written into a QTemporaryDir, and a large compressed file made of
// pseudo-random bytes without going through doubles (60,000 × 28 × 28 would need 376 MB as values).
#pragma once

#include "fixtures.h"
#include "recordset.h"

#include <QCoreApplication>
#include <QStandardPaths>
#include <QTest>

namespace appfx {

/// Isolated settings for a GUI test program (call from initTestCase).
inline void isolateSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("idxscope-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("idxscope-tests"));
}

/// uint8 tensor whose element i is (i * 7 + record * 3) % 256: easy to check pixel by pixel.
inline QByteArray uint8Tensor(const std::vector<quint64>& dims)
{
    quint64 n = 1;
    std::vector<quint32> d32;
    for (quint64 d : dims) {
        n *= d;
        d32.push_back(quint32(d));
    }
    QByteArray bytes = fx::rawHeader(0x08, d32);
    const qsizetype header = bytes.size();
    bytes.resize(header + qsizetype(n));
    auto* p = reinterpret_cast<uchar*>(bytes.data()) + header;
    for (quint64 i = 0; i < n; ++i)
        p[i] = uchar((i * 7 + i / 784 * 3) % 256);
    return bytes;
}

/// Expected value of uint8Tensor at flat index i.
inline int uint8Value(quint64 i)
{
    return int((i * 7 + i / 784 * 3) % 256);
}

/// N × 28 × 28 uint8 of hashed bytes (compresses like real images would not: worst case for decompression).
inline QByteArray randomImages(quint32 records)
{
    QByteArray bytes = fx::rawHeader(0x08, {records, 28, 28});
    const qsizetype header = bytes.size();
    const quint64 n = quint64(records) * 784;
    bytes.resize(header + qsizetype(n));
    auto* p = reinterpret_cast<uchar*>(bytes.data()) + header;
    quint64 x = 88172645463325252ull;
    for (quint64 i = 0; i < n; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        // Half the pixels are background, like MNIST: keeps the file realistic in size.
        p[i] = (x & 0x100) ? uchar(x) : 0;
    }
    return bytes;
}

/// 1-D uint8 labels for `records` records.
inline QByteArray labels(quint32 records)
{
    QByteArray bytes = fx::rawHeader(0x08, {records});
    for (quint32 i = 0; i < records; ++i)
        bytes.append(char(i % 10));
    return bytes;
}

} // namespace appfx

namespace idx {
/// How QCOMPARE prints a RecordSet: its runs, "[0, 3) [7, 8)".
inline char* toString(const RecordSet& s)
{
    QString text;
    for (const RecordRun& r : s.runs())
        text += QStringLiteral("[%1, %2) ").arg(r.first).arg(r.end);
    return QTest::toString(text.trimmed());
}
} // namespace idx
