// The GUI in German, started as a German desktop session starts it (LANG=de_DE.UTF-8, nothing overriding it):
// the application installs idxscope's German translation and Qt's own; every menu and menu item reads German
// with the same structure, shortcuts and checkability as in English, no two items of a menu share an
// accelerator, and the actions, found by their ids, still work. The translation is complete: every string of
// the program has a German text.
#include "actionregistry.h"
#include "appfixtures.h"
#include "application.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "exportwidgets.h"
#include "filefilters.h"
#include "imagecontrols.h"
#include "imageview.h"
#include "mainwindow.h"
#include "settings.h"
#include "translations.h"
#include "viewstate.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTest>
#include <QTranslator>

#include <memory>

using namespace idx::gui;

namespace {

struct Item {
    QString path; // the menus leading to it and its text, e.g. "&File/&Open…"
    QString text;
    QList<QKeySequence> shortcuts;
    bool checkable = false;
    bool menu = false;
};

// Every item of the menu bar, depth first, separators left out, and the recent files (names, not texts).
void collect(const QList<QAction*>& actions, const QString& parent, QList<Item>& out, const QMenu* recent)
{
    for (QAction* a : actions) {
        if (a->isSeparator() || (a->parent() == recent && !a->statusTip().isEmpty()))
            continue;
        Item item{parent + u'/' + a->text(), a->text(), a->shortcuts(), a->isCheckable(),
                  a->menu() != nullptr};
        out << item;
        if (a->menu())
            collect(a->menu()->actions(), item.path, out, recent);
    }
}

QList<Item> itemsOf(MainWindow& w)
{
    QList<Item> out;
    collect(w.menuBar()->actions(), {}, out,
            w.actionRegistry()->action(QStringLiteral("file.recent"))->menu());
    return out;
}

// The accelerator letter of a text ("Ö&ffnen…" → 'f'), lower case; a null QChar without one.
QChar accelerator(const QString& text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != u'&')
            continue;
        if (text.at(i + 1) == u'&') {
            ++i; // "&&" is a literal ampersand
            continue;
        }
        return text.at(i + 1).toLower();
    }
    return {};
}

// The English texts whose German is the same word (names, and words German took over).
bool sameInGerman(const QString& english)
{
    static const QStringList same = {QStringLiteral("Header"), QStringLiteral("Navigation")};
    return same.contains(english) ||
           (english.startsWith(u'&') && english.size() > 1 && english.at(1).isDigit());
}

} // namespace

