// Saving a document's edits on a worker thread: Save (over the open files, in their containers: a .gz stays
// .gz), Save As (container from the new name; the labels' edits go to a new file the caller names, or stay
// unsaved) and Save Labels as New File. Atomic through core's saveEditable (QSaveFile): on failure the
// original is byte-identical, the edits stay in the document and the message says why. After Save the
// document keeps its overlays and undo history (Undo goes back past the save); after Save As it reopens as
// the new file.
#pragma once

#include "document.h"
#include "job.h"

#include <QObject>
#include <QPointer>

#include <functional>

namespace idx::gui {

class DocumentSaver : public QObject {
    Q_OBJECT
public:
    explicit DocumentSaver(QObject* parent = nullptr);
    ~DocumentSaver() override; // cancels and waits for a running save

    enum class Kind { Save, SaveAs, SaveLabelsAs };
    /// Starts a save; false (with `error`) when one is running or there is nothing to save. `done` runs on
    /// the GUI thread after finished() with the outcome. SaveAs: `labelsPath` names a new file for edited
    /// labels; empty leaves their edits unsaved in the document (never written over the labels file).
    bool start(Document* doc, Kind kind, const QString& path = {}, std::function<void(bool)> done = {},
               QString* error = nullptr, const QString& labelsPath = {});
    /// From start() until finished() was emitted.
    [[nodiscard]] bool isRunning() const { return m_job.isActive(); }
    void cancel() { m_job.cancel(); }
    [[nodiscard]] QString lastError() const { return m_lastError; }
    /// The running save as a job, for a progress row ("Saving t10k-images…" and how far it got).
    [[nodiscard]] JobBase* job() { return &m_job; }

signals:
    /// ok: every file was written; else `error` says which file and why (the document keeps its edits).
    void finished(bool ok, const QString& error);

private:
    struct FileToWrite {
        idx::EditableTensor tensor; // a copy: the worker never reads what the GUI thread may edit meanwhile
        QString path;
        idx::Container container = idx::Container::Raw;
        Document::Part part = Document::Part::Main;
    };
    struct Written {
        Document::Part part;
        idx::TensorLayout layout; // what the file holds once written: the tensor when the save started
    };
    struct Outcome {
        bool ok = true;
        QString error;
        QString labelsKey;  // the content key of the labels as written (class names follow it)
        size_t written = 0; // the files written, in the order of m_written (all of them when ok)
    };
    void onFinished();
    /// True when the document's content changed since the save started.
    [[nodiscard]] bool editedMeanwhile(Document* doc) const;

    QPointer<Document> m_doc;
    Kind m_kind = Kind::Save;
    QString m_path;
    QString m_labelsPath; // SaveAs: where the labels went (empty: not saved)
    std::vector<Written> m_written;
    bool m_ownFile = false;   // the document's own (watched) file is being replaced
    quint64 m_generation = 0; // the document's content generation when the save started
    std::function<void(bool)> m_done;
    Job<Outcome> m_job;
    QString m_lastError;
};

} // namespace idx::gui
