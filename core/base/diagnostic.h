// Diagnostics: what is wrong (or odd) with a file, where, and by how much.
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace idx {

enum class Severity : quint8 { Warning, Error };

enum class DiagCode : quint8 {
    // I/O
    NotFound,
    NotAFile,   // a directory, FIFO, device
    ReadFailed, // permission denied, I/O error
    // header
    TooShortForMagic,
    TooShortForDims,
    BadMagicPrefix,
    UnknownTypeCode,
    SizeOverflow,
    // payload
    TruncatedPayload,
    PartialElement,
    TrailingBytes,
    // containers
    CorruptCompressed,
    TruncatedCompressed,
    DecompressionLimit, // more output than the header declares plus the allowed excess
    // identification
    ForeignFormat,      // the bytes are another format (npy, zip, png, html, lfs, lush, ...)
    LittleEndianIdx,    // header bytes reversed: a whole-file little-endian IDX
    SuspectedByteOrder, // data looks little-endian behind a big-endian header
    Converted,          // a sibling format's type shown widened (uint16 as int32, ...), or values rounded
    Cancelled,
};

struct Diagnostic {
    Severity severity = Severity::Error;
    DiagCode code = DiagCode::ReadFailed;
    qint64 offset = -1;   // byte offset in the decompressed stream (or file for raw), -1 when not applicable
    qint64 expected = -1; // the number the header or format requires, -1 when not applicable
    qint64 actual = -1;   // the number found, -1 when not applicable
    QString message;      // full, translated, user-facing sentence (without the file name)

    [[nodiscard]] bool isError() const { return severity == Severity::Error; }
};

using Diagnostics = QList<Diagnostic>;

[[nodiscard]] inline bool hasError(const Diagnostics& d)
{
    for (const auto& x : d)
        if (x.isError())
            return true;
    return false;
}

/// First error's message, or empty.
[[nodiscard]] inline QString firstError(const Diagnostics& d)
{
    for (const auto& x : d)
        if (x.isError())
            return x.message;
    return {};
}

} // namespace idx
