// SingleInstance: files forwarded between two instances in this process and from a real second process, stale
// locks and sockets of crashed primaries, refused requests, and path resolution.
#include "singleinstance.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalSocket>
#include <QLockFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>
#include <QtConcurrent>
#include <QtEndian>

using namespace idx::gui;

using Role = SingleInstance::Role;

namespace {

const QString kPeer = QStringLiteral(IDXSCOPE_SIPEER);

QString uniqueKey()
{
    return QStringLiteral("tst_singleinstance:") + QUuid::createUuid().toString();
}

// Reads one reply frame, letting both ends' event loops run meanwhile.
QJsonObject readReply(QLocalSocket& socket)
{
    QByteArray buffer;
    const auto complete = [&] {
        buffer += socket.readAll();
        return buffer.size() >= 4 && buffer.size() - 4 >= qFromBigEndian<quint32>(buffer.constData());
    };
    if (!QTest::qWaitFor(complete, 5000))
        return {};
    return QJsonDocument::fromJson(buffer.mid(4)).object();
}

} // namespace

class TestSingleInstance : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(QFileInfo::exists(kPeer), qPrintable(kPeer));
    }

    void forwardsFilesInProcess()
    {
        const QString key = uniqueKey();
        SingleInstance primary(key);
        SingleInstance secondary(key);
        QCOMPARE(primary.start(), Role::Primary);
        QVERIFY(primary.isPrimary());
        QCOMPARE(secondary.start(), Role::Secondary);
        QVERIFY(!secondary.isPrimary());
        QCOMPARE(secondary.serverName(), primary.serverName());

        QSignalSpy files(&primary, &SingleInstance::filesReceived);
        QSignalSpy activated(&primary, &SingleInstance::activationRequested);
        const QStringList paths{QStringLiteral("/data/mnist/train-images-idx3-ubyte"),
                                QStringLiteral("/data/qmnist/qmnist-train-labels-idx2-int.xz")};
        // The secondary blocks, so it runs in another thread while this one serves as the primary.
        QFuture<bool> sent = QtConcurrent::run([&] { return secondary.sendToPrimary(paths, 5000); });
        QVERIFY(files.wait(5000));
        QCOMPARE(files.at(0).at(0).toStringList(), paths);
        QTRY_VERIFY(sent.isFinished());
        QVERIFY(sent.result());
        QCOMPARE(activated.count(), 1);
    }

    void activationWithoutFiles()
    {
        const QString key = uniqueKey();
        SingleInstance primary(key);
        QCOMPARE(primary.start(), Role::Primary);
        QSignalSpy files(&primary, &SingleInstance::filesReceived);
        QSignalSpy activated(&primary, &SingleInstance::activationRequested);
        SingleInstance secondary(key);
        QFuture<bool> sent = QtConcurrent::run([&] { return secondary.sendToPrimary({}, 5000); });
        QVERIFY(activated.wait(5000));
        QTRY_VERIFY(sent.isFinished());
        QVERIFY(sent.result());
        QCOMPARE(files.count(), 0);
    }

    void forwardsFromAnotherProcess()
    {
        const QString key = uniqueKey();
        SingleInstance primary(key);
        QCOMPARE(primary.start(), Role::Primary);
        QSignalSpy files(&primary, &SingleInstance::filesReceived);
        QSignalSpy activated(&primary, &SingleInstance::activationRequested);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QProcess peer;
        peer.setWorkingDirectory(dir.path());
        peer.start(kPeer, {key, QStringLiteral("send"), QStringLiteral("train-images-idx3-ubyte"),
                           QStringLiteral("sub/../t10k-images.idx3-ubyte"),
                           QUrl::fromLocalFile(dir.filePath(QStringLiteral("c d.idx"))).toString()});
        QVERIFY(files.wait(10000));
        const QString base = QDir(dir.path()).canonicalPath(); // what the peer's working directory reads as
        QCOMPARE(files.at(0).at(0).toStringList(),
                 QStringList({base + QStringLiteral("/train-images-idx3-ubyte"),
                              base + QStringLiteral("/t10k-images.idx3-ubyte"),
                              base + QStringLiteral("/c d.idx")}));
        QCOMPARE(activated.count(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(peer.state(), QProcess::NotRunning, 10000);
        QCOMPARE(peer.exitStatus(), QProcess::NormalExit);
        QCOMPARE(peer.exitCode(), 0);
    }

    void crashedPrimaryDoesNotBlockNewStart()
    {
        const QString key = uniqueKey();
        QProcess server;
        server.start(kPeer, {key, QStringLiteral("serve")});
        QVERIFY(server.waitForReadyRead(10000));
        QCOMPARE(server.readLine().trimmed(), QByteArray("primary"));

        SingleInstance secondary(key);
        QCOMPARE(secondary.start(), Role::Secondary);
        QVERIFY(secondary.sendToPrimary({QStringLiteral("/data/a.idx")}, 5000));
        QTRY_VERIFY_WITH_TIMEOUT(server.canReadLine() || server.waitForReadyRead(100), 10000);
        QCOMPARE(server.readLine().trimmed(), QByteArray("files\t/data/a.idx"));

        server.kill(); // SIGKILL: no destructor runs, the lock file and the socket stay behind
        QVERIFY(server.waitForFinished(10000));
#ifdef Q_OS_UNIX
        QVERIFY(QFileInfo::exists(secondary.lockFilePath()));
        QVERIFY(QFileInfo::exists(secondary.serverName()));
#endif
        SingleInstance next(key);
        QCOMPARE(next.start(), Role::Primary);
        QSignalSpy files(&next, &SingleInstance::filesReceived);
        QProcess peer;
        peer.start(kPeer, {key, QStringLiteral("send"), QStringLiteral("/data/b.idx")});
        QVERIFY(files.wait(10000));
        QCOMPARE(files.at(0).at(0).toStringList(), QStringList{QStringLiteral("/data/b.idx")});
        QTRY_COMPARE_WITH_TIMEOUT(peer.state(), QProcess::NotRunning, 10000);
        QCOMPARE(peer.exitCode(), 0);
    }

    void staleLockWithDeadPidAndStaleSocketFile()
    {
        const QString key = uniqueKey();
        SingleInstance probe(key);
        // A lock file in the format Qt writes, but naming a process that has exited.
        QByteArray contents;
        {
            QLockFile lock(probe.lockFilePath());
            QVERIFY(lock.tryLock(0));
            QFile file(probe.lockFilePath());
            QVERIFY(file.open(QIODevice::ReadOnly));
            contents = file.readAll();
            lock.unlock();
        }
        QProcess dead;
        dead.start(kPeer, {});
        QVERIFY(dead.waitForStarted(10000));
        const qint64 deadPid = dead.processId();
        QVERIFY(dead.waitForFinished(10000));
        contents = QByteArray::number(deadPid) + contents.mid(contents.indexOf('\n'));
        {
            QFile file(probe.lockFilePath());
            QVERIFY(file.open(QIODevice::WriteOnly));
            QCOMPARE(file.write(contents), contents.size());
        }
#ifdef Q_OS_UNIX
        {
            QFile socketFile(probe.serverName()); // what a crash leaves: a path that nobody listens on
            QVERIFY(socketFile.open(QIODevice::WriteOnly));
        }
#endif
        SingleInstance primary(key);
        QCOMPARE(primary.start(), Role::Primary);
        QSignalSpy files(&primary, &SingleInstance::filesReceived);
        SingleInstance secondary(key);
        QCOMPARE(secondary.start(), Role::Secondary);
        QFuture<bool> sent =
            QtConcurrent::run([&] { return secondary.sendToPrimary({QStringLiteral("/x.idx")}); });
        QVERIFY(files.wait(5000));
        QTRY_VERIFY(sent.isFinished());
        QVERIFY(sent.result());
    }

    void refusesBadRequests_data()
    {
        QTest::addColumn<QByteArray>("payload");
        QTest::addColumn<QString>("error");
        QTest::newRow("newer version") << QByteArray(R"({"version":2,"files":["/a.idx"]})")
                                       << QStringLiteral("unsupported protocol version 2");
        QTest::newRow("no version") << QByteArray(R"({"files":["/a.idx"]})")
                                    << QStringLiteral("unsupported protocol version -1");
        QTest::newRow("not JSON") << QByteArray("/a.idx") << QStringLiteral("malformed request");
        QTest::newRow("JSON array") << QByteArray(R"(["/a.idx"])") << QStringLiteral("malformed request");
    }

    void refusesBadRequests()
    {
        QFETCH(QByteArray, payload);
        QFETCH(QString, error);
        const QString key = uniqueKey();
        SingleInstance primary(key);
        QCOMPARE(primary.start(), Role::Primary);
        QSignalSpy files(&primary, &SingleInstance::filesReceived);
        QSignalSpy activated(&primary, &SingleInstance::activationRequested);

        QLocalSocket socket;
        socket.connectToServer(primary.serverName());
        QVERIFY(socket.waitForConnected(5000));
        socket.write(SingleInstance::frame(payload));
        const QJsonObject reply = readReply(socket);
        QCOMPARE(reply.value(QStringLiteral("ok")).toBool(true), false);
        QCOMPARE(reply.value(QStringLiteral("error")).toString(), error);
        QCOMPARE(reply.value(QStringLiteral("version")).toInt(), SingleInstance::kProtocolVersion);
        QCOMPARE(files.count(), 0);
        QCOMPARE(activated.count(), 0);
    }

    void dropsOversizedFrameAndKeepsServing()
    {
        const QString key = uniqueKey();
        SingleInstance primary(key);
        QCOMPARE(primary.start(), Role::Primary);
        QLocalSocket socket;
        socket.connectToServer(primary.serverName());
        QVERIFY(socket.waitForConnected(5000));
        socket.write(QByteArray("\xff\xff\xff\xff", 4));
        QTRY_COMPARE(socket.state(), QLocalSocket::UnconnectedState);

        QSignalSpy files(&primary, &SingleInstance::filesReceived);
        SingleInstance secondary(key);
        QFuture<bool> sent =
            QtConcurrent::run([&] { return secondary.sendToPrimary({QStringLiteral("/a.idx")}); });
        QVERIFY(files.wait(5000));
        QTRY_VERIFY(sent.isFinished());
        QVERIFY(sent.result());
    }

    void sendWithoutPrimaryFails()
    {
        SingleInstance lone(uniqueKey());
        QVERIFY(!lone.sendToPrimary({QStringLiteral("/a.idx")}, 300));
    }

    void releasedOnDestruction()
    {
        const QString key = uniqueKey();
        QString socketPath;
        {
            SingleInstance first(key);
            QCOMPARE(first.start(), Role::Primary);
            socketPath = first.serverName();
        }
#ifdef Q_OS_UNIX
        QVERIFY(!QFileInfo::exists(socketPath));
#endif
        SingleInstance second(key);
        QCOMPARE(second.start(), Role::Primary);
    }

    void defaultKeyIsStable()
    {
        QCOMPARE(SingleInstance().serverName(), SingleInstance(SingleInstance::defaultKey()).serverName());
        QVERIFY(SingleInstance().serverName() != SingleInstance(uniqueKey()).serverName());
        QVERIFY(SingleInstance::defaultKey().startsWith(QStringLiteral("io.github.idxscope.IdxScope:")));
    }

    void absolutePaths_data()
    {
        QTest::addColumn<QString>("arg");
        QTest::addColumn<QString>("expected");
        QTest::newRow("relative") << "train-images-idx3-ubyte"
                                  << "/home/me/data/train-images-idx3-ubyte";
        QTest::newRow("dot-dot") << "../x/a.idx"
                                 << "/home/me/x/a.idx";
        QTest::newRow("absolute") << "/srv/b.idx"
                                  << "/srv/b.idx";
        QTest::newRow("file URL") << "file:///srv/with%20space.idx"
                                  << "/srv/with space.idx";
        QTest::newRow("dot") << "./c.idx.gz"
                             << "/home/me/data/c.idx.gz";
    }

    void absolutePaths()
    {
        QFETCH(QString, arg);
        QFETCH(QString, expected);
        QCOMPARE(SingleInstance::absolutePaths({arg}, QStringLiteral("/home/me/data")),
                 QStringList{expected});
    }
};

QTEST_MAIN(TestSingleInstance)
#include "tst_singleinstance.moc"
