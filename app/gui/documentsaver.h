// Saving a document's edits on a worker thread: Save (over the open file, in its container: a .gz stays
// .gz), Save As (container from the new name) and Save Labels as New File. Atomic through core's
// saveEditable (QSaveFile): on failure the original is byte-identical, the edits stay in the document and
// the message says why. After a save over the open file the document reopens it (the view position stays).
#pragma once

#include "document.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>

#include <atomic>
#include <functional>

class DocumentSaver : public QObject {
    Q_OBJECT
public:
    explicit DocumentSaver(QObject* parent = nullptr);
    ~DocumentSaver() override; // cancels and waits for a running save

    enum class Kind { Save, SaveAs, SaveLabelsAs };
    /// Starts a save; false (with `error`) when one is running or there is nothing to save. `done` runs on
    /// the GUI thread after finished() with the outcome.
    bool start(Document* doc, Kind kind, const QString& path = {}, std::function<void(bool)> done = {},
               QString* error = nullptr);
    [[nodiscard]] bool isRunning() const { return m_watcher.isRunning() || m_busy; }
    void cancel() { m_cancel = true; }
    [[nodiscard]] QString lastError() const { return m_lastError; }

signals:
    /// Progress of the running save in 0..1000, with a description ("Saving t10k-images…").
    void progress(int permille, const QString& text);
    /// ok: every file was written; else `error` says which file and why (the document keeps its edits).
    void finished(bool ok, const QString& error);

private:
    struct Job {
        idx::EditableTensor tensor; // a copy: the worker never reads what the GUI thread may edit meanwhile
        QString path;
        idx::Container container = idx::Container::Raw;
    };
    struct Outcome {
        bool ok = true;
        QString error;
    };
    void onFinished();

    QPointer<Document> m_doc;
    Kind m_kind = Kind::Save;
    QString m_path;
    int m_undoIndex = 0;
    std::function<void(bool)> m_done;
    QFutureWatcher<Outcome> m_watcher;
    std::atomic<bool> m_cancel{false};
    bool m_busy = false;
    QString m_lastError;
};
