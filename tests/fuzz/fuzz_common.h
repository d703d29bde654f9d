// Shared helpers for the libFuzzer targets: a tensor view over fuzzer bytes (the first bytes parsed as an IDX
// header, the rest a heap copy so ASan sees every out-of-bounds read), a per-process scratch file on tmpfs
// for the paths that only open files, and a check that traps (a finding) when an oracle fails.
#pragma once

#include "header.h"
#include "tensorview.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <unistd.h>

namespace fz {

/// An oracle failed: print why and trap, so libFuzzer records the input as a crash.
#define FZ_CHECK(cond)                                                                                       \
    do {                                                                                                     \
        if (!(cond)) {                                                                                       \
            std::fprintf(stderr, "FZ_CHECK failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__);                \
            __builtin_trap();                                                                                \
        }                                                                                                    \
    } while (0)

/// Qt's translation lookups want an application object; one per process, never destroyed.
inline void ensureApp()
{
    static int argc = 1;
    static char name[] = "fuzz";
    static char* argv[] = {name, nullptr};
    static auto* app = new QCoreApplication(argc, argv);
    (void)app;
}

/// A parsed header and a view over the payload bytes that follow it (a private heap copy).
struct FuzzTensor {
    idx::Header header;
    std::shared_ptr<QByteArray> payload;
    idx::TensorView view;
};

/// Parses `bytes` as IDX (header + payload, possibly short); nullopt when the header is invalid.
inline std::optional<FuzzTensor> tensorFrom(const QByteArray& bytes,
                                            idx::ByteOrder order = idx::ByteOrder::Big)
{
    const auto p =
        idx::parseHeader(QByteArrayView(bytes).first(std::min<qsizetype>(bytes.size(), 4 + 4 * 255)));
    if (!p.header)
        return std::nullopt;
    FuzzTensor t;
    t.header = *p.header;
    t.payload = std::make_shared<QByteArray>(bytes.mid(qsizetype(t.header.headerBytes)));
    // A detached copy of exactly the payload size: a read past it is a heap overflow ASan reports.
    const auto* data = reinterpret_cast<const uchar*>(t.payload->constData());
    t.view = idx::TensorView(t.header, t.payload->isEmpty() ? nullptr : data, quint64(t.payload->size()),
                             t.payload, order);
    return t;
}

/// A scratch file on tmpfs (/dev/shm when present), one per process, rewritten for each input.
inline QString scratchPath(const char* tag)
{
    const QString dir =
        QDir(QStringLiteral("/dev/shm")).exists() ? QStringLiteral("/dev/shm") : QDir::tempPath();
    return QStringLiteral("%1/idxscope-fuzz-%2-%3").arg(dir, QLatin1String(tag)).arg(::getpid());
}

inline bool writeScratch(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(bytes) == bytes.size();
}

/// Remaining bytes as a QByteArray.
inline QByteArray rest(FuzzedDataProvider& fdp)
{
    const auto v = fdp.ConsumeRemainingBytes<char>();
    return QByteArray(v.data(), qsizetype(v.size()));
}

} // namespace fz
