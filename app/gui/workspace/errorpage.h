// ErrorPage: what a tab shows instead of its content when its file cannot be opened as an IDX tensor: why
// (every diagnostic, the file named), the first bytes in hex, a button per remedy (read it as another type,
// as a little-endian file, without its trailing bytes) and Reload. The tab decides what a choice does.
#pragma once

#include "remedy.h"

#include <QWidget>

#include <vector>

class QHBoxLayout;
class QLabel;

namespace idx::gui {

class Document;
class HexView;

class ErrorPage : public QWidget {
    Q_OBJECT
public:
    explicit ErrorPage(QWidget* parent = nullptr);

    /// Shows why `doc`'s file cannot be opened, and its first bytes.
    void showProblems(const Document& doc);
    /// The remedies as buttons (none: no buttons).
    void setRemedies(const std::vector<idx::Remedy>& remedies);
    /// The message shown (rich text).
    [[nodiscard]] QString text() const;

signals:
    void remedyChosen(const idx::Remedy& remedy);
    void reloadRequested();

private:
    QLabel* m_text;
    HexView* m_hex;
    QHBoxLayout* m_remedyRow;
};

} // namespace idx::gui
