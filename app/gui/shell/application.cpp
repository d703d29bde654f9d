// Application: command line, identity, and the --screenshot mode that waits (on signals) for the first image
// and the statistics before grabbing the window.
#include "application.h"

#include "appresources.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "fileopeneventfilter.h"
#include "gallerymodel.h"
#include "galleryview.h"
#include "imageview.h"
#include "mainwindow.h"
#include "settings.h"
#include "singleinstance.h"
#include "startuprecovery.h"
#include "translations.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QIcon>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <utility>

namespace idx::gui {

namespace {
// Resident set size in KiB from /proc (Linux), -1 elsewhere.
long long residentKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

void printError(const QString& text)
{
    std::fprintf(stderr, "idxscope: %s\n", qPrintable(text));
}
} // namespace

Application::Application(int& argc, char** argv) : QApplication(argc, argv)
{
    setupIdentity();
    // Before anything is said: the command line's help and errors are translated too.
    idx::i18n::installTranslations(this);
}

void Application::initResources()
{
    initAppResources();
}

Application::~Application()
{
    delete m_window;
}

void Application::setupIdentity()
{
    initResources();
    QCoreApplication::setOrganizationName(QStringLiteral("idxscope"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("idxscope.github.io"));
    QCoreApplication::setApplicationName(QStringLiteral("IdxScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(IDXSCOPE_VERSION));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("IdxScope"));
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.idxscope.IdxScope"));
    QGuiApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/idxscope.svg")));
}

CommandLine Application::parse(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Inspector for IDX tensor files (MNIST and family)."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("files"), tr("IDX files to open."), tr("[FILE...]"));
    const QCommandLineOption shot(
        QStringLiteral("screenshot"),
        tr("Open the files, wait for the first image and the statistics, save a picture "
           "of the window to OUT.png and exit."),
        tr("OUT.png"));
    const QCommandLineOption size(QStringLiteral("size"), tr("Window size for --screenshot, e.g. 1280x800."),
                                  tr("WxH"));
    const QCommandLineOption newInstance(QStringLiteral("new-instance"),
                                         tr("Open a new window even if IdxScope is already running."));
    QCommandLineOption firstPaint(
        QStringLiteral("quit-after-first-paint"),
        tr("Print \"first-paint\" and the resident memory in KiB when the first image "
           "is on screen, then quit (for benchmarks)."));
    firstPaint.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({shot, size, newInstance, firstPaint});
    parser.process(arguments);

    CommandLine cl;
    cl.files = parser.positionalArguments();
    cl.screenshot = parser.value(shot);
    cl.newInstance = parser.isSet(newInstance);
    cl.quitAfterFirstPaint = parser.isSet(firstPaint);
    if (parser.isSet(size)) {
        static const QRegularExpression re(QStringLiteral("^(\\d{2,5})[xX](\\d{2,5})$"));
        const auto m = re.match(parser.value(size));
        if (m.hasMatch())
            cl.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
        else
            cl.error = tr("--size wants WIDTHxHEIGHT, e.g. 1280x800, not “%1”.").arg(parser.value(size));
    }
    return cl;
}

int Application::run()
{
    const CommandLine cl = parse(arguments());
    if (!cl.error.isEmpty()) {
        printError(cl.error);
        return 2;
    }
    // One window per user session: a second start hands its files to the running one and exits.
    SingleInstance* instance = nullptr;
    if (!cl.newInstance && cl.screenshot.isEmpty()) {
        instance = new SingleInstance(this);
        if (instance->start() == SingleInstance::Role::Secondary && instance->sendToPrimary(cl.files))
            return 0;
    }
    m_window = new MainWindow;
    if (!cl.screenshot.isEmpty())
        return runScreenshot(cl); // waits for the statistics with the first image: features with the content
    DocumentView::setFeaturesAfterFirstPaint(true); // every view of this process is shown in the window
    if (instance && instance->isPrimary()) {
        connect(instance, &SingleInstance::filesReceived, m_window, &MainWindow::openFiles);
        connect(instance, &SingleInstance::activationRequested, m_window, [w = m_window] {
            w->setWindowState(w->windowState() & ~Qt::WindowMinimized);
            w->show();
            w->raise();
            w->activateWindow();
        });
    }
    // macOS hands documents (Finder, Dock, launch) to the application object as QFileOpenEvents.
    connect(new FileOpenEventFilter(this), &FileOpenEventFilter::fileOpenRequested, m_window,
            &MainWindow::openFile);
    if (cl.size.isValid())
        m_window->resize(cl.size);
    m_window->show();
    m_window->activateWindow(); // without a window manager nothing else gives the new window the keyboard
    m_window->openFiles(cl.files);
    // Edits a crashed session left unsaved: offered once the window is up (a benchmark run skips it).
    if (!cl.quitAfterFirstPaint) {
        if (RecoveryPrompt* prompt = RecoveryPrompt::offer(m_window->documents(), m_window))
            connect(prompt, &RecoveryPrompt::statusMessage, m_window->statusBar(), &QStatusBar::showMessage);
    }
    if (cl.quitAfterFirstPaint) {
        m_window->setSaveSettings(false);
        DocumentView* view = m_window->documents()->currentView();
        if (!view || view->showsError() || !view->imageView())
            return 1;
        connect(view->imageView(), &ImageView::imagePainted, this, [] {
            std::printf("first-paint %lld\n", residentKiB());
            std::fflush(stdout);
            QCoreApplication::exit(0);
        });
    }
    return exec();
}

int Application::runScreenshot(const CommandLine& cl)
{
    m_window->setSaveSettings(false);
    m_window->resize(cl.size.isValid() ? cl.size : Settings::kDefaultWindowSize);
    m_window->show();
    m_window->openFiles(cl.files);
    for (DocumentView* v : m_window->documents()->views()) {
        if (v->showsError()) {
            printError(tr("cannot open %1: %2")
                           .arg(QDir::toNativeSeparators(v->document()->path()),
                                idx::firstError(v->document()->diagnostics())));
            return 1;
        }
    }
    const QString out = cl.screenshot;
    auto grab = [this, out] {
        // Grabbing repaints the whole window from its current state: everything the signals announced is in
        // it.
        const QPixmap pixmap = m_window->grab();
        if (!pixmap.save(out, "PNG")) {
            printError(tr("cannot write %1").arg(QDir::toNativeSeparators(out)));
            exit(1);
            return;
        }
        exit(0);
    };
    DocumentView* view = m_window->documents()->currentView();
    if (!view) {
        QTimer::singleShot(0, this, grab);
    } else {
        // First image and statistics, then the gallery's visible thumbnails (they render once it is painted).
        auto grabOnce = [grab, done = std::make_shared<bool>(false)] {
            if (!std::exchange(*done, true))
                grab();
        };
        auto whenThumbnails = [this, view, grabOnce] {
            auto check = [view, grabOnce] {
                if (view->visibleThumbnailsReady())
                    grabOnce();
            };
            if (GalleryView* g = view->gallery())
                connect(g->model()->thumbnails(), &ThumbnailCache::thumbnailReady, this,
                        [this, check] { QTimer::singleShot(0, this, check); });
            // Let the paint that made the view ready finish (it requests the thumbnails) before checking.
            QTimer::singleShot(0, this, check);
        };
        if (view->isReady())
            whenThumbnails();
        else
            connect(view, &DocumentView::ready, this, whenThumbnails);
        // Never hang a script: after a generous limit, take what is there.
        QTimer::singleShot(120000, this, [grab] {
            printError(tr("timed out waiting for the document; saving what is shown"));
            grab();
        });
    }
    return exec();
}

} // namespace idx::gui
