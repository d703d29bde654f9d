// `idxscope-cli info FILE... [--json]`: what a file is, as text or JSON.
#include "clicommon.h"
#include "commands.h"

#include "byteorder.h"
#include "companion.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace idx::cli {

namespace {

QString tr(const char* s)
{
    return QCoreApplication::translate("idxscope-cli", s);
}

// What would make sense of the file's diagnostics, each with the options that apply it.
QJsonArray repairsArray(const LoadedFile& f)
{
    QJsonArray repairs;
    for (const Remedy& r : f.remedies) {
        QJsonObject options;
        if (r.options.elementType)
            options.insert(QStringLiteral("type"), dtypeName(*r.options.elementType));
        options.insert(QStringLiteral("byte_order"),
                       r.options.dataOrder == ByteOrder::Little || r.options.littleEndianFile
                           ? QStringLiteral("little")
                           : QStringLiteral("big"));
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

QJsonObject infoObject(const LoadedFile& f)
{
    QJsonObject o;
    o.insert(QStringLiteral("file"), displayPath(f.path));
    const Header& h = f.file->header();
    o.insert(QStringLiteral("container"), containerName(f.file->container()));
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
    o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(f.warnings()));
    o.insert(QStringLiteral("repairs"), repairsArray(f));
    return o;
}

QString dimsText(const Header& h)
{
    if (h.dims.empty())
        return tr("scalar (no dimensions)");
    QStringList parts;
    for (quint64 d : h.dims)
        parts << QString::number(d);
    return parts.join(QStringLiteral(" x "));
}

QString infoText(const LoadedFile& f)
{
    const Header& h = f.file->header();
    const ByteOrderCheck bo = checkByteOrder(f.view);
    const auto companion = findCompanion(f.path);
    auto line = [](const QString& key, const QString& value) {
        return QStringLiteral("  %1 %2\n").arg(key + QLatin1Char(':'), -16).arg(value);
    };
    QString text = displayPath(f.path) + QLatin1Char('\n');
    text += line(tr("container"), containerName(f.file->container()));
    const QString code =
        QString::number(f.file->storedTypeCode(), 16).toUpper().rightJustified(2, QLatin1Char('0'));
    text += line(tr("type code"), QStringLiteral("0x%1 (%2)").arg(code, dtypeName(h.dtype)));
    if (!f.file->options().isDefault())
        text += line(tr("read as"), f.file->options().describe());
    text += line(tr("dims"), dimsText(h));
    text += line(tr("records"), QString::number(h.recordCount()));
    text += line(tr("element size"), QString::number(h.elementSize()));
    text += line(tr("header bytes"), QString::number(h.headerBytes));
    text += line(tr("data bytes"), QString::number(h.dataBytes));
    text += line(tr("trailing bytes"), QString::number(f.file->trailingBytes()));
    text += line(tr("file size"), QString::number(f.file->fileSize()));
    text += line(tr("byte order"), bo.evidence.isEmpty()
                                       ? verdictName(bo.verdict)
                                       : QStringLiteral("%1 (%2)").arg(verdictName(bo.verdict), bo.evidence));
    text += line(tr("companion"), companion ? displayPath(*companion) : tr("none found"));
    const QStringList warnings = f.warnings();
    text += line(tr("warnings"), warnings.isEmpty() ? tr("none") : QString::number(warnings.size()));
    for (const QString& w : warnings)
        text += QStringLiteral("    - %1\n").arg(w);
    if (!f.remedies.empty()) {
        text += line(tr("repairs"), QString::number(f.remedies.size()));
        for (const Remedy& r : f.remedies)
            text += QStringLiteral("    - %1: %2 (%3%4)\n")
                        .arg(openArguments(r.options).join(QLatin1Char(' ')), r.description, r.evidence,
                             r.plausible ? QString() : tr("; implausible"));
    }
    return text;
}

} // namespace

int cmdInfo(const QStringList& args)
{
    CommandLine cl(QStringLiteral("info"),
                   tr("Shows what an IDX file holds: container, type, dimensions, sizes, byte order, the\n"
                      "companion (labels/images) file and any warnings."),
                   QStringLiteral("FILE..."));
    cl.addPositional(QStringLiteral("info"), tr("The command."), QStringLiteral("info"));
    cl.addPositional(QStringLiteral("FILE"), tr("IDX files (raw, .gz or .xz)."), QStringLiteral("FILE..."));
    cl.addOption(QCommandLineOption(QStringLiteral("json"),
                                    tr("Print JSON: one object, or an array of objects for several files.")));
    cl.addReadOptions();
    if (const auto done = cl.parse(args, 1))
        return *done;
    const std::optional<OpenOptions> readOptions = cl.readOptions();
    if (!readOptions)
        return Usage;
    const bool json = cl.isSet(QStringLiteral("json"));

    int status = Success;
    QJsonArray objects;
    bool first = true;
    for (const QString& path : cl.positional()) {
        const LoadedFile f = loadFile(path, *readOptions);
        if (!f.ok()) {
            status = loadError(f);
            if (json)
                objects.append(QJsonObject{{QStringLiteral("file"), displayPath(path)},
                                           {QStringLiteral("error"), f.error},
                                           {QStringLiteral("repairs"), repairsArray(f)}});
            continue;
        }
        if (json) {
            objects.append(infoObject(f));
        } else {
            printWarnings(f);
            out((first ? QString() : QStringLiteral("\n")) + infoText(f)); // a blank line between files
            first = false;
        }
    }
    if (json) {
        const QJsonDocument doc = cl.positional().size() == 1 && objects.size() == 1
                                      ? QJsonDocument(objects.first().toObject())
                                      : QJsonDocument(objects);
        out(QString::fromUtf8(doc.toJson(QJsonDocument::Indented)));
    }
    return status;
}

} // namespace idx::cli
