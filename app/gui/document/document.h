// One open file in the GUI: the IdxFile, its background load (progressive for .gz/.xz, see DocumentLoader),
// its labels companion, and the on-disk watch. Lives on the GUI thread; all heavy work runs in Jobs with
// cancel.
#pragma once

#include "byteorder.h"
#include "dataset.h"
#include "documentloader.h"
#include "editabletensor.h"
#include "idxfile.h"
#include "job.h"

#include <QFileSystemWatcher>
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
    [[nodiscard]] std::shared_ptr<idx::IdxFile> file() const { return m_file; }
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
    [[nodiscard]] quint64 materializedBytes() const { return m_materialized; }
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
    [[nodiscard]] idx::ByteOrderCheck byteOrderCheck() const { return m_byteOrder; }
    [[nodiscard]] idx::ByteOrder dataOrder() const { return m_dataOrder; }
    void setDataOrder(idx::ByteOrder order); // reopens the view with that order; emits viewChanged
    /// How the file is read (a reinterpretation the person chose: another element type, a whole-file
    /// little-endian IDX, trailing bytes ignored), byte order included. Kept by reload().
    [[nodiscard]] idx::OpenOptions openOptions() const;
    /// Reads the file as `options` say (reopens it); false, and nothing changes, while there are unsaved
    /// edits.
    bool setOpenOptions(const idx::OpenOptions& options);

    /// Labels companion (found automatically for images files, or chosen by hand).
    [[nodiscard]] std::shared_ptr<idx::IdxFile> labelsFile() const { return m_labels; }
    [[nodiscard]] QString labelsPath() const;
    /// Class of each record whose label is available (empty without labels).
    [[nodiscard]] const std::vector<qint64>& labelClasses() const { return m_labelClasses; }
    [[nodiscard]] bool hasLabels() const { return !m_labelClasses.empty(); }
    /// Attaches a labels file; refuses (returns false, *error set) when it is invalid or its count differs.
    bool attachLabels(const QString& path, QString* error = nullptr);
    void detachLabels();

    /// The known dataset this file is (dataset.h: recognised by content once loaded), by its own content or
    /// through its labels file; nullopt when neither is known or loaded.
    [[nodiscard]] const std::optional<idx::DatasetIdentity>& dataset() const { return m_dataset; }
    /// Names of the label values: those the person gave the labels (setClassNames), else the dataset's;
    /// empty when none are known.
    [[nodiscard]] const idx::ClassNames& classNames() const { return m_classNames; }
    /// The names the person gave (empty when none: the dataset's apply).
    [[nodiscard]] const idx::ClassNames& givenClassNames() const { return m_givenNames; }
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
    [[nodiscard]] bool canRememberClassNames() const { return !m_namesKey.isEmpty(); }
    /// Gives the label values names, remembered for the labels' content (Settings::classNames); empty names
    /// go back to the dataset's. Emits labelsChanged.
    void setClassNames(const idx::ClassNames& names);

    /// Why the last automatic or manual labels attachment was refused (empty when none was).
    [[nodiscard]] QString labelsMessage() const { return m_labelsMessage; }

    /// False after a change notice when the mapped file was truncated in place: a shrunk mapping must not be
    /// touched (SIGBUS) until reload(). view() is then empty, so panels that ask again read nothing.
    [[nodiscard]] bool isSafeToRead() const { return !m_unsafe; }
    /// True after a change/delete notice until reload().
    [[nodiscard]] bool isStale() const { return m_stale; }

    /// How often progress and newly decoded records are published while loading (default 200 ms).
    void setPollInterval(int ms) { m_loader.setPollInterval(ms); }
    /// The payload's load as a job, for a progress row (its text says what is loading and how far it got).
    [[nodiscard]] JobBase* loadJob() { return m_loader.job(); }

    void cancelLoad();
    void reload();
    /// Reopens the document from `path` (after Save As) with the labels file `labels` (the one saved beside
    /// it). Without one, the attached labels file stays, with its unsaved edits (no longer undoable: the
    /// history goes with the old images overlay).
    void reopenAs(const QString& path, const QString& labels = {});

    // Editing (see editcommands.h): overlays over the loaded payloads; the files change only when saved.
    enum class Part { Main, Labels }; // this file, or its attached labels file
    /// The edit overlay of a part, created on first use; null until that part is fully loaded (or unsafe).
    [[nodiscard]] idx::EditableTensor* editable(Part part);
    /// True when the part's content differs from its file on disk (since it was opened, or last saved).
    [[nodiscard]] bool isPartModified(Part part) const;
    /// The labels with their edits (the labels file's own view when there are none); empty without labels.
    [[nodiscard]] idx::TensorView labelsView() const;
    [[nodiscard]] QUndoStack* undoStack() const { return m_undo; }
    /// The content generation: advanced by every applied, undone, redone or merged edit and by every reset
    /// of the overlays, so equal generations mean unchanged content (caches keyed by it go stale; a save
    /// compares it to tell whether edits arrived while it wrote).
    [[nodiscard]] quint64 generation() const { return m_generation; }
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
    void openFile();
    void loadLabelsAuto();
    void refreshLabelClasses();
    void onLoadProgress(qint64 done, qint64 total);
    void onLoadFinished(bool ok);
    void onFileChanged(const QString& path);
    void watch();
    void reopen(const QString& labels); // reload() with `labels` attached afterwards

    QString m_path;
    QString m_diskPath; // the file on disk behind m_path (see diskPath())
    std::shared_ptr<idx::IdxFile> m_file;
    std::shared_ptr<idx::IdxFile> m_labels;
    std::vector<qint64> m_labelClasses;
    // Written by the labels job on its worker before it finishes, read here once it has.
    std::shared_ptr<std::optional<idx::DatasetIdentity>> m_labelsDataset;
    std::optional<idx::DatasetIdentity> m_dataset;
    idx::ClassNames m_classNames;
    idx::ClassNames m_givenNames;
    // The labels' content key (labelsContentKey), computed with them on the labels job's worker.
    std::shared_ptr<QString> m_labelsKey;
    QString m_namesKey;
    // The file's own identity, found on the loader's worker once the payload is loaded.
    std::optional<idx::DatasetIdentity> m_ownDataset;
    void updateClassNames();
    void forgetLabelsIdentity(); // the labels' dataset, content key and given names; then updateClassNames()
    void identifyOwnContent();   // starts m_identify over the loaded file
    void onIdentified();

    idx::ByteOrderCheck m_byteOrder;
    idx::ByteOrder m_dataOrder = idx::ByteOrder::Big;
    idx::OpenOptions m_openOptions;  // its dataOrder unused: m_dataOrder says it
    bool m_writtenCanonical = false; // the main part was saved: the next open reads canonical IDX
    QString m_labelsMessage;
    DocumentLoader m_loader; // the payload of m_file
    Job<bool> m_labelsLoad;  // the payload of m_labels
    Job<bool> m_identify;    // recognises the loaded file itself (identifyDataset) into m_ownFound
    std::shared_ptr<std::optional<idx::DatasetIdentity>> m_ownFound;
    std::shared_ptr<QString> m_ownKey; // this labels file's content key, found with m_ownFound
    bool m_ownIdentified = false;      // m_identify finished over the file as loaded now
    QFileSystemWatcher m_watcher;
    quint64 m_lastRecords = 0;
    struct FileId {
        bool valid = false;
        qint64 size = -1;
        quint64 device = 0;
        quint64 inode = 0;
    };
    [[nodiscard]] static FileId fileId(const QString& path);
    [[nodiscard]] static QString diskPathOf(const QString& path);
    /// The byte order views are read in: the data order chosen, or big-endian for a converted reading.
    [[nodiscard]] idx::ByteOrder viewOrder() const;
    FileId m_opened;
    bool m_stale = false;
    bool m_unsafe = false;
    // Editing state: reset (and the undo stack cleared) when the file or the labels file is replaced.
    enum class Reset { Both, Labels, Main };
    void resetEdits(Reset which);
    QUndoStack* m_undo;
    std::unique_ptr<idx::EditableTensor> m_edit;
    std::unique_ptr<idx::EditableTensor> m_labelsEdit;
    quint64 m_generation = 0;
    void updateModified(); // emits modifiedChanged when isModified() flips
    bool m_modified = false;
    bool m_discarded = false;
    bool m_ownSave = false; // a notice of our own save may still arrive
    bool m_saving = false;  // a save over our own file is being written
    bool m_changedWhileSaving = false;
    std::optional<idx::TensorLayout> m_saved;       // main part: what its file holds since the last save
    std::optional<idx::TensorLayout> m_labelsSaved; // the same for the labels file
    mutable idx::TensorView m_snapshot; // the edited main tensor, materialized once per generation
    mutable quint64 m_snapshotGeneration = ~quint64(0);
    mutable quint64 m_materialized = 0;
    mutable idx::TensorPieces m_pieces; // the edited main tensor in pieces, made once per generation
    mutable quint64 m_piecesGeneration = ~quint64(0);
};

} // namespace idx::gui
