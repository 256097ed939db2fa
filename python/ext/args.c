/* SPDX-License-Identifier: MIT */
/*
 * args.c — converting Python arguments: messages, keys, rounds names, and
 * the array.array('Q') results of the batch functions.
 */
#include "common.h"

#include <string.h>

int lsh_data_get(PyObject *obj, lsh_data *d)
{
    /* An exact bytes object needs no buffer export: the hot path. */
    if (PyBytes_CheckExact(obj)) {
        d->buf = (const uint8_t *)PyBytes_AS_STRING(obj);
        d->len = PyBytes_GET_SIZE(obj);
        d->has_view = 0;
        return 0;
    }
    if (PyUnicode_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "Strings must be encoded before hashing");
        return -1;
    }
    if (!PyObject_CheckBuffer(obj)) {
        PyErr_Format(PyExc_TypeError, "object supporting the buffer API required, not '%.100s'",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    /* PyBUF_SIMPLE asks for one contiguous run of bytes; a non-contiguous
     * view raises BufferError, as hashlib does. */
    if (PyObject_GetBuffer(obj, &d->view, PyBUF_SIMPLE) < 0)
        return -1;
    d->buf = (const uint8_t *)d->view.buf;
    d->len = d->view.len;
    d->has_view = 1;
    return 0;
}

void lsh_data_release(lsh_data *d)
{
    if (d->has_view) {
        PyBuffer_Release(&d->view);
        d->has_view = 0;
    }
}

int lsh_key_bytes(PyObject *obj, size_t n, uint8_t *out)
{
    Py_buffer v;

    if (PyBytes_CheckExact(obj) && (size_t)PyBytes_GET_SIZE(obj) == n) {
        memcpy(out, PyBytes_AS_STRING(obj), n);
        return 0;
    }
    if (PyUnicode_Check(obj) || !PyObject_CheckBuffer(obj)) {
        PyErr_Format(PyExc_TypeError, "key must be a bytes-like object of %zu bytes, not '%.100s'",
                     n, Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (PyObject_GetBuffer(obj, &v, PyBUF_SIMPLE) < 0)
        return -1;
    if ((size_t)v.len != n) {
        PyErr_Format(PyExc_ValueError, "key must be %zu bytes long, got %zd bytes", n, v.len);
        PyBuffer_Release(&v);
        return -1;
    }
    memcpy(out, v.buf, n);
    PyBuffer_Release(&v);
    return 0;
}

int lsh_siphash_key_slow(PyObject *obj, siphash_key_t *key)
{
    uint8_t b[16];
    if (lsh_key_bytes(obj, sizeof b, b) < 0)
        return -1;
    *key = siphash_key_from_bytes(b);
    return 0;
}

int lsh_halfsiphash_key(PyObject *obj, halfsiphash_key_t *key)
{
    uint8_t b[8];
    if (lsh_key_bytes(obj, sizeof b, b) < 0)
        return -1;
    *key = halfsiphash_key_from_bytes(b);
    return 0;
}

int lsh_rounds_parse(PyObject *obj, lsh_rounds *r)
{
    if (obj == NULL || obj == Py_None) {
        *r = LSH_ROUNDS_24;
        return 0;
    }
    if (PyUnicode_Check(obj)) {
        if (PyUnicode_CompareWithASCIIString(obj, "2-4") == 0) {
            *r = LSH_ROUNDS_24;
            return 0;
        }
        if (PyUnicode_CompareWithASCIIString(obj, "1-3") == 0) {
            *r = LSH_ROUNDS_13;
            return 0;
        }
        if (PyUnicode_CompareWithASCIIString(obj, "1-2") == 0) {
            *r = LSH_ROUNDS_12;
            return 0;
        }
    }
    PyErr_Format(PyExc_ValueError, "rounds must be \"2-4\", \"1-3\" or \"1-2\", not %R", obj);
    return -1;
}

static PyObject *u64_template; /* array.array('Q', [0]) */

int lsh_array_init(void)
{
    PyObject *mod = PyImport_ImportModule("array");
    if (mod == NULL)
        return -1;
    u64_template = PyObject_CallMethod(mod, "array", "s[i]", "Q", 0);
    Py_DECREF(mod);
    return u64_template ? 0 : -1;
}

PyObject *lsh_u64_array(Py_ssize_t n, uint64_t **out)
{
    /* Repeating a one-element array is the one way the array module offers
     * to make an array of n items without an intermediate object. */
    Py_buffer v;
    PyObject *a = PySequence_Repeat(u64_template, n);
    if (a == NULL)
        return NULL;
    if (PyObject_GetBuffer(a, &v, PyBUF_WRITABLE) < 0) {
        Py_DECREF(a);
        return NULL;
    }
    /* The array owns its storage; it cannot be resized while nobody but
     * this caller holds a reference, so the pointer stays valid after the
     * view is released. */
    *out = (uint64_t *)v.buf;
    PyBuffer_Release(&v);
    return a;
}
