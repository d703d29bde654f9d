// Registration of the bundled resources (resources.qrc).
#include "appresources.h"

#include <QtGlobal>

// Q_INIT_RESOURCE must be called outside any namespace.
void initAppResources()
{
    Q_INIT_RESOURCE(resources);
}
