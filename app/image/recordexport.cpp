// Parallel PNG export of records: names, conflict check, QtConcurrent over the records, clean-up on cancel.
#include "recordexport.h"

#include "pngencode.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImageWriter>
#include <QSaveFile>
#include <QtConcurrent/QtConcurrentMap>

#include <atomic>
#include <mutex>

namespace idx {

namespace {

QString tr(const char* s)
{
    return QCoreApplication::translate("idx", s);
}

struct Job {
    quint64 record = 0;
    QString path;
    bool written = false;
};

} // namespace

int recordNameWidth(quint64 recordCount)
{
    quint64 last = recordCount > 0 ? recordCount - 1 : 0;
    int digits = 1;
    while (last >= 10) {
        last /= 10;
        ++digits;
    }
    return digits;
}

QString recordFileName(quint64 record, int width, std::optional<qint64> label)
{
    QString name = QStringLiteral("%1").arg(record, width, 10, QLatin1Char('0'));
    if (label)
        name += QLatin1Char('_') + QString::number(*label);
    return name + QStringLiteral(".png");
}

int pngQualityForLevel(int level)
{
    level = std::clamp(level, 0, 9);
    return 100 - (level * 91 + 8) / 9;
}

QStringList exportFileNames(const TensorView& view, const RecordExportOptions& o)
{
    const int width = o.nameWidth > 0 ? o.nameWidth : recordNameWidth(view.recordCount());
    QStringList names;
    names.reserve(qsizetype(o.records.size()));
    for (quint64 r : o.records) {
        std::optional<qint64> label;
        if (r < o.labels.size())
            label = o.labels[size_t(r)];
        names << recordFileName(r, width, label);
    }
    return names;
}

QString savePng(const QImage& image, const QString& path, int pngLevel)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    QImageWriter writer(&file, "png");
    writer.setQuality(pngQualityForLevel(pngLevel));
    if (!writer.write(image)) {
        file.cancelWriting();
        return writer.errorString();
    }
    if (!file.commit())
        return file.errorString();
    return {};
}

RecordExportResult exportRecords(const TensorView& view, const RecordExportOptions& o, const Control& control)
{
    RecordExportResult result;
    const QString folderNative = QDir::toNativeSeparators(o.folder);
    if (const QString bad = checkRecordImageOptions(view.header(), o.image); !bad.isEmpty()) {
        result.error = bad;
        return result;
    }
    for (quint64 r : o.records) {
        if (r >= view.availableRecords()) {
            result.error = tr("record %1 is not available (the file has %2 complete records)")
                               .arg(r)
                               .arg(view.availableRecords());
            return result;
        }
    }
    const QFileInfo folderInfo(o.folder);
    if (folderInfo.exists() && !folderInfo.isDir()) {
        result.error = tr("exists and is not a folder");
        result.errorPath = folderNative;
        return result;
    }
    if (!QDir().mkpath(o.folder)) {
        result.error = tr("the folder could not be created");
        result.errorPath = folderNative;
        return result;
    }

    const QDir folder(o.folder);
    const QStringList names = exportFileNames(view, o);
    std::vector<Job> jobs(o.records.size());
    for (size_t i = 0; i < jobs.size(); ++i) {
        jobs[i].record = o.records[i];
        jobs[i].path = folder.filePath(names[qsizetype(i)]);
        if (!o.overwrite && QFileInfo::exists(jobs[i].path))
            result.conflicts << QDir::toNativeSeparators(jobs[i].path);
    }
    if (!result.conflicts.isEmpty()) {
        result.errorPath = result.conflicts.first();
        result.error =
            result.conflicts.size() == 1
                ? tr("the file exists already; nothing was written (allow overwriting to replace it)")
                : tr("the file exists already, and %1 more; nothing was written (allow overwriting "
                     "to replace them)")
                      .arg(result.conflicts.size() - 1);
        return result;
    }

    const qint64 total = qint64(jobs.size());
    const int quality = pngQualityForLevel(o.pngLevel);
    std::atomic<qint64> done{0};
    std::atomic<bool> stop{false};
    std::mutex errorMutex;
    control.report(0, total);

    QtConcurrent::blockingMap(jobs, [&](Job& job) {
        if (stop.load(std::memory_order_relaxed))
            return;
        if (control.cancelled()) {
            stop = true;
            return;
        }
        QString error;
        const QImage image = renderRecordImage(view, job.record, o.image);
        if (image.isNull()) {
            error = tr("record %1 could not be rendered").arg(job.record);
        } else {
            QFile file(job.path);
            if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
                error = file.errorString();
            } else {
                job.written = true; // it exists now: clean-up must consider it
                const QByteArray png = encodePng(image, o.pngLevel);
                if (!png.isEmpty()) {
                    if (file.write(png) != png.size() || !file.flush())
                        error = file.errorString();
                } else {
                    QImageWriter writer(&file, "png");
                    writer.setQuality(quality);
                    if (!writer.write(image))
                        error = writer.errorString();
                    else if (!file.flush())
                        error = file.errorString();
                }
            }
        }
        if (!error.isEmpty()) {
            std::lock_guard lock(errorMutex);
            if (result.error.isEmpty()) {
                result.error = error;
                result.errorPath = QDir::toNativeSeparators(job.path);
            }
            stop = true;
            return;
        }
        control.report(++done, total);
    });

    if (!stop) {
        result.ok = true;
        for (const Job& job : jobs)
            result.files << job.path;
        return result;
    }
    result.cancelled = result.error.isEmpty();
    if (result.cancelled)
        result.error = tr("the export was cancelled");
    for (const Job& job : jobs)
        if (job.written && !QFile::remove(job.path) && QFileInfo::exists(job.path))
            result.remaining << QDir::toNativeSeparators(job.path);
    return result;
}

} // namespace idx
