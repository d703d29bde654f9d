// Compiled with idxcore's include path by a CTest test that expects the build to FAIL.
#include <QtWidgets/QWidget>
int layeringProbe()
{
    return 0;
}
