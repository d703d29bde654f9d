// FeatureController: the skeleton the document's background features share (insights, map, compare): a state
// with its message, the job that computes and its cancel, and how the document's changes reach the feature —
// loaded, reloaded, read in another byte order, its records or its labels edited — with a debounce, since
// edits come in bursts (a paint stroke): the work restarts once they settle. Each feature keeps its own State
// enum (stateValue() is its value) and decides in the hooks what a change means for it.
#pragma once

#include "document.h"

#include <QObject>
#include <QString>
#include <QTimer>

namespace idx::gui {

class JobBase;

class FeatureController : public QObject {
    Q_OBJECT
public:
    ~FeatureController() override;

    /// What the state leaves to words (why a feature is unavailable, failed or stopped); may be empty.
    [[nodiscard]] const QString& message() const { return m_message; }
    [[nodiscard]] Document* document() const { return m_doc; }
    /// The job doing the feature's work, for a progress row.
    [[nodiscard]] JobBase* job() const { return m_job; }

public slots:
    /// Asks the running work to stop; its outcome still arrives, as cancelled.
    void cancel();

signals:
    void stateChanged();

protected:
    /// `job` (a member of the feature, not constructed yet) does its work; edits restart it once they have
    /// paused for `settleMs`.
    FeatureController(Document* doc, JobBase* job, int settleMs, QObject* parent);

    [[nodiscard]] int stateValue() const { return m_state; }
    /// Sets the state and its message; stateChanged() when either differs.
    void setStateValue(int state, const QString& message);
    /// Stops the work at once: the job's run (and that of the job given to alsoDiscard()) is discarded, no
    /// outcome of it arrives.
    void discardWork();
    /// Stops the work, forgets what it found (forget()), sets the state and then, if something was forgotten,
    /// announces it (forgotten()).
    void dropValue(int state, const QString& message);
    /// A further job of the feature whose run discardWork() discards too.
    void alsoDiscard(JobBase* job) { m_discarded = job; }
    /// (Re)starts the wait for the edits to settle: settled() follows unless more edits come first.
    void restartWhenSettled() { m_settle.start(); }
    void stopWaiting() { m_settle.stop(); }
    /// The byte order the work reads the data in (noted as it starts): another one calls byteOrderChanged().
    void noteByteOrder() { m_order = m_doc->dataOrder(); }
    [[nodiscard]] idx::ByteOrder notedByteOrder() const { return m_order; }

    /// The edits settled (restartWhenSettled()).
    virtual void settled() = 0;
    /// What the feature does when the document changes; nothing unless it says.
    virtual void loaded() {}
    virtual void reloaded() {}
    /// The loaded data is read in another byte order than the one noted.
    virtual void byteOrderChanged() {}
    /// Values or records changed (an edit or its undo of the file itself).
    virtual void recordsEdited() {}
    /// The labels changed: an edit of them, another labels file, or labels arriving.
    virtual void labelsChanged() {}
    /// Forgets the findings (a drop): true when there were any.
    virtual bool forget() { return false; }
    /// Announces the findings forgotten (after the state changed).
    virtual void forgotten() {}

private:
    Document* m_doc;
    JobBase* m_job;
    JobBase* m_discarded = nullptr;
    QTimer m_settle;
    int m_state = 0;
    QString m_message;
    idx::ByteOrder m_order = idx::ByteOrder::Big;
};

} // namespace idx::gui
