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

/* Strips a byte-order prefix that means this machine's order; NULL if the
 * prefix names the other one. */
static const char *native_order(const char *f)
{
    static const uint16_t one = 1;
    int little = *(const uint8_t *)&one == 1;
    if (*f == '@' || *f == '=' || (*f == '<' && little) || ((*f == '>' || *f == '!') && !little))
        return f + 1;
    if (*f == '<' || *f == '>' || *f == '!')
        return NULL;
    return f;
}

/* Whether a buffer format describes native 64-bit integers (signed or not:
 * inputs). */
static int is_native_u64_format(const char *f, Py_ssize_t itemsize)
{
    if (itemsize != 8 || f == NULL || (f = native_order(f)) == NULL)
        return 0;
    return f[0] != '\0' && strchr("qQlLnN", f[0]) != NULL && f[1] == '\0';
}

/* Whether out= may receive the results: native 64-bit unsigned integers
 * (array('Q'), NumPy uint64, a memoryview cast to 'Q'), or untyped bytes
 * (bytearray, format 'B'), which get each result's 8 bytes in native order.
 * Anything else (a big-endian '>u8', float64, int64, uint32 ...) would be
 * filled with the results' bits reinterpreted: values the caller never
 * asked for. */
static int is_out_format(const char *f, Py_ssize_t itemsize)
{
    if (f == NULL)
        return itemsize == 1;
    if ((f = native_order(f)) == NULL)
        return 0;
    if (itemsize == 1)
        return f[0] == 'B' && f[1] == '\0';
    return itemsize == 8 && f[0] != '\0' && strchr("QLN", f[0]) != NULL && f[1] == '\0';
}

/* Where the results go: a new array('Q') of n items when out_obj is None,
 * else the caller's writable buffer of exactly n results (kept exported in
 * o->view until done_out()).  The batch functions write out[i] while later
 * inputs are still to be read, so when out lies anywhere over the input
 * except exactly on it (same_ok: out == in is allowed, each result
 * replacing its own 8-byte record), or is not 8-byte aligned, the results
 * are computed into a temporary and copied: never a wrong value. */
typedef struct {
    Py_buffer view;  /* view.obj == NULL: no caller buffer */
    uint64_t *dst;   /* where the batch function writes */
    uint64_t *tmp;   /* PyMem buffer to copy from, or NULL */
    Py_ssize_t n;
} lsh_out;

static PyObject *get_out(PyObject *out_obj, Py_ssize_t n, const void *in, Py_ssize_t in_len,
                         int same_ok, const char *fname, lsh_out *o)
{
    const char *ob, *ib = (const char *)in;
    int overlap, misaligned;
    o->view.obj = NULL;
    o->tmp = NULL;
    o->n = n;
    if (out_obj == NULL || out_obj == Py_None)
        return lsh_u64_array(n, &o->dst);
    if (PyObject_GetBuffer(out_obj, &o->view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS |
                                                   PyBUF_FORMAT) < 0)
        return NULL;
    if (!is_out_format(o->view.format, o->view.itemsize)) {
        PyErr_Format(PyExc_TypeError,
                     "%s(): out must be a writable buffer of native 64-bit unsigned integers "
                     "(array('Q'), NumPy uint64) or of bytes (bytearray), got format '%s' with "
                     "itemsize %zd", fname, o->view.format ? o->view.format : "B",
                     o->view.itemsize);
        goto fail;
    }
    if (o->view.len != n * 8) {
        PyErr_Format(PyExc_ValueError, "%s(): out must hold %zd 64-bit results (%zd bytes), "
                     "got %zd bytes", fname, n, n * 8, o->view.len);
        goto fail;
    }
    ob = (const char *)o->view.buf;
    overlap = n > 0 && in_len > 0 && ob < ib + in_len && ib < ob + n * 8;
    misaligned = ((uintptr_t)ob & 7) != 0;
    if (n > 0 && (misaligned || (overlap && !(same_ok && ob == ib)))) {
        o->tmp = PyMem_Malloc((size_t)n * 8);
        if (o->tmp == NULL) {
            PyErr_NoMemory();
            goto fail;
        }
        o->dst = o->tmp;
    } else {
        o->dst = (uint64_t *)o->view.buf;
    }
    Py_INCREF(out_obj);
    return out_obj;
fail:
    PyBuffer_Release(&o->view);
    o->view.obj = NULL;
    return NULL;
}

