// The edit journal: "IDXJRNL2", then records of [u64 length][u32 CRC-32 of type+payload][u8 type][payload]
// (little-endian). Record 1 is the header (source stamp, base header), the rest are serialized Edits.
// Journals of the first version ("IDXJRNL1", a u32 length: no edit of 4 GiB or more) are still read.
#include "journal.h"

#include "sibling.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDataStream>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSaveFile>
#include <QtEndian>

#include <zlib.h>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace idx {

namespace {
const QByteArray kMagic = QByteArrayLiteral("IDXJRNL2");
const QByteArray kMagicV1 = QByteArrayLiteral("IDXJRNL1");
constexpr quint8 kTypeHeader = 1;
constexpr quint8 kTypeEdit = 2;
constexpr qint64 kRecordHead = 13;
constexpr qint64 kRecordHeadV1 = 9;
const QString kSuffix = QStringLiteral(".idxjournal");
// A starting journal waits this long for a lock another process is releasing (or a probe holds briefly).
constexpr int kLockWaitMs = 200;

QString lockPathOf(const QString& journalPath)
{
    return journalPath + QStringLiteral(".lock");
}

std::unique_ptr<QLockFile> lockFor(const QString& journalPath)
{
    auto lock = std::make_unique<QLockFile>(lockPathOf(journalPath));
    // Held for as long as a document is edited: never stale by age, only when its process is gone.
    lock->setStaleLockTime(0);
    return lock;
}

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

QString absolute(const QString& path)
{
    const QFileInfo fi(path);
    const QString canonical = fi.canonicalFilePath();
    return canonical.isEmpty() ? fi.absoluteFilePath() : canonical;
}

quint32 crcOf(quint8 type, QByteArrayView payload)
{
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, &type, 1);
    crc = crc32_z(crc, reinterpret_cast<const Bytef*>(payload.data()), z_size_t(payload.size()));
    return quint32(crc);
}

QByteArray record(quint8 type, const QByteArray& payload)
{
    QByteArray out(kRecordHead, '\0');
    qToLittleEndian<quint64>(quint64(payload.size()), out.data());
    qToLittleEndian<quint32>(crcOf(type, payload), out.data() + 8);
    out[12] = char(type);
    return out + payload;
}

QByteArray headerPayload(const SourceStamp& s, const Header& h, const QString& owner)
{
    QByteArray out;
    QDataStream ds(&out, QIODevice::WriteOnly);
    ds.setVersion(QDataStream::Qt_6_0);
    // The owner came later: readers stop after the base header when it is absent.
    ds << s.path << s.size << s.mtimeMs << h.encode() << owner;
    return out;
}

struct Parsed {
    SourceStamp stamp;
    QString owner;
    QByteArray headerBytes;
    std::vector<QByteArray> edits;
    bool tornTail = false;
    QString problem;
};

Parsed parseJournal(const QString& path)
{
    Parsed p;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        p.problem =
            Tr::tr("cannot read the journal %1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
        return p;
    }
    const QByteArray all = f.readAll();
    const bool v1 = all.startsWith(kMagicV1);
    if (!all.startsWith(kMagic) && !v1) {
        p.problem = Tr::tr("%1 is not an idxscope journal").arg(QDir::toNativeSeparators(path));
        return p;
    }
    const qint64 head = v1 ? kRecordHeadV1 : kRecordHead;
    qint64 pos = kMagic.size();
    bool first = true;
    while (pos < all.size()) {
        if (all.size() - pos < head) {
            p.tornTail = true;
            break;
        }
        const auto* h = reinterpret_cast<const uchar*>(all.constData() + pos);
        const quint64 length = v1 ? qFromLittleEndian<quint32>(h) : qFromLittleEndian<quint64>(h);
        const quint32 crc = qFromLittleEndian<quint32>(h + head - 5);
        const quint8 type = h[head - 1];
        if (length > quint64(all.size() - pos - head)) {
            p.tornTail = true;
            break;
        }
        const QByteArrayView payload(all.constData() + pos + head, qsizetype(length));
        if (crcOf(type, payload) != crc || (first && type != kTypeHeader) || (!first && type != kTypeEdit)) {
            p.tornTail = true; // a record that fails its checksum ends the valid part
            break;
        }
        if (first) {
            QDataStream ds(payload.toByteArray());
            ds.setVersion(QDataStream::Qt_6_0);
            ds >> p.stamp.path >> p.stamp.size >> p.stamp.mtimeMs >> p.headerBytes;
            if (ds.status() == QDataStream::Ok && !ds.atEnd())
                ds >> p.owner;
            if (ds.status() != QDataStream::Ok) {
                p.problem = Tr::tr("the journal header is damaged");
                return p;
            }
            first = false;
        } else {
            p.edits.push_back(payload.toByteArray());
        }
        pos += head + qint64(length);
    }
    if (first && p.problem.isEmpty())
        p.problem = Tr::tr("the journal has no valid header");
    return p;
}

