// Placeholder until the commands land.
#include "cli.h"

namespace idx::cli {
int run(const QStringList&) { return 2; }
} // namespace idx::cli
