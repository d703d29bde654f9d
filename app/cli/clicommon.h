// What the idxscope-cli commands share: console output and exit statuses (console.h), option parsing with
// the options several commands take (commandline.h), loading files (loadedfile.h), and the checks on the
// files they write (outputs.h). Each command includes this.
#pragma once

#include "commandline.h"
#include "console.h"
#include "loadedfile.h"
#include "outputs.h"
