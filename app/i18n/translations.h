// The user-interface language of both programs: idxscope's own translation, chosen from the system's locale,
// and Qt's translation of its own dialogs in the same language.
#pragma once

#include <QString>

class QCoreApplication;

namespace idx::i18n {

// Installs on app the translation of idxscope for the first of the system's user-interface languages that has
// one (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as QLocale::system().uiLanguages() reads them), and with it Qt's
// qtbase_<language>.qm from Qt's translations directory when that is installed. When none of the languages
// has a translation: English, the sources' texts with their plural forms ("1 record", "2 records"), and Qt's
// own English, so a window never mixes two languages. As with gettext, a locale of messages of C or POSIX
// (LC_ALL=C) means English whatever LANGUAGE says. Returns the language installed ("de", "en").
QString installTranslations(QCoreApplication* app);

// The languages idxscope is translated into, from the translations compiled into the program.
QStringList availableLanguages();

} // namespace idx::i18n
