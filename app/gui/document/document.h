// One open file in the GUI, the front of three parts: its source (the file, how it is read, its background
// load, progressive for .gz/.xz, and its watch on disk: documentsource.h), its labels companion
// (labelscompanion.h) and its edit session (editsession.h). Lives on the GUI thread; all heavy work runs in
// Jobs with cancel.
#pragma once

#include "documentsource.h"
#include "editsession.h"
#include "labelscompanion.h"

#include <QObject>

#include <map>
#include <memory>
#include <vector>

class QUndoStack;

namespace idx::gui {

class Document : public QObject {
    Q_OBJECT
public:
    /// Opens `path`: the header is parsed synchronously (instant errors), the payload loads in the
    /// background.
    explicit Document(const QString& path, QObject* parent = nullptr);
    ~Document() override; // cancels and waits for background work

    /// The file on disk behind path(): the archive of an ARCHIVE.npz:NAME member.
    [[nodiscard]] QString diskPath() const;
    [[nodiscard]] QString path() const;
    [[nodiscard]] QString displayName() const;
    [[nodiscard]] std::shared_ptr<idx::IdxFile> file() const { return m_source.file(); }
    [[nodiscard]] bool headerValid() const;
    /// Latest snapshot of the payload (grows while loading). Edited, it is a copy of the whole tensor, made
    /// once per edit when asked for: views and statistics use pieces() or recordView() instead.
    [[nodiscard]] idx::TensorView view() const;
    /// The payload as it is now, read where it is: the file's view, or the edited tensor's pieces (runs of
    /// the file, inserted records, edited records). Never a copy.
    [[nodiscard]] idx::TensorPieces pieces() const;
    /// Record i alone (dims[0] = 1), from the file or the overlay; keeps its bytes alive. Never a copy.
    [[nodiscard]] idx::TensorView recordView(quint64 i) const;
    /// Bytes view() copied so far to give an edited tensor as one block (tests check it stays 0 while
    /// painting: rendering and statistics go through the pieces).
    [[nodiscard]] quint64 materializedBytes() const { return m_edits.materializedBytes(); }
    /// The payload as one block for the jobs that compute on the whole tensor (the audit and the map):
    /// gathered on a job's thread by the first that asks, then shared by every job of the same content; a
    /// copy only when edited, one per generation (gatheredBytes counts them).
    [[nodiscard]] std::shared_ptr<GatheredView> gathered() const;
    [[nodiscard]] quint64 gatheredBytes() const { return m_edits.gatheredBytes(); }
    /// The header of what the document holds now: the file's, with dims[0] following inserted and deleted
    /// records. Cheap (no payload is touched).
    [[nodiscard]] idx::Header header() const;
    /// Records viewable now (view().availableRecords(), without materializing an edited tensor).
    [[nodiscard]] quint64 availableRecords() const;
    /// What opening and loading found in the file; after a save over it, only what still describes the file
    /// on disk (the byte-order findings, not a truncation or trailing bytes the save left behind).
    [[nodiscard]] idx::Diagnostics diagnostics() const;
    [[nodiscard]] bool isLoading() const;
    [[nodiscard]] bool isLoaded() const;

    /// Byte order: verdict from the data (computed once loaded) and the order the user chose to read with.
    [[nodiscard]] idx::ByteOrderCheck byteOrderCheck() const { return m_source.byteOrderCheck(); }
    [[nodiscard]] idx::ByteOrder dataOrder() const { return m_source.dataOrder(); }
    void setDataOrder(idx::ByteOrder order); // reopens the view with that order; emits viewChanged
    /// How the file is read (a reinterpretation the person chose: another element type, a whole-file
    /// little-endian IDX, trailing bytes ignored), byte order included. Kept by reload().
    [[nodiscard]] idx::OpenOptions openOptions() const;
    /// Reads the file as `options` say (reopens it); false, and nothing changes, while there are unsaved
    /// edits.
    bool setOpenOptions(const idx::OpenOptions& options);

