// Contact sheet rendering: tiles rendered in parallel straight into one image; captions with QPainter.
#include "contactsheet.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QPainter>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <atomic>
#include <cstring>

namespace idx {

namespace {

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

bool canDrawText()
{
    return qobject_cast<QGuiApplication*>(QCoreApplication::instance()) != nullptr;
}

QString captionFor(quint64 record, const std::vector<qint64>& labels, const ClassNames& names)
{
    if (record < labels.size())
        return QStringLiteral("%1: %2").arg(record).arg(names.text(labels[size_t(record)]));
    return QString::number(record);
}

} // namespace

ContactSheetLayout contactSheetLayout(const Header& header, const ContactSheetOptions& o, QString* error)
{
    ContactSheetLayout l;
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return ContactSheetLayout{};
    };
    if (o.columns < 1)
        return fail(Tr::tr("the number of columns must be at least 1, not %1").arg(o.columns));
    if (o.gap < 0 || o.gap > 1000)
        return fail(Tr::tr("the gap must be between 0 and 1000 pixels, not %1").arg(o.gap));
    if (o.records.isEmpty())
        return fail(Tr::tr("there are no records to put on the sheet"));
    if (const QString bad = checkRecordImageOptions(header, o.image); !bad.isEmpty())
        return fail(bad);
    if (o.captions && !canDrawText())
        return fail(Tr::tr("captions need a graphical application"));
    const auto tile = recordImageSize(header, o.image);
    if (!tile)
        return fail(Tr::tr("the records are too large to be images"));
    const quint64 n = o.records.count();
    l.columns = int(std::min<quint64>(quint64(o.columns), n));
    const quint64 rows = (n + quint64(l.columns) - 1) / quint64(l.columns);
    l.tile = *tile;
    if (o.captions)
        l.captionHeight = QFontMetrics(QGuiApplication::font()).height() + 2;
    const quint64 w = quint64(l.columns) * quint64(tile->width()) + quint64(l.columns - 1) * quint64(o.gap);
    const quint64 h = rows * quint64(tile->height() + l.captionHeight) + (rows - 1) * quint64(o.gap);
    if (w > quint64(kMaxImageSide) || h > quint64(kMaxImageSide))
        return fail(
            Tr::tr("the sheet would be %1 × %2 pixels, more than %3 a side; use more columns or fewer "
                   "records")
                .arg(w)
                .arg(h)
                .arg(kMaxImageSide));
    l.rows = int(rows);
    l.sheet = QSize(int(w), int(h));
    return l;
}

ContactSheetResult renderContactSheet(const TensorView& view, const ContactSheetOptions& o,
                                      const Control& control)
{
    return renderContactSheet(TensorPieces(view), o, control);
}

ContactSheetResult renderContactSheet(const TensorPieces& t, const ContactSheetOptions& o,
                                      const Control& control)
{
    ContactSheetResult result;
    const ContactSheetLayout l = contactSheetLayout(t.header(), o, &result.error);
    if (!result.error.isEmpty())
        return result;
    if (o.records.last() >= t.availableRecords()) {
        const quint64 missing = *std::find_if(o.records.begin(), o.records.end(),
                                              [&](quint64 r) { return r >= t.availableRecords(); });
        result.error = Tr::tr("record %1 is not available (the file has %2 complete records)")
                           .arg(missing)
                           .arg(t.availableRecords());
        return result;
    }

    // The tiles are rendered in parallel and copied into the sheet as they come (each into its own cells), so
    // no tile outlives its copy. The sheet's format is known beforehand but in one case: a gray render turns
    // RGB when a non-finite value needs its colour; a gray sheet that meets such a tile is made again in RGB.
    const qint64 total = qint64(o.records.count());
    std::vector<size_t> order(static_cast<size_t>(total));
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    QImage::Format format = o.captions                                  ? QImage::Format_RGB32
                            : o.image.render.colormap == Colormap::Gray ? QImage::Format_Grayscale8
                                                                        : QImage::Format_RGB888;
    QImage sheet;
    const int cellHeight = l.tile.height() + l.captionHeight;
    for (;;) {
        sheet = QImage(l.sheet, format);
        if (sheet.isNull()) {
            result.error =
                Tr::tr("not enough memory for a %1 × %2 sheet").arg(l.sheet.width()).arg(l.sheet.height());
            return result;
        }
        const int gray = qGray(o.background.rgb());
        sheet.fill(format == QImage::Format_Grayscale8 ? QColor::fromRgb(gray, gray, gray) : o.background);
        const int bpp = sheet.depth() / 8;
        uchar* const sheetBits = sheet.bits();
        const qsizetype sheetStride = sheet.bytesPerLine();
        std::atomic<qint64> done{0};
        std::atomic<bool> stop{false}, cancelled{false}, needRgb{false};
        std::atomic<size_t> failed{~size_t(0)}; // the first tile found that could not be rendered
        QtConcurrent::blockingMap(order, [&](size_t i) {
            if (stop.load(std::memory_order_relaxed))
                return;
            if (control.cancelled()) {
                cancelled = stop = true;
                return;
            }
            QImage tile = renderRecordImage(t, o.records.at(i), o.image);
            if (tile.isNull() || tile.size() != l.tile) {
                size_t seen = failed.load();
                while (i < seen && !failed.compare_exchange_weak(seen, i)) {
                }
                stop = true;
                return;
            }
            if (tile.format() != format) {
                if (format == QImage::Format_Grayscale8) {
                    needRgb = stop = true;
                    return;
                }
                tile = tile.convertToFormat(format);
            }
            const int x = int(i % size_t(l.columns)) * (l.tile.width() + o.gap);
            const int y = int(i / size_t(l.columns)) * (cellHeight + o.gap);
            // Distinct tiles write distinct bytes of the sheet. QImage::scanLine() detaches, which writes the
            // image's own bookkeeping and must not run on several threads at once: rows are addressed from
            // bits(), taken once above.
            for (int ty = 0; ty < tile.height(); ++ty)
                std::memcpy(sheetBits + qsizetype(y + ty) * sheetStride + qsizetype(x) * bpp,
                            tile.constScanLine(ty), size_t(tile.width()) * size_t(bpp));
            control.report(++done, total);
        });
        if (cancelled) {
            result.cancelled = true;
            result.error = Tr::tr("the contact sheet was cancelled");
            return result;
        }
        if (failed.load() != ~size_t(0)) {
            result.error = Tr::tr("record %1 could not be rendered").arg(o.records.at(failed.load()));
            return result;
        }
        if (!needRgb)
            break;
        format = QImage::Format_RGB888; // progress starts again: rare (non-finite values in a gray render)
    }
    if (o.captions) {
        QPainter painter(&sheet);
        painter.setFont(QGuiApplication::font());
        const QColor ink = qGray(o.background.rgb()) < 128 ? Qt::white : Qt::black;
        painter.setPen(ink);
        const QFontMetrics metrics(painter.font());
        for (size_t i = 0; i < size_t(total); ++i) {
            const int col = int(i % size_t(l.columns));
            const int row = int(i / size_t(l.columns));
            const QRect strip(col * (l.tile.width() + o.gap), row * (cellHeight + o.gap) + l.tile.height(),
                              l.tile.width(), l.captionHeight);
            const QString text = metrics.elidedText(captionFor(o.records.at(i), o.labels, o.classNames),
                                                    Qt::ElideRight, strip.width());
            painter.drawText(strip, Qt::AlignCenter, text);
        }
    }
    result.image = sheet;
    return result;
}

} // namespace idx
