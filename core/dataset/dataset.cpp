// The known files. Fingerprints are SHA-256 digests computed from the real files (Debian's
// dataset-fashion-mnist for Fashion-MNIST); where the files were not at hand, the labels are matched by
// published facts about their content — the count of every class and the first labels (MNIST), the stated
// balance of an EMNIST split over its stated size, the value range of every QMNIST column — which a file
// that merely has the shape does not meet. KMNIST and EMNIST's MNIST split are balanced 6,000/1,000 like
// Fashion-MNIST and no first labels of theirs are published: they are not recognised, only offered as names.
#include "dataset.h"

#include "tensorview.h"

#include <QCoreApplication>
#include <QCryptographicHash>

#include <algorithm>
#include <vector>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

constexpr quint64 kImageRecords = 16; // records hashed to recognise an images file

struct KnownFile {
    const char* dataset;
    const char* split;
    DatasetPart part;
    quint64 records;
    const char* sha256;          // labels: of every label byte; images: of the first kImageRecords records
    std::vector<quint64> counts; // labels without a digest: how many of each class, from class 0 (or 1)
    qint64 firstClass = 0;
    std::vector<int> head; // … and the first labels, as published
};

const std::vector<KnownFile>& knownFiles()
{
    static const std::vector<KnownFile> files{
        // Fashion-MNIST (Debian's dataset-fashion-mnist, the files zalandoresearch/fashion-mnist publishes).
        {"Fashion-MNIST",
         "training",
         DatasetPart::Labels,
         60000,
         "657fbd221bfc9f4198cc14b5619cc33ec57c58dd0e47af4d99d6650759e869a7",
         {},
         0,
         {}},
        {"Fashion-MNIST",
         "test",
         DatasetPart::Labels,
         10000,
         "3d0e6c6ea990b53b6f8f500a41cac93881d981b315f84578b7d915342ade01e9",
         {},
         0,
         {}},
        {"Fashion-MNIST",
         "training",
         DatasetPart::Images,
         60000,
         "10dd7c4a9ee09d2dc37599077908acbd2d1a309e7f2209cd02ff874bb8bbca42",
         {},
         0,
         {}},
        {"Fashion-MNIST",
         "test",
         DatasetPart::Images,
         10000,
         "c19af3e166819aa4c875c4dceaf0244ee33a9cc43a268bf74250a562496903a0",
         {},
         0,
         {}},
        // MNIST: the class counts and the first twenty labels of each split.
        {"MNIST",
         "training",
         DatasetPart::Labels,
         60000,
         nullptr,
         {5923, 6742, 5958, 6131, 5842, 5421, 5918, 6265, 5851, 5949},
         0,
         {5, 0, 4, 1, 9, 2, 1, 3, 1, 4, 3, 5, 3, 6, 1, 7, 2, 8, 6, 9}},
        {"MNIST",
         "test",
         DatasetPart::Labels,
         10000,
         nullptr,
         {980, 1135, 1032, 1010, 982, 892, 958, 1028, 974, 1009},
         0,
         {7, 2, 1, 0, 4, 1, 4, 9, 5, 9, 0, 6, 9, 0, 1, 5, 9, 7, 3, 4}},
        // EMNIST's balanced splits: every class equally often (Balanced 47 classes over 112,800 / 18,800;
        // Letters 26 classes, labels 1–26, over 124,800 / 20,800; Digits 10 over 240,000 / 40,000).
        {"EMNIST Balanced",
         "training",
         DatasetPart::Labels,
         112800,
         nullptr,
         std::vector<quint64>(47, 2400),
         0,
         {}},
        {"EMNIST Balanced",
         "test",
         DatasetPart::Labels,
         18800,
         nullptr,
         std::vector<quint64>(47, 400),
         0,
         {}},
        {"EMNIST Letters",
         "training",
         DatasetPart::Labels,
         124800,
         nullptr,
         std::vector<quint64>(26, 4800),
         1,
         {}},
        {"EMNIST Letters", "test", DatasetPart::Labels, 20800, nullptr, std::vector<quint64>(26, 800), 1, {}},
        {"EMNIST Digits",
         "training",
         DatasetPart::Labels,
         240000,
         nullptr,
         std::vector<quint64>(10, 24000),
         0,
         {}},
        {"EMNIST Digits", "test", DatasetPart::Labels, 40000, nullptr, std::vector<quint64>(10, 4000), 0, {}},
    };
    return files;
}

QByteArray sha256(const uchar* data, quint64 bytes)
{
    return QCryptographicHash::hash(QByteArrayView(data, qsizetype(bytes)), QCryptographicHash::Sha256)
        .toHex();
}

