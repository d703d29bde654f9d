// Settings: what idxscope remembers between runs, kept once. The last folder (a file's folder, a folder as it
// is, never the bundled sample's resource path) is the same for opening and exporting; recent files and the
// window layout come back as stored; the thumbnail size starts at its default, stays within its range, and
// only a size the person chose on the slider is remembered and given to the next document opened.
#include "actionregistry.h"
#include "appfixtures.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "exportcontroller.h"
#include "featurelist.h"
#include "galleryview.h"
#include "mainwindow.h"
#include "settings.h"

#include <QAction>
#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace idx::gui;

class TestSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerFeatures(); // the tabs made here without a main window have their panels
        appfx::isolateSettings();
        // Settings of its own: the thumbnail size chosen here must not reach other test programs' galleries.
        QCoreApplication::setApplicationName(QStringLiteral("idxscope-tests-settings"));
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("a")));
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("b")));
        m_images =
            fx::writeFile(m_dir, QStringLiteral("a/t-images-idx3-ubyte"), appfx::uint8Tensor({6, 4, 4}));
        m_other =
            fx::writeFile(m_dir, QStringLiteral("b/u-images-idx3-ubyte"), appfx::uint8Tensor({6, 4, 4}));
    }
    void init() { QSettings().clear(); }

    void lastFolderStartsAtHome();
    void lastFolderTakesTheFilesFolder();
    void lastFolderIgnoresResourcesAndEmpty();
    void recentFilesComeBack();
    void windowLayoutComesBack();
    void thumbnailSizeDefaultsAndClamps();
    void onlyAChosenThumbnailSizeIsAnnounced();
    void nextDocumentGetsTheChosenSize();
    void openingAndExportingShareTheLastFolder();

private:
    QTemporaryDir m_dir;
    QString m_images;
    QString m_other;
};

void TestSettings::lastFolderStartsAtHome()
{
    QCOMPARE(Settings::lastFolder(), QStandardPaths::writableLocation(QStandardPaths::HomeLocation));
}

void TestSettings::lastFolderTakesTheFilesFolder()
{
    Settings::setLastFolder(m_images);
    QCOMPARE(Settings::lastFolder(), m_dir.filePath(QStringLiteral("a")));
    Settings::setLastFolder(m_dir.filePath(QStringLiteral("b")));
    QCOMPARE(Settings::lastFolder(), m_dir.filePath(QStringLiteral("b")));
    // What earlier versions stored is read under the same key.
    QCOMPARE(QSettings().value(QStringLiteral("lastFolder")).toString(), m_dir.filePath(QStringLiteral("b")));
}

void TestSettings::lastFolderIgnoresResourcesAndEmpty()
{
    Settings::setLastFolder(m_images);
    Settings::setLastFolder(QStringLiteral(":/sample/fashion-mnist-t10k-1000-images-idx3-ubyte.gz"));
    QCOMPARE(Settings::lastFolder(), m_dir.filePath(QStringLiteral("a")));
    Settings::setLastFolder(QString());
    QCOMPARE(Settings::lastFolder(), m_dir.filePath(QStringLiteral("a")));
}

void TestSettings::recentFilesComeBack()
{
    QVERIFY(Settings::recentFiles().isEmpty());
    Settings::setRecentFiles({m_other, m_images});
    QCOMPARE(Settings::recentFiles(), (QStringList{m_other, m_images}));
    Settings::setRecentFiles({});
    QVERIFY(Settings::recentFiles().isEmpty());
    QVERIFY(!QSettings().contains(QStringLiteral("recentFiles")));
}

void TestSettings::windowLayoutComesBack()
{
    QVERIFY(Settings::windowGeometry().isEmpty());
    QVERIFY(Settings::windowState().isEmpty());
    Settings::setWindowLayout(QByteArray("geometry\x01", 9), QByteArray("state\x00\x02", 7));
    QCOMPARE(Settings::windowGeometry(), QByteArray("geometry\x01", 9));
    QCOMPARE(Settings::windowState(), QByteArray("state\x00\x02", 7));
}

