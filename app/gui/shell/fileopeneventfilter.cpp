// FileOpenEventFilter: QEvent::FileOpen on the application object -> fileOpenRequested().
#include "fileopeneventfilter.h"

#include <QCoreApplication>
#include <QFileOpenEvent>
#include <QUrl>

namespace idx::gui {

FileOpenEventFilter::FileOpenEventFilter(QCoreApplication* app) : QObject(app)
{
    app->installEventFilter(this);
}

bool FileOpenEventFilter::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::FileOpen || watched != QCoreApplication::instance())
        return QObject::eventFilter(watched, event);
    const auto* open = static_cast<QFileOpenEvent*>(event);
    QString path = open->file();
    if (path.isEmpty() && open->url().isLocalFile())
        path = open->url().toLocalFile();
    if (!path.isEmpty())
        emit fileOpenRequested(path);
    return true; // handled, or nothing we could open: either way no one else should act on it
}

} // namespace idx::gui
