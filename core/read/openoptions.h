// OpenOptions: how to read a file that is not canonical IDX (the reinterpretations IdxFile::open takes), and
// the canonical header a reinterpreted header stands for.
#pragma once

#include "storedtype.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace idx {

/// How to read a file that is not canonical IDX. Every field is a reinterpretation the user asked for (or a
/// remedy they accepted, see remedy.h); none is ever switched on silently.
struct OpenOptions {
    /// Read multi-byte data as little-endian (the header stays big-endian).
    ByteOrder dataOrder = ByteOrder::Big;
    /// Read the payload as this element type whatever the header's type code says (an unknown code
    /// included); the dims are kept. A type IDX has no code for (uint16, int64, float16, ...) is shown
    /// widened, as its shownAs() type, converted while the file loads.
    std::optional<StoredType> elementType;
    /// The whole file is little-endian: magic and dims read reversed, the data little-endian too.
    bool littleEndianFile = false;
    /// Bytes after the declared payload are expected: no warning about them.
    bool ignoreTrailing = false;

    /// No reinterpretation at all.
    [[nodiscard]] bool isDefault() const { return *this == OpenOptions{}; }
    /// "read as float64 · little-endian payload", empty for the default.
    [[nodiscard]] QString describe() const;
    friend bool operator==(const OpenOptions&, const OpenOptions&) = default;
};

/// The first bytes of a stream (`prefix`, header and maybe some payload) with the header as canonical IDX
/// would have it under `options`: magic and dims of a little-endian file reversed, the type code of
/// elementType. The payload bytes stay as they are.
[[nodiscard]] QByteArray canonicalHeader(QByteArrayView prefix, const OpenOptions& options);

} // namespace idx
