// Compiled like a core folder library (see CMakeLists.txt) by a layering test that expects the build to stop
// at the QtGui guard's #error.
#include <QtGui/QImage>
int layeringProbe()
{
    return 0;
}
