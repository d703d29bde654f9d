// HexView: a read-only offset / hex / ASCII dump of a few hundred bytes (the start of a file that failed to
// open).
#pragma once

#include <QPlainTextEdit>

namespace idx::gui {

class HexView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit HexView(QWidget* parent = nullptr);
    void setData(const QByteArray& bytes);
    [[nodiscard]] static QString dump(const QByteArray& bytes);
};

} // namespace idx::gui
