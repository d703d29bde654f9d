// Probe: read lies below edit, so it must not reach up into it. Compiled like idxcore_read, it must stop
// because edit's headers are not on read's include path (tests/layering/CMakeLists.txt).
#include "editabletensor.h"

int probe()
{
    return 0;
}
