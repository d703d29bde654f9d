// MainWindow: construction of the menus (from the ActionRegistry), docks and status bar; the controllers
// made and connected; open/drop/recent/settings and the docks following the current tab.
#include "mainwindow.h"

#include "accessibility.h"
#include "actionregistry.h"
#include "appresources.h"
#include "changelogactions.h"
#include "classnamesdialog.h"
#include "discardguard.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "editcontroller.h"
#include "exportcontroller.h"
#include "exportprompts.h"
#include "featurelist.h"
#include "filefilters.h"
#include "jobprogress.h"
#include "paneldocks.h"
#include "recentfiles.h"
#include "savecontroller.h"
#include "settings.h"
#include "statustimeouts.h"
#include "viewactions.h"
#include "welcomepage.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

namespace idx::gui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_actions(new ActionRegistry(this)), m_documents(new DocumentManager(this))
{
    initAppResources();
    installAccessibility();
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    m_central = new QStackedWidget(this);
    m_welcome = new WelcomePage(m_central);
    m_central->addWidget(m_welcome);
    m_central->addWidget(m_documents->tabs());
    setCentralWidget(m_central);

    registerFeatures();
    m_docks = new PanelDocks(this, m_documents);

    m_pixelInfo = new QLabel(this);
    m_recordInfo = new QLabel(this);
    m_progress = new JobProgress(this);
    m_progress->setObjectName(QStringLiteral("loadProgress"));
    m_progress->setCancelToolTip(tr("Stop loading; the records read so far stay available"));
    statusBar()->addWidget(m_pixelInfo, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_recordInfo);

    m_recent = new RecentFiles(this);
    connect(m_recent, &RecentFiles::openRequested, this, &MainWindow::openFile);
    createMenus();
    createControllers();
    m_actions->setMenuBar(menuBar());
    connect(m_documents, &DocumentManager::documentOpened, this, &MainWindow::onDocumentOpened);
    connect(m_documents, &DocumentManager::currentDocumentChanged, this, &MainWindow::onCurrentChanged);
    WelcomePage* welcome = m_welcome;
    connect(welcome, &WelcomePage::openRequested, this, &MainWindow::open);
    connect(welcome, &WelcomePage::sampleRequested, this, &MainWindow::openSample);
    connect(welcome, &WelcomePage::recentRequested, this, &MainWindow::openFile);
    connect(m_recent, &RecentFiles::changed, welcome,
            [this, welcome] { welcome->setRecentFiles(m_recent->files()); });
    welcome->setRecentFiles(m_recent->files());

    resize(Settings::kDefaultWindowSize);
    restoreGeometry(Settings::windowGeometry());
    restoreState(Settings::windowState());
    onCurrentChanged();
}

MainWindow::~MainWindow()
{
    // Views own the panels shown in the docks: they go before the docks.
    delete m_documents;
}

void MainWindow::createControllers()
{
    // Any order: each places its actions by id (ActionRegistry) and follows the current document.
    m_saving = new SaveController(m_documents, m_actions, this);
    m_editing = new EditController(m_documents, m_actions, this);
    auto* changeLog = new ChangeLogActions(m_documents, m_actions, this);
    new ViewActions(m_documents, m_actions, this);
    m_exporting = new ExportController(m_documents, this);
    new ExportPrompts(m_exporting, m_documents, m_actions, this);
    statusBar()->addPermanentWidget(m_saving->createProgressBar(statusBar()));
    statusBar()->addPermanentWidget(m_exporting->createProgressArea(statusBar()));
    addToolBar(m_editing->brushBar());
    QStatusBar* bar = statusBar();
    connect(m_saving, &SaveController::statusMessage, bar, &QStatusBar::showMessage);
    connect(m_editing, &EditController::statusMessage, bar, &QStatusBar::showMessage);
    connect(changeLog, &ChangeLogActions::statusMessage, bar, &QStatusBar::showMessage);
    connect(m_exporting, &ExportController::statusMessage, bar, &QStatusBar::showMessage);
}

