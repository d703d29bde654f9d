// Probe: the views must not reach up into the shell. Compiled like idxviews, it must stop because the main
// window's header is not on the views' include path (tests/layering/CMakeLists.txt).
#include "mainwindow.h"

int probe()
{
    return 0;
}
