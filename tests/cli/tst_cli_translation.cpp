// idxscope-cli in the user's language: messages, help and text output in German under a German locale, chosen
// as gettext chooses (LANGUAGE's list, then LC_ALL, LC_MESSAGES, LANG; a C locale means English whatever
// LANGUAGE says); English for a language without a translation. What scripts read never changes: exit
// statuses, the command names in --help, and --json output, messages included.
#include "clitest.h"

#include <QJsonObject>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

using namespace clitest;

namespace {

// Runs idxscope-cli with only the locale variables given (of LANG, LC_ALL, LC_MESSAGES, LANGUAGE).
Run runWith(const QStringList& locale, const QStringList& args)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"})
        env.remove(QLatin1String(name));
    for (const QString& kv : locale)
        env.insert(kv.section(u'=', 0, 0), kv.section(u'=', 1));
    return runCli(args, &env);
}

const QStringList kGerman{QStringLiteral("LANG=de_DE.UTF-8")};
const QStringList kEnglish{QStringLiteral("LANG=C.UTF-8")};

// The command names of `--help` (the lines under the commands' heading, which is itself translated).
QStringList commandsOf(const QString& help)
{
    QStringList out;
    bool in = false;
    for (const QString& line : help.split(u'\n')) {
        if (!in) {
            in = line == QStringLiteral("Commands:") || line == QStringLiteral("Befehle:");
            continue;
        }
        if (line.isEmpty())
            break;
        out << line.trimmed().section(u' ', 0, 0);
    }
    return out;
}

} // namespace

