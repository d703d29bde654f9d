// DocumentLoader: progress is in bytes (decodedBytes of expectedBytes), read on the GUI thread by a timer:
// the core's load publishes it atomically for exactly this.
#include "documentloader.h"

#include <QLocale>

namespace idx::gui {

namespace {
constexpr int kPollMs = 200;
}

DocumentLoader::DocumentLoader(QObject* parent) : QObject(parent)
{
    m_timer.setInterval(kPollMs);
    connect(&m_timer, &QTimer::timeout, this, &DocumentLoader::poll);
    connect(&m_job, &JobBase::finished, this, &DocumentLoader::onFinished);
}

void DocumentLoader::start(std::shared_ptr<idx::IdxFile> file, const QString& name)
{
    m_file = file;
    m_name = name;
    publish();
    m_job.start([file](JobContext& context) { return file->load(context.control()); });
    m_timer.start();
}

void DocumentLoader::stop()
{
    m_job.discard();
    m_job.waitForFinished(); // a cancelled load returns within one buffer
    m_timer.stop();
}

void DocumentLoader::publish()
{
    const QLocale l;
    const qint64 decoded = m_file->decodedBytes(), expected = m_file->expectedBytes();
    if (decoded <= m_file->header().headerBytes && m_file->bytesRead() > 0) {
        // Nothing decoded yet while the file is read (column-major data is gathered whole first).
        const qint64 read = m_file->bytesRead(), size = m_file->fileSize();
        m_job.setProgressText(
            tr("Reading %1: %2 of %3").arg(m_name, l.formattedDataSize(read), l.formattedDataSize(size)));
        m_job.setProgress(read, size);
        return;
    }
    const qint64 done = std::min(decoded, expected); // bytes after the data are counted, not shown
    m_job.setProgressText(
        tr("Loading %1: %2 of %3").arg(m_name, l.formattedDataSize(done), l.formattedDataSize(expected)));
    m_job.setProgress(done, expected);
}

void DocumentLoader::poll()
{
    publish();
    emit progress(m_file->decodedBytes(), m_file->expectedBytes());
}

void DocumentLoader::onFinished()
{
    m_timer.stop();
    // The load's own answer, not the job's status: a cancel that came after it had read everything changes
    // nothing.
    const bool ok = m_job.result().value_or(false);
    poll();
    emit finished(ok);
}

} // namespace idx::gui
