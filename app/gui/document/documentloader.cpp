// DocumentLoader: progress is in bytes (decodedBytes of expectedBytes), which the core's load publishes
// atomically; the worker only asks the GUI thread to read them, and at most one such request is on its way.
#include "documentloader.h"

#include <QLocale>

namespace idx::gui {

namespace {
constexpr int kIntervalMs = 200;
}

DocumentLoader::DocumentLoader(QObject* parent) : QObject(parent), m_interval(kIntervalMs)
{
    m_throttle.setSingleShot(true);
    connect(&m_throttle, &QTimer::timeout, this, &DocumentLoader::report);
    connect(&m_job, &JobBase::finished, this, &DocumentLoader::onFinished);
}

DocumentLoader::~DocumentLoader()
{
    stop();
}

void DocumentLoader::start(std::shared_ptr<idx::IdxFile> file, const QString& name)
{
    m_file = file;
    m_name = name;
    publish();
    m_sinceReport.invalidate(); // the first records decoded are published at once
    m_requested->store(false);
    m_job.start([this, file, requested = m_requested](JobContext& context) {
        idx::Control control = context.control();
        control.progress = [this, &context, requested](qint64 done, qint64 total) {
            context.setProgress(done, total);
            // The loader outlives every worker of its job (its destructor waits for them), so `this` is
            // alive here; the request is queued to the GUI thread.
            if (!requested->exchange(true))
                QMetaObject::invokeMethod(this, &DocumentLoader::onDecoded, Qt::QueuedConnection);
        };
        return file->load(control);
    });
}

void DocumentLoader::stop()
{
    m_job.discard();
    m_job.waitForFinished(); // a cancelled load returns within one buffer
    m_throttle.stop();
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

void DocumentLoader::onDecoded()
{
    m_requested->store(false); // what the worker decodes from now on asks again
    if (!m_job.isActive() || m_throttle.isActive())
        return; // over, or a publication is already waiting
    const qint64 left = m_sinceReport.isValid() ? m_interval - m_sinceReport.elapsed() : 0;
    if (left > 0)
        m_throttle.start(int(left));
    else
        report();
}

void DocumentLoader::report()
{
    m_sinceReport.start();
    publish();
    emit progress(m_file->decodedBytes(), m_file->expectedBytes());
}

void DocumentLoader::onFinished()
{
    m_throttle.stop();
    // The load's own answer, not the job's status: a cancel that came after it had read everything changes
    // nothing.
    const bool ok = m_job.result().value_or(false);
    report();
    emit finished(ok);
}

} // namespace idx::gui