    /// Labels companion (found automatically for images files, or chosen by hand).
    [[nodiscard]] std::shared_ptr<idx::IdxFile> labelsFile() const { return m_labels.file(); }
    [[nodiscard]] QString labelsPath() const;
    /// The labels file found beside this one is still being opened (on a worker, right after the document
    /// was): labelsFile() is null until then, and the images cannot be edited yet.
    [[nodiscard]] bool labelsPending() const { return m_labels.isOpening(); }
    /// Class of each record whose label is available (empty without labels).
    [[nodiscard]] const std::vector<qint64>& labelClasses() const { return m_labels.classes(); }
    [[nodiscard]] bool hasLabels() const { return !m_labels.classes().empty(); }
    /// Attaches a labels file; refuses (returns false, *error set) when it is invalid or its count differs.
    bool attachLabels(const QString& path, QString* error = nullptr);
    void detachLabels();

    /// The known dataset this file is (dataset.h: recognised by content once loaded), by its own content or
    /// through its labels file; nullopt when neither is known or loaded.
    [[nodiscard]] const std::optional<idx::DatasetIdentity>& dataset() const { return m_labels.dataset(); }
    /// Names of the label values: those the person gave the labels (setClassNames), else the dataset's;
    /// empty when none are known.
    [[nodiscard]] const idx::ClassNames& classNames() const { return m_labels.classNames(); }
    /// The names the person gave (empty when none: the dataset's apply).
    [[nodiscard]] const idx::ClassNames& givenClassNames() const { return m_labels.givenNames(); }
    /// True when the labels are loaded and can be given names (which are remembered for their content): the
    /// attached labels file, or this file when it is a labels file opened on its own (isLabelsFile).
    [[nodiscard]] bool canNameClasses() const;
    /// True when this file is itself labels: one dimension of integers.
    [[nodiscard]] bool isLabelsFile() const;
    /// How many records carry each label value: of the attached labels, else of this file when it is a labels
    /// file (with its edits; empty above kMaxCountedLabels records, which are not counted on the GUI thread).
    [[nodiscard]] std::map<qint64, quint64> labelCounts() const;
    static constexpr quint64 kMaxCountedLabels = 4'000'000;
    /// True when names given now are remembered (the labels' content has a key: labelsContentKey).
    [[nodiscard]] bool canRememberClassNames() const { return !m_labels.namesKey().isEmpty(); }
    /// Gives the label values names, remembered for the labels' content (Settings::classNames); empty names
    /// go back to the dataset's. Emits labelsChanged.
    void setClassNames(const idx::ClassNames& names);

    /// Why the last automatic or manual labels attachment was refused (empty when none was).
    [[nodiscard]] QString labelsMessage() const { return m_labels.message(); }

    /// False after a change notice when the mapped file was truncated in place: a shrunk mapping must not be
    /// touched (SIGBUS) until reload(). view() is then empty, so panels that ask again read nothing.
    [[nodiscard]] bool isSafeToRead() const { return m_source.disk() != DocumentSource::Disk::Unmapped; }
    /// True after a change/delete notice until reload().
    [[nodiscard]] bool isStale() const { return m_source.disk() != DocumentSource::Disk::Current; }

    /// The least time between two publications of progress and newly decoded records while loading (default
    /// 200 ms). The load pushes them when it decoded more; nothing polls.
    void setProgressInterval(int ms) { m_source.setProgressInterval(ms); }
    /// The payload's load as a job, for a progress row (its text says what is loading and how far it got).
    [[nodiscard]] JobBase* loadJob() { return m_source.loadJob(); }

    void cancelLoad();
    void reload();
    /// Reopens the document from `path` (after Save As) with the labels file `labels` (the one saved beside
    /// it). Without one, the attached labels file stays, with its unsaved edits (no longer undoable: the
    /// history goes with the old images overlay).
    void reopenAs(const QString& path, const QString& labels = {});