void MainWindow::createMenus()
{
    ActionRegistry* r = m_actions;
    const std::pair<QLatin1String, QString> menus[] = {
        {MenuId::File, tr("&File")}, {MenuId::Edit, tr("&Edit")}, {MenuId::Export, tr("E&xport")},
        {MenuId::View, tr("&View")}, {MenuId::Go, tr("&Go")},     {MenuId::Help, tr("&Help")}};
    for (const auto& [id, title] : menus) {
        r->addMenu(id, title);
        r->place(MenuId::Bar, id);
    }
    for (QLatin1String section :
         {SectionId::FileImport, SectionId::FileSave, SectionId::FileDocument, SectionId::FileClose})
        r->addSection(MenuId::File, section);
    r->addSection(MenuId::Edit, SectionId::EditChangeLog);
    r->addSection(MenuId::Edit, SectionId::EditClipboard);
    const QString viewDocks = QStringLiteral("view.section.docks");
    const QString viewWindow = QStringLiteral("view.section.window");
    r->addSection(MenuId::View, viewDocks);
    r->addSection(MenuId::View, viewWindow);

    // An action of this window in `menu` (at the end of `section`), registered as `id`.
    const auto add = [this, r](const QString& menu, const QString& id, const QString& text,
                               QList<QKeySequence> keys, auto fn, const QString& section = {}) {
        auto* a = new QAction(text, this);
        a->setShortcuts(keys);
        connect(a, &QAction::triggered, this, fn);
        r->add(menu, id, a, section);
        return a;
    };
    const auto forView = [this](auto fn) {
        return [this, fn] {
            if (DocumentView* v = m_documents->currentView())
                fn(v);
        };
    };
    add(MenuId::File, QStringLiteral("file.open"), tr("&Open…"), {QKeySequence::Open}, [this] { open(); });
    r->add(MenuId::File, QStringLiteral("file.recent"), m_recent->menuAction());
    add(MenuId::File, QStringLiteral("file.sample"), tr("Open &Sample"), {}, [this] { openSample(); });
    QAction* attach = add(
        MenuId::File, QStringLiteral("file.attachLabels"), tr("Attach &Labels…"), {},
        [this] { attachLabels(); }, SectionId::FileDocument);
    m_detachLabels = add(MenuId::File, QStringLiteral("file.detachLabels"), tr("&Detach Labels"), {},
                         forView([this](DocumentView* v) {
                             if (confirmDiscard(this, v->document(), tr("Detach Labels")))
                                 v->document()->detachLabels();
                         }),
                         SectionId::FileDocument);
    m_classNames =
        add(MenuId::File, QStringLiteral("file.classNames"), tr("Class &Names…"), {},
            forView([this](DocumentView* v) { editClassNames(v->document()); }), SectionId::FileDocument);
    QAction* reload = add(MenuId::File, QStringLiteral("file.reload"), tr("Re&load"), {QKeySequence::Refresh},
                          forView([this](DocumentView* v) {
                              if (confirmDiscard(this, v->document(), tr("Reload")))
                                  v->document()->reload();
                          }),
                          SectionId::FileDocument);
    QAction* close = add(MenuId::File, QStringLiteral("file.close"), tr("&Close"), {QKeySequence::Close},
                         forView([this](DocumentView* v) { m_documents->close(v); }), SectionId::FileClose);
    QAction* quit = add(
        MenuId::File, QStringLiteral("file.quit"), tr("&Quit"), {QKeySequence::Quit},
        [this] { QWidget::close(); }, SectionId::FileClose);
    quit->setMenuRole(QAction::QuitRole);
    m_documentActions << attach << reload << close;

    m_docks->addMenuItems(r, MenuId::View, viewDocks, &m_documentActions);
    QAction* full = add(
        MenuId::View, QStringLiteral("view.fullScreen"), tr("F&ull Screen"), {QKeySequence::FullScreen},
        [this](bool on) {
            setWindowState(on ? windowState() | Qt::WindowFullScreen : windowState() & ~Qt::WindowFullScreen);
        },
        viewWindow);
    full->setCheckable(true);

    QAction* about = add(MenuId::Help, QStringLiteral("help.about"), tr("&About IdxScope"), {}, [this] {
        QMessageBox::about(
            this, tr("About IdxScope"),
            tr("<h3>IdxScope %1</h3><p>An inspector for IDX tensor files (MNIST and family).</p>")
                .arg(QStringLiteral(IDXSCOPE_VERSION)));
    });
    about->setMenuRole(QAction::AboutRole);
}

QString MainWindow::samplePath()
{
    return QStringLiteral(":/sample/fashion-sample-images-idx3-ubyte.gz");
}

QString MainWindow::sampleLabelsPath()
{
    return QStringLiteral(":/sample/fashion-sample-labels-idx1-ubyte.gz");
}

