// Document: one open file. The header is parsed synchronously in the constructor; the payload and the labels
// companion load in Jobs, and the loader's progress ticks tell which records became viewable meanwhile (a
// .gz/.xz file grows while it is decompressed).
#include "document.h"

#include "companion.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUndoStack>

#include <utility>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace idx::gui {

namespace {
bool isResource(const QString& path)
{
    return path.startsWith(QLatin1Char(':'));
}
} // namespace

Document::Document(const QString& path, QObject* parent)
    : QObject(parent), m_path(path), m_diskPath(diskPathOf(path)), m_undo(new QUndoStack(this))
{
    connect(&m_loader, &DocumentLoader::progress, this, &Document::onLoadProgress);
    connect(&m_loader, &DocumentLoader::finished, this, &Document::onLoadFinished);
    connect(&m_labelsLoad, &JobBase::finished, this, &Document::refreshLabelClasses);
    connect(&m_identify, &JobBase::finished, this, &Document::onIdentified);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &Document::onFileChanged);
    openFile();
    watch();
    if (m_file->headerValid())
        loadLabelsAuto();
}

Document::~Document()
{
    // The loads hold their own files: their jobs cancel and wait when they go. The undo stack clears itself
    // when it is destroyed: that is no return to the saved state, and must not read as one (journals of
    // unsaved edits would go with it).
    m_undo->blockSignals(true);
}

void Document::openFile()
{
    m_opened = fileId(diskPath());
    if (m_writtenCanonical) { // what a save wrote is big-endian IDX, however its source was read
        m_writtenCanonical = false;
        m_dataOrder = idx::ByteOrder::Big;
    }
    idx::OpenOptions options = m_openOptions;
    options.dataOrder = m_dataOrder; // the byte-order check then judges the order the data is read in
    m_file = idx::IdxFile::open(m_path, options);
    m_byteOrder = {};
    m_identify.discard();
    m_ownFound.reset();
    m_ownKey.reset();
    m_ownIdentified = false;
    m_ownDataset.reset();
    if (!m_labels) { // a labels file's names are found again by its content once it is loaded
        m_namesKey.clear();
        m_givenNames = {};
    }
    m_lastRecords = m_file->headerValid() ? m_file->view().availableRecords() : 0;
    if (m_file->headerValid())
        m_loader.start(m_file, displayName());
}

QString Document::path() const
{
    return m_path;
}

QString Document::displayName() const
{
    return QFileInfo(m_path).fileName();
}

bool Document::headerValid() const
{
    return m_file->headerValid();
}

idx::ByteOrder Document::viewOrder() const
{
    return m_file->isConverted() ? idx::ByteOrder::Big : m_dataOrder;
}

idx::TensorView Document::view() const
{
    if (!m_file->headerValid())
        return {};
    if (m_unsafe) // the header stays, the payload is gone until reload()
        return idx::TensorView(m_file->header(), nullptr, 0, {}, viewOrder());
    if (m_edit && m_edit->isModified()) {
        // One copy per generation, made when first asked for (unedited: the mapping itself, zero copy).
        if (m_snapshotGeneration != m_generation) {
            m_snapshot = m_edit->snapshot();
            m_snapshotGeneration = m_generation;
            m_materialized += m_snapshot.availableBytes();
        }
        return m_snapshot;
    }
    const idx::TensorView v = m_file->view();
    return viewOrder() == v.byteOrder() ? v : v.withByteOrder(viewOrder());
}

idx::TensorPieces Document::pieces() const
{
    if (!m_edit || m_unsafe || !m_file->headerValid())
        return idx::TensorPieces(view()); // the file's own view (growing while it loads)
    if (m_piecesGeneration != m_generation) {
        m_pieces = m_edit->pieces();
        m_piecesGeneration = m_generation;
    }
    return m_pieces;
}

idx::TensorView Document::recordView(quint64 i) const
{
    return pieces().recordView(i);
}

idx::Header Document::header() const
{
    return m_edit && !m_unsafe ? m_edit->header() : m_file->header();
}

quint64 Document::availableRecords() const
{
    if (!m_file->headerValid())
        return 0;
    return m_edit && !m_unsafe ? m_edit->recordCount() : view().availableRecords();
}

idx::Diagnostics Document::diagnostics() const
{
    idx::Diagnostics d = m_file->diagnostics();
    if (m_saved) {
        // Saved over: the file on disk is now the document's complete records with a canonical header. What
        // was found in the bytes as opened (cut short, trailing bytes, a corrupt stream) no longer describes
        // it; what the values suggest (the byte order) still does.
        d.removeIf([](const idx::Diagnostic& x) {
            switch (x.code) {
            case idx::DiagCode::TruncatedPayload:
            case idx::DiagCode::PartialElement:
            case idx::DiagCode::TrailingBytes:
            case idx::DiagCode::CorruptCompressed:
            case idx::DiagCode::TruncatedCompressed:
            case idx::DiagCode::DecompressionLimit:
                return true;
            default:
                return false;
            }
        });
    }
    return d;
}

