// DocumentSource: opening and loading the file, recognising it, and watching it on disk.
#include "documentsource.h"

#include "sibling.h"

#include <QFile>
#include <QFileInfo>

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

QString diskPathOf(const QString& path)
{
    const auto member = idx::splitArchivePath(path); // ARCHIVE.npz:NAME lives in ARCHIVE.npz
    return member ? member->archive : path;
}
} // namespace

DocumentSource::DocumentSource(const QString& path, QObject* parent)
    : QObject(parent), m_path(path), m_diskPath(diskPathOf(path))
{
    connect(&m_loader, &DocumentLoader::progress, this, &DocumentSource::loadProgress);
    connect(&m_loader, &DocumentLoader::finished, this, &DocumentSource::onLoadFinished);
    connect(&m_identify, &JobBase::finished, this, [this] {
        const bool done = !m_identify.isRunning();
        m_ownDataset = m_ownFound && done ? *m_ownFound : std::nullopt;
        m_identified = done && m_ownFound;
        emit identified();
    });
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &DocumentSource::onFileChanged);
}

QString DocumentSource::displayName() const
{
    return QFileInfo(m_path).fileName();
}

idx::ByteOrder DocumentSource::viewOrder() const
{
    return m_file && m_file->isConverted() ? idx::ByteOrder::Big : m_dataOrder;
}

idx::TensorView DocumentSource::view() const
{
    if (!headerValid())
        return {};
    if (m_disk == Disk::Unmapped) // the header stays, the payload is gone until reopened
        return idx::TensorView(m_file->header(), nullptr, 0, {}, viewOrder());
    const idx::TensorView v = m_file->view();
    return viewOrder() == v.byteOrder() ? v : v.withByteOrder(viewOrder());
}

void DocumentSource::reset()
{
    m_loader.stop(); // its end must not be reported for the file that replaces this one
    m_disk = Disk::Current;
}

void DocumentSource::open()
{
    reset();
    m_opened = fileId(m_diskPath);
    if (m_nextOpen == NextOpen::Canonical) { // what a save wrote is big-endian IDX, however it was read
        m_nextOpen = NextOpen::AsChosen;
        m_dataOrder = idx::ByteOrder::Big;
    }
    idx::OpenOptions options = m_openOptions;
    options.dataOrder = m_dataOrder; // the byte-order check then judges the order the data is read in
    m_file = idx::IdxFile::open(m_path, options);
    m_byteOrder = {};
    m_identify.discard();
    m_ownFound.reset();
    m_ownKey.reset();
    m_identified = false;
    m_ownDataset.reset();
    if (m_file->headerValid())
        m_loader.start(m_file, displayName());
    watch();
}

void DocumentSource::moveTo(const QString& path)
{
    m_watcher.removePath(m_diskPath);
    m_path = path;
    m_diskPath =
        diskPathOf(path); // decided once: once the archive is gone, its member's path no longer splits
    m_openOptions = {};   // a file Save As wrote: canonical IDX
    m_nextOpen = NextOpen::Canonical;
}

idx::OpenOptions DocumentSource::openOptions() const
{
    if (m_nextOpen == NextOpen::Canonical)
        return {}; // saved: what is on disk is canonical IDX, read as written from the next open
    idx::OpenOptions o = m_openOptions;
    o.dataOrder = m_dataOrder;
    return o;
}

void DocumentSource::setDataOrder(idx::ByteOrder order)
{
    m_dataOrder = order;
    m_nextOpen = NextOpen::AsChosen; // chosen now, for what is on disk now
}

void DocumentSource::setOpenOptions(const idx::OpenOptions& options)
{
    m_openOptions = options;
    m_openOptions.dataOrder = idx::ByteOrder::Big;
    m_nextOpen = NextOpen::AsChosen;
    m_dataOrder = options.littleEndianFile ? idx::ByteOrder::Little : options.dataOrder;
}

