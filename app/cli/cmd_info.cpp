// `idxscope-cli info FILE... [--json]`: what a file is, as text or JSON.
#include "clicommon.h"
#include "clitr.h"
#include "commands.h"

#include "byteorder.h"
#include "companion.h"
#include "dataset.h"
#include "sibling.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace idx::cli {

namespace {

// What would make sense of the file's diagnostics, each with the options that apply it.
QJsonArray repairsArray(const LoadedFile& f)
{
    QJsonArray repairs;
    for (const Remedy& r : f.remedies) {
        QJsonObject options;
        if (r.options.elementType)
            options.insert(QStringLiteral("type"), storedTypeName(*r.options.elementType));
        options.insert(QStringLiteral("byte_order"), byteOrderArgument(r.options));
        options.insert(QStringLiteral("little_endian_file"), r.options.littleEndianFile);
        options.insert(QStringLiteral("ignore_trailing"), r.options.ignoreTrailing);
        repairs.append(
            QJsonObject{{QStringLiteral("kind"), remedyKindName(r.kind)},
                        {QStringLiteral("description"), r.description},
                        {QStringLiteral("evidence"), r.evidence},
                        {QStringLiteral("plausible"), r.plausible},
                        {QStringLiteral("unambiguous"), r.unambiguous},
                        {QStringLiteral("options"), options},
                        {QStringLiteral("arguments"), QJsonArray::fromStringList(openArguments(r.options))}});
    }
    return repairs;
}

// The known dataset the file is (dataset.h), by its own content or, for an images file, by its companion
// labels file's.
std::optional<DatasetIdentity> datasetOf(const LoadedFile& f, const std::optional<QString>& companion)
{
    if (!f.error.isEmpty())
        return std::nullopt;
    if (auto id = identifyDataset(f.view))
        return id;
    if (!companion || f.file->header().ndim() < 2)
        return std::nullopt;
    const LoadedFile labels = loadFile(*companion);
    if (!labels.error.isEmpty() || !checkCompanion(f.file->header(), labels.file->header()).isEmpty())
        return std::nullopt;
    const auto id = identifyDataset(labels.view);
    return id ? datasetOfImages(*id, f.file->header()) : std::nullopt;
}

QJsonObject infoObject(const LoadedFile& f, const ClassNames& given)
{
    QJsonObject o;
    o.insert(QStringLiteral("file"), displayPath(f.path));
    const Header& h = f.file->header();
    o.insert(QStringLiteral("container"), containerName(f.file->container()));
    const SourceLayout& source = f.file->source();
    o.insert(QStringLiteral("format"), sourceFormatName(source.format));
    if (source.format != SourceFormat::Idx)
        o.insert(QStringLiteral("source"), QJsonObject{{QStringLiteral("dtype"), storedTypeName(source.type)},
                                                       {QStringLiteral("descr"), source.descr},
                                                       {QStringLiteral("fortran_order"), source.fortran}});
    o.insert(QStringLiteral("type_code"), int(f.file->storedTypeCode()));
    o.insert(QStringLiteral("read_as"), f.file->options().describe());
    o.insert(QStringLiteral("dtype"), dtypeName(h.dtype));
    QJsonArray dims;
    for (quint64 d : h.dims)
        dims.append(double(d));
    o.insert(QStringLiteral("dims"), dims);
    o.insert(QStringLiteral("element_size"), h.elementSize());
    o.insert(QStringLiteral("header_bytes"), double(h.headerBytes));
    o.insert(QStringLiteral("data_bytes"), double(h.dataBytes));
    o.insert(QStringLiteral("trailing_bytes"), double(f.file->trailingBytes()));
    o.insert(QStringLiteral("file_size"), double(f.file->fileSize()));
    const ByteOrderCheck bo = checkByteOrder(f.view);
    o.insert(QStringLiteral("byte_order"), verdictName(bo.verdict));
    o.insert(QStringLiteral("byte_order_evidence"), bo.evidence);
    const auto companion = findCompanion(f.path);
    o.insert(QStringLiteral("companion"), companion ? QJsonValue(displayPath(*companion)) : QJsonValue());
    const auto dataset = datasetOf(f, companion);
    o.insert(QStringLiteral("dataset"), dataset ? QJsonValue(dataset->title()) : QJsonValue());
    o.insert(QStringLiteral("dataset_evidence"), dataset ? QJsonValue(dataset->evidence) : QJsonValue());
    const ClassNames names = classNamesFor(dataset, given);
    QJsonValue classNames; // null without names
    if (!names.byValue().isEmpty()) {
        classNames = QJsonArray::fromStringList(names.byValue()); // indexed by label value
    } else if (!names.isEmpty()) {
        // Labels below 0 or above 65535 cannot index a list: an object keyed by label instead.
        QJsonObject byLabel;
        for (const auto& [label, name] : names.all())
            byLabel.insert(QString::number(label), name);
        classNames = byLabel;
    }
    o.insert(QStringLiteral("class_names"), classNames);
    o.insert(QStringLiteral("column_names"), dataset && !dataset->columns.isEmpty()
                                                 ? QJsonValue(QJsonArray::fromStringList(dataset->columns))
                                                 : QJsonValue());
    o.insert(QStringLiteral("stored_transposed"), dataset && dataset->transposed);
    o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(f.warnings()));
    o.insert(QStringLiteral("repairs"), repairsArray(f));
    return o;
}

