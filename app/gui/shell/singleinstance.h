// One idxscope window per user session: a second `idxscope FILE...` hands its files to the running instance
// and exits. A QLockFile decides who is primary (a crashed owner's lock is stale by its dead PID); the
// primary listens on a per-user QLocalServer; secondaries connect, send one framed request and wait for the
// acknowledgement.
//
// Wire format, both directions: a quint32 big-endian payload length, then that many bytes of compact JSON.
//   request: {"version": 1, "cwd": "/home/me", "files": ["/abs/a.idx", ...], "activationToken": "..."}
//   reply:   {"version": 1, "ok": true}  or  {"version": 1, "ok": false, "error": "..."}
// A primary that does not speak the request's version answers ok=false, so the secondary opens its own
// window.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class QLocalServer;
class QLocalSocket;
class QLockFile;

namespace idx::gui {

class SingleInstance : public QObject {
    Q_OBJECT
public:
    static constexpr int kProtocolVersion = 1;
    /// Larger frames are refused: a request is a list of paths, never data.
    static constexpr quint32 kMaxPayload = 4 * 1024 * 1024;

    enum class Role {
        Primary,    ///< This process holds the lock and listens: it receives the other instances' files.
        Secondary,  ///< Another live instance holds the lock: forward the files with sendToPrimary().
        Standalone, ///< Neither (the lock or the socket could not be created, see errorString()): just run.
    };
    Q_ENUM(Role)

    /// The default key: one group per user and application id.
    explicit SingleInstance(QObject* parent = nullptr);
    /// `key` names an independent group of instances (tests use unique keys).
    explicit SingleInstance(const QString& key, QObject* parent = nullptr);
    ~SingleInstance() override;

    /// Takes the lock and, if it gets it, starts listening. Never blocks. Call once.
    [[nodiscard]] Role start();
    [[nodiscard]] bool isPrimary() const;

    /// The secondary side: sends `paths` (made absolute against the current directory) to the primary and
    /// waits for its acknowledgement, at most `timeoutMs` in all. Blocking and thread-safe (it uses a socket
    /// of its own): meant for a process that exits right after. False when no primary acknowledged; the
    /// caller should then open the files itself.
    [[nodiscard]] bool sendToPrimary(const QStringList& paths, int timeoutMs = kSendTimeoutMs) const;
    /// Long enough for a busy primary (it answers from its event loop), short enough that a hung one does not
    /// keep the double-clicked file from opening in a window of its own.
    static constexpr int kSendTimeoutMs = 5000;

    [[nodiscard]] QString serverName() const { return m_serverName; }
    [[nodiscard]] QString lockFilePath() const { return m_lockPath; }
    [[nodiscard]] QString errorString() const { return m_error; }

    [[nodiscard]] static QString defaultKey();
    /// Command-line arguments to absolute local paths: relative ones against `workingDir`, file: URLs
    /// converted.
    [[nodiscard]] static QStringList absolutePaths(const QStringList& args, const QString& workingDir);
    /// A frame: the payload's length as a big-endian quint32, then the payload.
    [[nodiscard]] static QByteArray frame(const QByteArray& payload);

signals:
    /// Absolute paths another instance was asked to open; emitted before activationRequested().
    void filesReceived(const QStringList& paths);
    /// Another instance was started: raise and activate the main window.
    void activationRequested();

private:
    void acceptConnections();
    void readRequest(QLocalSocket* socket, QByteArray& buffer);
    void handleRequest(QLocalSocket* socket, const QByteArray& payload);

    QString m_serverName;
    QString m_lockPath;
    QString m_error;
    std::unique_ptr<QLockFile> m_lock;
    QLocalServer* m_server = nullptr;
};

} // namespace idx::gui
