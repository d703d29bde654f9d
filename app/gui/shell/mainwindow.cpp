// MainWindow: construction of menus, docks and the status bar; tab bookkeeping; open/drop/recent/settings.
#include "mainwindow.h"

#include "discardguard.h"

#include "application.h"
#include "document.h"
#include "documentview.h"
#include "editactions.h"
#include "exportactions.h"
#include "galleryview.h"
#include "headerpanel.h"
#include "imageview.h"
#include "jobprogress.h"
#include "recentfiles.h"
#include "welcomepage.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    Application::initResources();
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    m_central = new QStackedWidget(this);
    m_welcome = new WelcomePage(m_central);
    m_tabs = new QTabWidget(m_central);
    m_tabs->setDocumentMode(true);
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_central->addWidget(m_welcome);
    m_central->addWidget(m_tabs);
    setCentralWidget(m_central);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &MainWindow::closeTab);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::onCurrentChanged);

    m_headerDock = createDock(tr("Header"), QStringLiteral("headerDock"), Qt::RightDockWidgetArea);
    m_statsDock = createDock(tr("Statistics"), QStringLiteral("statsDock"), Qt::RightDockWidgetArea);
    m_navigationDock =
        createDock(tr("Navigation"), QStringLiteral("navigationDock"), Qt::RightDockWidgetArea);
    // Header and navigation share a tab group; the statistics get the rest of the column.
    auto* headerDock = static_cast<QDockWidget*>(m_headerDock->parentWidget());
    auto* navigationDock = static_cast<QDockWidget*>(m_navigationDock->parentWidget());
    auto* statsDock = static_cast<QDockWidget*>(m_statsDock->parentWidget());
    tabifyDockWidget(headerDock, navigationDock);
    // One row of controls per axis: a tensor with hundreds of axes must scroll, not stretch the window.
    auto* navigationScroll = new QScrollArea(navigationDock);
    navigationScroll->setWidgetResizable(true);
    navigationScroll->setFrameShape(QFrame::NoFrame);
    navigationScroll->setWidget(m_navigationDock);
    navigationDock->setWidget(navigationScroll);
    headerDock->raise();
    resizeDocks({headerDock}, {380}, Qt::Horizontal);
    resizeDocks({headerDock, statsDock}, {330, 470}, Qt::Vertical);

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
    createActions();
    m_editing = new EditActions(this); // the Edit menu, saving, journals (before Export: it adds to Edit)
    auto* fileMenu = qobject_cast<QWidget*>(m_saveAnchor->parent());
    fileMenu->insertActions(
        m_saveAnchor, {m_editing->saveAction(), m_editing->saveAsAction(), m_editing->saveLabelsAsAction()});
    new ExportActions(this); // Export menu, File ▸ Import, Edit ▸ Copy Image
    WelcomePage* welcome = m_welcome;
    connect(welcome, &WelcomePage::openRequested, this, &MainWindow::open);
    connect(welcome, &WelcomePage::sampleRequested, this, &MainWindow::openSample);
    connect(welcome, &WelcomePage::recentRequested, this, &MainWindow::openFile);
    connect(m_recent, &RecentFiles::changed, welcome,
            [this, welcome] { welcome->setRecentFiles(m_recent->files()); });
    welcome->setRecentFiles(m_recent->files());

    resize(1280, 800);
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    onCurrentChanged();
}

MainWindow::~MainWindow()
{
    // Views own the panels shown in the docks: delete them before the docks go.
    while (m_tabs->count() > 0)
        delete m_tabs->widget(0);
}

