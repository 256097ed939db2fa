/* SPDX-License-Identifier: MIT */
/* A module's init function becomes the program: its return value (0 or a
 * negative errno) decides the exit status. */
#include "../kstub.h"

#define module_init(fn)                                                        \
    int main(void) { return fn() == 0 ? 0 : 1; }                               \
    extern int kstub_module_
#define module_exit(fn)                                                        \
    void kstub_module_exit(void);                                              \
    void kstub_module_exit(void) { fn(); }                                     \
    extern int kstub_module_
#define MODULE_AUTHOR(s) extern int kstub_module_
#define MODULE_LICENSE(s) extern int kstub_module_
