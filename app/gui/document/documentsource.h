// DocumentSource: a document's file. Where it is, how it is read (the person's reinterpretation and byte
// order), the IdxFile and its background load, what it is by its own content, and the watch on disk: whether
// what is on disk is still what was opened, and whether the mapping may still be read.
#pragma once

#include "byteorder.h"
#include "dataset.h"
#include "documentloader.h"
#include "idxfile.h"
#include "job.h"

#include <QFileSystemWatcher>
#include <QObject>

#include <memory>
#include <optional>

namespace idx::gui {

class DocumentSource : public QObject {
    Q_OBJECT
public:
    /// Sets the path; nothing is opened until open().
    explicit DocumentSource(const QString& path, QObject* parent = nullptr);

    /// What is on disk compared with what was opened.
    enum class Disk {
        Current,  // as opened, or as our own save wrote it
        Changed,  // modified, replaced or deleted since: the open file is stale until reopened
        Unmapped, // and the mapping shrank with it: nothing of the payload may be read (SIGBUS)
    };
    /// A save over the file, as the watch must know it: its rename is not news.
    enum class OwnSave {
        None,
        Writing,        // a save is writing the file
        WritingChanged, // and someone else changed the file meanwhile
        NoticeDue,      // written: the watcher's notice of it may still arrive
    };

    [[nodiscard]] QString path() const { return m_path; }
    /// The file on disk behind path(): the archive of an ARCHIVE.npz:NAME member.
    [[nodiscard]] QString diskPath() const { return m_diskPath; }
    [[nodiscard]] QString displayName() const;
    [[nodiscard]] const std::shared_ptr<idx::IdxFile>& file() const { return m_file; }
    [[nodiscard]] bool headerValid() const { return m_file && m_file->headerValid(); }
    /// The byte order views are read in: the data order chosen, or big-endian for a converted reading.
    [[nodiscard]] idx::ByteOrder viewOrder() const;
    /// The file's payload as read now, in viewOrder(); the header alone once Unmapped.
    [[nodiscard]] idx::TensorView view() const;

    /// (Re)opens the file as the reading says, starts its load and watches it (a load still running is
    /// stopped first and its end not reported). The disk state is Current again.
    void open();
    /// Stops the load (its end is not reported) and forgets what the watch saw: the file is opened again
    /// next (open() does this first too).
    void reset();
    /// Opens `path` instead from now on (Save As wrote it): canonical IDX, read as written.
    void moveTo(const QString& path);

    [[nodiscard]] idx::ByteOrderCheck byteOrderCheck() const { return m_byteOrder; }
    [[nodiscard]] idx::ByteOrder dataOrder() const { return m_dataOrder; }
    /// The reading: the options with the data order; {} once a save wrote canonical IDX (until reopened).
    [[nodiscard]] idx::OpenOptions openOptions() const;
    /// Chooses the data order for what is on disk now (takes effect for views at once, for the file at the
    /// next open()).
    void setDataOrder(idx::ByteOrder order);
    /// Chooses the reading (takes effect at the next open()).
    void setOpenOptions(const idx::OpenOptions& options);
    /// A save wrote canonical IDX over the file: the next open() reads it as written.
    void savedCanonical();

    [[nodiscard]] bool isLoading() const { return m_loader.isLoading(); }
    [[nodiscard]] bool isLoaded() const { return m_file && m_file->isLoaded(); }
    void cancelLoad() { m_loader.cancel(); }
    [[nodiscard]] JobBase* loadJob() { return m_loader.job(); }
    void setProgressInterval(int ms) { m_loader.setProgressInterval(ms); }

    [[nodiscard]] Disk disk() const { return m_disk; }
    void beginOwnSave();
    void endOwnSave(bool saved);

    /// The known dataset the file is by its own content, once loaded and recognised.
    [[nodiscard]] const std::optional<idx::DatasetIdentity>& ownDataset() const { return m_ownDataset; }
    /// A labels file's content key, found with its identity (empty otherwise).
    [[nodiscard]] QString ownKey() const { return m_ownKey && m_identified ? *m_ownKey : QString(); }
    /// The recognition of the file as loaded now has finished.
    [[nodiscard]] bool isIdentified() const { return m_identified; }
    /// One dimension of integers: a labels file.
    [[nodiscard]] bool isLabelsFile() const;

signals:
    void loadProgress(qint64 done, qint64 total);
    /// The load ended (ok: the whole payload was read); the byte-order verdict is there.
    void loadFinished(bool ok);
    /// The recognition of the loaded file ended (ownDataset() and ownKey() say what it found).
    void identified();
    /// The file changed on disk; `unmapped`: its payload may no longer be read.
    void changedOnDisk(bool deleted, bool unmapped);

private:
    void onLoadFinished(bool ok);
    void onFileChanged(const QString& path);
    void watch();

    struct FileId {
        bool valid = false;
        qint64 size = -1;
        quint64 device = 0;
        quint64 inode = 0;
    };
    [[nodiscard]] static FileId fileId(const QString& path);

    QString m_path;
    QString m_diskPath;
    std::shared_ptr<idx::IdxFile> m_file;
    idx::OpenOptions m_openOptions; // its dataOrder unused: m_dataOrder says it
    idx::ByteOrder m_dataOrder = idx::ByteOrder::Big;
    // What reading the next open() uses: the chosen one, or canonical IDX after a save wrote it.
    enum class NextOpen { AsChosen, Canonical } m_nextOpen = NextOpen::AsChosen;
    idx::ByteOrderCheck m_byteOrder;
    DocumentLoader m_loader;
    Job<bool> m_identify; // recognises the loaded file (identifyDataset) into m_ownFound
    std::shared_ptr<std::optional<idx::DatasetIdentity>> m_ownFound;
    std::shared_ptr<QString> m_ownKey;
    std::optional<idx::DatasetIdentity> m_ownDataset;
    bool m_identified = false; // m_identify finished over the file as loaded now
    QFileSystemWatcher m_watcher;
    FileId m_opened;
    Disk m_disk = Disk::Current;
    OwnSave m_ownSave = OwnSave::None;
    OwnSave m_beforeSave = OwnSave::None; // what a failed save leaves as it was
};

} // namespace idx::gui
