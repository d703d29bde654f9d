// Crash safety for one document: every applied, undone or redone edit is appended to a journal per file
// (the document's own file and its labels file) in QStandardPaths::AppDataLocation/journals; when the
// document opens and a journal from an earlier session matches its file, a notice bar offers
// "Recover / Discard". Recovery replays the edits onto the document's overlays and pushes them onto its undo
// stack. Journals go when the edits are saved, undone back to the files' content, or discarded on close. Once
// a part's overlay no longer starts from its file (saved over since, or kept across a Save As reopen), its
// journal holds the overlay's difference from the file instead, and each later edit is appended re-expressed
// against it (idx::SavedFileEdits), so an edit costs the same however many came before. A journal that
// cannot be written does not stop editing, but the notice bar says that the edits are not crash-safe.
#pragma once

#include "document.h"
#include "journal.h"
#include "savedfileedits.h"

#include <QObject>
#include <QPointer>

#include <array>
#include <memory>
#include <optional>

class QWidget;

namespace idx::gui {

class NoticeBar;

class JournalRecovery : public QObject {
    Q_OBJECT
public:
    /// Journals `doc`; the recovery offer is shown in a notice bar inserted at the top of `host`'s layout
    /// (none when `host` is null: call recover() directly).
    JournalRecovery(Document* doc, QWidget* host, QObject* parent = nullptr);
    ~JournalRecovery() override; // keeps the journals: a destroyed document without a clean close is a crash

    /// The journal keeper of `doc` (a child of it), or null.
    [[nodiscard]] static JournalRecovery* of(Document* doc);
    /// The journal keeper of `doc`, made (with its notice bar in `host`) when it has none yet.
    static JournalRecovery* forDocument(Document* doc, QWidget* host);

    /// The folder journals live in.
    [[nodiscard]] static QString journalDir();
    /// True while a journal from an earlier session waits for Recover / Discard.
    [[nodiscard]] bool hasRecoverable() const { return m_pending; }
    /// What the notice says: the recovery offer, or that the journal cannot be written; empty when neither.
    [[nodiscard]] QString noticeText() const { return m_notice; }
    /// Replays the pending journals; false with `error` when nothing could be recovered.
    bool recover(QString* error = nullptr);
    /// Deletes the pending journals (the user chose Discard) or, on a clean close, the live ones.
    void discard();
    [[nodiscard]] QString lastError() const { return m_error; }

signals:
    void recoverableFound();
    void recovered(int edits);
    /// The journal could not be written (`message` says why and what it means); once until a write works.
    void writeFailed(const QString& message);

private:
    void check();
    void onEdited(Document::Part part, const idx::Edit& edit, bool undone);
    /// Journals `part` as its difference from its file (see the file comment); `fileChanged`: the file was
    /// just saved over, so a journal kept from before is re-keyed to it.
    void writeDifference(Document::Part part, bool fileChanged = false);
    void drop(Document::Part part);
    /// After a journal write: reports the first failure, and clears the report once writing works again.
    void noteWrite(Document::Part part, bool ok, const QString& error);
    void showNotice(int kind, const QString& text); // kind: NoticeBar::Kind
    void hideNotice();
    [[nodiscard]] QString sourceOf(Document::Part part) const;
    std::unique_ptr<idx::Journal>& journalOf(Document::Part part);

    QPointer<Document> m_doc;
    QPointer<NoticeBar> m_bar;
    std::unique_ptr<idx::Journal> m_main;
    std::unique_ptr<idx::Journal> m_labels;
    bool m_pending = false;
    bool m_checked = false;
    QString m_checkedLabels; // the labels file whose journal was looked for
    bool m_replaying = false;
    bool m_mainDiffers = false;    // the main overlay was kept across a reopen: journal differences
    bool m_labelsDiffer = false;   // the same for the labels
    bool m_writeFailed = false;    // reported, until a write works again
    std::array<bool, 2> m_stale{}; // per part (Main, Labels): a write failed, the journal misses edits
    // Per part: after its difference was journaled, the edits since re-expressed against the file.
    std::array<std::optional<idx::SavedFileEdits>, 2> m_sinceDifference;
    QString m_notice;
    QString m_error;
};

} // namespace idx::gui
