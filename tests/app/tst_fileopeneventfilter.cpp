// FileOpenEventFilter: synthetic QFileOpenEvents (what macOS sends on a Finder double-click) become signals.
#include "fileopeneventfilter.h"

#include <QApplication>
#include <QFileOpenEvent>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace idx::gui;

class TestFileOpenEventFilter : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_filter = std::make_unique<FileOpenEventFilter>(QCoreApplication::instance());
        m_spy = std::make_unique<QSignalSpy>(m_filter.get(), &FileOpenEventFilter::fileOpenRequested);
    }

    void cleanup()
    {
        m_spy.reset();
        m_filter.reset(); // a destroyed filter is removed from the application
    }

    void localPath()
    {
        QFileOpenEvent event(QStringLiteral("/data/mnist/train-images-idx3-ubyte"));
        QVERIFY(QCoreApplication::sendEvent(QCoreApplication::instance(), &event));
        QCOMPARE(m_spy->count(), 1);
        QCOMPARE(m_spy->at(0).at(0).toString(), QStringLiteral("/data/mnist/train-images-idx3-ubyte"));
    }

    void localUrl()
    {
        QFileOpenEvent event(QUrl::fromLocalFile(QStringLiteral("/data/t10k-images.idx3-ubyte")));
        QCoreApplication::sendEvent(QCoreApplication::instance(), &event);
        QCOMPARE(m_spy->count(), 1);
        QCOMPARE(m_spy->at(0).at(0).toString(), QStringLiteral("/data/t10k-images.idx3-ubyte"));
    }

    void remoteUrlIgnored()
    {
        QFileOpenEvent event(QUrl(QStringLiteral("https://example.org/train-images-idx3-ubyte")));
        QCoreApplication::sendEvent(QCoreApplication::instance(), &event);
        QCOMPARE(m_spy->count(), 0);
    }

    void otherEventsPassThrough()
    {
        QEvent user(QEvent::User);
        QCoreApplication::sendEvent(QCoreApplication::instance(), &user);
        QObject other;
        QFileOpenEvent event(QStringLiteral("/data/a.idx"));
        QCoreApplication::sendEvent(&other, &event); // only the application object receives documents
        QCOMPARE(m_spy->count(), 0);
    }

    void gone()
    {
        m_spy.reset();
        m_filter.reset();
        QFileOpenEvent event(QStringLiteral("/data/a.idx"));
        QVERIFY(!QCoreApplication::sendEvent(QCoreApplication::instance(), &event));
    }

private:
    std::unique_ptr<FileOpenEventFilter> m_filter;
    std::unique_ptr<QSignalSpy> m_spy;
};

QTEST_MAIN(TestFileOpenEventFilter)
#include "tst_fileopeneventfilter.moc"
