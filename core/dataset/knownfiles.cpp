// The known files of the MNIST family. Every entry is matched by a SHA-256 digest computed from the published
// file itself (where it was obtained from is said beside each entry): of every payload byte for labels and
// label tables, of the first kFingerprintRecords records for images; with the element type and every
// dimension. Class balance or first labels alone are never used: KMNIST and EMNIST's Balanced, Letters and
// Digits splits are perfectly balanced, so any shuffle of their labels would pass such a rule.
//
// Not recognised by their own content, because their content was not at hand (only the compressed files'
// checksums are published, and a checksum of compressed bytes says nothing about a payload; public copies of
// these files were either absent or pointers to large-file storage): QMNIST's and xnist's images; EMNIST's
// images files other than Balanced's test images; EMNIST ByClass, ByMerge and MNIST's labels. Images are
// still known through a recognised labels file beside them (datasetOfImages). The training images of MNIST
// and KMNIST and EMNIST Balanced's test images are known by their first 16 records, read from downloads
// committed unfinished (the real file's first bytes, its header and first records whole).
// No rule of published figures remains: each file that had one (MNIST's labels by class counts and first
// labels, EMNIST Balanced, Letters and Digits by balance) now has its digest. A QMNIST label table whose
// digest is not known is judged by the value range of each column (qmnistTableByRanges).
#include "knownfiles_p.h"

#include "tensorview.h"

#include <QCoreApplication>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

constexpr const char* kTraining = QT_TRANSLATE_NOOP("idx", "training");
constexpr const char* kTest = QT_TRANSLATE_NOOP("idx", "test");
constexpr const char* kXnist = QT_TRANSLATE_NOOP("idx", "NIST (xnist)");
constexpr auto kU8 = DType::UInt8;
constexpr auto kI32 = DType::Int32;
constexpr auto kImages = DatasetPart::Images;
constexpr auto kLabels = DatasetPart::Labels;
constexpr auto kTable = DatasetPart::LabelTable;
} // namespace

