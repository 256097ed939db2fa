/* SPDX-License-Identifier: MIT */
/*
 * batch.c — the batch functions: fixed-size records of any C-contiguous
 * buffer, 64-bit integers, and a sequence of messages of mixed lengths,
 * each one call into the library's SIMD batch API with the GIL released.
 */
#include "common.h"

#include <string.h>

/* Below this many messages the GIL is kept: releasing it costs about as
 * much as hashing a few short records. */
#define LSH_GIL_MIN_RECORDS 64

static int get_input(PyObject *obj, Py_buffer *v, int flags, const char *fname)
{
    if (PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s(): strings must be encoded before hashing", fname);
        return -1;
    }
    if (!PyObject_CheckBuffer(obj)) {
        PyErr_Format(PyExc_TypeError, "%s() needs an object supporting the buffer API, not '%.100s'",
                     fname, Py_TYPE(obj)->tp_name);
        return -1;
    }
    return PyObject_GetBuffer(obj, v, flags | PyBUF_C_CONTIGUOUS);
}

/* The result: a new array('Q') of n items when out_obj is None, else the
 * caller's writable buffer of exactly n 8-byte items (kept exported in
 * *ov until done_out()). */
static PyObject *get_out(PyObject *out_obj, Py_ssize_t n, Py_buffer *ov, uint64_t **out)
{
    ov->obj = NULL;
    if (out_obj == NULL || out_obj == Py_None)
        return lsh_u64_array(n, out);
    if (PyObject_GetBuffer(out_obj, ov, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    if (ov->len != n * 8 || ((uintptr_t)ov->buf & 7) != 0) {
        PyErr_Format(PyExc_ValueError, "out must be an 8-byte aligned writable buffer of %zd bytes "
                     "(%zd 64-bit results), got %zd bytes", n * 8, n, ov->len);
        PyBuffer_Release(ov);
        return NULL;
    }
    *out = (uint64_t *)ov->buf;
    Py_INCREF(out_obj);
    return out_obj;
}

static void done_out(Py_buffer *ov)
{
    if (ov->obj != NULL)
        PyBuffer_Release(ov);
}

void lsh_run_batch(lsh_rounds r, const void *buf, Py_ssize_t rs, Py_ssize_t n,
                   const siphash_key_t *key, uint64_t *out)
{
    switch (r) {
    case LSH_ROUNDS_24:
        siphash_batch(buf, (size_t)rs, (size_t)rs, (size_t)n, key, out);
        break;
    case LSH_ROUNDS_13:
        siphash13_batch(buf, (size_t)rs, (size_t)rs, (size_t)n, key, out);
        break;
    case LSH_ROUNDS_12:
        siphash12_batch(buf, (size_t)rs, (size_t)rs, (size_t)n, key, out);
        break;
    }
}

PyObject *lsh_batch(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"buffer", "record_size", "key", "rounds", "out", NULL};
    PyObject *bobj, *kobj, *robj = NULL, *oobj = NULL, *res;
    Py_ssize_t rs, n;
    siphash_key_t key;
    lsh_rounds rounds;
    Py_buffer v, ov;
    uint64_t *out;
    (void)self;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "OnO|$OO:batch", kwlist, &bobj, &rs, &kobj, &robj,
                                     &oobj))
        return NULL;
    if (rs <= 0) {
        PyErr_Format(PyExc_ValueError, "record_size must be positive, not %zd", rs);
        return NULL;
    }
    if (lsh_rounds_parse(robj, &rounds) < 0 || lsh_siphash_key(kobj, &key) < 0)
        return NULL;
    if (get_input(bobj, &v, PyBUF_SIMPLE, "batch") < 0)
        return NULL;
    if (v.len % rs != 0) {
        PyErr_Format(PyExc_ValueError,
                     "buffer length %zd is not a multiple of record_size %zd", v.len, rs);
        PyBuffer_Release(&v);
        return NULL;
    }
    n = v.len / rs;
    if ((res = get_out(oobj, n, &ov, &out)) == NULL) {
        PyBuffer_Release(&v);
        return NULL;
    }
    if (n >= LSH_GIL_MIN_RECORDS || v.len >= LSH_GIL_MINSIZE) {
        Py_BEGIN_ALLOW_THREADS
        lsh_run_batch(rounds, v.buf, rs, n, &key, out);
        Py_END_ALLOW_THREADS
    } else {
        lsh_run_batch(rounds, v.buf, rs, n, &key, out);
    }
    done_out(&ov);
    PyBuffer_Release(&v);
    return res;
}

