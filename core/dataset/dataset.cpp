// Recognising the MNIST family's files by their content (the known files and their digests are in
// knownfiles.cpp), and keys to remember things about a labels file by.
#include "dataset.h"

#include "knownfiles_p.h"
#include "tensorview.h"

#include <QCoreApplication>
#include <QCryptographicHash>

#include <algorithm>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

/// SHA-256 (hex) of elements [first, first + count) of a complete view as an IDX file stores them:
/// big-endian. A view read little-endian (a .npy, a remedy) holds each element's bytes the other way round:
/// they are turned, a chunk at a time, before they are hashed.
QByteArray bigEndianSha256(const TensorView& v, quint64 first, quint64 count)
{
    const quint64 es = quint64(v.header().elementSize());
    const uchar* p = v.data() + first * es;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (es == 1 || v.byteOrder() == ByteOrder::Big) {
        hash.addData(QByteArrayView(p, qsizetype(count * es)));
        return hash.result().toHex();
    }
    constexpr quint64 kChunk = 1 << 16; // elements
    QByteArray turned;
    for (quint64 done = 0; done < count; done += kChunk) {
        const quint64 n = std::min(kChunk, count - done);
        turned.resize(qsizetype(n * es));
        for (quint64 i = 0; i < n; ++i)
            std::reverse_copy(p + (done + i) * es, p + (done + i + 1) * es,
                              reinterpret_cast<uchar*>(turned.data()) + i * es);
        hash.addData(turned);
    }
    return hash.result().toHex();
}

QString evidenceOf(const KnownFile& k)
{
    switch (k.part) {
    case DatasetPart::Images:
        return Tr::tr("the first %1 images match the published file's").arg(kFingerprintRecords);
    case DatasetPart::Labels:
        return Tr::tr("every label matches the published file's");
    case DatasetPart::LabelTable:
        break;
    }
    return Tr::tr("every value of the table matches the published file's");
}
} // namespace

ClassNames knownClassNames(const QString& dataset)
{
    return knownClassNamesOf(dataset);
}

ContentFacts contentFacts(const TensorView& view)
{
    ContentFacts facts;
    const Header& h = view.header();
    facts.dtype = h.dtype;
    facts.dims = h.dims;
    if (!view.isComplete() || h.dims.empty())
        return facts;
    for (const KnownFile& k : knownFiles()) {
        if (k.dtype != h.dtype || k.dims != h.dims)
            continue;
        if (k.payloadSha256 && facts.payloadSha256.isEmpty())
            facts.payloadSha256 = bigEndianSha256(view, 0, h.elementCount);
        if (k.firstSha256 && facts.firstSha256.isEmpty())
            facts.firstSha256 =
                bigEndianSha256(view, 0, std::min(h.recordCount(), kFingerprintRecords) * h.recordElements());
    }
    return facts;
}

std::optional<DatasetIdentity> identifyByFacts(const ContentFacts& facts)
{
    for (const KnownFile& k : knownFiles()) {
        if (k.dtype != facts.dtype || k.dims != facts.dims)
            continue;
        const bool match = k.payloadSha256 ? facts.payloadSha256 == QByteArrayView(k.payloadSha256)
                                           : facts.firstSha256 == QByteArrayView(k.firstSha256);
        if (!match)
            continue;
        DatasetIdentity id;
        id.dataset = QLatin1String(k.dataset);
        id.split = Tr::tr(k.split);
        id.part = k.part;
        id.classes = knownClassNamesOf(id.dataset);
        if (k.part == DatasetPart::LabelTable)
            id.columns = qmnistColumns();
        id.transposed = id.dataset.startsWith(QLatin1String("EMNIST"));
        id.evidence = evidenceOf(k);
        return id;
    }
    return std::nullopt;
}

std::optional<DatasetIdentity> identifyDataset(const TensorView& view)
{
    if (!view.isComplete() || view.header().dims.empty())
        return std::nullopt;
    if (auto id = identifyByFacts(contentFacts(view)))
        return id;
    return qmnistTableByRanges(view);
}

QStringList columnNamesOf(const std::optional<DatasetIdentity>& identity, const Header& h)
{
    if (!identity || identity->part != DatasetPart::LabelTable || h.ndim() != 2 ||
        h.dims[1] != quint64(identity->columns.size()))
        return {};
    return identity->columns;
}

QByteArray contentDigest(const TensorView& t)
{
    return *contentDigest(t, Control{});
}

std::optional<QByteArray> contentDigest(const TensorView& t, const Control& control)
{
    const Header& h = t.header();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QByteArray shape = QByteArray::number(int(h.dtype));
    for (quint64 d : h.dims)
        shape += ' ' + QByteArray::number(d);
    hash.addData(shape + '\n');
    const auto bytes = qint64(std::min(t.availableBytes(), h.dataBytes));
    for (qint64 done = 0; done < bytes; done += kDigestPiece) {
        if (control.cancelled())
            return std::nullopt;
        hash.addData(QByteArrayView(t.data() + done, std::min(kDigestPiece, bytes - done)));
        control.report(std::min(done + kDigestPiece, bytes), bytes);
    }
    return hash.result();
}

QString labelsContentKey(const TensorView& labels)
{
    if (!labels.isComplete() || labels.header().dataBytes > kMaxKeyedBytes)
        return {};
    return QString::fromLatin1(contentDigest(labels).toHex());
}

std::optional<DatasetIdentity> datasetOfImages(const DatasetIdentity& labels, const Header& images)
{
    if (labels.part == DatasetPart::Images || images.ndim() < 2)
        return std::nullopt;
    DatasetIdentity id = labels;
    id.part = DatasetPart::Images;
    id.columns.clear(); // a label table's columns name none of the images
    id.evidence = Tr::tr("its labels file is %1").arg(labels.title());
    return id;
}

} // namespace idx
