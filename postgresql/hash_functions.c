/* SPDX-License-Identifier: MIT */
/*
 * hash_functions.c — the scalar SQL functions: siphash24, siphash13 (with a
 * key argument or the siphash.key setting), siphash24_128 and
 * siphash_generate_key.
 *
 * One C function serves text and bytea alike: both are varlenas, and a
 * text's bytes are those of the database encoding.  The 64-bit result is
 * the library's uint64_t returned as bigint with the same 64 bits (two's
 * complement), so it equals the C library, siphashsum and the Python
 * package bit for bit.  Data arrives through the _PP macros and
 * VARSIZE_ANY_EXHDR: short headers are read in place and compressed or
 * out-of-line values are detoasted, up to the 1 GB a value can hold.
 */
#include "siphash_pg.h"

#include "fmgr.h"
#include "port.h"

typedef uint64_t (*hash64_fn)(const void *data, size_t len, const siphash_key_t *key);

static Datum hash64(FunctionCallInfo fcinfo, hash64_fn f, const siphash_key_t *key)
{
    struct varlena *data = PG_GETARG_VARLENA_PP(0);
    uint64_t h = f(VARDATA_ANY(data), VARSIZE_ANY_EXHDR(data), key);

    PG_FREE_IF_COPY(data, 0);
    /* Same 64 bits: gcc and clang define the conversion as modulo 2^64. */
    PG_RETURN_INT64((int64)h);
}

static Datum hash64_arg(FunctionCallInfo fcinfo, hash64_fn f, const char *fn)
{
    siphash_key_t key = siphash_pg_key_arg(PG_GETARG_BYTEA_PP(1), fn);

    return hash64(fcinfo, f, &key);
}

PG_FUNCTION_INFO_V1(pgsip_siphash24);
Datum pgsip_siphash24(PG_FUNCTION_ARGS)
{
    return hash64_arg(fcinfo, siphash24_64, "siphash24");
}

PG_FUNCTION_INFO_V1(pgsip_siphash13);
Datum pgsip_siphash13(PG_FUNCTION_ARGS)
{
    return hash64_arg(fcinfo, siphash13_64, "siphash13");
}

PG_FUNCTION_INFO_V1(pgsip_siphash24_setting);
Datum pgsip_siphash24_setting(PG_FUNCTION_ARGS)
{
    return hash64(fcinfo, siphash24_64, siphash_pg_setting_key("siphash24"));
}

PG_FUNCTION_INFO_V1(pgsip_siphash13_setting);
Datum pgsip_siphash13_setting(PG_FUNCTION_ARGS)
{
    return hash64(fcinfo, siphash13_64, siphash_pg_setting_key("siphash13"));
}

/* The 16 bytes in the reference output order (the published vectors',
 * siphashsum -l 128's). */
PG_FUNCTION_INFO_V1(pgsip_siphash24_128);
Datum pgsip_siphash24_128(PG_FUNCTION_ARGS)
{
    siphash_key_t key = siphash_pg_key_arg(PG_GETARG_BYTEA_PP(1), "siphash24_128");
    struct varlena *data = PG_GETARG_VARLENA_PP(0);
    bytea *out = (bytea *)palloc(VARHDRSZ + 16);

    SET_VARSIZE(out, VARHDRSZ + 16);
    siphash24_128(VARDATA_ANY(data), VARSIZE_ANY_EXHDR(data), &key, (uint8_t *)VARDATA(out));
    PG_FREE_IF_COPY(data, 0);
    PG_RETURN_BYTEA_P(out);
}

/* 16 bytes from PostgreSQL's strong random source (the one
 * gen_random_uuid() uses). */
PG_FUNCTION_INFO_V1(pgsip_generate_key);
Datum pgsip_generate_key(PG_FUNCTION_ARGS)
{
    bytea *out = (bytea *)palloc(VARHDRSZ + 16);

    (void)fcinfo;
    SET_VARSIZE(out, VARHDRSZ + 16);
    if (!pg_strong_random(VARDATA(out), 16))
        ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR),
                        errmsg("siphash_generate_key: the strong random source failed")));
    PG_RETURN_BYTEA_P(out);
}
