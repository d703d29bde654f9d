// Contact sheet rendering: tiles rendered in parallel, then copied into one image; captions with QPainter.
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

QString tr(const char* s)
{
    return QCoreApplication::translate("idx", s);
}

bool canDrawText()
{
    return qobject_cast<QGuiApplication*>(QCoreApplication::instance()) != nullptr;
}

QString captionFor(quint64 record, const std::vector<qint64>& labels)
{
    if (record < labels.size())
        return QStringLiteral("%1: %2").arg(record).arg(labels[size_t(record)]);
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
        return fail(tr("the number of columns must be at least 1, not %1").arg(o.columns));
    if (o.gap < 0 || o.gap > 1000)
        return fail(tr("the gap must be between 0 and 1000 pixels, not %1").arg(o.gap));
    if (o.records.isEmpty())
        return fail(tr("there are no records to put on the sheet"));
    if (const QString bad = checkRecordImageOptions(header, o.image); !bad.isEmpty())
        return fail(bad);
    if (o.captions && !canDrawText())
        return fail(tr("captions need a graphical application"));
    const auto tile = recordImageSize(header, o.image);
    if (!tile)
        return fail(tr("the records are too large to be images"));
    const quint64 n = o.records.count();
    l.columns = int(std::min<quint64>(quint64(o.columns), n));
    const quint64 rows = (n + quint64(l.columns) - 1) / quint64(l.columns);
    l.tile = *tile;
    if (o.captions)
        l.captionHeight = QFontMetrics(QGuiApplication::font()).height() + 2;
    const quint64 w = quint64(l.columns) * quint64(tile->width()) + quint64(l.columns - 1) * quint64(o.gap);
    const quint64 h = rows * quint64(tile->height() + l.captionHeight) + (rows - 1) * quint64(o.gap);
    if (w > quint64(kMaxImageSide) || h > quint64(kMaxImageSide))
        return fail(tr("the sheet would be %1 × %2 pixels, more than %3 a side; use more columns or fewer "
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
        result.error = tr("record %1 is not available (the file has %2 complete records)")
                           .arg(missing)
                           .arg(t.availableRecords());
        return result;
    }

    // Phase 1: the tiles, in parallel. Whether the sheet is gray depends on all of them (a gray render turns
    // RGB when a non-finite value needs its colour).
    // The layout bounds the sheet's pixels, and so the number of tiles held here.
    std::vector<QImage> tiles(size_t(o.records.count()));
    std::vector<size_t> order(tiles.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    const qint64 total = qint64(order.size());
    std::atomic<qint64> done{0};
    std::atomic<bool> stop{false};
    QtConcurrent::blockingMap(order, [&](size_t i) {
        if (stop.load(std::memory_order_relaxed))
            return;
        if (control.cancelled()) {
            stop = true;
            return;
        }
        tiles[i] = renderRecordImage(t, o.records.at(i), o.image);
        control.report(++done, total);
    });
    if (stop) {
        result.cancelled = true;
        result.error = tr("the contact sheet was cancelled");
        return result;
    }
    bool gray = !o.captions;
    for (size_t i = 0; i < tiles.size(); ++i) {
        if (tiles[i].isNull() || tiles[i].size() != l.tile) {
            result.error = tr("record %1 could not be rendered").arg(o.records.at(i));
            return result;
        }
        gray = gray && tiles[i].format() == QImage::Format_Grayscale8;
    }

    // Phase 2: copy the tiles in.
    const QImage::Format format =
        gray ? QImage::Format_Grayscale8 : (o.captions ? QImage::Format_RGB32 : QImage::Format_RGB888);
    QImage sheet(l.sheet, format);
    if (sheet.isNull()) {
        result.error = tr("not enough memory for a %1 × %2 sheet").arg(l.sheet.width()).arg(l.sheet.height());
        return result;
    }
    sheet.fill(gray ? QColor::fromRgb(qGray(o.background.rgb()), qGray(o.background.rgb()),
                                      qGray(o.background.rgb()))
                    : o.background);
    const int bpp = sheet.depth() / 8;
    const int cellHeight = l.tile.height() + l.captionHeight;
    for (size_t i = 0; i < tiles.size(); ++i) {
        const QImage tile = tiles[i].format() == format ? tiles[i] : tiles[i].convertToFormat(format);
        const int col = int(i % size_t(l.columns));
        const int row = int(i / size_t(l.columns));
        const int x = col * (l.tile.width() + o.gap);
        const int y = row * (cellHeight + o.gap);
        for (int ty = 0; ty < tile.height(); ++ty)
            std::memcpy(sheet.scanLine(y + ty) + size_t(x) * size_t(bpp), tile.constScanLine(ty),
                        size_t(tile.width()) * size_t(bpp));
    }
    if (o.captions) {
        QPainter painter(&sheet);
        painter.setFont(QGuiApplication::font());
        const QColor ink = qGray(o.background.rgb()) < 128 ? Qt::white : Qt::black;
        painter.setPen(ink);
        const QFontMetrics metrics(painter.font());
        for (size_t i = 0; i < tiles.size(); ++i) {
            const int col = int(i % size_t(l.columns));
            const int row = int(i / size_t(l.columns));
            const QRect strip(col * (l.tile.width() + o.gap), row * (cellHeight + o.gap) + l.tile.height(),
                              l.tile.width(), l.captionHeight);
            const QString text =
                metrics.elidedText(captionFor(o.records.at(i), o.labels), Qt::ElideRight, strip.width());
            painter.drawText(strip, Qt::AlignCenter, text);
        }
    }
    result.image = sheet;
    return result;
}

} // namespace idx
