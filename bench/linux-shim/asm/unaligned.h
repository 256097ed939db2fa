/* asm/unaligned.h — see ../shim.h */
#include "../shim.h"