QStackedWidget* MainWindow::createDock(const QString& title, const QString& name, Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(name);
    auto* stack = new QStackedWidget(dock);
    auto* empty = new QLabel(tr("No file open"), stack);
    empty->setAlignment(Qt::AlignCenter);
    empty->setEnabled(false);
    stack->addWidget(empty);
    dock->setWidget(stack);
    addDockWidget(area, dock);
    return stack;
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::open);
    open->setShortcut(QKeySequence::Open);
    file->addMenu(m_recent);
    file->addAction(tr("Open &Sample"), this, &MainWindow::openSample);
    file->addSeparator();
    m_saveAnchor = file->addSeparator(); // Save, Save As, Save Labels as New File go before it
    QAction* attach = file->addAction(tr("Attach &Labels…"), this, &MainWindow::attachLabels);
    m_detachLabels = file->addAction(tr("&Detach Labels"), this, [this] {
        if (DocumentView* v = currentView(); v && confirmDiscard(this, v->document(), tr("Detach Labels")))
            v->document()->detachLabels();
    });
    QAction* reload = file->addAction(tr("Re&load"), this, [this] {
        if (DocumentView* v = currentView(); v && confirmDiscard(this, v->document(), tr("Reload")))
            v->document()->reload();
    });
    reload->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    QAction* close = file->addAction(tr("&Close"), this, [this] { closeTab(m_tabs->currentIndex()); });
    close->setShortcut(QKeySequence::Close);
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
    m_documentActions << attach << reload << close;

    QMenu* view = menuBar()->addMenu(tr("&View"));
    auto imageAction = [this, view](const QString& text, QList<QKeySequence> keys,
                                    void (ImageView::*slot)()) {
        QAction* a = view->addAction(text, this, [this, slot] {
            if (DocumentView* v = currentView(); v && v->imageView())
                (v->imageView()->*slot)();
        });
        a->setShortcuts(keys);
        m_documentActions << a;
    };
    imageAction(tr("Zoom &In"), {QKeySequence::ZoomIn, QKeySequence(Qt::Key_Plus)}, &ImageView::zoomIn);
    imageAction(tr("Zoom &Out"), {QKeySequence::ZoomOut, QKeySequence(Qt::Key_Minus)}, &ImageView::zoomOut);
    imageAction(tr("&Fit"), {QKeySequence(Qt::CTRL | Qt::Key_0)}, &ImageView::zoomFit);
    imageAction(tr("&Actual Pixels"), {QKeySequence(Qt::Key_0)}, &ImageView::zoomActual);
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    QAction* full = view->addAction(tr("F&ull Screen"), this, [this](bool on) {
        setWindowState(on ? windowState() | Qt::WindowFullScreen : windowState() & ~Qt::WindowFullScreen);
    });
    full->setCheckable(true);
    full->setShortcut(QKeySequence::FullScreen);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    auto goAction = [this, go](const QString& text, QKeySequence key, auto fn) {
        QAction* a = go->addAction(text, this, [this, fn] {
            if (DocumentView* v = currentView())
                fn(v);
        });
        a->setShortcut(key);
        m_documentActions << a;
    };
    goAction(tr("&Previous Record"), QKeySequence(Qt::Key_Left), [](DocumentView* v) { v->stepRecord(-1); });
    goAction(tr("&Next Record"), QKeySequence(Qt::Key_Right), [](DocumentView* v) { v->stepRecord(1); });
    goAction(tr("Page &Back"), QKeySequence(Qt::Key_PageUp),
             [](DocumentView* v) { v->stepRecord(-DocumentView::kPage); });
    goAction(tr("Page &Forward"), QKeySequence(Qt::Key_PageDown),
             [](DocumentView* v) { v->stepRecord(DocumentView::kPage); });
    goAction(tr("&First Record"), QKeySequence(Qt::Key_Home), [](DocumentView* v) { v->firstRecord(); });
    goAction(tr("&Last Record"), QKeySequence(Qt::Key_End), [](DocumentView* v) { v->lastRecord(); });
    go->addSeparator();
    goAction(tr("&Go to Record…"), QKeySequence(Qt::CTRL | Qt::Key_G),
             [](DocumentView* v) { v->focusJump(); });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(tr("&About IdxScope"), this, [this] {
        QMessageBox::about(
            this, tr("About IdxScope"),
            tr("<h3>IdxScope %1</h3><p>An inspector for IDX tensor files (MNIST and family).</p>")
                .arg(QStringLiteral(IDXSCOPE_VERSION)));
    });
    about->setMenuRole(QAction::AboutRole);
}

DocumentView* MainWindow::currentView() const
{
    return qobject_cast<DocumentView*>(m_tabs->currentWidget());
}

DocumentView* MainWindow::viewAt(int index) const
{
    return qobject_cast<DocumentView*>(m_tabs->widget(index));
}

int MainWindow::documentCount() const
{
    return m_tabs->count();
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
    const QString abs = path.startsWith(QLatin1Char(':')) ? path : QFileInfo(path).absoluteFilePath();
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (viewAt(i)->document()->path() == abs) {
            m_tabs->setCurrentIndex(i);
            return viewAt(i);
        }
    }
    auto* view = new DocumentView(abs, m_tabs);
    connect(view, &DocumentView::statusMessage, m_pixelInfo, &QLabel::setText);
    connect(view, &DocumentView::recordInfoChanged, this, [this, view](const QString& text) {
        if (view == currentView())
            m_recordInfo->setText(text);
    });
    connect(view, &DocumentView::attachLabelsRequested, this, &MainWindow::attachLabels);
    connect(view, &DocumentView::panelsChanged, this, [this, view] {
        if (view == currentView())
            showPanels(view);
    });
    const int index = m_tabs->addTab(view, view->document()->displayName());
    m_tabs->setTabToolTip(index, QDir::toNativeSeparators(abs));
    // A damaged or unreadable file is marked on its tab too, so it is noticed from any other tab.
    auto markTab = [this, view] {
        const int i = m_tabs->indexOf(view);
        const bool bad = view->showsError() || idx::hasError(view->document()->diagnostics());
        m_tabs->setTabIcon(i, bad ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
    };
    markTab();
    connect(view->document(), &Document::diagnosticsChanged, this, markTab);
    connect(view->document(), &Document::reloaded, this, markTab);
    m_tabs->setCurrentIndex(index);
    if (view->document()->headerValid())
        m_recent->add(abs);
    setLastFolder(abs);
    return view;
}

