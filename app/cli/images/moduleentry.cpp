// The one symbol the image commands' module (idxscope-cli-images) exports; idxscope-cli resolves it when a
// command that draws is asked for (imagemodule.cpp). Everything else in the module is hidden, the copies of
// the libraries it holds included, so nothing in it is confused with the program's own.
#include "imagecommands.h"

#include <QtGlobal>

extern "C" Q_DECL_EXPORT int idxscope_cli_image_command(const QStringList* args)
{
    return idx::cli::runImageCommand(*args);
}
