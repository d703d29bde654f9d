#include "pixelimage.h"
int placeholder() { return 0; }