bool Document::isLoading() const
{
    return m_loader.isLoading();
}

bool Document::isLoaded() const
{
    return m_file->isLoaded();
}

void Document::setDataOrder(idx::ByteOrder order)
{
    if (order == m_dataOrder || isModified())
        return; // edits are bytes in the old order: save or discard them first
    m_dataOrder = order;
    m_writtenCanonical = false; // chosen now, for what is on disk now
    // The overlay was all that held the saved content (its base is the file as opened); a converted
    // reading applied the order while converting.
    if (m_saved || m_labelsSaved || m_file->isConverted()) {
        reload();
        return;
    }
    resetEdits(Reset::Both);
    emit viewChanged();
}

idx::OpenOptions Document::openOptions() const
{
    if (m_writtenCanonical)
        return {}; // saved: what is on disk is canonical IDX, read as written from the next open
    idx::OpenOptions o = m_openOptions;
    o.dataOrder = m_dataOrder;
    return o;
}

bool Document::setOpenOptions(const idx::OpenOptions& options)
{
    if (isModified())
        return false; // edits are bytes of the old reading: save or discard them first
    m_openOptions = options;
    m_openOptions.dataOrder = idx::ByteOrder::Big;
    m_writtenCanonical = false;
    m_dataOrder = options.littleEndianFile ? idx::ByteOrder::Little : options.dataOrder;
    reload();
    return true;
}

QString Document::labelsPath() const
{
    return m_labels ? m_labels->path() : QString();
}

Document::FileId Document::fileId(const QString& path)
{
    FileId id;
#ifdef Q_OS_UNIX
    struct stat st;
    if (::stat(QFile::encodeName(path).constData(), &st) == 0) {
        id.valid = true;
        id.size = qint64(st.st_size);
        id.device = quint64(st.st_dev);
        id.inode = quint64(st.st_ino);
    }
#else
    const QFileInfo info(path);
    if (info.exists()) {
        id.valid = true;
        id.size = info.size();
    }
#endif
    return id;
}

void Document::onLoadProgress(qint64 done, qint64 total)
{
    emit loadProgress(done, total);
    const quint64 records = view().availableRecords();
    if (records != m_lastRecords) {
        m_lastRecords = records;
        emit viewChanged();
    }
}

void Document::onLoadFinished(bool ok)
{
    // The loader reported the bytes once more, and with them the records that arrived last.
    m_lastRecords = view().availableRecords();
    if (!m_unsafe)
        m_byteOrder = idx::checkByteOrder(m_file->view());
    if (ok && !m_unsafe)
        identifyOwnContent();
    emit diagnosticsChanged();
    emit viewChanged();
    emit loadFinished(ok);
}

void Document::cancelLoad()
{
    m_loader.cancel();
}

QString Document::diskPathOf(const QString& path)
{
    const auto member = idx::splitArchivePath(path); // ARCHIVE.npz:NAME lives in ARCHIVE.npz
    return member ? member->archive : path;
}

QString Document::diskPath() const
{
    // Decided once, when the path is set: once the archive is gone, its member's path no longer splits.
    return m_diskPath;
}

void Document::watch()
{
    const QString disk = diskPath();
    if (isResource(disk) || !QFileInfo::exists(disk))
        return;
    if (!m_watcher.files().contains(disk))
        m_watcher.addPath(disk);
}

void Document::onFileChanged(const QString& path)
{
    if (path != diskPath())
        return;
    const FileId now = fileId(path);
    const bool deleted = !now.valid;
    if (m_saving) {
        m_changedWhileSaving = true;
        watch(); // our own save's rename
        return;
    }
    if (std::exchange(m_ownSave, false) && now.valid && now.device == m_opened.device &&
        now.inode == m_opened.inode && now.size == m_opened.size) {
        watch(); // the late notice of our own save
        return;
    }
    // An atomic save (write + rename) drops the path from the watcher: watch the new file again.
    watch();
    m_stale = true;
    // Only a mapping can fault (compressed payloads live in memory), and only when its own file shrank: a
    // deleted or replaced file keeps the old inode, and the mapping with it, alive.
    const bool mapped =
        m_file->container() == idx::Container::Raw && !m_file->isConverted() && !isResource(m_path);
    const bool sameFile = now.valid && now.device == m_opened.device && now.inode == m_opened.inode;
    const bool wasUnsafe = m_unsafe;
    // The core's SIGBUS guard also knows when a read already hit a page past the new end of the file.
    m_unsafe = m_unsafe || m_file->mappingDamaged() ||
               (mapped && m_opened.valid && sameFile && now.size < m_opened.size);
    emit changedOnDisk(deleted);
    if (m_unsafe && !wasUnsafe) {
        m_lastRecords = 0;
        emit viewChanged();
    }
}

void Document::reload()
{
    reopen(labelsPath());
}

