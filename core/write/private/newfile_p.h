// A new file written under no name and given its name only when whole, without waiting for the disk: what
// Durability::SyncedWhenReplacing writes a file that replaces nothing with. Qt has nothing that does this:
// QSaveFile always waits for the disk (about 1 ms a megabyte here), and QTemporaryFile is made readable by
// its owner only and named by a rename. So by hand, with Linux's O_TMPFILE and linkat (which refuses a name
// that exists); where those are missing, open() fails and the caller takes QSaveFile.
#pragma once

#include <QFile>
#include <QString>

namespace idx::detail {

class UnnamedFile {
public:
    /// Opens an unnamed file in the folder of `path` (permissions 0666 less the umask, as a new file gets);
    /// false when this system, file system or folder cannot.
    bool open(const QString& path);
    [[nodiscard]] QIODevice& device() { return m_file; }
    /// Flushes it and gives it its name; false with *error when that fails, among others when a file took
    /// the name meanwhile (it is left as it is). The unnamed file goes when this does, unless named.
    bool name(QString* error);

private:
    QString m_path;
    QFile m_file;
    int m_fd = -1;
};

} // namespace idx::detail
