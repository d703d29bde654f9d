// Parallel PNG export of records: names, conflict check by listing the folder, QtConcurrent over batches of
// records, clean-up on cancel.
#include "recordexport.h"

#include "pngencode.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QImageWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <atomic>
#include <mutex>

namespace idx {

namespace {

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

struct Job {
    quint64 record = 0;
    bool written = false;
};

// Records are rendered and written this many at a time: enough to keep every core busy between two
// hand-overs, few enough that nothing per record of a 10.9-million-record export is ever held.
constexpr size_t kBatch = 4096;

#if defined(Q_OS_WIN) || defined(Q_OS_MACOS)
constexpr Qt::CaseSensitivity kNames = Qt::CaseInsensitive; // the usual file systems there
#else
constexpr Qt::CaseSensitivity kNames = Qt::CaseSensitive;
#endif

void listPath(QStringList& list, quint64& count, const QString& path)
{
    if (list.size() < kMaxListedPaths)
        list << QDir::toNativeSeparators(path);
    ++count;
}

// The targets that exist already, found by listing the folder once (not one lookup per record): an entry
// is a conflict when it is the file name of a record being exported.
void findConflicts(const QDir& folder, quint64 recordCount, const RecordExportOptions& o,
                   RecordExportResult& result)
{
    QDirIterator it(folder.path(), QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    QStringList found;
    while (it.hasNext()) {
        it.next();
        const QString name = it.fileName();
        if (!name.endsWith(QLatin1String(".png"), kNames))
            continue;
        static const QRegularExpression nonDigit(QStringLiteral("[^0-9]"));
        const qsizetype digits = name.indexOf(nonDigit);
        bool ok = false;
        const quint64 record = digits > 0 ? name.left(digits).toULongLong(&ok) : 0;
        if (ok && o.records.contains(record) &&
            name.compare(exportFileName(record, recordCount, o), kNames) == 0)
            found << it.filePath();
    }
    found.sort(); // name order is record order: report the first ones
    for (const QString& path : std::as_const(found))
        listPath(result.conflicts, result.conflictCount, path);
}

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

QString recordFileName(quint64 record, int width, std::optional<qint64> label, const ClassNames* names)
{
    QString name = QStringLiteral("%1").arg(record, width, 10, QLatin1Char('0'));
    if (label) {
        const QString named = names ? names->fileSafeName(*label) : QString();
        name += QLatin1Char('_') + (named.isEmpty() ? QString::number(*label) : named);
    }
    return name + QStringLiteral(".png");
}

int pngQualityForLevel(int level)
{
    level = std::clamp(level, 0, 9);
    return 100 - (level * 91 + 8) / 9;
}

QString exportFileName(quint64 record, quint64 recordCount, const RecordExportOptions& o)
{
    const int width = o.nameWidth > 0 ? o.nameWidth : recordNameWidth(recordCount);
    std::optional<qint64> label;
    if (record < o.labels.size())
        label = o.labels[size_t(record)];
    return recordFileName(record, width, label, o.classNames.isEmpty() ? nullptr : &o.classNames);
}

QString savePng(const QImage& image, const QString& path, int pngLevel)
{
    // Encoded before the file is opened: a large image compresses on all cores (pngencode.h).
    const QByteArray png = encodePng(image, pngLevel);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    if (!png.isEmpty()) {
        if (file.write(png) != png.size()) {
            file.cancelWriting();
            return file.errorString();
        }
    } else { // a format the encoder does not take
        QImageWriter writer(&file, "png");
        writer.setQuality(pngQualityForLevel(pngLevel));
        if (!writer.write(image)) {
            file.cancelWriting();
            return writer.errorString();
        }
    }
    if (!file.commit())
        return file.errorString();
    return {};
}

RecordExportResult exportRecords(const TensorView& view, const RecordExportOptions& o, const Control& control)
{
    return exportRecords(TensorPieces(view), o, control);
}

RecordExportResult exportRecords(const TensorPieces& t, const RecordExportOptions& o, const Control& control)
{
    RecordExportResult result;
    const QString folderNative = QDir::toNativeSeparators(o.folder);
    if (const QString bad = checkRecordImageOptions(t.header(), o.image); !bad.isEmpty()) {
        result.error = bad;
        return result;
    }
    if (!o.records.isEmpty() && o.records.last() >= t.availableRecords()) {
        const quint64 missing = *std::find_if(o.records.begin(), o.records.end(),
                                              [&](quint64 r) { return r >= t.availableRecords(); });
        result.error = Tr::tr("record %1 is not available (the file has %2 complete records)")
                           .arg(missing)
                           .arg(t.availableRecords());
        return result;
    }
    const QFileInfo folderInfo(o.folder);
    if (folderInfo.exists() && !folderInfo.isDir()) {
        result.error = Tr::tr("exists and is not a folder");
        result.errorPath = folderNative;
        return result;
    }
    if (!QDir().mkpath(o.folder)) {
        result.error = Tr::tr("the folder could not be created");
        result.errorPath = folderNative;
        return result;
    }

    const QDir folder(o.folder);
    const quint64 recordCount = t.recordCount();
    if (!o.overwrite)
        findConflicts(folder, recordCount, o, result);
    if (result.conflictCount > 0) {
        result.errorPath = result.conflicts.first();
        result.error =
            result.conflictCount == 1
                ? Tr::tr("the file exists already; nothing was written (allow overwriting to replace it)")
                : Tr::tr("the file exists already, and %1 more; nothing was written (allow overwriting "
                         "to replace them)")
                      .arg(result.conflictCount - 1);
        return result;
    }

    const qint64 total = qint64(o.records.count());
    const int quality = pngQualityForLevel(o.pngLevel);
    std::atomic<qint64> done{0};
    std::atomic<bool> stop{false};
    std::mutex errorMutex;
    control.report(0, total);

    const auto work = [&](Job& job) {
        if (stop.load(std::memory_order_relaxed))
            return;
        if (control.cancelled()) {
            stop = true;
            return;
        }
        QString error;
        const QString path = folder.filePath(exportFileName(job.record, recordCount, o));
        const QImage image = renderRecordImage(t, job.record, o.image);
        if (image.isNull()) {
            error = Tr::tr("record %1 could not be rendered").arg(job.record);
        } else {
            QFile file(path);
            if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
                error = file.errorString();
            } else {
                job.written = true; // it exists now: clean-up must consider it
                // One piece on this thread: the export is parallel over records already.
                const QByteArray png = encodePngWhole(image, o.pngLevel);
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
                result.errorPath = QDir::toNativeSeparators(path);
            }
            stop = true;
            return;
        }
        control.report(++done, total);
    };

    std::vector<Job> batch;
    batch.reserve(kBatch);
    quint64 completed = 0; // records of whole batches written: the first `completed` of o.records
    for (auto it = o.records.begin(); it != o.records.end() && !stop;) {
        batch.clear();
        for (; it != o.records.end() && batch.size() < kBatch; ++it)
            batch.push_back({*it, false});
        QtConcurrent::blockingMap(batch, work);
        if (!stop)
            completed += batch.size();
        // The pages this batch read from a mapped file go again, run by run: exporting all of an 8 GiB
        // file must not leave it resident.
        for (size_t a = 0, b = 1; a < batch.size(); a = b++) {
            while (b < batch.size() && batch[b].record == batch[b - 1].record + 1)
                ++b;
            t.releaseRecords(batch[a].record, batch[b - 1].record + 1);
        }
    }

    if (!stop) {
        result.ok = true;
        result.written = completed;
        return result;
    }
    result.cancelled = result.error.isEmpty();
    if (result.cancelled)
        result.error = Tr::tr("the export was cancelled");
    // Clean-up: every record of the whole batches before the one that stopped, and what that one wrote.
    const auto remove = [&](quint64 record) {
        const QString path = folder.filePath(exportFileName(record, recordCount, o));
        if (!QFile::remove(path) && QFileInfo::exists(path))
            listPath(result.remaining, result.remainingCount, path);
    };
    quint64 k = 0;
    for (auto it = o.records.begin(); k < completed; ++it, ++k)
        remove(*it);
    for (const Job& job : batch)
        if (job.written)
            remove(job.record);
    return result;
}

} // namespace idx
