#include "translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace idx::i18n {

namespace {
// lrelease's .qm files are compiled into the library's resources under this prefix (CMake:
// qt_add_translations).
const QString kResourceDir = QStringLiteral(":/i18n");
const QString kBaseName = QStringLiteral("idxscope");

// gettext's rule, which Qt's choice of languages does not follow: when the locale of messages is C or POSIX
// (LC_ALL=C, as scripts set it, or nothing set at all), LANGUAGE is ignored and the programs speak English.
// Only where these variables are the locale: Windows and macOS (an application started from the Finder) have
// none set and name the user's languages through their own settings, which QLocale::system() reads.
bool messagesInCLocale()
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const QByteArray value = qgetenv(name);
        if (!value.isEmpty())
            return value == "C" || value == "POSIX" || value.startsWith("C.");
    }
    return true;
#else
    return false;
#endif
}
} // namespace

QString installTranslations(QCoreApplication* app)
{
    auto* own = new QTranslator(app);
    // The first of the user's languages that has a translation; English, whose translation holds only its
    // plural forms, when none has (or in the C locale).
    if ((messagesInCLocale() ||
         !own->load(QLocale::system(), kBaseName, QStringLiteral("_"), kResourceDir)) &&
        !own->load(kBaseName + QStringLiteral("_en"), kResourceDir)) {
        delete own; // not built with its translations: the source texts
        return {};
    }
    app->installTranslator(own);
    const QString language = own->language();
    if (language == QStringLiteral("en"))
        return language;
    // Qt's own strings (the buttons of standard dialogs, QCommandLineParser's help) in the language chosen
    // above, not in the first of the system's languages, which may be one idxscope does not speak.
    auto* qt = new QTranslator(app);
    if (qt->load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app->installTranslator(qt);
    else
        delete qt;
    return language;
}

QStringList availableLanguages()
{
    QStringList languages;
    const QStringList files =
        QDir(kResourceDir).entryList({kBaseName + QStringLiteral("_*.qm")}, QDir::Files, QDir::Name);
    for (const QString& file : files)
        languages << file.mid(kBaseName.size() + 1).chopped(3);
    return languages;
}

} // namespace idx::i18n
