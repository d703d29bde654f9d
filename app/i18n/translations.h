// The user-interface language of both programs: idxscope's own translation, chosen from the system's locale,
// and Qt's translation of its own dialogs in the same language.
#pragma once

#include <QString>

class QCoreApplication;

namespace idx::i18n {

// Installs on app the translation of idxscope for the first of the system's user-interface languages that has
// one (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as QLocale::system().uiLanguages() reads them), and with it Qt's
// qtbase_<language>.qm from Qt's translations directory when that is installed. Returns the language
// installed, e.g. "de", or an empty string when none of the languages has a translation and the programs
// speak English; Qt's translation is then not installed either, so a window never mixes two languages.
QString installTranslations(QCoreApplication* app);

// The languages idxscope is translated into, from the translations compiled into the program.
QStringList availableLanguages();

} // namespace idx::i18n