bool labelsMatch(const KnownFile& k, const TensorView& v)
{
    const quint64 n = v.availableElements();
    if (k.sha256)
        return sha256(v.data(), n) == QByteArrayView(k.sha256);
    std::vector<quint64> counts(k.counts.size(), 0);
    for (quint64 i = 0; i < n; ++i) {
        const qint64 c = qint64(v.data()[i]) - k.firstClass;
        if (c < 0 || c >= qint64(counts.size()))
            return false;
        ++counts[size_t(c)];
    }
    if (counts != k.counts)
        return false;
    for (size_t i = 0; i < k.head.size(); ++i)
        if (i >= n || int(v.data()[i]) != k.head[i])
            return false;
    return true;
}

QString evidenceOf(const KnownFile& k)
{
    if (k.part == DatasetPart::Images)
        return Tr::tr("the first %1 images match the published file's").arg(kImageRecords);
    if (k.sha256)
        return Tr::tr("every label matches the published file's");
    return k.head.empty()
               ? Tr::tr("the count of every class matches the published figures")
               : Tr::tr("the count of every class and the first %1 labels match the published figures")
                     .arg(k.head.size());
}
ClassNames digits()
{
    QStringList names;
    for (int d = 0; d <= 9; ++d)
        names << QString::number(d);
    return ClassNames(names);
}

// EMNIST's mapping files: label k is the character with code point codes[k] (ByClass: digits, A–Z, a–z;
// Balanced and ByMerge: digits, A–Z and the eleven lowercase letters not merged with their capital).
ClassNames characters(const std::vector<char32_t>& codes, qint64 first = 0)
{
    ClassNames out;
    for (size_t k = 0; k < codes.size(); ++k)
        out.set(first + qint64(k), QString::fromUcs4(&codes[k], 1));
    return out;
}

std::vector<char32_t> range(char32_t from, char32_t to)
{
    std::vector<char32_t> out;
    for (char32_t c = from; c <= to; ++c)
        out.push_back(c);
    return out;
}

template <typename... Parts> std::vector<char32_t> join(const Parts&... parts)
{
    std::vector<char32_t> out;
    (out.insert(out.end(), parts.begin(), parts.end()), ...);
    return out;
}

const QStringList& qmnistColumns()
{
    // As QMNIST's README names them.
    static const QStringList columns{
        Tr::tr("class"),           Tr::tr("NIST HSF series"),   Tr::tr("writer id"), Tr::tr("digit index"),
        Tr::tr("NIST class code"), Tr::tr("global NIST index"), Tr::tr("duplicate"), Tr::tr("unused")};
    return columns;
}

// A QMNIST label table: int32, N × 8, every column within the range QMNIST's README gives it (class 0–9,
// HSF series 0, 1 or 4, writer 0–326 or 2100–2599, digit index 0–149, global index 0–281769; in the
// qmnist-* files the duplicate and unused columns are 0). Which split: qmnist-train's classes are MNIST's
// training labels in order, qmnist-test's first 10,000 are MNIST's test labels; xnist holds all 402,953.
std::optional<DatasetIdentity> qmnistTable(const TensorView& v)
{
    const Header& h = v.header();
    if (h.dtype != DType::Int32 || h.ndim() != 2 || h.dims[1] != 8)
        return std::nullopt;
    const quint64 rows = h.dims[0];
    if (rows != 60000 && rows != 402953)
        return std::nullopt;
    const bool xnist = rows == 402953;
    std::vector<quint64> counts(10, 0);
    std::vector<int> head;
    for (quint64 r = 0; r < rows; ++r) {
        qint32 c[8];
        for (int k = 0; k < 8; ++k)
            c[k] = qint32(v.value(r * 8 + quint64(k)));
        const bool ok = c[0] >= 0 && c[0] <= 9 && (c[1] == 0 || c[1] == 1 || c[1] == 4) &&
                        ((c[2] >= 0 && c[2] <= 326) || (c[2] >= 2100 && c[2] <= 2599)) && c[3] >= 0 &&
                        c[3] <= 149 && c[5] >= 0 && c[5] <= 281769 && (xnist || (c[6] == 0 && c[7] == 0));
        if (!ok)
            return std::nullopt;
        ++counts[size_t(c[0])];
        if (head.size() < 20)
            head.push_back(c[0]);
    }
    DatasetIdentity id;
    id.dataset = QStringLiteral("QMNIST");
    id.part = DatasetPart::LabelTable;
    id.classes = digits();
    id.columns = qmnistColumns();
    const std::vector<KnownFile>& known = knownFiles();
    const auto mnist = [&](const char* split) {
        return std::find_if(known.begin(), known.end(), [&](const KnownFile& k) {
            return qstrcmp(k.dataset, "MNIST") == 0 && qstrcmp(k.split, split) == 0;
        });
    };
    if (xnist) {
        id.split = Tr::tr("NIST (xnist)");
    } else if (counts == mnist("training")->counts && head == mnist("training")->head) {
        id.split = Tr::tr("training");
    } else if (head == mnist("test")->head) {
        id.split = Tr::tr("test");
    } else {
        return std::nullopt;
    }
    id.evidence = xnist
                      ? Tr::tr("402,953 rows, every column within the range QMNIST gives it")
                      : Tr::tr("every column holds values in the range QMNIST gives it; the classes begin as "
                               "MNIST's %1 labels")
                            .arg(id.split);
    return id;
}

