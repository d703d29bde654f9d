// The file on disk as a ByteSource, from its first byte: what the decompressors and the sibling conversion
// read (a raw IDX file is mapped instead, see idxfile.cpp).
#include "bytesource_p.h"

#include <QCoreApplication>
#include <QFile>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

class FileSource final : public ByteSource {
public:
    explicit FileSource(std::unique_ptr<QFile> file) : m_file(std::move(file))
    {
        if (!m_file->seek(0))
            m_status.fail(DiagCode::ReadFailed,
                          Tr::tr("cannot read the file: %1").arg(m_file->errorString()));
    }

    qint64 read(char* into, qint64 max) override
    {
        if (m_status.error || m_status.end || max <= 0)
            return 0;
        const qint64 n = m_file->read(into, max);
        if (n < 0) {
            m_status.fail(DiagCode::ReadFailed,
                          Tr::tr("reading failed at byte %1: %2").arg(m_read).arg(m_file->errorString()));
            return 0;
        }
        if (n == 0)
            m_status.end = true;
        m_read += n;
        return n;
    }
    bool atEnd() const override { return m_status.end; }
    const std::optional<DecodeError>& error() const override { return m_status.error; }
    qint64 consumed() const override { return m_read; }
    qint64 remaining() const override
    {
        const qint64 size = m_file->size();
        return m_status.error || size < m_read ? -1 : size - m_read;
    }
    qint64 skipRest() override
    {
        const qint64 rest = remaining();
        if (rest < 0 || !m_file->seek(m_read + rest))
            return -1;
        m_read += rest;
        m_status.end = true;
        return rest;
    }

private:
    std::unique_ptr<QFile> m_file;
    qint64 m_read = 0;
    SourceStatus m_status;
};
} // namespace

std::unique_ptr<ByteSource> fileSource(std::unique_ptr<QFile> file)
{
    return std::make_unique<FileSource>(std::move(file));
}

} // namespace idx
