// idxscope-cli's commands that draw live in a module loaded when one of them is asked for
// (app/cli/imagemodule.h): the other commands start without QtGui's libraries, the drawing ones find the
// module beside the program, and a program without its module (or beside a wrong one) still does everything
// else and says which file is missing or wrong for the rest.
#include "clitest.h"

#include <QRegularExpression>
#include <QTest>

#include <dlfcn.h>

using namespace clitest;
using idx::DType;

namespace {

// Runs `program` with `args` (and `env` added to the environment).
Run runProgram(const QString& program, const QStringList& args, const QStringList& env = {})
{
    Run r;
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const QString& kv : env)
        e.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
    p.setProcessEnvironment(e);
    p.start(program, args);
    r.started = p.waitForStarted(-1);
    if (!r.started)
        return r;
    p.waitForFinished(-1);
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString moduleName()
{
    return QStringLiteral("idxscope-cli-images.so");
}

} // namespace

class TestCliModule : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_images;

    // A folder holding a copy of the program alone (and `module` as its module, when given).
    QString programIn(const QString& folder, const QByteArray& module = {})
    {
        const QString dir = m_dir.filePath(folder);
        if (!QDir().mkpath(dir))
            return {};
        const QString program = QDir(dir).filePath(QStringLiteral("idxscope-cli"));
        if (!QFile::exists(program) && !QFile::copy(cliPath(), program))
            return {};
        if (!module.isNull() &&
            fx::writeFile(m_dir, folder + QLatin1Char('/') + moduleName(), module).isEmpty())
            return {};
        return program;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_images = fx::writeFile(m_dir, QStringLiteral("images.idx"), fx::idxSample(DType::UInt8, {3, 4, 4}));
        QVERIFY(!m_images.isEmpty());
        QVERIFY2(QFile::exists(QFileInfo(cliPath()).dir().filePath(moduleName())),
                 "the module is built beside the program");
    }

#ifdef Q_OS_LINUX
    // glibc's loader names every library it loads (LD_DEBUG=files): QtGui comes with a drawing command only.
    void qtGuiOnlyForTheCommandsThatDraw()
    {
        const QStringList debug{QStringLiteral("LD_DEBUG=files")};
        const QString thumbnail = m_dir.filePath(QStringLiteral("thumb.png"));
        const Run info = runProgram(cliPath(), {QStringLiteral("info"), m_images}, debug);
        QCOMPARE(info.exitCode, 0);
        QVERIFY2(info.errText().contains(QStringLiteral("libQt6Core.so")), "LD_DEBUG names the libraries");
        QVERIFY2(!info.errText().contains(QStringLiteral("libQt6Gui.so")), "info loads no QtGui");
        QVERIFY(!info.errText().contains(moduleName()));
        for (const QStringList& args :
             {QStringList{QStringLiteral("convert"), m_images, m_dir.filePath(QStringLiteral("c.idx.gz"))},
              QStringList{QStringLiteral("stats"), m_images},
              QStringList{QStringLiteral("validate"), m_images}, QStringList{QStringLiteral("--help")}}) {
            const Run r = runProgram(cliPath(), args, debug);
            QVERIFY2(r.exitCode == 0, qPrintable(args.join(QLatin1Char(' '))));
            QVERIFY2(!r.errText().contains(QStringLiteral("libQt6Gui.so")), qPrintable(args.first()));
        }
        const Run draw = runProgram(cliPath(),
                                    {QStringLiteral("thumbnail"), QStringLiteral("--size"),
                                     QStringLiteral("16"), m_images, thumbnail},
                                    debug);
        QCOMPARE(draw.exitCode, 0);
        QVERIFY(draw.errText().contains(moduleName()));
        QVERIFY(draw.errText().contains(QStringLiteral("libQt6Gui.so")));
        QVERIFY(QFileInfo(thumbnail).size() > 0);
    }
