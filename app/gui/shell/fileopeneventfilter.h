// FileOpenEventFilter: turns the QFileOpenEvent that macOS sends the application object (a document
// double-clicked in Finder or dropped on the Dock icon, also at launch) into a signal the GUI connects to.
#pragma once

#include <QObject>
#include <QString>

class QCoreApplication;

namespace idx::gui {

class FileOpenEventFilter : public QObject {
    Q_OBJECT
public:
    /// Installs itself on `app`, which owns it. Create it before exec(): macOS delivers the launch documents
    /// as events once the event loop runs.
    explicit FileOpenEventFilter(QCoreApplication* app);

signals:
    /// A local file to open (an absolute path). Events for non-local URLs are ignored.
    void fileOpenRequested(const QString& path);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace idx::gui
