/* linux/dcache.h — see ../shim.h */
#include "../shim.h"
