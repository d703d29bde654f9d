// DocumentLoader: the background load of a document's payload (progressive for .gz/.xz) as a Job. The worker
// says when it decoded more (the core's load reports after every step), and the GUI thread then publishes how
// far it got: as the job's progress and text for a progress row, and as progress() so the document can look
// for records that became viewable meanwhile. Nothing polls: a load that makes no progress wakes nobody.
#pragma once

#include "idxfile.h"
#include "job.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>

namespace idx::gui {

class DocumentLoader : public QObject {
    Q_OBJECT
public:
    explicit DocumentLoader(QObject* parent = nullptr);
    ~DocumentLoader() override; // cancels and waits for the load: its worker must not report to us any more

    /// Starts loading `file` (superseding a load still running); `name` names it in the progress text.
    void start(std::shared_ptr<idx::IdxFile> file, const QString& name);
    /// Cancels the load and waits for it; its end is not reported.
    void stop();
    /// Asks the load to stop: finished() follows, the records decoded so far stay.
    void cancel() { m_job.cancel(); }
    /// The load has not been reported finished yet. Not "its worker is still running": the worker may have
    /// returned while finished() is still on its way, and until then the document has not heard of the end
    /// (no diagnostics, no remedies), so it is still loading for everyone who asks.
    [[nodiscard]] bool isLoading() const { return m_job.isActive(); }
    [[nodiscard]] JobBase* job() { return &m_job; }
    /// The least time between two publications while loading (default 200 ms): what arrives meanwhile is
    /// published together at the end of it.
    void setProgressInterval(int ms) { m_interval = ms; }
    [[nodiscard]] int progressInterval() const { return m_interval; }

signals:
    /// Bytes decoded of those expected: after the worker decoded more (at most once per interval), and
    /// once more at the end.
    void progress(qint64 done, qint64 total);
    /// ok: the whole payload was read (a load cancelled after it had read everything is still ok).
    void finished(bool ok);

private:
    void publish();   // the job's progress and text
    void onDecoded(); // on the GUI thread, after the worker said it decoded more
    void report();
    void onFinished();

    Job<bool> m_job;
    int m_interval;
    QTimer m_throttle; // single shot: a publication waiting for the rest of the interval
    QElapsedTimer m_sinceReport;
    // Set by the worker when it asks the GUI thread to publish, cleared there: one request on its way at a
    // time.
    std::shared_ptr<std::atomic<bool>> m_requested = std::make_shared<std::atomic<bool>>(false);
    std::shared_ptr<idx::IdxFile> m_file;
    QString m_name;
};

} // namespace idx::gui
