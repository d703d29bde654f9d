// diffbench: comparing Fashion-MNIST's training images (60,000 records, gzip) with two copies made here — one
// with a pixel changed in 100 records (gzip), one without two records (raw) — as `idxscope-cli diff` does
// (both files opened and decoded, then compared), beside the same comparison in numpy and Python's difflib
// (diff_baseline.py) in the same run; both sides must find the same. Not a test: ./build.sh bench.
#include "benchutil.h"
#include "diff.h"
#include "idxfile.h"
#include "writer.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <cstring>
#include <random>

namespace {

QTextStream& out()
{
    static QTextStream s(stdout);
    return s;
}

/// Opens, loads and compares two files; the diff of the last of `repeat` runs, the best time.
std::pair<idx::TensorDiff, double> compare(const QString& a, const QString& b, int repeat)
{
    std::optional<idx::TensorDiff> d;
    const auto t = bench::time(repeat, [&] {
        std::shared_ptr<idx::IdxFile> ka, kb;
        const idx::TensorView va = bench::loadOrExit(a, ka);
        const idx::TensorView vb = bench::loadOrExit(b, kb);
        d = idx::diffTensors(idx::TensorPieces(va), idx::TensorPieces(vb));
    });
    if (!d) {
        out() << "the comparison failed" << Qt::endl;
        std::exit(1);
    }
    return {*d, t.best};
}

QJsonObject baseline(const QString& a, const QString& b, const char* mode)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(QStringLiteral("/usr/bin/python3"),
            {QStringLiteral(IDXSCOPE_BENCH_DIR "/diff_baseline.py"), QStringLiteral("--a"), a,
             QStringLiteral("--b"), b, QStringLiteral("--mode"), QLatin1String(mode)});
    if (!p.waitForFinished(3600000) || p.exitCode() != 0)
        return {};
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QString train = QStringLiteral(IDXSCOPE_FASHION_DIR "/train-images-idx3-ubyte.gz");
    std::shared_ptr<idx::IdxFile> keep;
    const idx::TensorView view = bench::loadOrExit(train, keep);
    const idx::Header& h = view.header();
    const quint64 bytes = h.recordBytes();
    QTemporaryDir tmp;

    // A pixel changed in 100 records spread over the file, written as gzip (level 6, as the original).
    QByteArray edited(reinterpret_cast<const char*>(view.data()), qsizetype(h.dataBytes));
    for (quint64 i = 0; i < 100; ++i) {
        const quint64 at = (i * 600 + 7) * bytes + 400;
        edited[qsizetype(at)] = char(255 - quint8(edited[qsizetype(at)]));
    }
    const QString editedPath = tmp.filePath(QStringLiteral("edited-idx3-ubyte.gz"));
    if (!idx::writeIdxBytes(editedPath, h, edited, idx::Container::Gzip)) {
        out() << "cannot write " << editedPath << Qt::endl;
        return 1;
    }
    // Records 1,234 and 40,000 deleted, written raw.
    QByteArray shorter(reinterpret_cast<const char*>(view.data()), qsizetype(h.dataBytes));
    shorter.remove(qsizetype(40000 * bytes), qsizetype(bytes));
    shorter.remove(qsizetype(1234 * bytes), qsizetype(bytes));
    auto dims = h.dims;
    dims[0] -= 2;
    const QString shorterPath = tmp.filePath(QStringLiteral("shorter-idx3-ubyte"));
    if (!idx::writeIdxBytes(shorterPath, *idx::Header::make(h.dtype, dims), shorter)) {
        out() << "cannot write " << shorterPath << Qt::endl;
        return 1;
    }

    // Every record, in another order (raw).
    std::vector<quint64> order(size_t(h.recordCount()));
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::shuffle(order.begin(), order.end(), std::mt19937(1));
    QByteArray shuffled(qsizetype(h.dataBytes), Qt::Uninitialized);
    for (size_t i = 0; i < order.size(); ++i)
        std::memcpy(shuffled.data() + i * bytes, view.recordData(order[i]), bytes);
    const QString shuffledPath = tmp.filePath(QStringLiteral("shuffled-idx3-ubyte"));
    if (!idx::writeIdxBytes(shuffledPath, h, shuffled)) {
        out() << "cannot write " << shuffledPath << Qt::endl;
        return 1;
    }