class TestCliTranslation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Trailing bytes: a warning, in the text output and as a message in the JSON.
        QByteArray images = fx::rawHeader(0x08, {3, 2, 2}) + QByteArray(12, '\x07') + QByteArray("xyz");
        m_images = fx::writeFile(m_dir, QStringLiteral("images-idx3-ubyte"), images);
        QByteArray other = fx::rawHeader(0x08, {3, 2, 2}) + QByteArray(12, '\x07');
        other[other.size() - 1] = '\x09';
        m_other = fx::writeFile(m_dir, QStringLiteral("other-idx3-ubyte"), other);
        m_one = fx::writeFile(m_dir, QStringLiteral("one-idx3-ubyte"),
                              fx::rawHeader(0x08, {3, 2, 2}) + QByteArray(12, '\x07') + QByteArray("z"));
        QVERIFY(!m_images.isEmpty() && !m_other.isEmpty() && !m_one.isEmpty());
        m_missing = m_dir.filePath(QStringLiteral("missing-idx3-ubyte"));
    }

    void errorsInGerman()
    {
        const Run de = runWith(kGerman, {QStringLiteral("info"), m_missing});
        const Run en = runWith(kEnglish, {QStringLiteral("info"), m_missing});
        QCOMPARE(de.exitCode, 1);
        QCOMPARE(en.exitCode, 1);
        const QString path = QDir::toNativeSeparators(m_missing);
        QCOMPARE(en.errText(), QStringLiteral("idxscope-cli: error: %1: no such file\n").arg(path));
        QCOMPARE(de.errText(),
                 QStringLiteral("idxscope-cli: Fehler: %1: die Datei existiert nicht\n").arg(path));
        // A wrong command line: the same status, the message and its hint German.
        const Run usage = runWith(kGerman, {QStringLiteral("info"), QStringLiteral("--no-such-option")});
        QCOMPARE(usage.exitCode, 2);
        QVERIFY2(usage.errText().startsWith(QStringLiteral("idxscope-cli: Fehler: ")),
                 qPrintable(usage.errText()));
        QVERIFY2(!usage.errText().contains(QStringLiteral("Try '")), qPrintable(usage.errText()));
    }

    void helpInGermanWithTheSameCommands()
    {
        const Run de = runWith(kGerman, {QStringLiteral("--help")});
        const Run en = runWith(kEnglish, {QStringLiteral("--help")});
        QCOMPARE(de.exitCode, 0);
        QVERIFY2(de.outText().startsWith(QStringLiteral("Aufruf: idxscope-cli")), qPrintable(de.outText()));
        QVERIFY(en.outText().startsWith(QStringLiteral("Usage: idxscope-cli")));
        const QStringList commands = commandsOf(en.outText());
        QVERIFY(commands.contains(QStringLiteral("diff")) && commands.size() > 10);
        QCOMPARE(commandsOf(de.outText()), commands);
        // A command's help: its options are the same, their descriptions German.
        const Run info = runWith(kGerman, {QStringLiteral("info"), QStringLiteral("--help")});
        QCOMPARE(info.exitCode, 0);
        QVERIFY(info.outText().contains(QStringLiteral("--json")));
        QVERIFY2(info.outText().contains(QStringLiteral("Optionen:")), qPrintable(info.outText()));
    }

    void textOutputInGerman()
    {
        const Run de = runWith(kGerman, {QStringLiteral("info"), m_images});
        const Run en = runWith(kEnglish, {QStringLiteral("info"), m_images});
        QCOMPARE(de.exitCode, en.exitCode);
        QVERIFY2(de.outText().contains(QStringLiteral("Dimensionen:")), qPrintable(de.outText()));
        QVERIFY(en.outText().contains(QStringLiteral("dims:")));
        QVERIFY(!de.outText().contains(QStringLiteral("dims:")));
        // English with its plural forms (the messages' sources say "byte(s)"), German with its own.
        QVERIFY2(en.errText().contains(QStringLiteral(": 3 trailing bytes follow the payload")),
                 qPrintable(en.errText()));
        QVERIFY2(de.errText().contains(QStringLiteral(": 3 überzählige Bytes folgen")),
                 qPrintable(de.errText()));
        const Run one = runWith(kEnglish, {QStringLiteral("info"), m_one});
        QVERIFY2(one.errText().contains(QStringLiteral(": 1 trailing byte follows the payload")),
                 qPrintable(one.errText()));
        QVERIFY2(one.errText().contains(QStringLiteral("ignore the 1 trailing byte (")),
                 qPrintable(one.errText()));
        QVERIFY2(one.errText().contains(QStringLiteral("(declared payload: 12 bytes)")),
                 qPrintable(one.errText()));
        const Run french = runWith({QStringLiteral("LANG=fr_FR.UTF-8")}, {QStringLiteral("info"), m_images});
        QCOMPARE(french.err, en.err);
        // Nor Qt's own French (QCommandLineParser's help): the whole program stays English.
        const QStringList help{QStringLiteral("info"), QStringLiteral("--help")};
        QCOMPARE(runWith({QStringLiteral("LANG=fr_FR.UTF-8")}, help).out, runWith(kEnglish, help).out);
    }

    void jsonStaysEnglish()
    {
        for (const QStringList& args :
             {QStringList{QStringLiteral("info"), m_images, QStringLiteral("--json")},
              QStringList{QStringLiteral("diff"), m_images, m_other, QStringLiteral("--json")},
              QStringList{QStringLiteral("info"), m_missing, QStringLiteral("--json")}}) {
            const Run de = runWith(kGerman, args);
            const Run en = runWith(kEnglish, args);
            QCOMPARE(de.exitCode, en.exitCode);
            QCOMPARE(de.out, en.out);
            QCOMPARE(de.err, en.err);
        }
        // There is text in it to translate: the trailing bytes' warning.
        const Run json = runWith(kGerman, {QStringLiteral("info"), m_images, QStringLiteral("--json")});
        QVERIFY2(json.outText().contains(QStringLiteral("trailing byte(s) follow the payload")),
                 qPrintable(json.outText()));
    }

    void languageChosenAsGettextDoes()
    {
        const QStringList args{QStringLiteral("info"), m_missing};
        const QString german = runWith(kGerman, args).errText();
        const QString english = runWith(kEnglish, args).errText();
        QVERIFY(german != english);
        // No French translation: English, not a mix.
        QCOMPARE(runWith({QStringLiteral("LANG=fr_FR.UTF-8")}, args).errText(), english);
        // LANGUAGE's list in order: French has none, German comes next.
        QCOMPARE(
            runWith({QStringLiteral("LANG=fr_FR.UTF-8"), QStringLiteral("LANGUAGE=fr:de")}, args).errText(),
            german);
        QCOMPARE(runWith({QStringLiteral("LANG=de_DE.UTF-8"), QStringLiteral("LANGUAGE=en")}, args).errText(),
                 english);
        // LC_ALL overrides LANG; LC_MESSAGES alone is enough; another German region gets German.
        QCOMPARE(runWith({QStringLiteral("LANG=de_DE.UTF-8"), QStringLiteral("LC_ALL=C")}, args).errText(),
                 english);
        QCOMPARE(
            runWith({QStringLiteral("LANG=C"), QStringLiteral("LC_MESSAGES=de_DE.UTF-8")}, args).errText(),
            german);
        QCOMPARE(runWith({QStringLiteral("LANG=de_AT.UTF-8")}, args).errText(), german);
        // A C locale ignores LANGUAGE (gettext's rule: scripts set LC_ALL=C to read English).
        QCOMPARE(runWith({QStringLiteral("LC_ALL=C"), QStringLiteral("LANGUAGE=de")}, args).errText(),
                 english);
        QCOMPARE(runWith({QStringLiteral("LANGUAGE=de")}, args).errText(), english);
    }

private:
    QTemporaryDir m_dir;
    QString m_images, m_other, m_one, m_missing;
};

QTEST_GUILESS_MAIN(TestCliTranslation)
#include "tst_cli_translation.moc"
