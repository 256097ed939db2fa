/* SPDX-License-Identifier: MIT */
#include "../kstub.h"
/* Only the sysctl secure_seq.c reads. */
struct net {
    struct {
        int sysctl_tcp_timestamps;
    } ipv4;
};
