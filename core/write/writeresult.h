// What a write returns (success, or the reason it failed) and which records it writes: shared by the writers'
// functions (writer.h) and what they share underneath (sink.h).
#pragma once

#include <QString>
#include <QtGlobal>

namespace idx {

struct WriteResult {
    bool ok = true;
    QString error; // user-facing reason, without the file name
    explicit operator bool() const { return ok; }
};

struct RecordRange {
    quint64 first = 0;
    quint64 end = ~quint64(0); // exclusive; clamped to the available records
};

} // namespace idx