void DocumentSource::savedCanonical()
{
    m_openOptions = {}; // what is on disk now is canonical IDX
    m_nextOpen = NextOpen::Canonical;
}

bool DocumentSource::isLabelsFile() const
{
    if (!headerValid())
        return false;
    const idx::Header& h = m_file->header();
    return h.ndim() == 1 && !idx::isFloat(h.dtype);
}

void DocumentSource::onLoadFinished(bool ok)
{
    if (m_disk != Disk::Unmapped)
        m_byteOrder = idx::checkByteOrder(m_file->view());
    if (ok && m_disk != Disk::Unmapped) {
        // Recognised on a worker: a hash of at most a few records, or a pass over a label table. A labels
        // file opened on its own gets its content key there too (the names a person gives it are remembered
        // by it).
        auto found = std::make_shared<std::optional<idx::DatasetIdentity>>();
        auto key = std::make_shared<QString>();
        m_ownFound = found;
        m_ownKey = key;
        m_identify.start([file = m_file, found, key, labels = isLabelsFile()](JobContext&) {
            *found = idx::identifyDataset(file->view());
            if (labels)
                *key = idx::labelsContentKey(file->view());
            return true;
        });
    }
    emit loadFinished(ok);
}

DocumentSource::FileId DocumentSource::fileId(const QString& path)
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

void DocumentSource::watch()
{
    if (isResource(m_diskPath) || !QFileInfo::exists(m_diskPath))
        return;
    if (!m_watcher.files().contains(m_diskPath))
        m_watcher.addPath(m_diskPath);
}

void DocumentSource::beginOwnSave()
{
    m_beforeSave = m_ownSave;
    m_ownSave = OwnSave::Writing;
}

void DocumentSource::endOwnSave(bool saved)
{
    const bool changedMeanwhile = m_ownSave == OwnSave::WritingChanged;
    m_ownSave = OwnSave::None;
    if (!saved) {
        m_ownSave = m_beforeSave; // nothing was written: a notice of an earlier save may still come
        return;
    }
    // The path now names the file just written (our mapping keeps the old one alive): watch that one.
    m_opened = fileId(m_diskPath);
    if (!changedMeanwhile)
        m_ownSave = OwnSave::NoticeDue;
    watch();
}

void DocumentSource::onFileChanged(const QString& path)
{
    if (path != m_diskPath)
        return;
    const FileId now = fileId(path);
    const bool deleted = !now.valid;
    if (m_ownSave == OwnSave::Writing || m_ownSave == OwnSave::WritingChanged) {
        m_ownSave = OwnSave::WritingChanged;
        watch(); // our own save's rename
        return;
    }
    const bool noticeDue = std::exchange(m_ownSave, OwnSave::None) == OwnSave::NoticeDue;
    if (noticeDue && now.valid && now.device == m_opened.device && now.inode == m_opened.inode &&
        now.size == m_opened.size) {
        watch(); // the late notice of our own save
        return;
    }
    // An atomic save (write + rename) drops the path from the watcher: watch the new file again.
    watch();
    // Only a mapping can fault (compressed payloads live in memory), and only when its own file shrank: a
    // deleted or replaced file keeps the old inode, and the mapping with it, alive.
    const bool mapped =
        m_file->container() == idx::Container::Raw && !m_file->isConverted() && !isResource(m_path);
    const bool sameFile = now.valid && now.device == m_opened.device && now.inode == m_opened.inode;
    const bool wasUnmapped = m_disk == Disk::Unmapped;
    // The core's SIGBUS guard also knows when a read already hit a page past the new end of the file.
    const bool unmapped = wasUnmapped || m_file->mappingDamaged() ||
                          (mapped && m_opened.valid && sameFile && now.size < m_opened.size);
    m_disk = unmapped ? Disk::Unmapped : Disk::Changed;
    emit changedOnDisk(deleted, unmapped && !wasUnmapped);
}

} // namespace idx::gui