void MainWindow::openFiles(const QStringList& paths)
{
    for (const QString& p : paths)
        openFile(p);
}

void MainWindow::open()
{
    const QStringList filters{tr("IDX files (*-idx?-ubyte *.idx?-ubyte *-idx?-int *-idx?-float *-idx?-double "
                                 "*-idx?-short *.idx *.gz *.xz)"),
                              tr("All files (*)")};
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open IDX Files"), lastFolder(),
                                                            filters.join(QStringLiteral(";;")));
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
    DocumentView* v = currentView();
    if (!v)
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Attach Labels File"), lastFolder(),
        tr("IDX files (*-idx?-ubyte *.idx?-ubyte *-idx?-int *.idx *.gz *.xz);;All files (*)"));
    if (path.isEmpty())
        return;
    setLastFolder(path);
    QString error;
    if (!v->document()->attachLabels(path, &error))
        statusBar()->showMessage(error, 10000); // the tab's notice bar keeps showing it too
}

void MainWindow::closeTab(int index)
{
    DocumentView* view = viewAt(index);
    if (!view)
        return;
    // Unsaved edits: Save (closes once saved) / Discard / Cancel.
    if (!m_editing->confirmClose(view, [this, view] { closeTab(m_tabs->indexOf(view)); }))
        return;
    m_editing->forget(view);
    m_tabs->removeTab(index);
    delete view; // cancels and waits for its background work
}

void MainWindow::onCurrentChanged()
{
    DocumentView* v = currentView();
    m_central->setCurrentWidget(v ? static_cast<QWidget*>(m_tabs) : m_welcome);
    for (QAction* a : std::as_const(m_documentActions))
        a->setEnabled(v != nullptr);
    m_detachLabels->setEnabled(v && v->document()->labelsFile());
    m_progress->setJob(v ? v->document()->loadJob() : nullptr);
    m_pixelInfo->clear();
    m_recordInfo->setText(v ? v->recordInfo() : QString());
    showPanels(v);
    updateTitle();
    if (v) {
        connect(v->document(), &Document::labelsChanged, this, &MainWindow::onCurrentChanged,
                Qt::UniqueConnection);
        connect(v->document(), &Document::modifiedChanged, this, &MainWindow::updateTitle,
                Qt::UniqueConnection);
    }
}

void MainWindow::updateTitle()
{
    DocumentView* v = currentView();
    // The platform appends the application display name ("file — IdxScope"); [*] marks unsaved edits.
    setWindowTitle(v ? v->document()->displayName() + QStringLiteral("[*]") : QString());
    setWindowFilePath(v ? v->document()->path() : QString());
    setWindowModified(v && v->document()->isModified());
    for (int i = 0; i < m_tabs->count(); ++i) {
        Document* doc = viewAt(i)->document();
        m_tabs->setTabText(i, doc->displayName() + (doc->isModified() ? QStringLiteral(" *") : QString()));
    }
}

void MainWindow::showPanels(DocumentView* view)
{
    const std::pair<QStackedWidget*, QWidget*> pairs[] = {
        {m_headerDock, view ? view->headerPanel() : nullptr},
        {m_statsDock, view ? view->statsPanel() : nullptr},
        {m_navigationDock, view ? view->navigationPanel() : nullptr}};
    for (auto [stack, panel] : pairs) {
        if (panel && stack->indexOf(panel) < 0)
            stack->addWidget(panel);
        if (auto* placeholder = qobject_cast<QLabel*>(stack->widget(0)))
            placeholder->setText(view ? tr("Not available for this file") : tr("No file open"));
        stack->setCurrentWidget(panel ? panel : stack->widget(0));
    }
    // Beyond images (N × H × W) the axes are what needs choosing first: bring the navigation to the front.
    if (view && view->navigationPanel() && view->document()->headerValid() &&
        view->document()->file()->header().ndim() >= 4)
        for (QWidget* w = m_navigationDock; w; w = w->parentWidget())
            if (auto* dock = qobject_cast<QDockWidget*>(w)) {
                dock->raise();
                break;
            }
}

QString MainWindow::lastFolder() const
{
    const QString home = QStandardPaths::writableLocation(QStandardPaths::HomeLocation);
    return QSettings().value(QStringLiteral("lastFolder"), home).toString();
}

void MainWindow::setLastFolder(const QString& fileOrFolder)
{
    if (fileOrFolder.startsWith(QLatin1Char(':')))
        return;
    const QFileInfo info(fileOrFolder);
    QSettings().setValue(QStringLiteral("lastFolder"),
                         info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // Unsaved edits in any tab: ask for each (a Save closes the window again once it succeeded).
    if (!m_editing->confirmCloseAll([this] { close(); })) {
        event->ignore();
        return;
    }
    for (int i = 0; i < m_tabs->count(); ++i)
        m_editing->forget(viewAt(i));
    if (m_saveSettings) {
        QSettings settings;
        settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
        settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    }
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
