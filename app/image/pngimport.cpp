// PNG folder import and QImage → record bytes.
#include "pngimport.h"

#include "csvreader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QImageReader>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cstring>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

QString native(const QString& p)
{
    return QDir::toNativeSeparators(p);
}

QString sizeText(const QSize& s)
{
    return QStringLiteral("%1×%2").arg(s.width()).arg(s.height());
}

// Gray 8-bit pixels, converting colour (or 16-bit) images; `converted` says whether colour was dropped.
QImage toGray(const QImage& img, bool* colour)
{
    *colour = !img.isGrayscale();
    if (img.format() == QImage::Format_Grayscale8)
        return img;
    return img.convertToFormat(QImage::Format_Grayscale8);
}
} // namespace

bool naturalLess(const QString& a, const QString& b)
{
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            qsizetype ei = i, ej = j;
            while (ei < a.size() && a[ei].isDigit())
                ++ei;
            while (ej < b.size() && b[ej].isDigit())
                ++ej;
            // Compare as numbers without overflow: strip leading zeros, then length, then digits.
            QStringView da = QStringView(a).mid(i, ei - i), db = QStringView(b).mid(j, ej - j);
            while (da.size() > 1 && da[0] == QLatin1Char('0'))
                da = da.mid(1);
            while (db.size() > 1 && db[0] == QLatin1Char('0'))
                db = db.mid(1);
            if (da.size() != db.size())
                return da.size() < db.size();
            if (const int c = da.compare(db); c != 0)
                return c < 0;
            if ((ei - i) != (ej - j)) // more leading zeros first, so "007" and "7" still order stably
                return (ei - i) > (ej - j);
            i = ei;
            j = ej;
            continue;
        }
        const QChar ca = a[i].toCaseFolded(), cb = b[j].toCaseFolded();
        if (ca != cb)
            return ca < cb;
        ++i;
        ++j;
    }
    if ((a.size() - i) != (b.size() - j))
        return (a.size() - i) < (b.size() - j);
    return a < b;
}

