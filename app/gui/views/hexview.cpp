// HexView: 16 bytes a line, "00000010  00 00 08 03 …  |....|".
#include "hexview.h"

#include <QFontDatabase>

namespace idx::gui {

HexView::HexView(QWidget* parent) : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setAccessibleName(tr("First bytes of the file"));
}

void HexView::setData(const QByteArray& bytes)
{
    setPlainText(dump(bytes));
}

QString HexView::dump(const QByteArray& bytes)
{
    if (bytes.isEmpty())
        return tr("(the file is empty or could not be read)");
    QString out;
    for (qsizetype line = 0; line < bytes.size(); line += 16) {
        QString hex, ascii;
        for (qsizetype i = line; i < line + 16; ++i) {
            if (i < bytes.size()) {
                const uchar c = uchar(bytes[i]);
                hex += QStringLiteral("%1 ").arg(c, 2, 16, QLatin1Char('0'));
                ascii += (c >= 0x20 && c < 0x7f) ? QChar(c) : QLatin1Char('.');
            } else {
                hex += QStringLiteral("   ");
            }
            if (i == line + 7)
                hex += QLatin1Char(' ');
        }
        out += QStringLiteral("%1  %2 |%3|\n").arg(line, 8, 16, QLatin1Char('0')).arg(hex, ascii);
    }
    out.chop(1);
    return out;
}

} // namespace idx::gui
