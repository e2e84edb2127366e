// Only the header matters; SwiftPM needs one source file for a C target.
#include "CFuzzerDriver.h"
