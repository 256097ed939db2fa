/* SPDX-License-Identifier: MIT */
/* skip.c — stands in for a test that cannot run here: prints why and
 * returns 77, which CTest reports as "Skipped" (SKIP_RETURN_CODE). */
#include <stdio.h>

int main(int argc, char **argv)
{
    printf("SKIPPED: %s\n", argc > 1 ? argv[1] : "not available in this build");
    return 77;
}
