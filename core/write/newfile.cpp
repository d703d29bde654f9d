// The unnamed new file (newfile_p.h): O_TMPFILE in the target's folder, linked to its name at the end.
#include "newfile_p.h"

#include <QCoreApplication>
#include <QFileInfo>

#ifdef Q_OS_LINUX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#endif

namespace idx::detail {

bool UnnamedFile::open(const QString& path)
{
#if defined(Q_OS_LINUX) && defined(O_TMPFILE)
    // Linking an unnamed file needs /proc (the unprivileged way; AT_EMPTY_PATH needs a capability).
    if (::access("/proc/self/fd", X_OK) != 0)
        return false;
    const QByteArray folder = QFile::encodeName(QFileInfo(path).absolutePath());
    const int fd = ::open(folder.constData(), O_TMPFILE | O_WRONLY | O_CLOEXEC | O_LARGEFILE, 0666);
    if (fd < 0)
        return false;
    if (!m_file.open(fd, QIODevice::WriteOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return false;
    }
    m_path = path;
    m_fd = fd;
    return true;
#else
    Q_UNUSED(path);
    return false;
#endif
}

bool UnnamedFile::name(QString* error)
{
#if defined(Q_OS_LINUX) && defined(O_TMPFILE)
    // Any write that failed, even one its caller let pass, keeps the file from its name (as QSaveFile does).
    if (m_fd < 0 || m_file.error() != QFileDevice::NoError || !m_file.flush()) {
        *error = m_file.errorString();
        return false;
    }
    const QByteArray self = "/proc/self/fd/" + QByteArray::number(m_fd);
    const QByteArray name = QFile::encodeName(m_path);
    if (::linkat(AT_FDCWD, self.constData(), AT_FDCWD, name.constData(), AT_SYMLINK_FOLLOW) != 0) {
        const int why = errno;
        *error = why == EEXIST ? QCoreApplication::translate(
                                     "idx", "another file took its name while it was written (left as it is)")
                               : QString::fromLocal8Bit(std::strerror(why));
        return false;
    }
    m_file.close();
    return true;
#else
    *error = QStringLiteral("unnamed files are not available here");
    return false;
#endif
}

} // namespace idx::detail
