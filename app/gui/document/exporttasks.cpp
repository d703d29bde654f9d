// Export/import work as synchronous functions: record choices, contiguous copies, and one runner per format
// turning the image layer's and core's results into a JobOutcome with user-facing text.
#include "exporttasks.h"

#include "editabletensor.h"
#include "npyreader.h"
#include "pixelimage.h"
#include "save.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLocale>

#include <cmath>
#include <cstring>
#include <limits>

namespace idx::gui {

namespace {

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ExportTasks)
};

QString native(const QString& path)
{
    return QDir::toNativeSeparators(path);
}

idx::TensorView ownedView(const idx::Header& header, QByteArray bytes, idx::ByteOrder order)
{
    auto keep = std::make_shared<QByteArray>(std::move(bytes));
    const auto* data = reinterpret_cast<const uchar*>(keep->constData());
    return idx::TensorView(header, data, quint64(keep->size()), keep, order);
}

JobOutcome cancelledOutcome(const QStringList& remaining = {}, quint64 remainingCount = 0)
{
    JobOutcome o;
    o.cancelled = true;
    o.remaining = remaining;
    remainingCount = std::max<quint64>(remainingCount, quint64(remaining.size()));
    o.error =
        remaining.isEmpty()
            ? Tr::tr("Cancelled; nothing was written.")
            : Tr::tr("Cancelled; %n file(s) written before the cancel could not be removed: %1", nullptr,
                     int(remainingCount))
                  .arg(remaining.join(QStringLiteral(", ")) +
                       (remainingCount > quint64(remaining.size()) ? QStringLiteral(", …") : QString()));
    return o;
}

} // namespace

idx::RecordSet resolveRecords(const RecordChoice& choice, const RecordContext& c)
{
    idx::RecordSet out;
    switch (choice.scope) {
    case RecordScope::Current:
        if (c.current < c.available)
            out.add(c.current);
        break;
    case RecordScope::Selected:
        out = c.selection.clampedTo(c.available);
        break;
    case RecordScope::Range:
        out.add(choice.first, std::min(choice.end, c.available));
        break;
    case RecordScope::All:
        out.add(0, c.available);
        break;
    case RecordScope::Labels:
    case RecordScope::Filtered: {
        const QSet<qint64>& set = choice.scope == RecordScope::Labels ? choice.labels : c.filter;
        const quint64 n =
            std::min<quint64>(c.available, c.labels.size()); // records past the labels have none
        for (quint64 r = 0; r < n; ++r)
            if (set.contains(c.labels[size_t(r)]))
                out.add(r); // ascending: appends or extends the last run
        break;
    }
    }
    return out;
}

RecordChoice defaultChoice(const RecordContext& c)
{
    RecordChoice choice;
    // One selected record is usually just the gallery's cursor: a label filter says more then.
    const bool filtered = !c.filter.isEmpty() && !c.labels.empty();
    if (c.selection.count() > 1 || (!c.selection.isEmpty() && !filtered))
        choice.scope = RecordScope::Selected;
    else if (filtered)
        choice.scope = RecordScope::Filtered;
    else
        choice.scope = RecordScope::All;
    choice.end = c.available;
    return choice;
}

idx::TensorView sliceTensor(const idx::TensorPieces& data, const idx::SliceSpec& spec)
{
    const auto slice = idx::extractSlice(data, spec);
    if (!slice)
        return {};
    const auto header = idx::Header::make(data.dtype(), {quint64(slice->height), quint64(slice->width)});
    if (!header)
        return {};
    const int es = idx::elementSize(data.dtype());
    QByteArray bytes(qsizetype(slice->values.size()) * es, Qt::Uninitialized);
    auto* p = reinterpret_cast<uchar*>(bytes.data());
    for (size_t i = 0; i < slice->values.size(); ++i)
        idx::encodeElement(p + i * size_t(es), data.dtype(), slice->values[i]); // big-endian
    return ownedView(*header, std::move(bytes), idx::ByteOrder::Big);
}

