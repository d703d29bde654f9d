// The translation context of idxscope-cli's messages, idxscope_cli, for every file of the CLI: a struct
// (rather than QCoreApplication::translate), so that lupdate finds the Tr::tr calls.
#pragma once

#include <QCoreApplication>

namespace idx::cli {

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idxscope_cli)
};

} // namespace idx::cli
