// SingleInstance: lock file + local socket hand-over of files to the running idxscope (see singleinstance.h).
#include "singleinstance.h"

#include <QCryptographicHash>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalServer>
#include <QLocalSocket>
#include <QLockFile>
#include <QStandardPaths>
#include <QThread>
#include <QTimer>
#include <QUrl>
#include <QtEndian>

#include <memory>

#if defined(Q_OS_WIN)
#include <qt_windows.h>
#elif defined(Q_OS_UNIX)
#include <unistd.h>
#endif

namespace idx::gui {

namespace {

constexpr int kClientTimeoutMs = 10000; // a connection that sends no complete request by then is dropped
constexpr int kRetryIntervalMs = 50;

enum class FrameStatus { Incomplete, Complete, TooLarge };

// Removes one frame from the front of `buffer` into `payload` when it is all there.
FrameStatus takeFrame(QByteArray& buffer, QByteArray& payload)
{
    if (buffer.size() < 4)
        return FrameStatus::Incomplete;
    const quint32 length = qFromBigEndian<quint32>(buffer.constData());
    if (length > SingleInstance::kMaxPayload)
        return FrameStatus::TooLarge;
    if (buffer.size() - 4 < qsizetype(length))
        return FrameStatus::Incomplete;
    payload = buffer.mid(4, length);
    buffer.remove(0, 4 + qsizetype(length));
    return FrameStatus::Complete;
}

QByteArray toJson(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// Short, filesystem- and pipe-safe, and the same in every process that uses the same key.
QString baseName(const QString& key)
{
    const QByteArray hash =
        QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256).toHex().left(16);
    return QStringLiteral("idxscope-") + QString::fromLatin1(hash);
}

} // namespace

SingleInstance::SingleInstance(QObject* parent) : SingleInstance(defaultKey(), parent) {}

SingleInstance::SingleInstance(const QString& key, QObject* parent) : QObject(parent)
{
    const QString name = baseName(key);
#ifdef Q_OS_WIN
    // Named pipes live in one machine-wide namespace: the key carries the user; the lock goes to the user's
    // temp.
    const QString dir = QDir::tempPath();
    m_serverName = name;
#else
    // The runtime directory is private to the user (0700), unlike /tmp where anyone could squat the name.
    QString dir = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (dir.isEmpty())
        dir = QDir::tempPath();
    m_serverName = dir + u'/' + name + QStringLiteral(".socket");
#endif
    m_lockPath = dir + u'/' + name + QStringLiteral(".lock");
}

SingleInstance::~SingleInstance()
{
    if (m_server)
        m_server->close(); // removes the socket file before the lock is released
}

QString SingleInstance::defaultKey()
{
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = qEnvironmentVariable("USERNAME");
#if defined(Q_OS_UNIX)
    user += u':' + QString::number(::getuid());
#elif defined(Q_OS_WIN)
    user += u':' + qEnvironmentVariable("USERDOMAIN");
#endif
    return QStringLiteral("io.github.idxscope.IdxScope:") + user + u':' + QDir::homePath();
}

SingleInstance::Role SingleInstance::start()
{
    Q_ASSERT(!m_lock);
    QDir().mkpath(QFileInfo(m_lockPath).absolutePath());
    m_lock = std::make_unique<QLockFile>(m_lockPath);
    // The primary holds the lock for its whole session, so age must never make it stale; a crashed owner is
    // still detected, by its PID no longer running, and tryLock() then removes the stale lock itself.
    m_lock->setStaleLockTime(0);
    if (!m_lock->tryLock(0)) {
        if (m_lock->error() == QLockFile::LockFailedError)
            return Role::Secondary;
        m_error = tr("Cannot create the lock file %1").arg(QDir::toNativeSeparators(m_lockPath));
        return Role::Standalone;
    }

    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    // We hold the lock, so a socket file already there was left by a crashed primary: it would make listen()
    // fail.
    QLocalServer::removeServer(m_serverName);
    if (!m_server->listen(m_serverName)) {
        m_error = tr("Cannot listen on %1: %2")
                      .arg(QDir::toNativeSeparators(m_serverName), m_server->errorString());
        delete m_server;
        m_server = nullptr;
        m_lock->unlock(); // let a later instance try again
        return Role::Standalone;
    }
    connect(m_server, &QLocalServer::newConnection, this, &SingleInstance::acceptConnections);
    return Role::Primary;
}

bool SingleInstance::isPrimary() const
{
    return m_server && m_server->isListening();
}

void SingleInstance::acceptConnections()
{
    while (QLocalSocket* socket = m_server->nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        // A peer that connects and then stalls must not hold resources forever; the timer dies with the
        // socket.
        QTimer::singleShot(kClientTimeoutMs, socket, [socket] { socket->abort(); });
        auto buffer = std::make_shared<QByteArray>();
        connect(socket, &QLocalSocket::readyRead, this,
                [this, socket, buffer] { readRequest(socket, *buffer); });
        if (socket->bytesAvailable() > 0)
            readRequest(socket, *buffer);
    }
}

void SingleInstance::readRequest(QLocalSocket* socket, QByteArray& buffer)
{
    buffer += socket->readAll();
    QByteArray payload;
    switch (takeFrame(buffer, payload)) {
    case FrameStatus::Incomplete:
        return;
    case FrameStatus::TooLarge:
        socket->abort();
        return;
    case FrameStatus::Complete:
        disconnect(socket, &QLocalSocket::readyRead, this, nullptr); // one request per connection
        handleRequest(socket, payload);
        return;
    }
}

void SingleInstance::handleRequest(QLocalSocket* socket, const QByteArray& payload)
{
    const auto reply = [socket](const QString& error) {
        QJsonObject object{{QStringLiteral("version"), kProtocolVersion},
                           {QStringLiteral("ok"), error.isEmpty()}};
        if (!error.isEmpty())
            object.insert(QStringLiteral("error"), error);
        socket->write(frame(toJson(object)));
        socket->disconnectFromServer(); // after the pending bytes are written
    };

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(payload, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        reply(QStringLiteral("malformed request"));
        return;
    }
    const QJsonObject request = document.object();
    const int version = request.value(QStringLiteral("version")).toInt(-1);
    if (version != kProtocolVersion) {
        reply(QStringLiteral("unsupported protocol version %1").arg(version));
        return;
    }
    QStringList args;
    const QJsonArray files = request.value(QStringLiteral("files")).toArray();
    for (const QJsonValue& value : files) {
        if (const QString path = value.toString(); !path.isEmpty())
            args.append(path);
    }
    const QStringList paths = absolutePaths(args, request.value(QStringLiteral("cwd")).toString());

    // On Wayland only a token from the launcher lets a window take focus; Qt's Wayland plugin reads this
    // variable when the window next asks to be activated.
    const QString token = request.value(QStringLiteral("activationToken")).toString();
    if (!token.isEmpty() && QGuiApplication::platformName().startsWith(QLatin1String("wayland")))
        qputenv("XDG_ACTIVATION_TOKEN", token.toUtf8());

    reply({}); // before the receivers start opening files: the secondary can exit now
    if (!paths.isEmpty())
        emit filesReceived(paths);
    emit activationRequested();
}

bool SingleInstance::sendToPrimary(const QStringList& paths, int timeoutMs) const
{
    const QDeadlineTimer deadline(timeoutMs);
    const auto remaining = [&deadline] { return int(qMax<qint64>(0, deadline.remainingTime())); };

    QLocalSocket socket;
    // The primary takes the lock a moment before it listens: retry while there is no socket yet.
    for (;;) {
        socket.connectToServer(m_serverName);
        if (socket.waitForConnected(remaining()))
            break;
        socket.abort();
        if (deadline.remainingTime() <= kRetryIntervalMs)
            return false;
        QThread::msleep(kRetryIntervalMs);
    }

#ifdef Q_OS_WIN
    // Windows lets only the foreground process hand the foreground on; we have it, the primary needs it.
    AllowSetForegroundWindow(ASFW_ANY);
#endif
    const QString cwd = QDir::currentPath();
    QJsonObject request{{QStringLiteral("version"), kProtocolVersion},
                        {QStringLiteral("cwd"), cwd},
                        {QStringLiteral("files"), QJsonArray::fromStringList(absolutePaths(paths, cwd))}};
    if (const QString token = qEnvironmentVariable("XDG_ACTIVATION_TOKEN"); !token.isEmpty())
        request.insert(QStringLiteral("activationToken"), token);
    socket.write(frame(toJson(request)));
    while (socket.bytesToWrite() > 0) {
        if (!socket.waitForBytesWritten(remaining()))
            return false;
    }

    QByteArray buffer;
    QByteArray answer;
    for (;;) {
        const FrameStatus status = takeFrame(buffer, answer);
        if (status == FrameStatus::Complete)
            break;
        if (status == FrameStatus::TooLarge || !socket.waitForReadyRead(remaining()))
            return false;
        buffer += socket.readAll();
    }
    return QJsonDocument::fromJson(answer).object().value(QStringLiteral("ok")).toBool(false);
}

QStringList SingleInstance::absolutePaths(const QStringList& args, const QString& workingDir)
{
    const QDir dir(workingDir);
    QStringList paths;
    paths.reserve(args.size());
    for (const QString& arg : args) {
        QString path = arg;
        // Checked by prefix: QUrl would read a Windows drive letter ("C:/x.idx") as a scheme.
        if (arg.startsWith(QLatin1String("file:"), Qt::CaseInsensitive)) {
            if (const QUrl url(arg); url.isLocalFile())
                path = url.toLocalFile();
        }
        paths.append(QDir::cleanPath(dir.absoluteFilePath(path)));
    }
    return paths;
}

QByteArray SingleInstance::frame(const QByteArray& payload)
{
    QByteArray bytes(4, Qt::Uninitialized);
    qToBigEndian<quint32>(quint32(payload.size()), bytes.data());
    return bytes + payload;
}

} // namespace idx::gui
