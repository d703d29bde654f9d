// Test helper for the edit tests: an editable tensor's whole content (header and payload) as bytes, to
// compare a tensor with one replayed or recovered from a journal.
#pragma once

#include "editabletensor.h"

#include <QByteArray>

namespace fx {

inline QByteArray contentOf(const idx::EditableTensor& t)
{
    const idx::TensorView v = t.materialize(0, t.recordCount());
    return v.header().encode() +
           QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.availableBytes()));
}

} // namespace fx