void TestSettings::thumbnailSizeDefaultsAndClamps()
{
    QCOMPARE(Settings::thumbnailSize(), 56);
    Settings::setThumbnailSize(84);
    QCOMPARE(Settings::thumbnailSize(), 84);
    Settings::setThumbnailSize(500);
    QCOMPARE(Settings::thumbnailSize(), 112);
    Settings::setThumbnailSize(3);
    QCOMPARE(Settings::thumbnailSize(), 28);
    // A value edited by hand out of range, or not a number, is not taken as it is.
    QSettings().setValue(QStringLiteral("gallery/thumbnailSize"), 4000);
    QCOMPARE(Settings::thumbnailSize(), 112);
    QSettings().setValue(QStringLiteral("gallery/thumbnailSize"), QStringLiteral("large"));
    QCOMPARE(Settings::thumbnailSize(), 56);
}

void TestSettings::onlyAChosenThumbnailSizeIsAnnounced()
{
    DocumentManager documents;
    DocumentView* view = documents.open(m_images);
    QVERIFY(view && view->gallery());
    GalleryView* gallery = view->gallery();
    QCOMPARE(gallery->thumbnailSize(), 56);
    QSignalSpy chosen(gallery, &GalleryView::thumbnailSizeChosen);
    gallery->setThumbnailSize(84); // code, not the person
    QCOMPARE(gallery->thumbnailSize(), 84);
    QCOMPARE(chosen.size(), 0);
    QCOMPARE(Settings::thumbnailSize(), 56);

    auto* slider = gallery->findChild<QSlider*>();
    QVERIFY(slider);
    QCOMPARE(slider->value(), 84);
    slider->triggerAction(
        QAbstractSlider::SliderPageStepAdd); // what Page Up or a click beside the handle does
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(chosen.at(0).at(0).toInt(), 112);
    QCOMPARE(gallery->thumbnailSize(), 112);
    QCOMPARE(Settings::thumbnailSize(), 112);
}

void TestSettings::nextDocumentGetsTheChosenSize()
{
    DocumentManager documents;
    DocumentView* first = documents.open(m_images);
    QVERIFY(first && first->gallery());
    auto* slider = first->gallery()->findChild<QSlider*>();
    QVERIFY(slider);
    slider->triggerAction(QAbstractSlider::SliderToMinimum);
    QCOMPARE(first->gallery()->thumbnailSize(), 28);
    DocumentView* second = documents.open(m_other);
    QVERIFY(second && second->gallery() && second != first);
    QCOMPARE(second->gallery()->thumbnailSize(), 28);
}

void TestSettings::openingAndExportingShareTheLastFolder()
{
    MainWindow window;
    window.setSaveSettings(false);
    auto* exports = window.findChild<ExportController*>();
    QVERIFY(exports);
    QStringList starts;
    QString answer;
    exports->ui().saveFile = [&](const QString&, const QString& start, const QString&) {
        starts << start;
        return answer;
    };
    exports->ui().warn = [](const QString&, const QString& text) { QFAIL(qPrintable(text)); };
    DocumentView* view = window.openFile(m_images);
    QVERIFY(view);
    QTRY_VERIFY_WITH_TIMEOUT(view->document()->isLoaded(), 20000);
    QAction* npy = window.actionRegistry()->action(QStringLiteral("export.sliceNpy"));
    QVERIFY(npy);
    npy->trigger(); // suggested beside the file just opened; cancelled
    QCOMPARE(starts.size(), 1);
    QCOMPARE(QFileInfo(starts.at(0)).absolutePath(), m_dir.filePath(QStringLiteral("a")));

    answer = m_dir.filePath(QStringLiteral("b/slice.npy"));
    QSignalSpy finished(exports, &ExportController::jobFinished);
    npy->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 20000);
    QVERIFY(QFileInfo::exists(answer));
    // Where the export went is where the next Open starts.
    QCOMPARE(Settings::lastFolder(), m_dir.filePath(QStringLiteral("b")));
}

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