ClassNames knownClassNamesOf(const QString& dataset)
{
    if (dataset == QLatin1String("MNIST") || dataset == QLatin1String("QMNIST") ||
        dataset == QLatin1String("EMNIST Digits") || dataset == QLatin1String("EMNIST MNIST"))
        return digits();
    if (dataset == QLatin1String("KMNIST"))
        // Kuzushiji-MNIST's class map (U+304A …) with the romanised names torchvision and TFDS use.
        return ClassNames({QStringLiteral("\u304A o"), QStringLiteral("\u304D ki"),
                           QStringLiteral("\u3059 su"), QStringLiteral("\u3064 tsu"),
                           QStringLiteral("\u306A na"), QStringLiteral("\u306F ha"),
                           QStringLiteral("\u307E ma"), QStringLiteral("\u3084 ya"),
                           QStringLiteral("\u308C re"), QStringLiteral("\u3092 wo")});
    const auto upper = range(U'A', U'Z');
    if (dataset == QLatin1String("EMNIST ByClass"))
        return characters(join(range(U'0', U'9'), upper, range(U'a', U'z')));
    if (dataset == QLatin1String("EMNIST Balanced") || dataset == QLatin1String("EMNIST ByMerge"))
        return characters(
            join(range(U'0', U'9'), upper,
                 std::vector<char32_t>{U'a', U'b', U'd', U'e', U'f', U'g', U'h', U'n', U'q', U'r', U't'}));
    if (dataset == QLatin1String("EMNIST Letters")) // labels 1–26, each a letter in either case
        return characters(upper, 1);
    if (dataset == QLatin1String("Fashion-MNIST"))
        // As zalandoresearch/fashion-mnist's README names them.
        return ClassNames({QStringLiteral("T-shirt/top"), QStringLiteral("Trouser"),
                           QStringLiteral("Pullover"), QStringLiteral("Dress"), QStringLiteral("Coat"),
                           QStringLiteral("Sandal"), QStringLiteral("Shirt"), QStringLiteral("Sneaker"),
                           QStringLiteral("Bag"), QStringLiteral("Ankle boot")});
    return {};
}

} // namespace

QString DatasetIdentity::title() const
{
    const QString what = part == DatasetPart::Images   ? Tr::tr("images")
                         : part == DatasetPart::Labels ? Tr::tr("labels")
                                                       : Tr::tr("label table");
    return Tr::tr("%1, %2 %3").arg(dataset, split, what);
}

ClassNames knownClassNames(const QString& dataset)
{
    return knownClassNamesOf(dataset);
}

std::optional<DatasetIdentity> identifyDataset(const TensorView& view)
{
    const Header& h = view.header();
    if (!view.isComplete() || h.dims.empty())
        return std::nullopt;
    if (h.dtype == DType::Int32)
        return qmnistTable(view);
    if (h.dtype != DType::UInt8)
        return std::nullopt;
    const bool labels = h.ndim() == 1;
    const bool images = h.ndim() == 3 && h.dims[1] == 28 && h.dims[2] == 28;
    if (!labels && !images)
        return std::nullopt;
    QByteArray imageDigest;
    for (const KnownFile& k : knownFiles()) {
        if (k.records != h.dims[0] || (k.part == DatasetPart::Images) != images)
            continue;
        bool match = false;
        if (images) {
            if (imageDigest.isEmpty())
                imageDigest =
                    sha256(view.data(), std::min<quint64>(h.recordCount(), kImageRecords) * h.recordBytes());
            match = imageDigest == QByteArrayView(k.sha256);
        } else {
            match = labelsMatch(k, view);
        }
        if (!match)
            continue;
        DatasetIdentity id;
        id.dataset = QLatin1String(k.dataset);
        id.split = Tr::tr(k.split);
        id.part = k.part;
        id.classes = knownClassNamesOf(id.dataset);
        id.transposed = id.dataset.startsWith(QLatin1String("EMNIST"));
        id.evidence = evidenceOf(k);
        return id;
    }
    return std::nullopt;
}

QByteArray contentDigest(const TensorView& t)
{
    const Header& h = t.header();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QByteArray shape = QByteArray::number(int(h.dtype));
    for (quint64 d : h.dims)
        shape += ' ' + QByteArray::number(d);
    hash.addData(shape + '\n');
    hash.addData(QByteArrayView(t.data(), qsizetype(std::min(t.availableBytes(), h.dataBytes))));
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
    if (labels.part != DatasetPart::Labels || images.ndim() < 2)
        return std::nullopt;
    DatasetIdentity id = labels;
    id.part = DatasetPart::Images;
    id.evidence = Tr::tr("its labels file is %1").arg(labels.title());
    return id;
}

} // namespace idx
