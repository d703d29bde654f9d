// Compiled like a feature's widget-free controller library (the insights') by a layering test that expects
// the build to stop at its layering guard's #error: the controller cannot include its own panel, a widget.
#include "insightspanel.h"
int layeringProbe()
{
    return 0;
}
