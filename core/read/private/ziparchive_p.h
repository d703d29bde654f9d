// Private: a zip archive (a NumPy .npz) opened once with libzip: its arrays listed and its members read as
// ByteSources from that one opening.
#pragma once

#include "bytesource_p.h"
#include "sibling.h"

#include <memory>

struct zip;

namespace idx {

class ZipArchive : public std::enable_shared_from_this<ZipArchive> {
public:
    /// Null with `error` set when `path` cannot be read as a zip archive.
    [[nodiscard]] static std::shared_ptr<ZipArchive> open(const QString& path, QString* error);
    ~ZipArchive();
    ZipArchive(const ZipArchive&) = delete;
    ZipArchive& operator=(const ZipArchive&) = delete;

    /// The arrays, in archive order, each `wanted` (default: all) with its layout parsed from its member's
    /// first bytes.
    [[nodiscard]] NpzListing list(const NpzWanted& wanted = {});
    /// A member (stored or deflated, its CRC checked at its end) by its name as written, else NAME.npy (as
    /// numpy's np.load looks members up). It keeps the archive open. Null with `error` set.
    [[nodiscard]] std::unique_ptr<ByteSource> member(const QString& name, QString* error);
    [[nodiscard]] struct zip* handle() const { return m_zip; }
    /// The archive's size on disk (a member's progress is its share of it).
    [[nodiscard]] qint64 size() const { return m_size; }

private:
    ZipArchive() = default;
    /// Member `index`'s layout (or why it has none) into `a`; `head` is a buffer reused across members.
    void readLayout(quint64 index, QByteArray& head, NpzArray& a);
    struct zip* m_zip = nullptr;
    qint64 m_size = 0;
};

} // namespace idx