class TestTranslation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        appfx::isolateSettings();
        QVERIFY(m_dir.isValid());
        m_images =
            fx::writeFile(m_dir, QStringLiteral("t10k-images-idx3-ubyte"), appfx::uint8Tensor({12, 28, 28}));
        QVERIFY(!m_images.isEmpty());
    }

    void installedFromTheLocale()
    {
        QCOMPARE(QLocale::system().uiLanguages().value(0), QStringLiteral("de-DE"));
        // German, and English's plural forms.
        QCOMPARE(idx::i18n::availableLanguages(), (QStringList{QStringLiteral("de"), QStringLiteral("en")}));
        const auto translators = qApp->findChildren<QTranslator*>();
        QCOMPARE(translators.size(), 2); // idxscope's and Qt's
        for (const QTranslator* t : translators)
            QVERIFY2(t->language().startsWith(QStringLiteral("de")),
                     qPrintable(t->language())); // "de", "de_DE"
        QCOMPARE(QCoreApplication::translate("idx::gui::MainWindow", "&File"), QStringLiteral("&Datei"));
        // The core's messages (context "idx"), the CLI's and Qt's own buttons.
        QCOMPARE(QCoreApplication::translate("idx", "no such file"),
                 QStringLiteral("die Datei existiert nicht"));
        QDialogButtonBox box(QDialogButtonBox::Cancel | QDialogButtonBox::Save);
        QCOMPARE(box.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("Abbrechen"));
        QCOMPARE(box.button(QDialogButtonBox::Save)->text(), QStringLiteral("Speichern"));
    }

    // File dialogs list the same files in every language: only the descriptions are translated.
    void fileFiltersKeepTheirPatterns()
    {
        QCOMPARE(fileFilters({fileFilter(idx::Format::Png), allFilesFilter()}),
                 QStringLiteral("PNG-Bilder (*.png);;Alle Dateien (*)"));
        // File ▸ Open offers every format the reader opens, .npy and .npz included.
        QCOMPARE(
            openFilters(),
            QStringLiteral("Dateien, die idxscope öffnet (*-idx?-ubyte *.idx?-ubyte *-idx?-int *-idx?-float "
                           "*-idx?-double *-idx?-short *.idx *.npy *.npz *.mat *.lush *.gz *.xz);;"
                           "IDX-Dateien (*-idx?-ubyte *.idx?-ubyte *-idx?-int *-idx?-float *-idx?-double "
                           "*-idx?-short *.idx *.gz *.xz);;"
                           "NumPy-Arrays und -Archive (*.npy *.npz);;"
                           "Lush-Matrizen (*.mat *.lush);;"
                           "Alle Dateien (*)"));
    }

    // The export dialogs name the colormaps as the view does, in German; the choice is by value, not by name.
    void exportOptionsSpeakGerman()
    {
        ImageOptionsBox box(ImageChoice{});
        auto* colormaps = box.findChild<QComboBox*>();
        QVERIFY(colormaps);
        QCOMPARE(colormaps->itemText(0), QStringLiteral("Grau"));
        QCOMPARE(colormaps->itemText(0), ImageControls::colormapTitle(idx::Colormap::Gray));
        colormaps->setCurrentIndex(colormaps->findData(int(idx::Colormap::Magma)));
        QCOMPARE(box.choice().colormap, idx::Colormap::Magma);
    }

    void menusAreGermanWithTheSameBehaviour()
    {
        // The same window built untranslated, for comparison: the translators taken away for a moment.
        const auto translators = qApp->findChildren<QTranslator*>();
        for (QTranslator* t : translators)
            QCoreApplication::removeTranslator(t);
        QList<Item> english;
        {
            MainWindow w;
            english = itemsOf(w);
        }
        for (QTranslator* t : translators)
            QCoreApplication::installTranslator(t);
        MainWindow w;
        const QList<Item> german = itemsOf(w);

        QCOMPARE(german.size(), english.size());
        QVERIFY(german.size() > 60);
        QStringList topLevel;
        for (const QAction* a : w.menuBar()->actions())
            topLevel << a->text();
        QCOMPARE(topLevel, (QStringList{QStringLiteral("&Datei"), QStringLiteral("&Bearbeiten"),
                                        QStringLiteral("E&xportieren"), QStringLiteral("&Ansicht"),
                                        QStringLiteral("&Gehe zu"), QStringLiteral("&Hilfe")}));
        for (qsizetype i = 0; i < german.size(); ++i) {
            const Item& en = english.at(i);
            const Item& de = german.at(i);
            // Shortcuts are never read from a translation: the same keys in every language.
            QVERIFY2(de.shortcuts == en.shortcuts, qPrintable(de.path));
            QCOMPARE(de.checkable, en.checkable);
            QCOMPARE(de.menu, en.menu);
            if (!sameInGerman(en.text))
                QVERIFY2(de.text != en.text, qPrintable(QStringLiteral("untranslated: ") + en.path));
            QCOMPARE(accelerator(de.text).isNull(), accelerator(en.text).isNull());
        }
        // No two items of one menu share an accelerator (the key would only cycle between them).
        QHash<QString, QChar> seen; // "menu path/letter" → taken
        for (const Item& de : german) {
            const QChar key = accelerator(de.text);
            if (key.isNull())
                continue;
            const QString slot = de.path.left(de.path.lastIndexOf(u'/')) + u'/' + key;
            QVERIFY2(!seen.contains(slot), qPrintable(QStringLiteral("accelerator taken twice: ") + slot));
            seen.insert(slot, key);
        }
    }

    void actionsWork()
    {
        MainWindow w;
        w.resize(1000, 700);
        const auto action = [&w](const char* id) {
            QAction* a = w.actionRegistry()->action(QLatin1String(id));
            if (!a)
                qWarning("no action %s", id);
            return a;
        };
        QVERIFY(action("view.showMap") && action("view.compareWith") && action("file.close"));
        QCOMPARE(action("view.showMap")->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
        QCOMPARE(action("view.compareWith")->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));

        DocumentView* v = w.openFile(m_images);
        QVERIFY(v);
        QTRY_VERIFY_WITH_TIMEOUT(v->document()->isLoaded() && v->document()->editable(Document::Part::Main),
                                 60000);
        QCOMPARE(w.windowTitle().contains(QStringLiteral("t10k-images-idx3-ubyte")), true);
        QVERIFY(action("go.next")->isEnabled());
        action("go.next")->trigger();
        QCOMPARE(v->viewState()->currentRecord(), quint64(1));
        action("go.last")->trigger();
        QCOMPARE(v->viewState()->currentRecord(), quint64(11));
        action("go.first")->trigger();
        QCOMPARE(v->viewState()->currentRecord(), quint64(0));
        const double zoom = v->imageView()->zoom();
        action("view.zoomIn")->trigger();
        QVERIFY(v->imageView()->zoom() > zoom);
        // An edit, undone and redone: the Undo item names the step in German.
        action("edit.deleteRecords")->trigger();
        QCOMPARE(v->document()->header().dims.at(0), quint64(11));
        QVERIFY(action("edit.undo")->isEnabled());
        QCOMPARE(action("edit.undo")->text(), QStringLiteral("&Rückgängig: 1 Eintrag löschen"));
        action("edit.undo")->trigger();
        QCOMPARE(v->document()->header().dims.at(0), quint64(12));
        QCOMPARE(action("edit.undo")->text(), QStringLiteral("&Rückgängig"));
        QVERIFY(!action("edit.undo")->isEnabled());
        QCOMPARE(action("edit.redo")->text(), QStringLiteral("&Wiederholen: 1 Eintrag löschen"));
        action("edit.redo")->trigger();
        QCOMPARE(v->document()->header().dims.at(0), quint64(11));
        action("edit.undo")->trigger();
        QVERIFY(!v->document()->isModified());
        action("file.close")->trigger();
        QCOMPARE(w.documents()->count(), 0);
    }

private:
    QTemporaryDir m_dir;
    QString m_images;
};

int main(int argc, char** argv)
{
    // What a German desktop session has: LANG, and none of the variables that would override it.
    qunsetenv("LC_ALL");
    qunsetenv("LC_MESSAGES");
    qunsetenv("LANGUAGE");
    qputenv("LANG", "de_DE.UTF-8");
    // The application installs the translations itself, as when a user starts it.
    Application app(argc, argv);
    TestTranslation test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_translation.moc"
