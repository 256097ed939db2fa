/* SPDX-License-Identifier: MIT */
/*
 * module.c — the module's entry point: PostgreSQL calls _PG_init when it
 * loads siphash.so (at the first call of one of its functions, or at
 * session or server start when the module is preloaded).
 */
#include "siphash_pg.h"

#include "fmgr.h"

PG_MODULE_MAGIC;

void _PG_init(void);

void _PG_init(void)
{
    siphash_pg_define_setting();
    siphash_pg_install_log_filter();
    siphash_pg_install_stats_filter();
    siphash_pg_install_function_cache();
}
