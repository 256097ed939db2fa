/* SPDX-License-Identifier: MIT */
/*
 * timing.c — _c_batch_seconds(): times the C library's own batch call from
 * C, so bench.py can put the Python binding's cost next to the library's
 * in the same process, on the same buffer.  Not API: for the benchmark.
 */
#include "common.h"

#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

static double now_seconds(void)
{
#ifdef _WIN32
    LARGE_INTEGER f, t;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&t);
    return (double)t.QuadPart / (double)f.QuadPart;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
}

PyObject *lsh_c_batch_seconds(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"buffer", "record_size", "key", "repeats", "rounds", NULL};
    PyObject *kobj, *robj = NULL, *list;
    Py_ssize_t rs, n, repeats = 1, i;
    siphash_key_t key;
    lsh_rounds rounds;
    uint64_t *out;
    double *t;
    Py_buffer v;
    (void)self;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*nO|n$O:_c_batch_seconds", kwlist, &v, &rs, &kobj,
                                     &repeats, &robj))
        return NULL;
    if (rs <= 0 || v.len % rs != 0 || repeats <= 0) {
        PyErr_SetString(PyExc_ValueError, "record_size must divide the buffer length; repeats > 0");
        PyBuffer_Release(&v);
        return NULL;
    }
    if (lsh_rounds_parse(robj, &rounds) < 0 || lsh_siphash_key(kobj, &key) < 0) {
        PyBuffer_Release(&v);
        return NULL;
    }
    n = v.len / rs;
    out = malloc((size_t)(n ? n : 1) * sizeof *out);
    t = malloc((size_t)repeats * sizeof *t);
    if (out == NULL || t == NULL) {
        free(out);
        free(t);
        PyBuffer_Release(&v);
        return PyErr_NoMemory();
    }
    /* The output is written once first, as a C program would reuse a warm
     * buffer; what is timed is the batch call alone. */
    memset(out, 0, (size_t)n * sizeof *out);
    Py_BEGIN_ALLOW_THREADS
    for (i = 0; i < repeats; i++) {
        double t0 = now_seconds();
        lsh_run_batch(rounds, v.buf, rs, n, &key, out);
        t[i] = now_seconds() - t0;
    }
    Py_END_ALLOW_THREADS
    free(out);
    PyBuffer_Release(&v);
    list = PyList_New(repeats);
    for (i = 0; list != NULL && i < repeats; i++) {
        PyObject *f = PyFloat_FromDouble(t[i]);
        if (f == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i, f);
    }
    free(t);
    return list;
}