DocumentView* MainWindow::openFile(const QString& path)
{
    return m_documents->open(path);
}

void MainWindow::openFiles(const QStringList& paths)
{
    for (const QString& p : paths)
        openFile(p);
}

void MainWindow::onDocumentOpened(DocumentView* view)
{
    const auto ifCurrent = [this, view](auto fn) {
        return [this, view, fn] {
            if (view == m_documents->currentView())
                fn();
        };
    };
    connect(view, &DocumentView::statusMessage, m_pixelInfo, &QLabel::setText);
    connect(view, &DocumentView::editMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, StatusTimeout::kResultMs); });
    connect(view, &DocumentView::recordInfoChanged, this, [this, view](const QString& text) {
        if (view == m_documents->currentView())
            m_recordInfo->setText(text);
    });
    connect(view, &DocumentView::actionRequested, this, [this](const QString& id) {
        if (QAction* a = m_actions->action(id))
            a->trigger();
    });
    connect(view, &DocumentView::panelsChanged, this, ifCurrent([this, view] { m_docks->showPanels(view); }));
    m_docks->follow(view);
    connect(view->document(), &Document::labelsChanged, this, ifCurrent([this] { updateActions(); }));
    connect(view->document(), &Document::modifiedChanged, this, ifCurrent([this] { updateTitle(); }));
    connect(view->document(), &Document::reloaded, this, ifCurrent([this] { updateTitle(); }));
    if (view->document()->headerValid())
        m_recent->add(view->document()->path());
    Settings::setLastFolder(view->document()->path());
}

void MainWindow::open()
{
    const QStringList paths =
        QFileDialog::getOpenFileNames(this, tr("Open IDX Files"), Settings::lastFolder(), openFilters());
    openFiles(paths);
}

DocumentView* MainWindow::openSample()
{
    DocumentView* view = openFile(samplePath());
    if (!view->document()->labelsFile())
        view->document()->attachLabels(sampleLabelsPath());
    return view;
}

void MainWindow::attachLabels()
{
    DocumentView* v = m_documents->currentView();
    if (!v)
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Attach Labels File"), Settings::lastFolder(),
        fileFilters(
            {{tr("IDX files"), "*-idx?-ubyte *.idx?-ubyte *-idx?-int *.idx *.gz *.xz"}, allFilesFilter()}));
    if (path.isEmpty())
        return;
    Settings::setLastFolder(path);
    QString error;
    if (!v->document()->attachLabels(path, &error))
        statusBar()->showMessage(error,
                                 StatusTimeout::kFailureMs); // the tab's notice bar keeps showing it too
}

void MainWindow::onCurrentChanged()
{
    DocumentView* v = m_documents->currentView();
    m_central->setCurrentWidget(v ? static_cast<QWidget*>(m_documents->tabs()) : m_welcome);
    updateActions();
    m_progress->setJob(v ? v->document()->loadJob() : nullptr);
    m_pixelInfo->clear();
    m_recordInfo->setText(v ? v->recordInfo() : QString());
    m_docks->showPanels(v);
    updateTitle();
}

void MainWindow::updateActions()
{
    DocumentView* v = m_documents->currentView();
    for (QAction* a : std::as_const(m_documentActions))
        a->setEnabled(v != nullptr);
    m_detachLabels->setEnabled(v && v->document()->labelsFile());
    m_classNames->setEnabled(v && v->document()->canNameClasses());
}

void MainWindow::editClassNames(Document* doc)
{
    if (!doc->canNameClasses())
        return;
    ClassNamesDialog dialog(doc, this);
    if (dialog.exec() == QDialog::Accepted)
        dialog.apply();
}

void MainWindow::updateTitle()
{
    DocumentView* v = m_documents->currentView();
    // The platform appends the application display name ("file — IdxScope"); [*] marks unsaved edits.
    setWindowTitle(v ? v->document()->displayName() + QStringLiteral("[*]") : QString());
    setWindowFilePath(v ? v->document()->path() : QString());
    setWindowModified(v && v->document()->isModified());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // Unsaved edits in any tab: ask for each (a Save closes the window again once it succeeded).
    if (!m_documents->releaseAll([this] { close(); })) {
        event->ignore();
        return;
    }
    if (m_saveSettings)
        Settings::setWindowLayout(saveGeometry(), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile()) {
            event->acceptProposedAction();
            return;
        }
    }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    openFiles(paths);
}

} // namespace idx::gui
