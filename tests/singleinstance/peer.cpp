// idxscope-sipeer: a second process for tst_singleinstance, driving SingleInstance as idxscope's main()
// would.
//   idxscope-sipeer KEY send FILE...  forward FILE... to the primary of KEY; exit 0 when acknowledged, 3 if
//   this
//                                     process became the primary itself, 1 if no primary answered
//   idxscope-sipeer KEY serve         become the primary of KEY (exit 3 if another is), print "primary" and
//   then
//                                     one line "files\tPATH\tPATH..." per request until killed
#include "singleinstance.h"

#include <QCoreApplication>

#include <cstdio>

using namespace idx::gui;

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    // As in idxscope: an application name that differs from the executable's must not make the lock look
    // stale.
    QCoreApplication::setApplicationName(QStringLiteral("IdxScope"));
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 3)
        return 2;
    SingleInstance instance(args.at(1));
    const SingleInstance::Role role = instance.start();
    if (args.at(2) == QLatin1String("send")) {
        if (role == SingleInstance::Role::Primary)
            return 3;
        return instance.sendToPrimary(args.mid(3)) ? 0 : 1;
    }
    if (args.at(2) != QLatin1String("serve"))
        return 2;
    if (role != SingleInstance::Role::Primary) {
        std::fprintf(stderr, "not primary: %s\n", qPrintable(instance.errorString()));
        return 3;
    }
    QObject::connect(&instance, &SingleInstance::filesReceived, [](const QStringList& paths) {
        std::printf("files\t%s\n", qPrintable(paths.join(u'\t')));
        std::fflush(stdout);
    });
    std::printf("primary\n");
    std::fflush(stdout);
    return app.exec();
}