/* Whether a buffer format describes native 64-bit integers. */
static int is_native_u64_format(const char *f, Py_ssize_t itemsize)
{
    static const uint16_t one = 1;
    int little = *(const uint8_t *)&one == 1;
    if (itemsize != 8)
        return 0;
    if (f == NULL)
        return 0; /* unsigned bytes */
    if (*f == '@' || *f == '=' || (*f == '<' && little) || ((*f == '>' || *f == '!') && !little))
        f++;
    return f[0] != '\0' && strchr("qQlLnN", f[0]) != NULL && f[1] == '\0';
}

static void run_u64(lsh_rounds r, const uint8_t *in, Py_ssize_t n, const siphash_key_t *key,
                    uint64_t *out)
{
    uint64_t tmp[256];
    Py_ssize_t i, j, m;

    if (r == LSH_ROUNDS_12) {
        /* No siphash12_batch_u64: hash each integer's 8 little-endian
         * bytes (what siphash_1u64 hashes) as 8-byte records. */
        uint8_t le[8 * 256];
        for (i = 0; i < n; i += m) {
            m = n - i < 256 ? n - i : 256;
            memcpy(tmp, in + 8 * i, (size_t)m * 8);
            for (j = 0; j < 8 * m; j++)
                le[j] = (uint8_t)(tmp[j / 8] >> (8 * (j % 8)));
            siphash12_batch(le, 8, 8, (size_t)m, key, out + i);
        }
        return;
    }
    (void)j;
    if (((uintptr_t)in & 7) == 0) {
        if (r == LSH_ROUNDS_24)
            siphash_batch_u64((const uint64_t *)(const void *)in, (size_t)n, key, out);
        else
            siphash13_batch_u64((const uint64_t *)(const void *)in, (size_t)n, key, out);
        return;
    }
    /* A misaligned view (e.g. a memoryview slice cast to 'Q'): the C API
     * takes uint64_t pointers, so copy through an aligned buffer. */
    for (i = 0; i < n; i += m) {
        m = n - i < 256 ? n - i : 256;
        memcpy(tmp, in + 8 * i, (size_t)m * 8);
        if (r == LSH_ROUNDS_24)
            siphash_batch_u64(tmp, (size_t)m, key, out + i);
        else
            siphash13_batch_u64(tmp, (size_t)m, key, out + i);
    }
}

PyObject *lsh_batch_u64(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"buffer", "key", "rounds", "out", NULL};
    PyObject *bobj, *kobj, *robj = NULL, *oobj = NULL, *res;
    siphash_key_t key;
    lsh_rounds rounds;
    Py_buffer v, ov;
    uint64_t *out;
    Py_ssize_t n;
    (void)self;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$OO:batch_u64", kwlist, &bobj, &kobj, &robj,
                                     &oobj))
        return NULL;
    if (lsh_rounds_parse(robj, &rounds) < 0 || lsh_siphash_key(kobj, &key) < 0)
        return NULL;
    if (get_input(bobj, &v, PyBUF_FORMAT, "batch_u64") < 0)
        return NULL;
    if (!is_native_u64_format(v.format, v.itemsize)) {
        PyErr_Format(PyExc_TypeError,
                     "batch_u64() needs a buffer of native 64-bit integers (format 'Q' or 'q', "
                     "e.g. array('Q') or a NumPy uint64 array), got format '%s' with itemsize %zd",
                     v.format ? v.format : "B", v.itemsize);
        PyBuffer_Release(&v);
        return NULL;
    }
    n = v.len / 8;
    if ((res = get_out(oobj, n, &ov, &out)) == NULL) {
        PyBuffer_Release(&v);
        return NULL;
    }
    if (n >= LSH_GIL_MIN_RECORDS) {
        Py_BEGIN_ALLOW_THREADS
        run_u64(rounds, v.buf, n, &key, out);
        Py_END_ALLOW_THREADS
    } else {
        run_u64(rounds, v.buf, n, &key, out);
    }
    done_out(&ov);
    PyBuffer_Release(&v);
    return res;
}