// clang-format off
const std::vector<KnownFile>& knownFiles()
{
    static const std::vector<KnownFile> files{
        // Debian dataset-fashion-mnist: train-labels-idx1-ubyte.gz (zalandoresearch/fashion-mnist's file)
        {"Fashion-MNIST", kTraining, kLabels, kU8, {60000},
         "657fbd221bfc9f4198cc14b5619cc33ec57c58dd0e47af4d99d6650759e869a7", nullptr},
        // Debian dataset-fashion-mnist: t10k-labels-idx1-ubyte.gz (zalandoresearch/fashion-mnist's file)
        {"Fashion-MNIST", kTest, kLabels, kU8, {10000},
         "3d0e6c6ea990b53b6f8f500a41cac93881d981b315f84578b7d915342ade01e9", nullptr},
        // Debian dataset-fashion-mnist: train-images-idx3-ubyte.gz (zalandoresearch/fashion-mnist's file)
        {"Fashion-MNIST", kTraining, kImages, kU8, {60000, 28, 28},
         nullptr, "10dd7c4a9ee09d2dc37599077908acbd2d1a309e7f2209cd02ff874bb8bbca42"},
        // Debian dataset-fashion-mnist: t10k-images-idx3-ubyte.gz (zalandoresearch/fashion-mnist's file)
        {"Fashion-MNIST", kTest, kImages, kU8, {10000, 28, 28},
         nullptr, "c19af3e166819aa4c875c4dceaf0244ee33a9cc43a268bf74250a562496903a0"},

        // YashDagade/ECE-685-Fall-2024@262271296eec75f43d1d97f9725325ff95b586fd:Homework 1/data/MNIST/raw/train-labels-idx1-ubyte.gz
        {"MNIST", kTraining, kLabels, kU8, {60000},
         "1feba77c54802fa5339a11837ea4b2866434b83314ec45192930f1df69120c13", nullptr},
        // YashDagade/ECE-685-Fall-2024@262271296eec75f43d1d97f9725325ff95b586fd:Homework 1/data/MNIST/raw/t10k-labels-idx1-ubyte.gz
        {"MNIST", kTest, kLabels, kU8, {10000},
         "ddeff807876a9661a1110d45c266c86239a3a1b7d37da0c3716a7a683c852ff5", nullptr},
        // YashDagade/ECE-685-Fall-2024@262271296eec75f43d1d97f9725325ff95b586fd:Homework 1/data/MNIST/raw/t10k-images-idx3-ubyte.gz
        {"MNIST", kTest, kImages, kU8, {10000, 28, 28},
         nullptr, "9424743f810dfce42e848da9da58136bb1ab7c0fad7b6d386d9ff257f1e46c2d"},
        // ray-27/mnist_digit_recognizer@c0a4ff5ddcfb476ea26681c42637be9b72c2810a:data/MNIST/raw/train-images-idx3-ubyte.gz
        // (an unfinished download: its first 6,309 records; SumathiGit/MNISTneuralnetwork@c315a656c18d1034b92dec5b190446a1f2516d48,
        // same path, is a shorter start of the same bytes)
        {"MNIST", kTraining, kImages, kU8, {60000, 28, 28},
         nullptr, "b72be252ad746f920c972b6b8f0063d5e8973bb401881405783dff81ca106670"},

        // YashDagade/ECE-685-Fall-2024@262271296eec75f43d1d97f9725325ff95b586fd:data/KMNIST/raw/train-labels-idx1-ubyte.gz
        {"KMNIST", kTraining, kLabels, kU8, {60000},
         "691c5342313eaef4a0b4d33645442ae1b98f13bd2066e67b551fdd4972ef71ea", nullptr},
        // zzc18765/AiPremiumClass@2187a1b6168b317230cb0d942ab8817aa94e1c89:week3_codes/data/KMNIST/raw/t10k-labels-idx1-ubyte.gz
        {"KMNIST", kTest, kLabels, kU8, {10000},
         "77d83a49ca5434c5da77399edc7143065cb3a7b0834e2898ea3094e8c2b21a3c", nullptr},
        // zzc18765/AiPremiumClass@2187a1b6168b317230cb0d942ab8817aa94e1c89:week3_codes/data/KMNIST/raw/t10k-images-idx3-ubyte.gz
        {"KMNIST", kTest, kImages, kU8, {10000, 28, 28},
         nullptr, "14c7452894e0a6127d20467072f4cb17d9695c8968f1fb1293e76196a4e446fd"},
        // zzc18765/AiPremiumClass@a7c89001ff5924c0bbc356487eeb9044e0d96bc8:data/KMNIST/raw/train-images-idx3-ubyte.gz
        // (an unfinished download; its first record is a kana, its first 16 differ from MNIST's)
        {"KMNIST", kTraining, kImages, kU8, {60000, 28, 28},
         nullptr, "6e560bab979cee2bf3fd9e110ad90e73df24c1dee842313bcf123b37039cbc67"},

        // fatalfeel/emnist_dataset_torch_cpp@ee7b7eae422d9d0d466c3e6d1dbaba620dc1a1c1:data/emnist-balanced-train-labels-idx1-ubyte
        {"EMNIST Balanced", kTraining, kLabels, kU8, {112800},
         "9909d861181d52ebb2b5d06498db211ca04680276c3e597ce66358fc3d93a369", nullptr},
        // hjoongpt-cloud/EMNIST@20ba3089169d9345c0469b8a441b8f21da04241f:baseline_test/attn_no_pe/raw/emnist-balanced-test-labels-idx1-ubyte
        {"EMNIST Balanced", kTest, kLabels, kU8, {18800},
         "3a04035853036eafee72845b4452e8f11459850c039ba8747c4212d15cd25155", nullptr},
        // dohoangnam2912/mnist-ocr@f7cda2ea6420bb1a002d412703d50e7e41d4fe7c:data/EMNIST/raw/gzip.zip, its member
        // gzip/emnist-balanced-test-images-idx3-ubyte.gz (the zip an unfinished download: 14,246 of 18,800 records)
        {"EMNIST Balanced", kTest, kImages, kU8, {18800, 28, 28},
         nullptr, "b7d575535cdf60f3581f457bd133574f93210dcc3c75ef13ef6a8891b7cbf806"},
        // ArenD100/Final@22681da90240b93c0395666dda21684af9b8eb2c:lettersData/emnist-letters-train-labels-idx1-ubyte.gz
        {"EMNIST Letters", kTraining, kLabels, kU8, {124800},
         "0d99903cfb9cfa946e8e96c93075e89b12c678328a2f4085c707533e4d93a43d", nullptr},
        // ArenD100/Final@22681da90240b93c0395666dda21684af9b8eb2c:lettersData/emnist-letters-test-labels-idx1-ubyte.gz
        {"EMNIST Letters", kTest, kLabels, kU8, {20800},
         "062d118d0459ebc21715245cb2d003ea28c7af7420a1b42c1f0fa61f3afa4da4", nullptr},
        // AMS889/CCM-ART-MNIST@ea33ed8a5990377232f95ddaf172c4b7b7d4ffcd:data/EMNIST_images/emnist-digits-train-labels-idx1-ubyte.gz
        {"EMNIST Digits", kTraining, kLabels, kU8, {240000},
         "5637d7b93354311598843ad5d51152e74516ad3bdc65dcbde6272748827dabb8", nullptr},
        // AMS889/CCM-ART-MNIST@ea33ed8a5990377232f95ddaf172c4b7b7d4ffcd:data/EMNIST_images/emnist-digits-test-labels-idx1-ubyte.gz
        {"EMNIST Digits", kTest, kLabels, kU8, {40000},
         "6d521d4905127badea13b2415a25efa1abc8a88fcb737355ae43ab8d8d60abbb", nullptr},

        // facebookresearch/qmnist@94061367ec2e099ea18c553c75727ecf849ddb9b:qmnist-train-labels-idx2-int.gz
        {"QMNIST", kTraining, kTable, kI32, {60000, 8},
         "69d38b36ac9b86f1b198ee9b2fa7434a2013be2947fc11b5d8a94beb36d9a1da", nullptr},
        // facebookresearch/qmnist@94061367ec2e099ea18c553c75727ecf849ddb9b:qmnist-test-labels-idx2-int.gz
        {"QMNIST", kTest, kTable, kI32, {60000, 8},
         "3aee714dbd3fe270d84d9cbcc928d0858cdd5e52022ffca569ac263dadb6276f", nullptr},
        // facebookresearch/qmnist@94061367ec2e099ea18c553c75727ecf849ddb9b:xnist-labels-idx2-int.xz
        {"QMNIST", kXnist, kTable, kI32, {402953, 8},
         "d556770422073ac750292f93cd4ad6887cb9d3914df601faeeadb47a32ce3ecf", nullptr},
        // facebookresearch/qmnist@94061367ec2e099ea18c553c75727ecf849ddb9b:qmnist-test-labels-idx1-ubyte.gz
        // (its first 10,000 labels are MNIST's test labels: the record count and whole digest tell them apart)
        {"QMNIST", kTest, kLabels, kU8, {60000},
         "345d044ae3c895fa4a9bb02d95611b705912608481cf5613f70445a1ae95485b", nullptr},
    };
    return files;
}
// clang-format on

