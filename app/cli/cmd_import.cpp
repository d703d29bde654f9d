// `idxscope-cli import-npy IN.npy OUT` (a NumPy array into IDX; import-png is with the image commands).
#include "clicommon.h"
#include "clitr.h"
#include "commands.h"
#include "importoptions.h"

#include "npyreader.h"

#include <QFileInfo>

namespace idx::cli {

int cmdImportNpy(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("import-npy"),
        Tr::tr("Converts a NumPy .npy array into an IDX file of the same shape. uint8, int8, int16, int32,\n"
               "float32 and float64 keep their type; uint16 becomes int32, uint32/int64/uint64 float64,\n"
               "float16 float32, bool uint8 (refused when int64 values beyond 2^53 would be rounded).\n"
               "Either byte order, C or Fortran order. Writing is atomic."),
        QStringLiteral("IN.npy OUT"));
    cl.addPositional(QStringLiteral("IN.npy"), Tr::tr("The .npy file."));
    cl.addPositional(QStringLiteral("OUT"), Tr::tr("The IDX file to write."));
    addGzOption(cl);
    if (const auto done = cl.parse(args, 2, 2))
        return *done;
    const QString in = cl.positional().at(0);
    const QString target = cl.positional().at(1);
    if (const auto refused = refuseFolder(target))
        return *refused;
    if (!QFileInfo::exists(in))
        return fileError(in, Tr::tr("no such file"));
    TerminalProgress progress(Tr::tr("converting"));
    const Control control = progress.control();
    const WriteResult r = importNpy(in, target, outputContainer(cl, target), control);
    progress.finish();
    if (!r)
        return fileError(in, r.error);
    return Success;
}

} // namespace idx::cli
