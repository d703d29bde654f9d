// What a write returns (success, or the reason it failed), which records it writes and how durably: shared by
// the writers' functions (writer.h) and what they share underneath (sink.h).
#pragma once

#include <QString>
#include <QtGlobal>

namespace idx {

struct WriteResult {
    bool ok = true;
    QString error; // user-facing reason, without the file name
    explicit operator bool() const { return ok; }
};

/// Whether a written file is waited for until it is on the disk before it takes its name.
enum class Durability {
    /// Always: after a power loss the name holds the old file or the whole new one (the user's own work).
    Synced,
    /// Only when it replaces a file: a new one takes its name without waiting, as gzip, xz and cp do. Other
    /// programs, and a kill or a crash of this one, see it whole or not at all; a power loss soon after may
    /// leave it missing, empty or short (never anything that was there before). For outputs made from files
    /// that stay (a conversion).
    SyncedWhenReplacing,
};

struct RecordRange {
    quint64 first = 0;
    quint64 end = ~quint64(0); // exclusive; clamped to the available records
};

} // namespace idx
