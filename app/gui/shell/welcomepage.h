// WelcomePage: what the window shows with no file open: the icon, a hint about drag and drop, Open and
// Sample.
#pragma once

#include <QWidget>

class QLabel;
class QVBoxLayout;

namespace idx::gui {

class WelcomePage : public QWidget {
    Q_OBJECT
public:
    explicit WelcomePage(QWidget* parent = nullptr);
    /// Shows the first few recent files as links (none: the section hides).
    void setRecentFiles(const QStringList& paths);

signals:
    void openRequested();
    void sampleRequested();
    void recentRequested(const QString& path);

private:
    QLabel* m_recentTitle;
    QVBoxLayout* m_recent;
};

} // namespace idx::gui