JournalInfo infoOf(const QString& journalPath)
{
    JournalInfo info;
    info.journalPath = journalPath;
    const Parsed p = parseJournal(journalPath);
    info.stamp = p.stamp;
    info.owner = p.owner;
    info.inUse = journalInUse(journalPath);
    info.edits = int(p.edits.size());
    info.tornTail = p.tornTail;
    info.problem = p.problem;
    if (info.problem.isEmpty()) {
        const SourceStamp now = SourceStamp::of(p.stamp.path);
        info.matchesSource = now == p.stamp;
        if (now.size < 0)
            info.problem = Tr::tr("%1 no longer exists").arg(QDir::toNativeSeparators(p.stamp.path));
        else if (!info.matchesSource)
            info.problem = Tr::tr("%1 changed since the edits were journaled")
                               .arg(QDir::toNativeSeparators(p.stamp.path));
    }
    return info;
}
} // namespace

SourceStamp SourceStamp::of(const QString& path)
{
    SourceStamp s;
    s.path = absolute(path);
    // An .npz member (ARCHIVE.npz:NAME) is stamped by its archive: that is the file that changes.
    const auto member = splitArchivePath(s.path);
    const QFileInfo fi(member ? member->archive : s.path);
    if (fi.exists()) {
        s.size = fi.size();
        s.mtimeMs = fi.lastModified().toMSecsSinceEpoch();
    }
    return s;
}

Journal::Journal() = default;

Journal::~Journal() = default; // the lock goes, the journal stays: without discard() it is a crash's journal

QString Journal::pathFor(const QString& dir, const QString& sourcePath)
{
    const QByteArray hash =
        QCryptographicHash::hash(absolute(sourcePath).toUtf8(), QCryptographicHash::Sha1).toHex();
    return QDir(dir).filePath(QString::fromLatin1(hash.left(24)) + kSuffix);
}

std::unique_ptr<Journal> Journal::create(const QString& dir, const QString& sourcePath,
                                         const Header& baseHeader, QString* error, const QString& owner)
{
    const auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return std::unique_ptr<Journal>();
    };
    if (!QDir().mkpath(dir))
        return fail(Tr::tr("cannot create the folder %1").arg(QDir::toNativeSeparators(dir)));
    std::unique_ptr<Journal> j(new Journal);
    const QString path = pathFor(dir, sourcePath);
    j->m_lock = lockFor(path);
    if (!j->m_lock->tryLock(kLockWaitMs)) {
        if (j->m_lock->error() == QLockFile::LockFailedError)
            return fail(Tr::tr("the journal %1 is in use by another running idxscope")
                            .arg(QDir::toNativeSeparators(path)));
        return fail(Tr::tr("cannot lock the journal %1").arg(QDir::toNativeSeparators(path)));
    }
    j->m_file = std::make_unique<QFile>(path);
    if (!j->m_file->open(QIODevice::WriteOnly | QIODevice::Truncate))
        return fail(Tr::tr("cannot create the journal %1: %2")
                        .arg(QDir::toNativeSeparators(j->m_file->fileName()), j->m_file->errorString()));
    j->m_source = sourcePath;
    j->m_owner = owner.isEmpty() ? QString() : absolute(owner);
    const QByteArray head =
        kMagic + record(kTypeHeader, headerPayload(SourceStamp::of(sourcePath), baseHeader, j->m_owner));
    if (j->m_file->write(head) != head.size() || !j->m_file->flush())
        return fail(Tr::tr("cannot write the journal: %1").arg(j->m_file->errorString()));
    j->m_head = head;
#ifdef Q_OS_UNIX
    ::fsync(j->m_file->handle());
#endif
    return j;
}

bool Journal::append(const Edit& edit, QString* error)
{
    if (!m_file || !m_file->isOpen()) {
        if (error)
            *error = Tr::tr("the journal is closed");
        return false;
    }
    const QByteArray rec = record(kTypeEdit, edit.serialize());
    if (m_file->write(rec) != rec.size() || !m_file->flush()) {
        if (error)
            *error = Tr::tr("cannot write the journal: %1").arg(m_file->errorString());
        return false;
    }
#ifdef Q_OS_UNIX
    if (::fsync(m_file->handle()) != 0) {
        if (error)
            *error = Tr::tr("cannot write the journal to disk (fsync failed)");
        return false;
    }
#endif
    ++m_edits;
    return true;
}

