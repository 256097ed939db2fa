/* SPDX-License-Identifier: MIT */
/*
 * hash_arrays.c — siphash24(text[], bytea) and siphash24(bytea[], bytea):
 * every element hashed by the library's batch engine (siphash_batchv), the
 * result a bigint[] of the same shape (dimensions and lower bounds kept), a
 * NULL element giving NULL.
 *
 * The result is built in place: its NULL bitmap is the input's, and the
 * batch engine writes straight into its data area.  Elements are handed
 * over in chunks of pointers and lengths, so the extra memory stays small
 * for any array, and a long array can be cancelled between chunks.
 */
#include "siphash_pg.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/arrayaccess.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

enum { CHUNK = 1024 };

typedef struct {
    Oid type;
    int16 len;
    bool byval;
    char align;
} elem_info;

static const elem_info *element_type(FunctionCallInfo fcinfo, Oid type)
{
    elem_info *e = (elem_info *)fcinfo->flinfo->fn_extra;

    if (e == NULL || e->type != type) {
        e = MemoryContextAlloc(fcinfo->flinfo->fn_mcxt, sizeof *e);
        e->type = type;
        get_typlenbyvalalign(type, &e->len, &e->byval, &e->align);
        fcinfo->flinfo->fn_extra = e;
    }
    if (e->len != -1)
        ereport(ERROR, (errcode(ERRCODE_DATATYPE_MISMATCH),
                        errmsg("siphash24: array elements must be text or bytea, got type %u",
                               type)));
    return e;
}

static int count_nulls(AnyArrayType *arr, int n, const elem_info *e)
{
    array_iter it;
    bool isnull;
    int nulls = 0;

    array_iter_setup(&it, arr);
    for (int i = 0; i < n; i++) {
        (void)array_iter_next(&it, &isnull, i, e->len, e->byval, e->align);
        nulls += isnull;
    }
    return nulls;
}

PG_FUNCTION_INFO_V1(pgsip_siphash24_array);
Datum pgsip_siphash24_array(PG_FUNCTION_ARGS)
{
    AnyArrayType *arr = PG_GETARG_ANY_ARRAY_P(0);
    siphash_key_t key = siphash_pg_key_arg(PG_GETARG_BYTEA_PP(1), "siphash24");
    const elem_info *e = element_type(fcinfo, AARR_ELEMTYPE(arr));
    int ndim = AARR_NDIM(arr);
    int n = ArrayGetNItems(ndim, AARR_DIMS(arr));
    int nulls, done = 0, pending = 0;
    Size nbytes, offset;
    ArrayType *res;
    bits8 *bitmap;
    uint64_t *out;
    array_iter it;
    const void *msgs[CHUNK];
    size_t lens[CHUNK];

    if (n == 0)
        PG_RETURN_ARRAYTYPE_P(construct_empty_array(INT8OID));

    nulls = AARR_HASNULL(arr) ? count_nulls(arr, n, e) : 0;
    offset = nulls ? ARR_OVERHEAD_WITHNULLS(ndim, n) : ARR_OVERHEAD_NONULLS(ndim);
    nbytes = offset + (Size)(n - nulls) * sizeof(uint64_t);
    if (!AllocSizeIsValid(nbytes))
        ereport(ERROR,
                (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
                 errmsg("siphash24: the result for %d elements would exceed the maximum array size",
                        n)));
    res = (ArrayType *)palloc0(nbytes);
    SET_VARSIZE(res, nbytes);
    res->ndim = ndim;
    res->dataoffset = nulls ? (int32)offset : 0;
    res->elemtype = INT8OID;
    memcpy(ARR_DIMS(res), AARR_DIMS(arr), ndim * sizeof(int));
    memcpy(ARR_LBOUND(res), AARR_LBOUND(arr), ndim * sizeof(int));
    bitmap = ARR_NULLBITMAP(res); /* NULL without nulls; zeroed = all NULL */
    out = (uint64_t *)ARR_DATA_PTR(res);

    array_iter_setup(&it, arr);
    for (int i = 0; i < n; i++) {
        bool isnull;
        Datum d = array_iter_next(&it, &isnull, i, e->len, e->byval, e->align);
        struct varlena *v;

        if (isnull)
            continue;
        if (bitmap)
            bitmap[i / 8] |= (bits8)(1 << (i % 8));
        /* Array elements are never compressed or out of line; short
         * headers are read in place.  Anything else is detoasted. */
        v = (struct varlena *)DatumGetPointer(d);
        if (VARATT_IS_EXTENDED(v) && !VARATT_IS_SHORT(v))
            v = pg_detoast_datum_packed(v);
        msgs[pending] = VARDATA_ANY(v);
        lens[pending] = VARSIZE_ANY_EXHDR(v);
        if (++pending == CHUNK) {
            siphash_batchv(msgs, lens, pending, &key, out + done);
            done += pending;
            pending = 0;
            CHECK_FOR_INTERRUPTS();
        }
    }
    siphash_batchv(msgs, lens, pending, &key, out + done);
    PG_RETURN_ARRAYTYPE_P(res);
}