    // Editing (see editcommands.h): overlays over the loaded payloads; the files change only when saved.
    using Part = EditSession::Part; // this file, or its attached labels file
    /// The edit overlay of a part, created on first use; null until that part is fully loaded (or unsafe).
    [[nodiscard]] idx::EditableTensor* editable(Part part);
    /// True when the part's content differs from its file on disk (since it was opened, or last saved).
    [[nodiscard]] bool isPartModified(Part part) const;
    /// The labels with their edits (the labels file's own view when there are none); empty without labels.
    [[nodiscard]] idx::TensorView labelsView() const;
    [[nodiscard]] QUndoStack* undoStack() const { return m_edits.undoStack(); }
    /// The content generation: advanced by every applied, undone, redone or merged edit and by every reset
    /// of the overlays, so equal generations mean unchanged content (caches keyed by it go stale; a save
    /// compares it to tell whether edits arrived while it wrote).
    [[nodiscard]] quint64 generation() const { return m_edits.generation(); }
    /// Unsaved edits: some part's content differs from what its file holds (compared by content, not by
    /// the undo stack's index), unless the user chose to discard them (discardEdits) and has not edited
    /// since.
    [[nodiscard]] bool isModified() const;
    /// The user chose to close without saving: reported unmodified (no second question) until the next edit.
    void discardEdits();
    /// Commands call this after applying (or undoing) `edit` on `part`: refreshes labels, emits edited.
    void editApplied(Part part, const idx::Edit& edit, bool undone);
    /// Brackets a save over this document's own file: the watcher's notice of that rename is not news.
    void beginOwnSave();
    void endOwnSave(bool saved);
    /// A save wrote `part`'s current content over its own file. The overlay and the undo history stay (the
    /// base is still the file as opened: the old mapping or buffer lives on), so Undo goes back past the
    /// save; from now on the part is modified when it differs from what was saved.
    void partSaved(Part part, idx::TensorLayout written);
    /// The labels were written (Save, Save As, Save Labels as New File) with content key `contentKey`: the
    /// class names in use go with that content, to be found when the file is opened again.
    void labelsWritten(const QString& contentKey);
    /// What the part's file holds since the last save over it, in the overlay's terms (null: the file as
    /// opened, the overlay's own base).
    [[nodiscard]] const idx::TensorLayout* savedLayout(Part part) const;

signals:
    void loadProgress(qint64 done, qint64 total);
    /// More records became available (progressive open) or the view was replaced.
    void viewChanged();
    void loadFinished(bool ok);
    void labelsChanged();
    void diagnosticsChanged();
    /// The file was modified, replaced or deleted on disk (non-modal notice with Reload).
    void changedOnDisk(bool deleted);
    /// reload() replaced the file: everything about it (header, validity, view) may differ.
    void reloaded();
    /// An edit was applied or undone on `part` (the view and, for Labels, labelClasses() reflect it).
    void edited(Document::Part part, const idx::Edit& edit, bool undone);
    /// Unsaved edits appeared or disappeared.
    void modifiedChanged(bool modified);
    /// A save wrote `part` over its own file (see partSaved).
    void partWritten(Document::Part part);

private:
    void open(); // opens the source again (the labels untouched)
    void loadLabelsAuto();
    void onLabelsRefused(const QString& path, const QString& reason);
    [[nodiscard]] static QString notAttached(const QString& path, const QString& reason);
    void refreshLabelClasses();
    void updateClassNames(); // the dataset and names from the file's own identity and the labels'
    void onLoadProgress(qint64 done, qint64 total);
    void onLoadFinished(bool ok);
    void onIdentified();
    void reopen(const QString& labels);         // reload() with `labels` attached afterwards
    [[nodiscard]] QString labelsSource() const; // the labels a reload keeps: attached, or on their way
    /// The parts of the document, each with its own state; this class is their front.
    DocumentSource m_source;
    LabelsCompanion m_labels;
    EditSession m_edits;
    quint64 m_lastRecords = 0; // available when the last viewChanged was sent
};

} // namespace idx::gui
