// guiprobe FILE: opens FILE in the real MainWindow (offscreen), waits until its DocumentView is ready (the
// inline error page, or the content with its first image, statistics and warnings), prints what a person
// would read and exits 0. Output lines: "page: error" or "page: content", then "error: ..." / "warning: ..."
// / "notice: ...". Exit 2 when the view never became ready within 20 s (the test's own 2 s limit is far below
// that).
#include "documentview.h"
#include "mainwindow.h"

#include <QApplication>
#include <QStandardPaths>
#include <QTextDocumentFragment>
#include <QTimer>

#include <cstdio>

using namespace idx::gui;

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true); // no settings or recent files written
    QApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: guiprobe FILE\n");
        return 64;
    }
    MainWindow window;
    window.setSaveSettings(false);
    window.show();
    DocumentView* view = window.openFile(QString::fromLocal8Bit(argv[1]));
    if (!view)
        return 3;
    int status = 0;
    auto report = [&] {
        const auto plain = [](const QString& html) {
            return QTextDocumentFragment::fromHtml(html).toPlainText().simplified();
        };
        // Every registered panel is made on the malformed file too (hidden docks make theirs only when
        // shown).
        for (const PanelSpec& spec : PanelRegistry::instance().panels())
            view->panels()->panel(spec.id);
        QCoreApplication::processEvents();
        std::printf("page: %s\n", view->showsError() ? "error" : "content");
        if (view->showsError())
            std::printf("error: %s\n", qPrintable(plain(view->errorText())));
        if (!view->warningText().isEmpty())
            std::printf("warning: %s\n", qPrintable(plain(view->warningText())));
        if (!view->noticeText().isEmpty())
            std::printf("notice: %s\n", qPrintable(plain(view->noticeText())));
        std::fflush(stdout);
        app.quit();
    };
    if (view->isReady()) {
        report();
        return 0;
    }
    QObject::connect(view, &DocumentView::ready, &app, report);
    QTimer::singleShot(20000, &app, [&] {
        status = 2;
        app.quit();
    });
    app.exec();
    return status;
}
