// The bundled resources (icons, the sample) are compiled into the static idxapp library, so they are
// registered by hand before first use, by the application and by anything that runs without it (tests).
#pragma once

void initAppResources();
