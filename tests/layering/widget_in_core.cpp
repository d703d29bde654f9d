// Compiled like a core folder library (see CMakeLists.txt) by a layering test that expects the build to stop
// at the layering guard's #error.
#include <QtWidgets/QWidget>
int layeringProbe()
{
    return 0;
}
