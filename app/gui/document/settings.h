// Settings: everything idxscope remembers between runs, in one place (QSettings underneath): the last folder
// a file was opened from or written to, recent files, the main window's geometry and dock layout, the
// gallery's thumbnail size. Also the defaults those settings start from.
#pragma once

#include "classnames.h"

#include <QByteArray>
#include <QSize>
#include <QString>
#include <QStringList>

namespace idx::gui {

class Settings {
public:
    /// The main window's size before anything is remembered, and the docks' first sizes in it.
    static constexpr QSize kDefaultWindowSize{1280, 800};
    static constexpr int kSideDockWidth = 380;    // the column of header, navigation and statistics
    static constexpr int kHeaderDockHeight = 330; // header and navigation (tabbed) above the statistics
    static constexpr int kStatsDockHeight = 470;
    static constexpr int kInsightsDockHeight = 230; // the insights under the gallery and image view

    /// Gallery thumbnail edge in device-independent pixels: one to four times an MNIST digit.
    static constexpr int kThumbnailMin = 28;
    static constexpr int kThumbnailDefault = 56;
    static constexpr int kThumbnailMax = 112;

    /// The folder of the last file opened or written (the home folder at first).
    [[nodiscard]] static QString lastFolder();
    /// Remembers `fileOrFolder`'s folder (a folder is taken as it is). Resource paths (":/…", the bundled
    /// sample) are not remembered.
    static void setLastFolder(const QString& fileOrFolder);

    /// Most recent first.
    [[nodiscard]] static QStringList recentFiles();
    static void setRecentFiles(const QStringList& files);

    /// QMainWindow::saveGeometry() / saveState() as last closed (empty at first).
    [[nodiscard]] static QByteArray windowGeometry();
    [[nodiscard]] static QByteArray windowState();
    static void setWindowLayout(const QByteArray& geometry, const QByteArray& state);

    /// The thumbnail size last chosen, within [kThumbnailMin, kThumbnailMax].
    [[nodiscard]] static int thumbnailSize();
    static void setThumbnailSize(int px);

    /// The class names a person gave a labels file, by its content key (dataset.h labelsContentKey): a
    /// renamed copy keeps them. Empty when none were given.
    [[nodiscard]] static idx::ClassNames classNames(const QString& key);
    /// Remembers them (empty names: forgets them). An empty key remembers nothing.
    static void setClassNames(const QString& key, const idx::ClassNames& names);
};

} // namespace idx::gui
