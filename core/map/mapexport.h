// The dataset map's coordinates written out: CSV (a header line "record,x,y", then one line per record) or a
// NumPy .npy of float32, shape (records, 2). Both atomically: a failed write leaves no partial file.
#pragma once

#include "maplayout.h"
#include "writer.h"

namespace idx {

[[nodiscard]] WriteResult writeMapCsv(const QString& path, const MapPoints& points);
[[nodiscard]] WriteResult writeMapNpy(const QString& path, const MapPoints& points);
/// By the file name: .npy, else CSV.
[[nodiscard]] WriteResult writeMapCoordinates(const QString& path, const MapPoints& points);

} // namespace idx
