// How to read a file that is not canonical IDX, in the CLI's words, both ways: the options --type,
// --byte-order and --ignore-trailing read into OpenOptions, and OpenOptions written as those options (the
// repairs that info, validate and repair suggest).
#include "commandline.h"

#include "clitr.h"

namespace idx::cli {

namespace {
const QString kType = QStringLiteral("type");
const QString kByteOrder = QStringLiteral("byte-order");
const QString kIgnoreTrailing = QStringLiteral("ignore-trailing");
} // namespace

void CommandLine::addReadOptions()
{
    addOption(
        {kType,
         Tr::tr("Read the payload as this element type whatever the type code says (uint8, int8, int16,\n"
                "int32, float32, float64); the dims are kept."),
         QStringLiteral("NAME")});
    addOption(
        {kByteOrder,
         Tr::tr("Read multi-byte data as 'little' or 'big' endian (default big, as IDX says). For a file\n"
                "whose header bytes are reversed, 'little' reads the whole file little-endian."),
         QStringLiteral("ORDER")});
    addOption({kIgnoreTrailing, Tr::tr("Do not warn about bytes after the payload.")});
    m_hasReadOptions = true;
}

std::optional<OpenOptions> CommandLine::parseReadOptions() const
{
    OpenOptions o;
    if (isSet(kType)) {
        o.elementType = storedTypeFromName(value(kType).trimmed().toLower());
        if (!o.elementType) {
            usage(
                Tr::tr(
                    "--type wants uint8, int8, int16, int32, float32, float64, or one shown widened: uint16, "
                    "uint32, int64, uint64, float16, bool; not '%1'")
                    .arg(value(kType)));
            return std::nullopt;
        }
    }
    if (isSet(kByteOrder)) {
        const QString order = value(kByteOrder).trimmed().toLower();
        if (order == QLatin1String("little")) {
            o.dataOrder = ByteOrder::Little;
        } else if (order != QLatin1String("big")) {
            usage(Tr::tr("--byte-order wants 'little' or 'big', not '%1'").arg(value(kByteOrder)));
            return std::nullopt;
        }
    }
    o.ignoreTrailing = isSet(kIgnoreTrailing);
    return o;
}

QString byteOrderArgument(const OpenOptions& options)
{
    // A whole-file little-endian IDX is asked for as a little-endian one: loadFile reads the header
    // reversed when it finds it so.
    return options.littleEndianFile || options.dataOrder == ByteOrder::Little ? QStringLiteral("little")
                                                                              : QStringLiteral("big");
}

QStringList openArguments(const OpenOptions& options)
{
    QStringList args;
    if (options.elementType)
        args << QLatin1String("--") + kType << storedTypeName(*options.elementType);
    if (byteOrderArgument(options) == QLatin1String("little"))
        args << QLatin1String("--") + kByteOrder << QStringLiteral("little");
    if (options.ignoreTrailing)
        args << QLatin1String("--") + kIgnoreTrailing;
    return args;
}

} // namespace idx::cli
