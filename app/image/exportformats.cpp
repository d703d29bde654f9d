// TensorBoard Projector sprite sheet and metadata.tsv.
#include "exportformats.h"

#include "recordexport.h"

#include <QCoreApplication>
#include <QDir>
#include <QPainter>
#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <map>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

int ceilSqrt(quint64 n)
{
    quint64 s = quint64(std::sqrt(double(n)));
    while (s * s < n)
        ++s;
    while (s > 0 && (s - 1) * (s - 1) >= n)
        --s;
    return int(std::min<quint64>(s, quint64(kProjectorMaxSprite) + 1));
}

SpriteSheetResult writeSprite(quint64 count, const std::function<QImage(quint64)>& tileAt,
                              const SpriteSheetOptions& o, const Control& control)
{
    SpriteSheetResult r;
    if (o.records.isEmpty()) {
        r.error = Tr::tr("no records to put in the sprite");
        return r;
    }
    if (o.records.last() >= count) {
        const quint64 rec =
            *std::find_if(o.records.begin(), o.records.end(), [&](quint64 x) { return x >= count; });
        r.error = Tr::tr("record %1 is out of range (the tensor has %2 records)").arg(rec).arg(count);
        return r;
    }
    QImage first = tileAt(o.records.first());
    if (first.isNull()) {
        r.error = Tr::tr("the records cannot be rendered as images with these options");
        return r;
    }
    const auto layout = spriteSheetLayout(o.records.count(), first.size(), &r.error);
    if (!layout)
        return r;
    r.layout = *layout;
    // Gray tiles give a gray sprite; colormaps an RGB one.
    const QImage::Format format =
        first.format() == QImage::Format_Grayscale8 ? QImage::Format_Grayscale8 : QImage::Format_RGB888;
    QImage sheet(layout->sheet, format);
    sheet.fill(Qt::black);
    {
        QPainter painter(&sheet);
        quint64 k = 0;
        for (auto it = o.records.begin(); it != o.records.end(); ++it, ++k) {
            if (control.cancelled()) {
                r.cancelled = true;
                r.error = Tr::tr("cancelled");
                return r;
            }
            const QImage tile = k == 0 ? first : tileAt(*it);
            if (tile.size() != layout->tile) {
                r.error = Tr::tr("record %1 renders at another size").arg(*it);
                return r;
            }
            const int col = int(k % quint64(layout->side)), row = int(k / quint64(layout->side));
            painter.drawImage(QPoint(col * layout->tile.width(), row * layout->tile.height()), tile);
            control.report(qint64(k + 1), qint64(o.records.count()));
        }
    }
    if (const QString why = savePng(sheet, o.spritePath); !why.isEmpty()) {
        r.error = Tr::tr("cannot write %1: %2").arg(QDir::toNativeSeparators(o.spritePath), why);
        return r;
    }
    if (!o.labels.empty() && !o.metadataPath.isEmpty()) {
        QSaveFile f(o.metadataPath);
        const QByteArray tsv = projectorMetadata(o.records, o.labels, o.classNames);
        if (!f.open(QIODevice::WriteOnly) || f.write(tsv) != tsv.size() || !f.commit()) {
            r.error =
                Tr::tr("cannot write %1: %2").arg(QDir::toNativeSeparators(o.metadataPath), f.errorString());
            return r;
        }
    }
    r.ok = true;
    return r;
}
} // namespace

std::optional<SpriteSheetLayout> spriteSheetLayout(quint64 count, QSize tile, QString* error)
{
    const auto fail = [&](const QString& why) -> std::optional<SpriteSheetLayout> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (count == 0 || tile.isEmpty())
        return fail(Tr::tr("no records to put in the sprite"));
    SpriteSheetLayout l;
    l.side = ceilSqrt(count);
    l.tile = tile;
    const qint64 w = qint64(l.side) * tile.width(), h = qint64(l.side) * tile.height();
    if (w > kProjectorMaxSprite || h > kProjectorMaxSprite)
        return fail(Tr::tr("%1 records of %2×%3 need a %4×%5 sprite; the Projector accepts at most %6×%6 "
                           "(choose fewer records or a smaller scale)")
                        .arg(count)
                        .arg(tile.width())
                        .arg(tile.height())
                        .arg(w)
                        .arg(h)
                        .arg(kProjectorMaxSprite));
    l.sheet = QSize(int(w), int(h));
    return l;
}

QByteArray projectorMetadata(const RecordSet& records, const std::vector<qint64>& labels,
                             const ClassNames& names)
{
    // One name per label value, cleaned once (not once per record).
    std::map<qint64, QByteArray> cells;
    for (const auto& [label, name] : names.all()) {
        QString cell = name;
        cell.replace(QLatin1Char('\t'), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
        cell.replace(QLatin1Char('\r'), QLatin1Char(' '));
        cells[label] = cell.toUtf8();
    }
    const bool named = !names.isEmpty();
    QByteArray out = named ? QByteArrayLiteral("label\tclass\n") : QByteArray();
    for (quint64 r : records) {
        if (r < labels.size()) {
            const qint64 label = labels[size_t(r)];
            out += QByteArray::number(label);
            if (named) {
                out += '\t';
                if (const auto it = cells.find(label); it != cells.end())
                    out += it->second;
            }
        } else if (named) {
            out += '\t';
        }
        out += '\n';
    }
    return out;
}

SpriteSheetResult writeProjectorSprite(const TensorView& view, const SpriteSheetOptions& o,
                                       const Control& control)
{
    if (const QString bad = checkRecordImageOptions(view.header(), o.image); !bad.isEmpty())
        return SpriteSheetResult{false, false, bad, {}};
    return writeSprite(
        view.availableRecords(), [&](quint64 r) { return renderRecordImage(view, r, o.image); }, o, control);
}

SpriteSheetResult writeProjectorSprite(const TensorPieces& t, const SpriteSheetOptions& o,
                                       const Control& control)
{
    if (const QString bad = checkRecordImageOptions(t.header(), o.image); !bad.isEmpty())
        return SpriteSheetResult{false, false, bad, {}};
    return writeSprite(
        t.availableRecords(), [&](quint64 r) { return renderRecordImage(t, r, o.image); }, o, control);
}

SpriteSheetResult writeProjectorSprite(const EditableTensor& t, const SpriteSheetOptions& o,
                                       const Control& control)
{
    if (const QString bad = checkRecordImageOptions(t.header(), o.image); !bad.isEmpty())
        return SpriteSheetResult{false, false, bad, {}};
    return writeSprite(
        t.recordCount(), [&](quint64 r) { return renderRecordImage(t.recordView(r), 0, o.image); }, o,
        control);
}

} // namespace idx
