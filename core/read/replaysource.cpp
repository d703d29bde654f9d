// The bytes read ahead to sniff a stream (its container, its magic, its header), handed out again in front of
// the rest of the stream they came from: the file is opened once and decoded once.
#include "bytesource_p.h"

#include <algorithm>
#include <cstring>

namespace idx {

namespace {
class ReplaySource final : public ByteSource {
public:
    ReplaySource(QByteArray head, std::unique_ptr<ByteSource> rest)
        : m_head(std::move(head)), m_rest(std::move(rest))
    {}

    qint64 read(char* into, qint64 max) override
    {
        const qint64 fromHead = std::min<qint64>(max, headLeft());
        std::memcpy(into, m_head.constData() + m_pos, size_t(fromHead));
        m_pos += qsizetype(fromHead);
        if (fromHead == max || !m_rest)
            return fromHead;
        return fromHead + m_rest->read(into + fromHead, max - fromHead);
    }
    // What the rest says holds only once the head is handed out: a failure found while reading ahead comes
    // after the bytes read before it.
    bool atEnd() const override { return headLeft() == 0 && (!m_rest || m_rest->atEnd()); }
    const std::optional<DecodeError>& error() const override
    {
        static const std::optional<DecodeError> none;
        return headLeft() == 0 && m_rest ? m_rest->error() : none;
    }
    qint64 consumed() const override { return m_rest ? m_rest->consumed() : m_pos; }
    Diagnostics warnings() const override { return m_rest ? m_rest->warnings() : Diagnostics(); }
    qint64 remaining() const override
    {
        const qint64 rest = m_rest ? m_rest->remaining() : 0;
        return rest < 0 ? -1 : rest + headLeft();
    }
    qint64 skipRest() override
    {
        const qint64 rest = m_rest ? m_rest->skipRest() : 0;
        if (rest < 0)
            return -1;
        const qint64 skipped = rest + headLeft();
        m_pos = m_head.size();
        return skipped;
    }

private:
    qint64 headLeft() const { return m_head.size() - m_pos; }

    QByteArray m_head;
    qsizetype m_pos = 0;
    std::unique_ptr<ByteSource> m_rest;
};
} // namespace

std::unique_ptr<ByteSource> replaySource(QByteArray head, std::unique_ptr<ByteSource> rest)
{
    return std::make_unique<ReplaySource>(std::move(head), std::move(rest));
}

} // namespace idx