QJsonObject archiveObject(const QString& path, const NpzListing& listing)
{
    QJsonArray arrays;
    for (const NpzArray& a : listing.arrays) {
        QJsonObject o{{QStringLiteral("name"), a.name}};
        if (a.layout) {
            QJsonArray dims;
            for (quint64 d : a.layout->dims)
                dims.append(double(d));
            o.insert(QStringLiteral("dtype"), storedTypeName(a.layout->type));
            o.insert(QStringLiteral("descr"), a.layout->descr);
            o.insert(QStringLiteral("dims"), dims);
        } else {
            o.insert(QStringLiteral("error"), a.error);
        }
        arrays.append(o);
    }
    QJsonObject o{{QStringLiteral("file"), displayPath(path)},
                  {QStringLiteral("format"), sourceFormatName(SourceFormat::Npz)},
                  {QStringLiteral("arrays"), arrays}};
    if (const auto pair = pairedArrays(listing))
        o.insert(QStringLiteral("pair"), QJsonObject{{QStringLiteral("images"), pair->first},
                                                     {QStringLiteral("labels"), pair->second}});
    return o;
}

QString archiveText(const QString& path, const NpzListing& listing)
{
    QString text = displayPath(path) + QLatin1Char('\n');
    text += Tr::tr("  format:          %1 archive of %n array(s); open one as %2:NAME\n", nullptr,
                   int(listing.arrays.size()))
                .arg(sourceFormatName(SourceFormat::Npz))
                .arg(QFileInfo(path).fileName());
    for (const NpzArray& a : listing.arrays) {
        QString what = a.error;
        if (a.layout) {
            QStringList dims;
            for (quint64 d : a.layout->dims)
                dims << QString::number(d);
            what = QStringLiteral("%1 %2")
                       .arg(storedTypeName(a.layout->type), -8)
                       .arg(dims.join(QStringLiteral(" x ")));
        }
        text += QStringLiteral("  %1 %2\n").arg(a.name + QLatin1Char(':'), -16).arg(what);
    }
    if (const auto pair = pairedArrays(listing))
        text += Tr::tr("  pair:            images %1, labels %2\n").arg(pair->first, pair->second);
    return text;
}

QString dimsText(const Header& h)
{
    if (h.dims.empty())
        return Tr::tr("scalar (no dimensions)");
    QStringList parts;
    for (quint64 d : h.dims)
        parts << QString::number(d);
    return parts.join(QStringLiteral(" x "));
}