namespace {
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
} // namespace

ClassNames knownClassNamesOf(const QString& dataset)
{
    if (dataset == QLatin1String("MNIST") || dataset == QLatin1String("QMNIST") ||
        dataset == QLatin1String("EMNIST Digits") || dataset == QLatin1String("EMNIST MNIST"))
        return digits();
    if (dataset == QLatin1String("KMNIST"))
        // Kuzushiji-MNIST's kmnist_classmap.csv (U+304A …) with the romanised names torchvision and TFDS use.
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

QStringList qmnistColumns()
{
    // As the table in QMNIST's README describes them (its "Character class", "NIST writer ID", …).
    return {Tr::tr("character class"), Tr::tr("NIST HSF series"),
            Tr::tr("NIST writer ID"),  Tr::tr("digit index for this writer"),
            Tr::tr("NIST class code"), Tr::tr("global NIST digit index"),
            Tr::tr("duplicate"),       Tr::tr("unused")};
}

namespace {
// MNIST's class counts and first labels (the training labels' counts, and the first twenty labels of each
// split): QMNIST's training classes are MNIST's training labels in order, and the first 10,000 test classes
// are MNIST's test labels.
const std::vector<quint64> kMnistTrainingCounts{5923, 6742, 5958, 6131, 5842, 5421, 5918, 6265, 5851, 5949};
const std::vector<qint32> kMnistTrainingHead{5, 0, 4, 1, 9, 2, 1, 3, 1, 4, 3, 5, 3, 6, 1, 7, 2, 8, 6, 9};
const std::vector<qint32> kMnistTestHead{7, 2, 1, 0, 4, 1, 4, 9, 5, 9, 0, 6, 9, 0, 1, 5, 9, 7, 3, 4};
constexpr quint64 kXnistRows = 402953;

// One row of a QMNIST table within the ranges of QMNIST's README: class 0–9; HSF series 0, 1 or 4; writer
// 0–610 or 2100–2599; digit index 0–149; NIST class code 30–39, the class's own (the hexadecimal ASCII code
// of the digit: 30 + class in every published table); global index 0–281,769; duplicate and unused 0.
// xnist holds every NIST digit: HSF series 0–7, writers up to 4099, column 5 the row's own index, column 6
// the index of the digit it duplicates (0 when none).
bool rowInRange(const qint32 (&c)[8], quint64 row, bool xnist)
{
    const bool common = c[0] >= 0 && c[0] <= 9 && c[3] >= 0 && c[3] <= 149 && c[4] == 30 + c[0] && c[7] == 0;
    if (!common)
        return false;
    if (xnist)
        return c[1] >= 0 && c[1] <= 7 && c[2] >= 0 && c[2] <= 4099 && quint64(c[5]) == row && c[6] >= 0 &&
               quint64(c[6]) < kXnistRows;
    return (c[1] == 0 || c[1] == 1 || c[1] == 4) &&
           ((c[2] >= 0 && c[2] <= 610) || (c[2] >= 2100 && c[2] <= 2599)) && c[5] >= 0 && c[5] <= 281769 &&
           c[6] == 0;
}
} // namespace

std::optional<DatasetIdentity> qmnistTableByRanges(const TensorView& v)
{
    const Header& h = v.header();
    if (h.dtype != DType::Int32 || h.ndim() != 2 || h.dims[1] != 8)
        return std::nullopt;
    const quint64 rows = h.dims[0];
    if (rows != 60000 && rows != kXnistRows)
        return std::nullopt;
    const bool xnist = rows == kXnistRows;
    std::vector<quint64> counts(10, 0);
    std::vector<qint32> head;
    for (quint64 r = 0; r < rows; ++r) {
        qint32 c[8];
        for (int k = 0; k < 8; ++k)
            c[k] = qint32(v.value(r * 8 + quint64(k))); // decoded in the view's byte order
        if (!rowInRange(c, r, xnist))
            return std::nullopt;
        ++counts[size_t(c[0])];
        if (head.size() < kMnistTestHead.size())
            head.push_back(c[0]);
    }
    DatasetIdentity id;
    id.dataset = QStringLiteral("QMNIST");
    id.part = DatasetPart::LabelTable;
    id.classes = digits();
    id.columns = qmnistColumns();
    if (xnist)
        id.split = Tr::tr(kXnist);
    else if (counts == kMnistTrainingCounts && head == kMnistTrainingHead)
        id.split = Tr::tr(kTraining);
    else if (head == kMnistTestHead)
        id.split = Tr::tr(kTest);
    else
        return std::nullopt;
    id.evidence = xnist
                      ? Tr::tr("402,953 rows, every column within the range QMNIST gives it")
                      : Tr::tr("every column holds values in the range QMNIST gives it; the classes begin as "
                               "MNIST's %1 labels")
                            .arg(id.split);
    return id;
}

} // namespace idx
