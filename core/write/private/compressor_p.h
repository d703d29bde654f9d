// Internal: the streaming compressors behind the writers' Sink (sink.h): gzip with ISA-L on all cores
// (gzipcompressor.cpp) and xz with liblzma's multi-threaded encoder (xzcompressor.cpp). Both are driven from
// one thread, which alone calls the hooks; worker threads never touch the device or the caller's Control.
#pragma once

#include <QString>
#include <QtGlobal>

#include <functional>
#include <memory>

namespace idx::detail {

struct CompressorHooks {
    /// Compressed bytes, in order. False stops the compressor (the owner knows why: a device error).
    std::function<bool(const char*, qint64)> output;
    /// Polled while the compressor waits for its threads; true abandons the work.
    std::function<bool()> cancelled;
    /// The compressor's threads made progress (pending() went down) while it waited.
    std::function<void()> progressed;
};

class Compressor {
public:
    virtual ~Compressor() = default;
    Compressor(const Compressor&) = delete;
    Compressor& operator=(const Compressor&) = delete;

    /// Takes `size` bytes (copied or consumed before it returns). False on failure: error() says why,
    /// unless the output hook refused.
    virtual bool write(const char* data, qint64 size) = 0;
    /// Compresses what is left and ends the stream (trailer, index). Call once.
    virtual bool finish() = 0;
    /// Input taken by write() that is not compressed yet.
    [[nodiscard]] virtual qint64 pending() const = 0;
    /// Set when the compressor failed, also when it could not start.
    [[nodiscard]] const QString& error() const { return m_error; }

protected:
    Compressor() = default;
    bool fail(QString message)
    {
        if (m_error.isEmpty())
            m_error = std::move(message);
        return false;
    }

private:
    QString m_error;
};

[[nodiscard]] std::unique_ptr<Compressor> makeGzipCompressor(CompressorHooks hooks);
[[nodiscard]] std::unique_ptr<Compressor> makeXzCompressor(CompressorHooks hooks);

} // namespace idx::detail
