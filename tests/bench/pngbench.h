// idxbench's PNG part: the same images written by each PNG encoder at the same zlib level (idxscope's own
// framing over libdeflate or ISA-L strips, QImageWriter, libspng), and the whole contact-sheet job.
#pragma once

#include "tensorview.h"

#include <QImage>
#include <QString>

#include <vector>

namespace bench {

struct EncoderRun {
    double ms = 0;       // best of the runs
    qint64 bytes = 0;    // total PNG bytes written
    bool decodes = true; // every output decodes with Qt's reader to the input's pixels
};

/// Encodes every image once per run, spread over all cores (QtConcurrent), into memory.
struct SmallEncoders {
    EncoderRun hand, qt, spng;
};
[[nodiscard]] SmallEncoders encodeSmall(const std::vector<QImage>& images, int level, int repeat);

/// Encodes one large image: idxscope's strips (all cores) and its one-piece route, QImageWriter, libspng.
struct SheetEncoders {
    EncoderRun strips, whole, qt, spng;
};
[[nodiscard]] SheetEncoders encodeSheet(const QImage& sheet, int level, int repeat);

/// The contact-sheet job as the CLI does it: open the raw file (mapped), render the first `count` records
/// with `columns` columns, encode and write the PNG (savePng). Best of the runs, with the phases of the best.
struct SheetJob {
    double ms = 0;
    double openMs = 0, renderMs = 0, saveMs = 0;
    bool ok = false;
    QImage sheet; // the last rendered sheet, to compare with what was written
};
[[nodiscard]] SheetJob contactSheetJob(const QString& rawPath, const QString& pngPath, int count, int columns,
                                       int repeat);

/// Whether `pngPath` decodes with Qt's reader to exactly the pixels of `sheet`.
[[nodiscard]] bool decodesTo(const QString& pngPath, const QImage& sheet);

} // namespace bench
