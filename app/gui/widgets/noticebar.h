// NoticeBar: a non-modal, tinted message strip inside a document (warnings, "changed on disk" with Reload).
#pragma once

#include <QFrame>

class QHBoxLayout;
class QLabel;

namespace idx::gui {

class NoticeBar : public QFrame {
    Q_OBJECT
public:
    enum class Kind { Information, Warning, Error };
    explicit NoticeBar(QWidget* parent = nullptr);

    void showMessage(Kind kind, const QString& text);
    /// Adds a push button on the right; buttons stay until clearActions().
    QAction* addAction(const QString& text);
    void clearActions();
    [[nodiscard]] QString text() const;

private:
    QLabel* m_icon;
    QLabel* m_text;
    QHBoxLayout* m_buttons;
};

} // namespace idx::gui
