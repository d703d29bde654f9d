// Application: the QApplication of idxscope: names, icon, command line (FILE..., --screenshot OUT.png
// [--size WxH], --new-instance) and the main window. main.cpp only constructs it and calls run().
#pragma once

#include <QApplication>
#include <QSize>
#include <QStringList>

namespace idx::gui {

class MainWindow;

struct CommandLine {
    QStringList files;
    QString screenshot; // empty: normal interactive run
    QSize size;         // invalid: default / remembered size
    bool newInstance = false;
    bool quitAfterFirstPaint = false; // benchmark hook: print "first-paint RSS_KIB" and quit
    QString error;                    // set when the arguments are unusable
};

class Application : public QApplication {
    Q_OBJECT
public:
    Application(int& argc, char** argv);
    ~Application() override;

    /// Parses arguments (QCommandLineParser exits itself for --help/--version).
    [[nodiscard]] static CommandLine parse(const QStringList& arguments);
    /// Sets organisation/application names, the desktop file name and the window icon.
    static void setupIdentity();
    /// Registers the bundled resources (icons, sample): needed because they live in a static library.
    static void initResources();

    /// Shows the main window with the files of the command line and runs the event loop.
    int run();

private:
    int runScreenshot(const CommandLine& cl);

    MainWindow* m_window = nullptr;
};

} // namespace idx::gui
