// fault_saver TARGET SEED: writes a ~50 MB uint8 IDX (content chosen by SEED) over TARGET with idx::writeIdx
// (an atomic QSaveFile save; gzip or xz when TARGET ends in .gz or .xz), printing one "progress DONE TOTAL"
// line per progress report, flushed, so a test can kill it at a chosen moment of the save without sleeping.
// Exit 0 on success, 1 on a write error.
#include "tensorview.h"
#include "writer.h"

#include <QCoreApplication>

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 3) {
        std::fprintf(stderr, "usage: fault_saver TARGET SEED\n");
        return 2;
    }
    const auto seed = quint8(QByteArray(argv[2]).toUInt());
    const auto h = idx::Header::make(idx::DType::UInt8, {50, 1000, 1000});
    auto bytes = std::make_shared<QByteArray>(qsizetype(h->dataBytes), Qt::Uninitialized);
    char* p = bytes->data(); // one detach check, not 50 million (this also runs in the sanitizer build)
    for (qsizetype i = 0; i < bytes->size(); ++i)
        p[i] = char(quint8(i * 131 + seed));
    const idx::TensorView v(*h, reinterpret_cast<const uchar*>(bytes->constData()), h->dataBytes, bytes);
    idx::Control control;
    control.progress = [](qint64 done, qint64 total) {
        std::printf("progress %lld %lld\n", qlonglong(done), qlonglong(total));
        std::fflush(stdout);
    };
    const QString target = QString::fromLocal8Bit(argv[1]);
    const auto r = idx::writeIdx(target, v, {}, idx::containerForPath(target), control);
    if (!r) {
        std::fprintf(stderr, "fault_saver: %s\n", qPrintable(r.error));
        return 1;
    }
    std::printf("saved\n");
    return 0;
}