/* Copies the results from the temporary, if one was used, and releases
 * the caller's buffer. */
static void done_out(lsh_out *o)
{
    if (o->tmp != NULL) {
        memcpy(o->view.buf, o->tmp, (size_t)o->n * 8);
        PyMem_Free(o->tmp);
        o->tmp = NULL;
    }
    if (o->view.obj != NULL)
        PyBuffer_Release(&o->view);
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
    Py_buffer v;
    lsh_out out;
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
    /* out == buffer is in place only when each result replaces its own
     * 8-byte record. */
    if ((res = get_out(oobj, n, v.buf, v.len, rs == 8, "batch", &out)) == NULL) {
        PyBuffer_Release(&v);
        return NULL;
    }
    if (n >= LSH_GIL_MIN_RECORDS || v.len >= LSH_GIL_MINSIZE) {
        Py_BEGIN_ALLOW_THREADS
        lsh_run_batch(rounds, v.buf, rs, n, &key, out.dst);
        Py_END_ALLOW_THREADS
    } else {
        lsh_run_batch(rounds, v.buf, rs, n, &key, out.dst);
    }
    done_out(&out);
    PyBuffer_Release(&v);
    return res;
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
    Py_buffer v;
    lsh_out out;
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
    if ((res = get_out(oobj, n, v.buf, v.len, 1, "batch_u64", &out)) == NULL) {
        PyBuffer_Release(&v);
        return NULL;
    }
    if (n >= LSH_GIL_MIN_RECORDS) {
        Py_BEGIN_ALLOW_THREADS
        run_u64(rounds, v.buf, n, &key, out.dst);
        Py_END_ALLOW_THREADS
    } else {
        run_u64(rounds, v.buf, n, &key, out.dst);
    }
    done_out(&out);
    PyBuffer_Release(&v);
    return res;
}

static void run_batchv(lsh_rounds r, int nocase, const void *const *msgs, const size_t *lens,
                       Py_ssize_t n, const siphash_key_t *key, uint64_t *out)
{
    if (r == LSH_ROUNDS_24)
        siphash_batchv(msgs, lens, (size_t)n, key, out);
    else if (r == LSH_ROUNDS_13)
        siphash13_batchv(msgs, lens, (size_t)n, key, out);
    else if (nocase)
        siphash12_nocase_batchv(msgs, lens, (size_t)n, key, out);
    else
        siphash12_batchv(msgs, lens, (size_t)n, key, out);
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
            if (!PyObject_CheckBuffer(m)) {
                PyErr_Format(PyExc_TypeError,
                             "batchv(): message %zd is not a bytes-like object ('%.100s')", i,
                             Py_TYPE(m)->tp_name);
                goto done;
            }
            if (PyObject_GetBuffer(m, &views[nviews], PyBUF_SIMPLE) < 0) {
                /* A buffer that cannot be one run of bytes (a strided
                 * memoryview: BufferError, as siphash() raises it): keep the
                 * error and its reason, say which message. */
                PyObject *type, *value, *tb;
                PyErr_Fetch(&type, &value, &tb);
                PyErr_NormalizeException(&type, &value, &tb);
                PyErr_Format(type ? type : PyExc_BufferError,
                             "batchv(): message %zd ('%.100s') is not one contiguous run of "
                             "bytes: %S", i, Py_TYPE(m)->tp_name, value ? value : Py_None);
                Py_XDECREF(type);
                Py_XDECREF(value);
                Py_XDECREF(tb);
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
