// DocumentLoader: the background load of a document's payload (progressive for .gz/.xz) as a Job, and the
// GUI-thread timer that publishes how far it got: as the job's progress and text for a progress row, and as
// progress() so the document can look for records that became viewable meanwhile.
#pragma once

#include "idxfile.h"
#include "job.h"

#include <QObject>
#include <QTimer>

#include <memory>

namespace idx::gui {

class DocumentLoader : public QObject {
    Q_OBJECT
public:
    explicit DocumentLoader(QObject* parent = nullptr);

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
    /// How often progress is published while loading.
    void setPollInterval(int ms) { m_timer.setInterval(ms); }

signals:
    /// Bytes decoded of those expected: on every tick while loading, and once more at the end.
    void progress(qint64 done, qint64 total);
    /// ok: the whole payload was read (a load cancelled after it had read everything is still ok).
    void finished(bool ok);

private:
    void publish(); // the job's progress and text
    void poll();
    void onFinished();

    Job<bool> m_job;
    QTimer m_timer;
    std::shared_ptr<idx::IdxFile> m_file;
    QString m_name;
};

} // namespace idx::gui
