// RecentFiles: the File ▸ Open Recent menu, persisted in QSettings (at most ten, newest first, with Clear).
#pragma once

#include <QMenu>

namespace idx::gui {

class RecentFiles : public QMenu {
    Q_OBJECT
public:
    static constexpr int kMax = 10;
    explicit RecentFiles(QWidget* parent = nullptr);

    void add(const QString& path);
    void clear();
    [[nodiscard]] QStringList files() const;

signals:
    void openRequested(const QString& path);
    /// The list changed (added, reordered or cleared).
    void changed();

private:
    void rebuild();
};

} // namespace idx::gui