QImage rawSliceImage(const idx::TensorPieces& data, const idx::SliceSpec& spec)
{
    const auto slice = idx::extractSlice(data, spec);
    if (!slice)
        return {};
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (double v : slice->values)
        if (std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    if (lo > hi)
        lo = hi = 0;
    idx::RenderOptions options;
    options.window = idx::defaultWindow(data.dtype(), lo, hi, idx::Colormap::Gray);
    return idx::toQImage(idx::renderSlice(*slice, options));
}

JobOutcome runSlicePng(const QImage& image, int scale, const QString& path)
{
    JobOutcome o;
    const QImage scaled = idx::scaleNearest(image, std::max(1, scale));
    if (scaled.isNull()) {
        o.error = image.isNull() ? Tr::tr("There is no image to export.")
                                 : Tr::tr("The image would be too large at %1×.").arg(scale);
        return o;
    }
    if (const QString why = idx::savePng(scaled, path); !why.isEmpty()) {
        o.error = Tr::tr("Cannot write %1: %2").arg(native(path), why);
        return o;
    }
    o.ok = true;
    o.files << native(path);
    o.message = Tr::tr("Saved %1 (%2×%3)").arg(native(path)).arg(scaled.width()).arg(scaled.height());
    return o;
}

JobOutcome runRecordsPng(const idx::TensorPieces& data, idx::RecordExportOptions options,
                         const idx::Control& control)
{
    const idx::RecordExportResult r = idx::exportRecords(data, options, control);
    JobOutcome o;
    o.fileCount = r.written;
    o.conflictCount = r.conflictCount;
    o.conflicts = r.conflicts;
    o.remaining = r.remaining;
    if (r.cancelled)
        return cancelledOutcome(r.remaining, r.remainingCount);
    if (!r) {
        o.error = r.errorPath.isEmpty() ? r.error : Tr::tr("%1: %2").arg(r.errorPath, r.error);
        if (!r.remaining.isEmpty())
            o.error +=
                QLatin1Char('\n') +
                Tr::tr("These files could not be removed: %1").arg(r.remaining.join(QStringLiteral(", ")));
        return o;
    }
    o.ok = true;
    o.message = Tr::tr("Exported %Ln PNG file(s) to %1", nullptr, int(std::min<qint64>(r.written, INT_MAX)))
                    .arg(native(options.folder));
    return o;
}

JobOutcome runContactSheet(const idx::TensorPieces& data, const idx::ContactSheetOptions& options,
                           const QString& path, const idx::Control& control)
{
    JobOutcome o;
    const idx::ContactSheetResult sheet = idx::renderContactSheet(data, options, control);
    if (sheet.cancelled)
        return cancelledOutcome();
    if (!sheet) {
        o.error = sheet.error;
        return o;
    }
    if (const QString why = idx::savePng(sheet.image, path); !why.isEmpty()) {
        o.error = Tr::tr("Cannot write %1: %2").arg(native(path), why);
        return o;
    }
    o.ok = true;
    o.files << native(path);
    o.message = Tr::tr("Saved the contact sheet %1 (%2×%3)")
                    .arg(native(path))
                    .arg(sheet.image.width())
                    .arg(sheet.image.height());
    return o;
}

JobOutcome runSprite(const idx::TensorPieces& data, const idx::SpriteSheetOptions& options, bool overwrite,
                     const idx::Control& control)
{
    JobOutcome o;
    if (!overwrite) {
        for (const QString& p :
             {options.spritePath, options.labels.empty() ? QString() : options.metadataPath})
            if (!p.isEmpty() && QFileInfo::exists(p))
                o.conflicts << native(p);
        if (!o.conflicts.isEmpty()) {
            o.error = Tr::tr("%n file(s) exist already.", nullptr, int(o.conflicts.size()));
            return o;
        }
    }
    const QString folder = QFileInfo(options.spritePath).absolutePath();
    if (!QDir().mkpath(folder)) {
        o.error = Tr::tr("Cannot create the folder %1").arg(native(folder));
        return o;
    }
    const idx::SpriteSheetResult r = idx::writeProjectorSprite(data, options, control);
    if (r.cancelled)
        return cancelledOutcome();
    if (!r) {
        o.error = r.error;
        return o;
    }
    o.ok = true;
    o.files << native(options.spritePath);
    if (!options.labels.empty())
        o.files << native(options.metadataPath);
    o.message =
        Tr::tr("Saved a %1×%1 sprite sheet of %n record(s) to %2", nullptr, int(options.records.count()))
            .arg(r.layout.side)
            .arg(native(folder));
    return o;
}

namespace {
JobOutcome dataOutcome(const idx::WriteResult& w, const QString& path, const idx::Control& control)
{
    // A cancel that came after the last poll is too late: the file is written, and the outcome says so.
    if (!w && control.cancelled())
        return cancelledOutcome();
    JobOutcome o;
    if (!w) {
        o.error = Tr::tr("Cannot write %1: %2").arg(native(path), w.error);
        return o;
    }
    o.ok = true;
    o.files << native(path);
    o.message = Tr::tr("Saved %1").arg(native(path));
    return o;
}
} // namespace

JobOutcome runDataOut(const idx::TensorView& data, DataFormat format, const QString& path,
                      const idx::Control& control, const QStringList& columnNames)
{
    if (data.isNull() || data.header().dims.empty() || data.recordCount() == 0) {
        JobOutcome o;
        o.error = Tr::tr("There is nothing to export.");
        return o;
    }
    return dataOutcome(format == DataFormat::Csv ? idx::writeCsv(path, data, {}, control, columnNames)
                                                 : idx::writeNpy(path, data, {}, control),
                       path, control);
}

JobOutcome runDataOut(const idx::TensorPieces& data, const idx::RecordSet& records, DataFormat format,
                      const QString& path, const idx::Control& control, const QStringList& columnNames)
{
    if (data.header().dims.empty() || records.clampedTo(data.availableRecords()).isEmpty()) {
        JobOutcome o;
        o.error = Tr::tr("There is nothing to export.");
        return o;
    }
    return dataOutcome(format == DataFormat::Csv ? idx::writeCsv(path, data, records, control, columnNames)
                                                 : idx::writeNpy(path, data, records, control),
                       path, control);
}

JobOutcome runSubset(const idx::EditableTensor& images, const idx::EditableTensor* labels,
                     const idx::RecordSet& records, const QString& imagesPath, const QString& labelsPath,
                     idx::Container container, const idx::Control& control)
{
    JobOutcome o;
    if (records.isEmpty()) {
        o.error = Tr::tr("No records to export.");
        return o;
    }
    const idx::WriteResult w = idx::exportSubset(images, labels, records, imagesPath,
                                                 labels ? labelsPath : QString(), container, control);
    if (!w && control.cancelled())
        return cancelledOutcome();
    if (!w) {
        o.error = w.error;
        return o;
    }
    o.ok = true;
    o.files << native(imagesPath);
    if (labels)
        o.files << native(labelsPath);
    o.message =
        labels ? Tr::tr("Saved %n record(s) to %1 and their labels to %2", nullptr, int(records.count()))
                     .arg(native(imagesPath), native(labelsPath))
               : Tr::tr("Saved %n record(s) to %1", nullptr, int(records.count())).arg(native(imagesPath));
    return o;
}

JobOutcome runImportPng(const idx::PngImportOptions& options, const idx::Control& control)
{
    JobOutcome o;
    const idx::PngImportResult r = idx::importPngFolder(options, control);
    if (!r && control.cancelled())
        return cancelledOutcome();
    if (!r) {
        o.error = r.errorPath.isEmpty() ? r.error : Tr::tr("%1: %2").arg(r.errorPath, r.error);
        return o;
    }
    o.ok = true;
    o.openPath = options.imagesPath;
    o.files << native(options.imagesPath);
    if (options.labels != idx::LabelSource::None) {
        o.openLabelsPath = options.labelsPath;
        o.files << native(options.labelsPath);
    }
    o.message = Tr::tr("Imported %n image(s) of %1×%2 into %3", nullptr, int(r.files.size()))
                    .arg(r.width)
                    .arg(r.height)
                    .arg(native(options.imagesPath));
    if (!r.notes.isEmpty())
        o.message += QStringLiteral(" (") + r.notes.join(QStringLiteral("; ")) + QLatin1Char(')');
    return o;
}

JobOutcome runImportNpy(const QString& npyPath, const QString& idxPath, idx::Container container,
                        const idx::Control& control)
{
    JobOutcome o;
    const idx::WriteResult w = idx::importNpy(npyPath, idxPath, container, control);
    if (!w && control.cancelled())
        return cancelledOutcome();
    if (!w) {
        o.error = Tr::tr("Cannot import %1: %2").arg(native(npyPath), w.error);
        return o;
    }
    o.ok = true;
    o.openPath = idxPath;
    o.files << native(idxPath);
    o.message = Tr::tr("Imported %1 into %2").arg(native(npyPath), native(idxPath));
    return o;
}

} // namespace idx::gui
