// Crash recovery at start-up: journals left by a session that ended without saving or discarding its edits
// (a crash) are offered once, after the main window is shown, in a non-modal dialog: Open and Recover opens
// the documents and replays their journals, Discard deletes them (after a confirmation), Later keeps them for
// the next start. Journals a running idxscope still writes (their lock is held) are not offered; journals
// whose file changed or vanished are listed as not recoverable, and go only when the user discards them.
#pragma once

#include <QDialog>
#include <QStringList>

#include <functional>
#include <vector>

class QLabel;
class QListWidget;
class QPushButton;

namespace idx::gui {

class DocumentManager;

/// The unsaved edits of one document found at start-up.
struct PendingRecovery {
    QString document;     // the file to open: the journal's source, or the images file a labels file was
                          // edited with (for a damaged journal: the journal file itself)
    QString labels;       // the labels file whose journal belongs to this document (empty: none)
    QStringList journals; // the journal files
    int edits = 0;
    QString problem; // why the edits cannot be applied (empty: they can)
    [[nodiscard]] bool recoverable() const { return problem.isEmpty(); }
};

/// The journals in `dir` that no running process uses, one entry per document, recoverable ones first.
/// Documents in `openPaths` are left out (their tabs offer recovery themselves).
[[nodiscard]] std::vector<PendingRecovery> scanForRecovery(const QString& dir,
                                                           const QStringList& openPaths = {});

class RecoveryPrompt : public QDialog {
    Q_OBJECT
public:
    /// Opens recovered documents through `documents`; a dialog over `parent` (the window).
    RecoveryPrompt(DocumentManager* documents, std::vector<PendingRecovery> entries,
                   QWidget* parent = nullptr);

    /// Scans the journal folder and shows a prompt over `parent` when anything is there (null when nothing
    /// is). Documents open in `documents` are left out.
    static RecoveryPrompt* offer(DocumentManager* documents, QWidget* parent);

    /// Asks before discarding `count` documents' edits. Tests replace it (no modal loop).
    void setConfirm(std::function<bool(int count)> confirm) { m_confirm = std::move(confirm); }
    [[nodiscard]] const std::vector<PendingRecovery>& entries() const { return m_entries; }
    [[nodiscard]] QString text() const;

    /// Opens the recoverable documents and replays their journals (as each finishes loading); the prompt
    /// stays open when unrecoverable entries remain, else it closes. Returns the documents opened.
    int openAndRecover();
    /// Deletes every listed journal after the confirmation; false (nothing deleted) when declined.
    bool discardAll();
    /// Keeps the journals for the next start.
    void later();

signals:
    /// A document's journal was replayed (edits: how many), or could not be (edits 0, `error` says why).
    void recovered(const QString& document, int edits, const QString& error);
    /// A message for the status bar; `timeoutMs` as QStatusBar::showMessage.
    void statusMessage(const QString& text, int timeoutMs);

private:
    void refresh();

    DocumentManager* m_documents;
    std::vector<PendingRecovery> m_entries;
    std::function<bool(int)> m_confirm;
    QLabel* m_text;
    QListWidget* m_list;
    QPushButton* m_recover;
};

} // namespace idx::gui