std::optional<qint64> labelFromFileName(const QString& fileName)
{
    static const QRegularExpression re(QStringLiteral("_(-?\\d{1,18})\\.png$"),
                                       QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(fileName);
    if (!m.hasMatch())
        return std::nullopt;
    return m.captured(1).toLongLong();
}

namespace {
// filename → label from "filename,label" records, read with the change log's rules (CsvReader with spaces
// trimmed, a header skipped when its label is no number); only names in `wanted` are kept, so memory follows
// the folder rather than the file. Errors name the file, line and column.
bool readLabelsCsv(const QString& path, const QSet<QString>& wanted, QHash<QString, qint64>& out,
                   PngImportResult& r)
{
    const auto fail = [&](const QString& message) {
        r.error = message;
        r.errorPath = native(path);
        return false;
    };
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return fail(Tr::tr("cannot read %1: %2").arg(native(path), f.errorString()));
    CsvOptions options;
    options.maxBytes = qint64(64) << 20; // a million file names many times over
    options.trimSpaces = true;
    CsvReader reader(f, options);
    bool first = true;
    while (const std::optional<CsvRecord> record = reader.next()) {
        const bool header = first && isCsvHeader(*record, 2, {1});
        first = false;
        if (header)
            continue;
        if (record->fields.size() != 2)
            return fail(csvMessage(
                path, record->at(),
                Tr::tr("expected 2 fields (filename,label), found %1").arg(record->fields.size())));
        const CsvField& labelField = record->fields[1];
        bool ok = false;
        const qint64 label = labelField.text.toLongLong(&ok);
        if (!ok)
            return fail(csvMessage(
                path, labelField.at,
                Tr::tr("\"%1\" is not a whole-number label").arg(QString::fromUtf8(labelField.text))));
        const QString name = QFileInfo(QString::fromUtf8(record->fields[0].text)).fileName();
        if (wanted.contains(name))
            out.insert(name, label);
    }
    if (const auto& e = reader.error())
        return fail(csvMessage(path, e->at, e->reason));
    return true;
}

QByteArray encodeLabels(const std::vector<qint64>& labels, DType& type)
{
    const bool small = std::all_of(labels.begin(), labels.end(), [](qint64 v) { return v >= 0 && v <= 255; });
    type = small ? DType::UInt8 : DType::Int32;
    QByteArray out(qsizetype(labels.size()) * elementSize(type), '\0');
    for (size_t k = 0; k < labels.size(); ++k)
        encodeElement(reinterpret_cast<uchar*>(out.data()) + k * size_t(elementSize(type)), type,
                      double(labels[k]));
    return out;
}
} // namespace

PngImportResult importPngFolder(const PngImportOptions& o, const Control& control)
{
    PngImportResult r;
    const QDir dir(o.folder);
    if (!dir.exists()) {
        r.error = Tr::tr("the folder %1 does not exist").arg(native(o.folder));
        r.errorPath = native(o.folder);
        return r;
    }
    QStringList names = dir.entryList({QStringLiteral("*.png"), QStringLiteral("*.PNG")}, QDir::Files);
    names.removeDuplicates();
    std::sort(names.begin(), names.end(), naturalLess);
    if (names.isEmpty()) {
        r.error = Tr::tr("%1 holds no PNG files").arg(native(o.folder));
        r.errorPath = native(o.folder);
        return r;
    }
    // Labels first: a missing label stops the import before any image is decoded.
    std::vector<qint64> labels;
    if (o.labels != LabelSource::None) {
        if (o.labelsPath.isEmpty()) {
            r.error = Tr::tr("no path was given for the labels file");
            return r;
        }
        QHash<QString, qint64> csv;
        if (o.labels == LabelSource::Csv &&
            !readLabelsCsv(o.labelsCsv, QSet<QString>(names.cbegin(), names.cend()), csv, r))
            return r;
        for (const QString& name : names) {
            std::optional<qint64> label;
            if (o.labels == LabelSource::FileNames)
                label = labelFromFileName(name);
            else if (auto it = csv.constFind(name); it != csv.constEnd())
                label = *it;
            if (!label) {
                r.error =
                    o.labels == LabelSource::FileNames
                        ? Tr::tr("%1 has no label in its name (expected NAME_LABEL.png, e.g. 00042_7.png)")
                              .arg(name)
                        : Tr::tr("%1 has no label in %2").arg(name, native(o.labelsCsv));
                r.errorPath = native(dir.filePath(name));
                return r;
            }
            labels.push_back(*label);
        }
    }
    QByteArray payload;
    QSize size;
    int colour = 0;
    for (int k = 0; k < names.size(); ++k) {
        if (control.cancelled()) {
            r.error = Tr::tr("cancelled");
            return r;
        }
        const QString path = dir.filePath(names[k]);
        QImageReader reader(path);
        const QImage img = reader.read();
        if (img.isNull()) {
            r.error = Tr::tr("cannot read %1: %2").arg(native(path), reader.errorString());
            r.errorPath = native(path);
            return r;
        }
        if (k == 0) {
            size = img.size();
            payload.reserve(qsizetype(names.size()) * size.width() * size.height());
        } else if (img.size() != size) {
            r.error = Tr::tr("%1 is %2 but %3 is %4; all images must have the same size")
                          .arg(names[k], sizeText(img.size()), names[0], sizeText(size));
            r.errorPath = native(path);
            return r;
        }
        bool wasColour = false;
        const QImage gray = toGray(img, &wasColour);
        colour += wasColour ? 1 : 0;
        for (int y = 0; y < gray.height(); ++y)
            payload.append(reinterpret_cast<const char*>(gray.constScanLine(y)), gray.width());
        control.report(k + 1, names.size());
    }
    if (colour > 0)
        r.notes << Tr::tr("%1 of %2 images were in colour and were converted to gray")
                       .arg(colour)
                       .arg(names.size());
    const auto header =
        Header::make(DType::UInt8, {quint64(names.size()), quint64(size.height()), quint64(size.width())});
    if (WriteResult w = writeIdxBytes(o.imagesPath, *header, payload, o.container); !w) {
        r.error = Tr::tr("cannot write %1: %2").arg(native(o.imagesPath), w.error);
        r.errorPath = native(o.imagesPath);
        return r;
    }
    if (o.labels != LabelSource::None) {
        const QByteArray labelBytes = encodeLabels(labels, r.labelType);
        const auto lh = Header::make(r.labelType, {quint64(labels.size())});
        if (WriteResult w = writeIdxBytes(o.labelsPath, *lh, labelBytes, o.container); !w) {
            r.error = Tr::tr("the images were written but the labels could not be: %1: %2")
                          .arg(native(o.labelsPath), w.error);
            r.errorPath = native(o.labelsPath);
            return r;
        }
    }
    r.ok = true;
    r.width = size.width();
    r.height = size.height();
    for (const QString& name : names)
        r.files << dir.filePath(name);
    return r;
}

RecordFromImage recordFromImage(const QImage& image, const Header& header)
{
    RecordFromImage r;
    if (image.isNull()) {
        r.error = Tr::tr("the image is empty");
        return r;
    }
    if (header.ndim() < 3) {
        r.error = Tr::tr("records of shape %1 are not images").arg(header.shapeString());
        return r;
    }
    quint64 rest = 1;
    for (int a = 1; a < header.ndim() - 2; ++a)
        rest *= header.dims[size_t(a)];
    const quint64 h = header.dims[size_t(header.ndim() - 2)], w = header.dims[size_t(header.ndim() - 1)];
    if (rest != 1) {
        r.error = Tr::tr("records of shape %1 hold more than one image").arg(header.shapeString());
        return r;
    }
    if (quint64(image.width()) != w || quint64(image.height()) != h) {
        r.error =
            Tr::tr("the image is %1 but the records are %2×%3").arg(sizeText(image.size())).arg(w).arg(h);
        return r;
    }
    bool colour = false;
    const QImage gray = toGray(image, &colour);
    if (colour)
        r.note = Tr::tr("the image was in colour and was converted to gray");
    const int es = header.elementSize();
    r.bytes = QByteArray(qsizetype(w * h) * es, '\0');
    auto* out = reinterpret_cast<uchar*>(r.bytes.data());
    for (int y = 0; y < gray.height(); ++y) {
        const uchar* line = gray.constScanLine(y);
        for (int x = 0; x < gray.width(); ++x, out += es)
            encodeElement(out, header.dtype, double(line[x]));
    }
    return r;
}

} // namespace idx
