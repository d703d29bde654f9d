// MainWindow: the window around the DocumentManager's tabs: the docks that show the current tab's side
// panels (PanelDocks), the menu bar (from the ActionRegistry), the status bar, drag and drop, recent files
// and the remembered geometry. Wiring only: documents are the manager's, the work is the controllers' and the
// views'.
#pragma once

#include <QMainWindow>

class QLabel;
class QStackedWidget;

namespace idx::gui {

class ActionRegistry;
class Document;
class DocumentManager;
class DocumentView;
class EditController;
class ExportController;
class RecentFiles;
class JobProgress;
class PanelDocks;
class SaveController;
class WelcomePage;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    [[nodiscard]] DocumentManager* documents() const { return m_documents; }
    [[nodiscard]] ActionRegistry* actionRegistry() const { return m_actions; }
    [[nodiscard]] SaveController* saving() const { return m_saving; }
    [[nodiscard]] EditController* editing() const { return m_editing; }
    [[nodiscard]] ExportController* exporting() const { return m_exporting; }
    /// The bundled sample (a resource path; an installed copy is not needed).
    [[nodiscard]] static QString samplePath();
    [[nodiscard]] static QString sampleLabelsPath();
    /// Off for --screenshot runs: don't overwrite the user's saved geometry.
    void setSaveSettings(bool on) { m_saveSettings = on; }

public slots:
    /// Opens `path` in a new tab (or shows its tab when already open); returns the tab's view.
    DocumentView* openFile(const QString& path);
    void openFiles(const QStringList& paths);
    void open();
    DocumentView* openSample();
    void attachLabels();
    /// File ▸ Class Names…: the names of the current document's label values.
    void editClassNames(Document* doc);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void createControllers();
    void onDocumentOpened(DocumentView* view);
    void onCurrentChanged();
    void updateActions();
    void updateTitle();

    ActionRegistry* m_actions;
    DocumentManager* m_documents;
    SaveController* m_saving = nullptr;
    EditController* m_editing = nullptr;
    ExportController* m_exporting = nullptr;
    QStackedWidget* m_central;
    WelcomePage* m_welcome;
    PanelDocks* m_docks;
    QLabel* m_pixelInfo;
    QLabel* m_recordInfo;
    JobProgress* m_progress;
    RecentFiles* m_recent;
    QList<QAction*> m_documentActions; // enabled only with a document
    QAction* m_detachLabels = nullptr;
    QAction* m_classNames = nullptr;
    bool m_saveSettings = true;
};

} // namespace idx::gui
