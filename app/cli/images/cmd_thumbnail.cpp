// `idxscope-cli thumbnail --size N IN OUT.png`: the freedesktop thumbnailer contract. Exit 0 and a PNG of at
// most N × N, or exit 1 and no output file. Decodes only as many records as the thumbnail shows.
#include "clicommon.h"
#include "clitr.h"
#include "imagecommands.h"

#include "recordexport.h"
#include "thumbnail.h"

#include <QUrl>

namespace idx::cli {

namespace {

// File managers may hand over URIs (%u) rather than paths (%i).
QString localPath(const QString& arg)
{
    if (arg.startsWith(QLatin1String("file:"), Qt::CaseInsensitive))
        return QUrl(arg).toLocalFile();
    return arg;
}

bool isForeign(const Diagnostics& diagnostics)
{
    for (const Diagnostic& d : diagnostics)
        if (d.isError() && (d.code == DiagCode::ForeignFormat || d.code == DiagCode::LittleEndianIdx))
            return true;
    return false;
}

} // namespace

int cmdThumbnail(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("thumbnail"),
        Tr::tr("Writes a PNG thumbnail of an IDX file: the first record, or a small grid of the first\n"
               "records, fitted into SIZE x SIZE. For file managers (freedesktop thumbnailer)."),
        QStringLiteral("--size N IN OUT.png"));
    cl.addPositional(QStringLiteral("IN"), Tr::tr("An IDX file (raw, .gz or .xz), a path or a file: URI."));
    cl.addPositional(QStringLiteral("OUT"), Tr::tr("The PNG to write."));
    cl.addOption({{QStringLiteral("s"), QStringLiteral("size")},
                  Tr::tr("The largest width and height."),
                  QStringLiteral("N")});
    if (const auto done = cl.parse(args, 2, 2))
        return *done;
    if (!cl.isSet(QStringLiteral("size")))
        return cl.usage(Tr::tr("--size is required"));
    const auto size = cl.intValue(QStringLiteral("size"), 1, 4096);
    if (!size)
        return Usage;

    const QString in = localPath(cl.positional().at(0));
    const QString target = localPath(cl.positional().at(1));
    const std::shared_ptr<IdxFile> file = IdxFile::open(in);
    if (!file->headerValid() || isForeign(file->diagnostics())) {
        const QString why = firstError(file->diagnostics());
        return fileError(in, why.isEmpty() ? Tr::tr("not a valid IDX file") : why);
    }
    ThumbnailOptions options;
    options.size = int(*size);
    // Stop decompressing once the records a thumbnail can show have arrived.
    const Header& h = file->header();
    const quint64 wanted =
        std::min<quint64>(quint64(options.maxGrid) * quint64(options.maxGrid), h.recordCount());
    const qint64 enough = h.headerBytes + qint64(std::min<quint64>(wanted * h.recordBytes(), h.dataBytes));
    Control control;
    control.cancel = [&file, enough] { return file->decodedBytes() >= enough; };
    (void)file->load(control);

    const ThumbnailResult thumb = renderThumbnail(file->view(), options);
    if (!thumb) {
        const QString why = firstError(file->diagnostics());
        return fileError(in, why.isEmpty() ? thumb.error
                                           : thumb.error + QStringLiteral(" (") + why + QLatin1Char(')'));
    }
    if (const QString why = savePng(thumb.image, target, 6); !why.isEmpty())
        return fileError(target, why);
    return Success;
}

} // namespace idx::cli
