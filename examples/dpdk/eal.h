/* SPDX-License-Identifier: MIT */
/*
 * eal.h — DPDK's EAL started the way DPDK's own hash_autotest can run: no
 * hugepages (-m 256 of ordinary anonymous memory), no PCI devices, no
 * shared configuration, one lcore, no telemetry socket.  --in-memory would
 * say the same but EAL refuses it together with --no-huge.  Each process
 * gets its own --file-prefix, so tests running in parallel never meet, and
 * dpdk_eal_stop() removes the (empty) runtime directory EAL made for it.
 */
#ifndef SIPHASH_DPDK_EAL_H
#define SIPHASH_DPDK_EAL_H

/* Starts EAL.  Returns 0, or -1 after printing EAL's reason to stderr
 * (EAL's own log lines come before it). */
int dpdk_eal_start(const char *prog);

/* rte_eal_cleanup(), then removes the runtime directory. */
void dpdk_eal_stop(void);

#endif
