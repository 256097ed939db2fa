/* SPDX-License-Identifier: MIT */
/*
 * oneshot.c — the one-shot functions (data, key) -> int, and key
 * generation.  These are the hot path: METH_FASTCALL, no allocation but the
 * result int, exact bytes read in place; the GIL is released only for long
 * inputs, where it pays.
 */
#include "common.h"

/* (data, key) from a vectorcall; either may be passed by keyword. */
static int data_key_args(const char *fname, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames, PyObject **data, PyObject **key)
{
    Py_ssize_t i, nkw;

    if (kwnames == NULL && nargs == 2) {
        *data = args[0];
        *key = args[1];
        return 0;
    }
    *data = nargs > 0 ? args[0] : NULL;
    *key = nargs > 1 ? args[1] : NULL;
    if (nargs > 2) {
        PyErr_Format(PyExc_TypeError, "%s() takes 2 arguments (%zd given)", fname, nargs);
        return -1;
    }
    nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (i = 0; i < nkw; i++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, i);
        PyObject **slot;
        if (PyUnicode_CompareWithASCIIString(name, "data") == 0)
            slot = data;
        else if (PyUnicode_CompareWithASCIIString(name, "key") == 0)
            slot = key;
        else {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", fname,
                         name);
            return -1;
        }
        if (*slot != NULL) {
            PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%U'", fname,
                         name);
            return -1;
        }
        *slot = args[nargs + i];
    }
    if (*data == NULL || *key == NULL) {
        PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", fname,
                     *data == NULL ? "data" : "key");
        return -1;
    }
    return 0;
}

enum which { W_SIP24, W_SIP13, W_SIP12, W_SIP12_NOCASE, W_HALF24_32, W_HALF13_32 };

static uint64_t compute(enum which w, const lsh_data *d, const void *key)
{
    switch (w) {
    case W_SIP24:
        return siphash24_64(d->buf, (size_t)d->len, (const siphash_key_t *)key);
    case W_SIP13:
        return siphash13_64(d->buf, (size_t)d->len, (const siphash_key_t *)key);
    case W_SIP12:
        return siphash12_64(d->buf, (size_t)d->len, (const siphash_key_t *)key);
    case W_SIP12_NOCASE:
        return siphash12_nocase_64(d->buf, (size_t)d->len, (const siphash_key_t *)key);
    case W_HALF24_32:
        return halfsiphash24_32(d->buf, (size_t)d->len, (const halfsiphash_key_t *)key);
    case W_HALF13_32:
        return halfsiphash13_32(d->buf, (size_t)d->len, (const halfsiphash_key_t *)key);
    }
    return 0;
}

/* Inlined into each entry point, so the switch above folds away. */
static inline PyObject *oneshot(enum which w, const char *fname, PyObject *const *args,
                                Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *dobj, *kobj;
    siphash_key_t sk;
    halfsiphash_key_t hk;
    const void *key;
    lsh_data d;
    uint64_t h;

    if (data_key_args(fname, args, nargs, kwnames, &dobj, &kobj) < 0)
        return NULL;
    if (w == W_SIP24 || w == W_SIP13 || w == W_SIP12 || w == W_SIP12_NOCASE) {
        if (lsh_siphash_key(kobj, &sk) < 0)
            return NULL;
        key = &sk;
    } else {
        if (lsh_halfsiphash_key(kobj, &hk) < 0)
            return NULL;
        key = &hk;
    }
    /* The key copies on the stack are not wiped: the caller's key object
     * holds the same bytes for as long as the caller keeps it. */
    if (lsh_data_get(dobj, &d) < 0)
        return NULL;
    if (d.len >= LSH_GIL_MINSIZE) {
        Py_BEGIN_ALLOW_THREADS
        h = compute(w, &d, key);
        Py_END_ALLOW_THREADS
    } else {
        h = compute(w, &d, key);
    }
    lsh_data_release(&d);
    return PyLong_FromUnsignedLongLong(h);
}

PyObject *lsh_siphash(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)self;
    return oneshot(W_SIP24, "siphash", args, nargs, kwnames);
}

PyObject *lsh_siphash13_64(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    (void)self;
    return oneshot(W_SIP13, "siphash13_64", args, nargs, kwnames);
}

PyObject *lsh_siphash12_64(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    (void)self;
    return oneshot(W_SIP12, "siphash12_64", args, nargs, kwnames);
}

PyObject *lsh_siphash12_nocase_64(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                  PyObject *kwnames)
{
    (void)self;
    return oneshot(W_SIP12_NOCASE, "siphash12_nocase_64", args, nargs, kwnames);
}

PyObject *lsh_halfsiphash24_32(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames)
{
    (void)self;
    return oneshot(W_HALF24_32, "halfsiphash24_32", args, nargs, kwnames);
}

PyObject *lsh_halfsiphash13_32(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames)
{
    (void)self;
    return oneshot(W_HALF13_32, "halfsiphash13_32", args, nargs, kwnames);
}

static PyObject *random_bytes(Py_ssize_t n)
{
    uint8_t b[16];
    PyObject *r;
    int e = siphash_random_bytes(b, (size_t)n);
    if (e != 0) {
        errno = -e;
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    r = PyBytes_FromStringAndSize((const char *)b, n);
    siphash_wipe(b, sizeof b);
    return r;
}

PyObject *lsh_generate_key(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return random_bytes(16);
}

PyObject *lsh_generate_half_key(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return random_bytes(8);
}
