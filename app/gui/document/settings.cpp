// Settings: the keys below are what earlier versions stored ("lastFolder", "recentFiles", "mainWindow/…"), so
// an update keeps what a user's installation remembers.
#include "settings.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QObject>
#include <QSettings>
#include <QStandardPaths>
#include <QStringList>

#include <algorithm>

namespace idx::gui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(Settings)
};

const QString kLastFolder = QStringLiteral("lastFolder");
const QString kRecentFiles = QStringLiteral("recentFiles");
const QString kGeometry = QStringLiteral("mainWindow/geometry");
const QString kState = QStringLiteral("mainWindow/state");
const QString kThumbnailSize = QStringLiteral("gallery/thumbnailSize");
} // namespace

QString Settings::lastFolder()
{
    const QString home = QStandardPaths::writableLocation(QStandardPaths::HomeLocation);
    return QSettings().value(kLastFolder, home).toString();
}

idx::ClassNames Settings::classNames(const QString& key)
{
    if (key.isEmpty())
        return {};
    return idx::ClassNames::parse(QSettings().value(QStringLiteral("classNames/") + key).toByteArray());
}

void Settings::setClassNames(const QString& key, const idx::ClassNames& names)
{
    if (key.isEmpty())
        return;
    QSettings settings;
    if (names.isEmpty())
        settings.remove(QStringLiteral("classNames/") + key);
    else
        settings.setValue(QStringLiteral("classNames/") + key, names.toCsv());
}

void Settings::setLastFolder(const QString& fileOrFolder)
{
    if (fileOrFolder.isEmpty() || fileOrFolder.startsWith(QLatin1Char(':')))
        return;
    const QFileInfo info(fileOrFolder);
    QSettings().setValue(kLastFolder, info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

QStringList Settings::recentFiles()
{
    return QSettings().value(kRecentFiles).toStringList();
}

void Settings::setRecentFiles(const QStringList& files)
{
    QSettings settings;
    if (files.isEmpty())
        settings.remove(kRecentFiles);
    else
        settings.setValue(kRecentFiles, files);
}

QByteArray Settings::windowGeometry()
{
    return QSettings().value(kGeometry).toByteArray();
}

QByteArray Settings::windowState()
{
    return QSettings().value(kState).toByteArray();
}

void Settings::setWindowLayout(const QByteArray& geometry, const QByteArray& state)
{
    QSettings settings;
    settings.setValue(kGeometry, geometry);
    settings.setValue(kState, state);
}

int Settings::thumbnailSize()
{
    bool ok = false;
    const int px = QSettings().value(kThumbnailSize).toInt(&ok);
    return ok ? std::clamp(px, kThumbnailMin, kThumbnailMax) : kThumbnailDefault;
}

void Settings::setThumbnailSize(int px)
{
    QSettings().setValue(kThumbnailSize, std::clamp(px, kThumbnailMin, kThumbnailMax));
}

} // namespace idx::gui