#endif

    // Every command that draws runs in the module, its help and its errors included.
    void everyDrawingCommandRuns()
    {
        for (const char* command : {"export", "thumbnail", "import-png", "sprite", "map"}) {
            const Run help = runCli({QString::fromLatin1(command), QStringLiteral("--help")});
            QVERIFY2(help.exitCode == 0, command);
            QVERIFY2(help.outText().startsWith(
                         QStringLiteral("Usage: idxscope-cli %1").arg(QLatin1String(command))),
                     qPrintable(help.outText()));
            const Run bad = runCli({QString::fromLatin1(command), QStringLiteral("--no-such-option")});
            QVERIFY2(bad.exitCode == 2, command);
            QVERIFY(bad.errText().contains(QStringLiteral("no-such-option")));
        }
        const Run help = runCli({QStringLiteral("help"), QStringLiteral("sprite")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.outText().startsWith(QStringLiteral("Usage: idxscope-cli sprite")));
    }

    // Without its module the program does all the rest and names the module for a command that draws.
    void missingModule()
    {
        const QString program = programIn(QStringLiteral("alone"));
        QVERIFY(!program.isEmpty());
        const Run info = runProgram(program, {QStringLiteral("info"), m_images});
        QCOMPARE(info.exitCode, 0);
        QVERIFY2(info.outText().contains(QStringLiteral("dims:            3 x 4 x 4")),
                 qPrintable(info.outText()));
        const QString target = m_dir.filePath(QStringLiteral("alone/thumb.png"));
        const Run draw = runProgram(program, {QStringLiteral("thumbnail"), m_images, target});
        QCOMPARE(draw.exitCode, 1);
        const QString beside = QFileInfo(program).dir().filePath(moduleName());
        QVERIFY2(draw.errText().startsWith(errorPrefix(beside)), qPrintable(draw.errText()));
        QVERIFY2(draw.errText().contains(
                     QStringLiteral("'thumbnail' needs the module of the image commands, which is missing")),
                 qPrintable(draw.errText()));
        // Both places it looked at named: beside the program, then the installed layout's.
        const QRegularExpression places(QStringLiteral("\\(looked for it at: %1, [^,]+/%2\\)\n$")
                                            .arg(QRegularExpression::escape(QDir::toNativeSeparators(beside)),
                                                 QRegularExpression::escape(moduleName())));
        QVERIFY2(places.match(draw.errText()).hasMatch(), qPrintable(draw.errText()));
        QVERIFY(!QFile::exists(target));
    }

    // A module that is no shared library, or a library that is not the module: said so, nothing written.
    void wrongModule_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QByteArray>("module");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a library")
            << QStringLiteral("text") << QByteArray("not a shared library\n")
            << QStringLiteral("the module of the image commands could not be loaded");
        // zlib, which this test links: where the loader found it.
        Dl_info where{};
        QVERIFY(::dladdr(reinterpret_cast<void*>(&zlibVersion), &where) != 0 && where.dli_fname);
        QFile zlib(QFile::decodeName(where.dli_fname));
        QVERIFY2(zlib.open(QIODevice::ReadOnly), where.dli_fname);
        QTest::newRow("another library") << QStringLiteral("zlib") << zlib.readAll()
                                         << QStringLiteral("is not the module of the image commands");
    }
    void wrongModule()
    {
        QFETCH(QString, folder);
        QFETCH(QByteArray, module);
        QFETCH(QString, message);
        const QString program = programIn(folder, module);
        QVERIFY(!program.isEmpty());
        const QString target = m_dir.filePath(folder + QStringLiteral("/thumb.png"));
        const Run draw = runProgram(program, {QStringLiteral("thumbnail"), m_images, target});
        QCOMPARE(draw.exitCode, 1);
        const QString path = QFileInfo(program).dir().filePath(moduleName());
        QVERIFY2(draw.errText().startsWith(errorPrefix(path)), qPrintable(draw.errText()));
        QVERIFY2(draw.errText().contains(message), qPrintable(draw.errText()));
        QVERIFY(!QFile::exists(target));
        QCOMPARE(runProgram(program, {QStringLiteral("validate"), m_images}).exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestCliModule)
#include "tst_cli_module.moc"
