// Probe: a folder's private headers stay in the folder. Compiled like idxcore_edit, which lies above read and
// sees read's public headers, it must stop because read's payload_p.h is not on edit's include path.
#include "payload_p.h"

int probe()
{
    return 0;
}
