/* SPDX-License-Identifier: MIT */
/*
 * consumer.c — a program outside the source tree that uses an *installed*
 * libsiphash.  .ci/matrix.sh builds it twice against a temporary install
 * prefix (once with pkg-config, once with find_package(siphash CONFIG)) and
 * checks that it prints the paper's example, a129ca6149be45e5.
 *
 * It also checks that the header it compiled against and the library it
 * runs with are the same version, which catches a stale system copy being
 * picked up instead of the fresh install.
 */
#include <siphash.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    uint8_t key_bytes[16], msg[15];
    for (int i = 0; i < 16; i++)
        key_bytes[i] = (uint8_t)i;
    for (int i = 0; i < 15; i++)
        msg[i] = (uint8_t)i;

    if (strcmp(siphash_version(), SIPHASH_VERSION_STRING) != 0) {
        fprintf(stderr, "consumer: header %s but library %s\n", SIPHASH_VERSION_STRING,
                siphash_version());
        return 1;
    }
    /* The paper's example: key 00..0f, message 00..0e. */
    siphash_key_t key = siphash_key_from_bytes(key_bytes);
    printf("%016" PRIx64 "\n", siphash24_64(msg, sizeof msg, &key));
    return 0;
}