void Document::reopen(const QString& labels)
{
    m_loader.stop(); // its end must not be reported for the file that replaces this one
    m_stale = false;
    m_unsafe = false;
    resetEdits(Reset::Both);
    openFile();
    watch();
    m_labels.reset();
    m_labelClasses.clear();
    m_labelsMessage.clear();
    forgetLabelsIdentity(); // and the file's own identity was reset by openFile()
    if (!labels.isEmpty() && m_file->headerValid())
        attachLabels(labels, &m_labelsMessage);
    else
        emit labelsChanged();
    emit reloaded();
    emit diagnosticsChanged();
    emit viewChanged();
}

void Document::reopenAs(const QString& path, const QString& labels)
{
    m_watcher.removePath(diskPath());
    m_path = path;
    m_diskPath = diskPathOf(path);
    m_openOptions = {}; // a file Save As wrote: canonical IDX
    m_writtenCanonical = true;
    if (!labels.isEmpty() || !m_labels) {
        reopen(labels.isEmpty() ? labelsPath() : labels);
        return;
    }
    // Only the images are reopened: the labels file, its overlay and what it saved stay.
    m_loader.stop(); // its end must not be reported for the file that replaces this one
    m_stale = false;
    m_unsafe = false;
    resetEdits(Reset::Main);
    openFile();
    updateClassNames(); // the old file's own identity is gone; its labels' stays
    watch();
    emit labelsChanged();
    emit reloaded();
    emit diagnosticsChanged();
    emit viewChanged();
}

idx::EditableTensor* Document::editable(Part part)
{
    auto& slot = part == Part::Main ? m_edit : m_labelsEdit;
    if (slot)
        return slot.get();
    const std::shared_ptr<idx::IdxFile>& file = part == Part::Main ? m_file : m_labels;
    const bool loading = part == Part::Main ? m_loader.isLoading() : m_labelsLoad.isRunning();
    if (!file || !file->headerValid() || !file->isLoaded() || loading || m_unsafe)
        return nullptr;
    idx::TensorView base = file->view();
    if (part == Part::Main && base.byteOrder() != viewOrder())
        base = base.withByteOrder(viewOrder());
    slot = std::make_unique<idx::EditableTensor>(base);
    return slot.get();
}

bool Document::isPartModified(Part part) const
{
    const auto& slot = part == Part::Main ? m_edit : m_labelsEdit;
    if (!slot)
        return false;
    const idx::TensorLayout* saved = savedLayout(part);
    return saved ? !slot->hasLayout(*saved) : slot->isModified();
}

const idx::TensorLayout* Document::savedLayout(Part part) const
{
    const auto& saved = part == Part::Main ? m_saved : m_labelsSaved;
    return saved ? &*saved : nullptr;
}

void Document::partSaved(Part part, idx::TensorLayout written)
{
    (part == Part::Main ? m_saved : m_labelsSaved) = std::move(written);
    if (part == Part::Main) {
        m_openOptions = {}; // what is on disk now is canonical IDX
        m_writtenCanonical = true;
    }
    updateModified();
    emit partWritten(part);
    if (part == Part::Main)
        emit diagnosticsChanged(); // the file's own findings no longer apply (see diagnostics())
}

void Document::beginOwnSave()
{
    m_saving = true;
    m_changedWhileSaving = false;
}

void Document::endOwnSave(bool saved)
{
    m_saving = false;
    if (!saved)
        return;
    // The path now names the file just written (our mapping keeps the old one alive): watch that one.
    m_opened = fileId(diskPath());
    m_ownSave = !m_changedWhileSaving; // its notice may still be on its way
    watch();
}

bool Document::isModified() const
{
    return m_modified;
}

void Document::updateModified()
{
    // From the content, never from the undo stack's index: an undo followed by a new edit, or a merged edit,
    // leaves the index where it was while the content is not what the files hold.
    const bool modified = !m_discarded && (isPartModified(Part::Main) || isPartModified(Part::Labels));
    if (modified == m_modified)
        return;
    m_modified = modified;
    emit modifiedChanged(modified);
}

void Document::discardEdits()
{
    m_discarded = true;
    updateModified();
}

void Document::editApplied(Part part, const idx::Edit& edit, bool undone)
{
    ++m_generation;
    m_discarded = false;
    if (part == Part::Labels)
        refreshLabelClasses();
    emit edited(part, edit, undone);
    emit viewChanged();
    updateModified();
}

void Document::resetEdits(Reset which)
{
    // Commands hold edits of the overlays being dropped: they cannot be undone any more. Edits of a part
    // kept (the labels replaced, or the images reopened after Save As) stay unsaved, just not undoable.
    const bool keptEdits = (which == Reset::Labels && isPartModified(Part::Main)) ||
                           (which == Reset::Main && isPartModified(Part::Labels));
    m_undo->clear();
    if (keptEdits)
        m_undo->resetClean(); // no state of the (empty) history is what the files hold
    if (which != Reset::Main) {
        m_labelsEdit.reset();
        m_labelsSaved.reset();
    }
    if (which != Reset::Labels) {
        m_edit.reset();
        m_saved.reset();
    }
    m_snapshot = {};
    m_pieces = {};
    ++m_generation;
    m_discarded = false;
    updateModified();
}

} // namespace idx::gui
