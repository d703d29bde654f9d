// Probe: tensor lies below read, so it must not reach up into it. Compiled like idxcore_tensor, it must stop
// because read's headers are not on tensor's include path (tests/layering/CMakeLists.txt).
#include "idxfile.h"

int probe()
{
    return 0;
}
