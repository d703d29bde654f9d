// Internal: the file type check of IdxFile::open (a FIFO must never be opened: that would block).
#include "filetype_p.h"

#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace idx::detail {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

Diagnostic error(DiagCode code, QString message)
{
    return Diagnostic{Severity::Error, code, -1, -1, -1, std::move(message)};
}
} // namespace

// Directory, FIFO, device, socket, missing: decided from the file type alone, so a FIFO is never opened.
std::optional<Diagnostic> checkFileType(const QString& path)
{
    const QFileInfo fi(path);
    if (!fi.exists())
        return error(DiagCode::NotFound, Tr::tr("no such file"));
    if (fi.isDir())
        return error(DiagCode::NotAFile, Tr::tr("this is a folder, not a file"));
#ifdef Q_OS_UNIX
    // stat() alone: QFileInfo::isFile() is false for a regular file the process may not read.
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) == 0 && !S_ISREG(st.st_mode))
        return error(DiagCode::NotAFile, Tr::tr("this is not a regular file (a FIFO, socket or device)"));
#else
    if (!fi.isFile())
        return error(DiagCode::NotAFile, Tr::tr("this is not a regular file"));
#endif
    return std::nullopt;
}

} // namespace idx::detail
