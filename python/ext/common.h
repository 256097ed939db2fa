/* SPDX-License-Identifier: MIT */
/*
 * common.h — what the extension's files share: argument conversion (keys,
 * data buffers, the rounds name), the GIL threshold and the entry points
 * module.c puts in the method table.  The extension uses only the public
 * API of include/siphash.h.
 */
#ifndef LIBSIPHASH_EXT_COMMON_H
#define LIBSIPHASH_EXT_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#include "siphash.h"

/* Inputs at least this long are hashed with the GIL released (hashlib's
 * threshold): below it, releasing and re-taking the GIL costs more than it
 * lets other threads gain. */
#define LSH_GIL_MINSIZE 2048

/* A message argument: a pointer and a length, plus the buffer view to
 * release when the object was not an exact bytes object. */
typedef struct {
    const uint8_t *buf;
    Py_ssize_t len;
    int has_view;
    Py_buffer view;
} lsh_data;

/* Which SipHash-c-d a batch call runs. */
typedef enum { LSH_ROUNDS_24, LSH_ROUNDS_13, LSH_ROUNDS_12 } lsh_rounds;

/* Fills d from a bytes-like object (str is a TypeError, as in hashlib).
 * Returns 0, or -1 with an exception set. */
int lsh_data_get(PyObject *obj, lsh_data *d);
void lsh_data_release(lsh_data *d);

/* Copies a key argument, a bytes-like object of exactly n bytes, to out.
 * Returns 0, or -1 with a TypeError/ValueError that says what was expected. */
int lsh_key_bytes(PyObject *obj, size_t n, uint8_t *out);
int lsh_siphash_key_slow(PyObject *obj, siphash_key_t *key);
int lsh_halfsiphash_key(PyObject *obj, halfsiphash_key_t *key);

/* The key's reference bytes as siphash_key_from_bytes() reads them, inline:
 * on the one-shot path a call costs a visible part of the total. */
static inline uint64_t lsh_le64(const unsigned char *b)
{
    return (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 | (uint64_t)b[3] << 24 |
           (uint64_t)b[4] << 32 | (uint64_t)b[5] << 40 | (uint64_t)b[6] << 48 |
           (uint64_t)b[7] << 56;
}

static inline int lsh_siphash_key(PyObject *obj, siphash_key_t *key)
{
    if (PyBytes_CheckExact(obj) && PyBytes_GET_SIZE(obj) == 16) {
        const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(obj);
        key->key[0] = lsh_le64(b);
        key->key[1] = lsh_le64(b + 8);
        return 0;
    }
    return lsh_siphash_key_slow(obj, key);
}

/* Parses the rounds= argument ("2-4", "1-3", and "1-2" where the library
 * has it); NULL means "2-4". */
int lsh_rounds_parse(PyObject *obj, lsh_rounds *r);

/* One batch call over n records of rs bytes: what batch() runs, and what
 * _c_batch_seconds() times. */
void lsh_run_batch(lsh_rounds r, const void *buf, Py_ssize_t rs, Py_ssize_t n,
                   const siphash_key_t *key, uint64_t *out);

/* A new array.array('Q') of n zeros; *out points at its items. */
PyObject *lsh_u64_array(Py_ssize_t n, uint64_t **out);
/* Module init: imports array.array for lsh_u64_array.  0 or -1. */
int lsh_array_init(void);

/* Entry points (one file each: oneshot.c, hashobj.c, batch.c, timing.c). */
extern PyTypeObject lsh_SipHashType;
int lsh_hashobj_init(PyObject *module);
PyObject *lsh_new_siphash24(PyObject *self, PyObject *args, PyObject *kw);
PyObject *lsh_new_siphash13(PyObject *self, PyObject *args, PyObject *kw);
PyObject *lsh_new_halfsiphash24(PyObject *self, PyObject *args, PyObject *kw);
PyObject *lsh_new_halfsiphash13(PyObject *self, PyObject *args, PyObject *kw);

PyObject *lsh_siphash(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames);
PyObject *lsh_siphash13_64(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames);
PyObject *lsh_halfsiphash24_32(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames);
PyObject *lsh_halfsiphash13_32(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames);
PyObject *lsh_siphash12_64(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames);
PyObject *lsh_siphash12_nocase_64(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                  PyObject *kwnames);
PyObject *lsh_generate_key(PyObject *self, PyObject *unused);
PyObject *lsh_generate_half_key(PyObject *self, PyObject *unused);

PyObject *lsh_batch(PyObject *self, PyObject *args, PyObject *kw);
PyObject *lsh_batch_u64(PyObject *self, PyObject *args, PyObject *kw);
PyObject *lsh_batchv(PyObject *self, PyObject *args, PyObject *kw);
PyObject *lsh_batch_impl(PyObject *self, PyObject *unused);

PyObject *lsh_c_batch_seconds(PyObject *self, PyObject *args, PyObject *kw);

#endif