QString infoText(const LoadedFile& f, const ClassNames& given)
{
    const Header& h = f.file->header();
    const ByteOrderCheck bo = checkByteOrder(f.view);
    const auto companion = findCompanion(f.path);
    auto line = [](const QString& key, const QString& value) {
        return QStringLiteral("  %1 %2\n").arg(key + QLatin1Char(':'), -16).arg(value);
    };
    QString text = displayPath(f.path) + QLatin1Char('\n');
    const SourceLayout& source = f.file->source();
    if (source.format != SourceFormat::Idx)
        text +=
            line(Tr::tr("format"), Tr::tr("%1 (%2, %3), read as IDX")
                                       .arg(sourceFormatName(source.format), source.descr,
                                            source.fortran ? Tr::tr("column-major") : Tr::tr("row-major")));
    text += line(Tr::tr("container"), containerName(f.file->container()));
    const QString code =
        QString::number(f.file->storedTypeCode(), 16).toUpper().rightJustified(2, QLatin1Char('0'));
    text += line(Tr::tr("type code"), QStringLiteral("0x%1 (%2)").arg(code, dtypeName(h.dtype)));
    if (!f.file->options().isDefault())
        text += line(Tr::tr("read as"), f.file->options().describe());
    text += line(Tr::tr("dims"), dimsText(h));
    text += line(Tr::tr("records"), QString::number(h.recordCount()));
    text += line(Tr::tr("element size"), QString::number(h.elementSize()));
    text += line(Tr::tr("header bytes"), QString::number(h.headerBytes));
    text += line(Tr::tr("data bytes"), QString::number(h.dataBytes));
    text += line(Tr::tr("trailing bytes"), QString::number(f.file->trailingBytes()));
    text += line(Tr::tr("file size"), QString::number(f.file->fileSize()));
    text += line(Tr::tr("byte order"),
                 bo.evidence.isEmpty() ? verdictName(bo.verdict)
                                       : QStringLiteral("%1 (%2)").arg(verdictName(bo.verdict), bo.evidence));
    text += line(Tr::tr("companion"), companion ? displayPath(*companion) : Tr::tr("none found"));
    const auto dataset = datasetOf(f, companion);
    if (dataset)
        text += line(Tr::tr("dataset"), QStringLiteral("%1 (%2)").arg(dataset->title(), dataset->evidence));
    if (const ClassNames names = classNamesFor(dataset, given); !names.isEmpty()) {
        QStringList captions;
        for (const auto& [label, name] : names.all())
            captions << names.caption(label);
        text += line(Tr::tr("classes"), captions.join(QLatin1String(", ")));
    }
    if (dataset) {
        if (!dataset->columns.isEmpty())
            text += line(Tr::tr("columns"), dataset->columns.join(QLatin1String(", ")));
        if (dataset->transposed)
            text += line(Tr::tr("stored"), Tr::tr("transposed (each image's rows are its columns)"));
    }
    const QStringList warnings = f.warnings();
    text += line(Tr::tr("warnings"), warnings.isEmpty() ? Tr::tr("none") : QString::number(warnings.size()));
    for (const QString& w : warnings)
        text += QStringLiteral("    - %1\n").arg(w);
    if (!f.remedies.empty()) {
        text += line(Tr::tr("repairs"), QString::number(f.remedies.size()));
        for (const Remedy& r : f.remedies)
            text += QStringLiteral("    - %1\n").arg(describeRemedy(r));
    }
    return text;
}

} // namespace

int cmdInfo(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("info"),
        Tr::tr("Shows what an IDX file holds: container, type, dimensions, sizes, byte order, the\n"
               "companion (labels/images) file and any warnings."),
        QStringLiteral("FILE..."));
    cl.addPositional(QStringLiteral("FILE"), Tr::tr("IDX files (raw, .gz or .xz)."),
                     QStringLiteral("FILE..."));
    cl.addJsonOption(Tr::tr("Print JSON: one object, or an array of objects for several files."));
    cl.addReadOptions();
    cl.addClassNamesOption();
    if (const auto done = cl.parse(args, 1))
        return *done;
    const std::optional<ClassNames> given = cl.classNames();
    if (!given)
        return Failure;
    const bool json = cl.json();

    int status = Success;
    QJsonArray objects;
    bool first = true;
    for (const QString& path : cl.positional()) {
        if (isZipArchive(path)) { // an .npz: its arrays, each to be named as FILE.npz:NAME
            const NpzListing listing = listNpz(path);
            if (!listing.error.isEmpty()) {
                status = fileError(path, listing.error);
                if (json)
                    objects.append(QJsonObject{{QStringLiteral("file"), displayPath(path)},
                                               {QStringLiteral("error"), listing.error}});
                continue;
            }
            if (json) {
                objects.append(archiveObject(path, listing));
            } else {
                out((first ? QString() : QStringLiteral("\n")) + archiveText(path, listing));
                first = false;
            }
            continue;
        }
        const LoadedFile f = loadFile(path, cl.openOptions());
        if (!f.ok()) {
            status = loadError(f);
            if (json)
                objects.append(QJsonObject{{QStringLiteral("file"), displayPath(path)},
                                           {QStringLiteral("error"), f.error},
                                           {QStringLiteral("repairs"), repairsArray(f)}});
            continue;
        }
        if (json) {
            objects.append(infoObject(f, *given));
        } else {
            printWarnings(f);
            out((first ? QString() : QStringLiteral("\n")) +
                infoText(f, *given)); // a blank line between files
            first = false;
        }
    }
    if (json) {
        const QJsonDocument doc = cl.positional().size() == 1 && objects.size() == 1
                                      ? QJsonDocument(objects.first().toObject())
                                      : QJsonDocument(objects);
        printJson(doc);
    }
    return status;
}

} // namespace idx::cli
