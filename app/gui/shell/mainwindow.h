// MainWindow: tabs of DocumentViews, the docks that show the current tab's side panels, menus and actions,
// drag and drop, recent files and the remembered geometry. Wiring only; the work lives in the views.
#pragma once

#include <QMainWindow>

class DocumentView;
class EditActions;
class QLabel;
class QStackedWidget;
class QTabWidget;
class RecentFiles;
class JobProgress;
class WelcomePage;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens `path` in a new tab (or shows its tab when already open); returns the tab's view.
    DocumentView* openFile(const QString& path);
    void openFiles(const QStringList& paths);
    [[nodiscard]] DocumentView* currentView() const;
    [[nodiscard]] DocumentView* viewAt(int index) const;
    [[nodiscard]] int documentCount() const;
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    /// The bundled sample (a resource path; an installed copy is not needed).
    [[nodiscard]] static QString samplePath();
    [[nodiscard]] static QString sampleLabelsPath();
    /// Off for --screenshot runs: don't overwrite the user's saved geometry.
    void setSaveSettings(bool on) { m_saveSettings = on; }
    [[nodiscard]] EditActions* editing() const { return m_editing; }

public slots:
    void open();
    DocumentView* openSample();
    void attachLabels();
    void closeTab(int index);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    QStackedWidget* createDock(const QString& title, const QString& name, Qt::DockWidgetArea area);
    void onCurrentChanged();
    void updateTitle();
    void showPanels(DocumentView* view);
    [[nodiscard]] QString lastFolder() const;
    void setLastFolder(const QString& fileOrFolder);

    QStackedWidget* m_central;
    WelcomePage* m_welcome;
    QTabWidget* m_tabs;
    QStackedWidget* m_headerDock;
    QStackedWidget* m_statsDock;
    QStackedWidget* m_navigationDock;
    QLabel* m_pixelInfo;
    QLabel* m_recordInfo;
    JobProgress* m_progress;
    RecentFiles* m_recent;
    QList<QAction*> m_documentActions; // enabled only with a document
    QAction* m_detachLabels = nullptr;
    QAction* m_saveAnchor = nullptr; // File menu: the save actions go before it
    EditActions* m_editing = nullptr;
    bool m_saveSettings = true;
};