static void run_batchv(lsh_rounds r, int nocase, const void *const *msgs, const size_t *lens,
                       Py_ssize_t n, const siphash_key_t *key, uint64_t *out)
{
    Py_ssize_t i;
    if (r == LSH_ROUNDS_24) {
        siphash_batchv(msgs, lens, (size_t)n, key, out);
        return;
    }
    if (r == LSH_ROUNDS_12) {
        if (nocase)
            siphash12_nocase_batchv(msgs, lens, (size_t)n, key, out);
        else
            siphash12_batchv(msgs, lens, (size_t)n, key, out);
        return;
    }
    (void)nocase;
    /* The library has no SipHash-1-3 batchv: one-shot calls, still
     * without the GIL and without per-message Python overhead. */
    for (i = 0; i < n; i++)
        out[i] = siphash13_64(msgs[i], lens[i], key);
}

PyObject *lsh_batchv(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"messages", "key", "rounds", "nocase", NULL};
    PyObject *iter, *kobj, *robj = NULL, *seq, *res = NULL;
    const void **msgs = NULL;
    size_t *lens = NULL, total = 0;
    Py_buffer *views = NULL;
    Py_ssize_t i, n, nviews = 0, maxviews = 0;
    siphash_key_t key;
    lsh_rounds rounds;
    uint64_t *out;
    int nocase = 0;
    (void)self;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$Op:batchv", kwlist, &iter, &kobj, &robj,
                                     &nocase))
        return NULL;
    if (lsh_rounds_parse(robj, &rounds) < 0 || lsh_siphash_key(kobj, &key) < 0)
        return NULL;
    if (nocase && rounds != LSH_ROUNDS_12) {
        PyErr_SetString(PyExc_ValueError, "nocase=True needs rounds=\"1-2\" (Redis's siphash_nocase)");
        return NULL;
    }
    if (PyUnicode_Check(iter) || PyBytes_Check(iter) || PyByteArray_Check(iter)) {
        PyErr_SetString(PyExc_TypeError,
                        "batchv() needs an iterable of bytes-like messages, not one message");
        return NULL;
    }
    /* A tuple is immutable, so no other thread can drop a message while the
     * GIL is released (a list could be cleared under us). */
    if ((seq = PySequence_Tuple(iter)) == NULL)
        return NULL;
    n = PyTuple_GET_SIZE(seq);
    for (i = 0; i < n; i++)
        maxviews += !PyBytes_CheckExact(PyTuple_GET_ITEM(seq, i));
    msgs = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *msgs);
    lens = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *lens);
    views = maxviews ? PyMem_Malloc((size_t)maxviews * sizeof *views) : NULL;
    if (msgs == NULL || lens == NULL || (maxviews && views == NULL)) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        PyObject *m = PyTuple_GET_ITEM(seq, i);
        if (PyBytes_CheckExact(m)) {
            msgs[i] = PyBytes_AS_STRING(m);
            lens[i] = (size_t)PyBytes_GET_SIZE(m);
        } else {
            if (PyUnicode_Check(m)) {
                PyErr_Format(PyExc_TypeError,
                             "batchv(): message %zd is a str; strings must be encoded before "
                             "hashing", i);
                goto done;
            }
            if (PyObject_GetBuffer(m, &views[nviews], PyBUF_SIMPLE) < 0) {
                PyErr_Format(PyExc_TypeError,
                             "batchv(): message %zd is not a bytes-like object ('%.100s')", i,
                             Py_TYPE(m)->tp_name);
                goto done;
            }
            msgs[i] = views[nviews].buf;
            lens[i] = (size_t)views[nviews].len;
            nviews++;
        }
        total += lens[i];
    }
    if ((res = lsh_u64_array(n, &out)) == NULL)
        goto done;
    if (n >= LSH_GIL_MIN_RECORDS || total >= LSH_GIL_MINSIZE) {
        Py_BEGIN_ALLOW_THREADS
        run_batchv(rounds, nocase, msgs, lens, n, &key, out);
        Py_END_ALLOW_THREADS
    } else {
        run_batchv(rounds, nocase, msgs, lens, n, &key, out);
    }
done:
    for (i = 0; i < nviews; i++)
        PyBuffer_Release(&views[i]);
    PyMem_Free(views);
    PyMem_Free(lens);
    PyMem_Free(msgs);
    Py_DECREF(seq);
    return res;
}

PyObject *lsh_batch_impl(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyUnicode_FromString(siphash_batch_impl());
}
