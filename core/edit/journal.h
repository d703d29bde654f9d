// Crash safety: each document's unsaved edits are appended to a journal file in a folder the caller chooses
// (the app passes QStandardPaths::AppDataLocation), one checksummed record per edit, fsync'd on append. On
// the next start the journal for a file is offered for recovery only if the file is unchanged (path, size,
// mtime); replay stops at a torn or corrupt tail and keeps what was valid. Saving or discarding deletes the
// journal. A live journal holds a lock file beside it (QLockFile: a crashed process's lock is recognised as
// stale by its process id), so another running instance can tell live edits from a crash's leftovers.
#pragma once

#include "editabletensor.h"

#include <QString>

#include <memory>
#include <vector>

class QFile;
class QLockFile;

namespace idx {

/// What a journal is keyed by: the source file's absolute path, size and modification time.
struct SourceStamp {
    QString path;
    qint64 size = -1;
    qint64 mtimeMs = -1;
    /// The stamp of the file now (size -1 when it does not exist).
    [[nodiscard]] static SourceStamp of(const QString& path);
    friend bool operator==(const SourceStamp&, const SourceStamp&) = default;
};

class Journal {
public:
    ~Journal();
    Journal(const Journal&) = delete;
    Journal& operator=(const Journal&) = delete;

    /// The journal file for a source in `dir` (one per document: a hash of the absolute path).
    [[nodiscard]] static QString pathFor(const QString& dir, const QString& sourcePath);
    /// Starts a fresh journal for `sourcePath` (replacing any older one, so recover that first), keyed by its
    /// stamp now and recording the base header. `owner`: the document the source is edited in when that is
    /// another file (the images file a labels file is attached to), so a recovery at start-up knows what to
    /// open. Null with `error` set when the file cannot be written or another live process holds its lock.
    [[nodiscard]] static std::unique_ptr<Journal> create(const QString& dir, const QString& sourcePath,
                                                         const Header& baseHeader, QString* error = nullptr,
                                                         const QString& owner = {});

    /// Appends one edit (as applied forward), flushes and fsyncs. False with `error` on failure.
    bool append(const Edit& edit, QString* error = nullptr);
    /// Logs an undo of `edit` (its inverse, as a forward edit); a redo is append(edit) again.
    bool appendUndo(const Edit& edit, QString* error = nullptr) { return append(edit.inverted(), error); }
    /// Replaces the edits journaled so far with `edits` (atomically: a crash meanwhile leaves the old journal
    /// or the new one, never a mix), keeping the journal's source stamp and base header. For a document
    /// whose overlay no longer starts from its file (after a save), which journals its difference from the
    /// file instead of each edit.
    bool rewrite(const std::vector<Edit>& edits, QString* error = nullptr);
    /// The source was saved over: replaces the journal (atomically, as rewrite) with one keyed by the
    /// source's stamp now and `baseHeader` (what the file holds now), holding `edits` against that file.
    /// Without this a journal kept across a save would name the old stamp and never be offered after a crash.
    bool rebase(const Header& baseHeader, const std::vector<Edit>& edits, QString* error = nullptr);
    /// Closes and deletes the journal (after a successful save, or when the user discards the edits).
    bool discard();
    [[nodiscard]] QString filePath() const;
    [[nodiscard]] int editCount() const { return m_edits; }

private:
    Journal();
    bool replace(const QByteArray& head, const std::vector<Edit>& edits, QString* error);
    std::unique_ptr<QFile> m_file;
    std::unique_ptr<QLockFile> m_lock;
    QString m_source;  // the source file as given to create()
    QString m_owner;   // absolute path of the owning document, or empty
    QByteArray m_head; // the magic and the header record, as written by create() or rebase()
    int m_edits = 0;
};

struct JournalInfo {
    QString journalPath;
    SourceStamp stamp;          // the source as it was when journaling started
    QString owner;              // the document it was edited in, when not the source itself (else empty)
    bool inUse = false;         // a running process journals into it now (its lock is held, not stale)
    bool matchesSource = false; // the source file is unchanged since (same size and mtime)
    int edits = 0;              // valid edit records
    bool tornTail = false;      // bytes after the last valid record (a crash mid-append)
    QString problem;            // why the journal cannot be used (empty when it can)
};

/// Every journal in `dir` (for the "recover unsaved edits?" offer at start-up).
[[nodiscard]] std::vector<JournalInfo> listJournals(const QString& dir);
/// True while a live Journal (in this or another running process) holds the journal's lock.
[[nodiscard]] bool journalInUse(const QString& journalPath);
/// Deletes a journal that is not in use (the user discarded its edits). False with `error` when it is in
/// use or cannot be removed.
bool removeJournal(const QString& journalPath, QString* error = nullptr);
/// The journal for one source, if there is one.
[[nodiscard]] std::optional<JournalInfo> journalFor(const QString& dir, const QString& sourcePath);

struct RecoveryResult {
    bool ok = false;
    std::vector<Edit> edits; // the edits applied, in order (the GUI can push them onto its undo stack)
    bool tornTail = false;
    QString error; // why nothing was applied, or why replay stopped early (then ok is still true)
    explicit operator bool() const { return ok; }
};
/// Replays a journal into `target` (which must be a fresh tensor over the journal's source). Refused when
/// the source changed since journaling or the header differs. Keeps every edit before a torn or corrupt
/// record. To keep journaling afterwards, create() a new journal and append the recovered edits to it.
[[nodiscard]] RecoveryResult recoverJournal(const QString& journalPath, EditableTensor& target);

} // namespace idx
