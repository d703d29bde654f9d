// RecentFiles: stored in Settings; resource paths (the bundled sample) are not recorded.
#include "recentfiles.h"

#include "settings.h"

#include <QDir>
#include <QFileInfo>

namespace idx::gui {

RecentFiles::RecentFiles(QWidget* parent) : QMenu(tr("Open &Recent"), parent)
{
    rebuild();
}

QStringList RecentFiles::files() const
{
    return Settings::recentFiles();
}

void RecentFiles::add(const QString& path)
{
    if (path.startsWith(QLatin1Char(':')))
        return;
    const QString abs = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > kMax)
        list.removeLast();
    Settings::setRecentFiles(list);
    rebuild();
}

void RecentFiles::clear()
{
    Settings::setRecentFiles({});
    rebuild();
}

void RecentFiles::rebuild()
{
    QMenu::clear();
    const QStringList list = files();
    int n = 0;
    for (const QString& path : list) {
        ++n;
        const QString text =
            n < 10 ? tr("&%1 %2").arg(n).arg(QFileInfo(path).fileName()) : QFileInfo(path).fileName();
        QAction* a = addAction(text);
        a->setToolTip(QDir::toNativeSeparators(path));
        a->setStatusTip(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] { emit openRequested(path); });
    }
    if (!list.isEmpty())
        addSeparator();
    QAction* clearAction = addAction(tr("&Clear List"));
    clearAction->setEnabled(!list.isEmpty());
    connect(clearAction, &QAction::triggered, this, &RecentFiles::clear);
    setEnabled(true);
    emit changed();
}

} // namespace idx::gui