    out() << "Comparing Fashion-MNIST training images (60,000 records, gzip) with copies, best of 3, "
             "files opened and decoded included"
          << Qt::endl;
    const auto [byIndex, indexMs] = compare(train, editedPath, 3);
    out() << "  with a pixel changed in 100 records (gzip): " << bench::seconds(indexMs) << ", "
          << byIndex.recordsDiffering << " records differ, " << byIndex.elementsDiffering
          << " values, largest difference " << byIndex.maxAbsDiff << Qt::endl;
    const auto [shifted, alignMs] = compare(train, shorterPath, 3);
    const idx::RecordAlignment& al = *shifted.alignment;
    out() << "  without records 1,234 and 40,000 (raw): " << bench::seconds(alignMs) << ", " << al.kept
          << " kept, " << al.deleted.size() << " deleted (" << (al.deleted.size() == 2 ? al.deleted[0] : 0)
          << ", " << (al.deleted.size() == 2 ? al.deleted[1] : 0) << "), " << al.inserted.size()
          << " inserted" << Qt::endl;

    const auto [reordered, shuffledMs] = compare(train, shuffledPath, 3);
    const idx::RecordAlignment& mv = *reordered.alignment;
    out() << "  every record in another order (raw): " << bench::seconds(shuffledMs) << ", " << mv.kept
          << " kept in order, " << mv.moved.size() << " moved, " << mv.deleted.size() + mv.inserted.size()
          << " deleted or inserted"
          << (mv.exact ? "" : " (too far apart for an exact script: anchored on records found once)")
          << Qt::endl;

    out() << "numpy and difflib (diff_baseline.py), same machine, same run" << Qt::endl;
    const QJsonObject bi = baseline(train, editedPath, "index");
    const QJsonObject ba = baseline(train, shorterPath, "align");
    const QJsonObject bs = baseline(train, shuffledPath, "align");
    if (bi.isEmpty() || ba.isEmpty() || bs.isEmpty()) {
        out() << "  (baseline unavailable)" << Qt::endl;
        return 0;
    }
    const QJsonObject fi = bi.value(QStringLiteral("found")).toObject();
    const QJsonObject fa = ba.value(QStringLiteral("found")).toObject();
    const double npMs = bi.value(QStringLiteral("seconds")).toDouble() * 1000;
    const double dlMs = ba.value(QStringLiteral("seconds")).toDouble() * 1000;
    const bool sameIndex =
        quint64(fi.value(QStringLiteral("records")).toInteger()) == byIndex.recordsDiffering &&
        quint64(fi.value(QStringLiteral("elements")).toInteger()) == byIndex.elementsDiffering &&
        fi.value(QStringLiteral("max_abs_diff")).toDouble() == byIndex.maxAbsDiff;
    const bool sameAlign = quint64(fa.value(QStringLiteral("kept")).toInteger()) == al.kept &&
                           quint64(fa.value(QStringLiteral("deleted")).toInteger()) == al.deleted.size() &&
                           quint64(fa.value(QStringLiteral("inserted")).toInteger()) == al.inserted.size();
    out() << "  by index, numpy: " << bench::seconds(npMs)
          << (sameIndex ? " (same findings)" : " (DIFFERENT findings)") << "; idxscope "
          << QString::number(npMs / indexMs, 'f', 2) << "x faster" << Qt::endl;
    out() << "  aligned, difflib: " << bench::seconds(dlMs)
          << (sameAlign ? " (same findings)" : " (DIFFERENT findings)") << "; idxscope "
          << QString::number(dlMs / alignMs, 'f', 2) << "x faster" << Qt::endl;
    const QJsonObject fs = bs.value(QStringLiteral("found")).toObject();
    const double shMs = bs.value(QStringLiteral("seconds")).toDouble() * 1000;
    out() << "  reordered, difflib: " << bench::seconds(shMs) << ", "
          << fs.value(QStringLiteral("kept")).toInteger() << " kept, "
          << fs.value(QStringLiteral("deleted")).toInteger() << " deleted and "
          << fs.value(QStringLiteral("inserted")).toInteger()
          << " inserted (difflib finds no moves); idxscope " << QString::number(shMs / shuffledMs, 'f', 2)
          << "x faster" << Qt::endl;
    bench::recordRatio(QStringLiteral("compare two files by index"), indexMs, QStringLiteral("numpy"), npMs,
                       QStringLiteral("> 1"));
    bench::recordRatio(QStringLiteral("compare two files aligned"), alignMs, QStringLiteral("python difflib"),
                       dlMs, QStringLiteral("> 1"));
    return sameIndex && sameAlign ? 0 : 1;
}