bool Journal::rewrite(const std::vector<Edit>& edits, QString* error)
{
    return replace(m_head, edits, error);
}

bool Journal::rebase(const Header& baseHeader, const std::vector<Edit>& edits, QString* error)
{
    return replace(kMagic +
                       record(kTypeHeader, headerPayload(SourceStamp::of(m_source), baseHeader, m_owner)),
                   edits, error);
}

bool Journal::replace(const QByteArray& head, const std::vector<Edit>& edits, QString* error)
{
    const auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    if (!m_file || !m_file->isOpen() || m_head.isEmpty()) // discarded: never bring the file back
        return fail(Tr::tr("the journal is closed"));
    QSaveFile out(m_file->fileName());
    QByteArray all = head;
    for (const Edit& e : edits)
        all += record(kTypeEdit, e.serialize());
    if (!out.open(QIODevice::WriteOnly) || out.write(all) != all.size() || !out.commit())
        return fail(Tr::tr("cannot write the journal: %1").arg(out.errorString()));
    m_head = head;
    // The old file was replaced: append to the new one from now on.
    m_file->close();
    if (!m_file->open(QIODevice::WriteOnly | QIODevice::Append))
        return fail(Tr::tr("cannot write the journal: %1").arg(m_file->errorString()));
    m_edits = int(edits.size());
    return true;
}

bool Journal::discard()
{
    if (!m_file)
        return true;
    m_file->close();
    const bool removed = m_file->remove();
    if (m_lock)
        m_lock->unlock();
    return removed;
}

QString Journal::filePath() const
{
    return m_file ? m_file->fileName() : QString();
}

std::vector<JournalInfo> listJournals(const QString& dir)
{
    std::vector<JournalInfo> out;
    const QStringList names = QDir(dir).entryList({QLatin1Char('*') + kSuffix}, QDir::Files, QDir::Name);
    for (const QString& name : names)
        out.push_back(infoOf(QDir(dir).filePath(name)));
    return out;
}

bool journalInUse(const QString& journalPath)
{
    const auto probe = lockFor(journalPath);
    if (probe->tryLock(0)) {
        probe->unlock(); // free (or a crashed process's stale lock, now cleared)
        return false;
    }
    return probe->error() == QLockFile::LockFailedError;
}

bool removeJournal(const QString& journalPath, QString* error)
{
    const auto lock = lockFor(journalPath);
    if (!lock->tryLock(0)) {
        if (error)
            *error = Tr::tr("the journal %1 is in use by another running idxscope")
                         .arg(QDir::toNativeSeparators(journalPath));
        return false;
    }
    QFile file(journalPath);
    const bool removed = !file.exists() || file.remove();
    if (!removed && error)
        *error = Tr::tr("cannot remove the journal %1: %2")
                     .arg(QDir::toNativeSeparators(journalPath), file.errorString());
    lock->unlock();
    return removed;
}

std::optional<JournalInfo> journalFor(const QString& dir, const QString& sourcePath)
{
    const QString path = Journal::pathFor(dir, sourcePath);
    if (!QFileInfo::exists(path))
        return std::nullopt;
    return infoOf(path);
}

RecoveryResult recoverJournal(const QString& journalPath, EditableTensor& target)
{
    RecoveryResult r;
    const Parsed p = parseJournal(journalPath);
    r.tornTail = p.tornTail;
    if (!p.problem.isEmpty()) {
        r.error = p.problem;
        return r;
    }
    if (!(SourceStamp::of(p.stamp.path) == p.stamp)) {
        r.error = Tr::tr("%1 changed since the edits were journaled; the journal was not applied")
                      .arg(QDir::toNativeSeparators(p.stamp.path));
        return r;
    }
    if (p.headerBytes != target.base().header().encode()) {
        r.error = Tr::tr("the journal was written for a tensor of another shape or type");
        return r;
    }
    r.ok = true;
    for (size_t k = 0; k < p.edits.size(); ++k) {
        const auto edit = Edit::deserialize(p.edits[k]);
        if (!edit || !target.applyChecked(*edit)) {
            r.error =
                Tr::tr("edit %1 of %2 in the journal does not fit the file; the %3 before it were recovered")
                    .arg(k + 1)
                    .arg(p.edits.size())
                    .arg(k);
            break;
        }
        r.edits.push_back(*edit);
    }
    if (r.tornTail && r.error.isEmpty())
        r.error = Tr::tr("the journal ends with an incomplete edit (a crash while writing it); %1 edits were "
                         "recovered")
                      .arg(r.edits.size());
    return r;
}

} // namespace idx
