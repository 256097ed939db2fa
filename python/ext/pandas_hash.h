/* SPDX-License-Identifier: MIT */
/*
 * pandas_hash.h — the entry points of pandas_hash.c (what libsiphash.pandas
 * calls), for module.c's method table.
 */
#ifndef LIBSIPHASH_EXT_PANDAS_HASH_H
#define LIBSIPHASH_EXT_PANDAS_HASH_H

#include "common.h"

PyObject *lsh_pandas_hash_objects(PyObject *self, PyObject *args);
PyObject *lsh_pandas_mix(PyObject *self, PyObject *args);
PyObject *lsh_pandas_combine(PyObject *self, PyObject *args);

#define LSH_PANDAS_METHODS                                                                    \
    {"_pandas_hash_objects", lsh_pandas_hash_objects, METH_VARARGS,                          \
     "_pandas_hash_objects(values, key, out, categorize, nulls, delegate_types)\n--\n\n"    \
     "For libsiphash.pandas: pandas' hash of a 1-d object array of str/bytes into out.\n"    \
     "Returns 0 (done), 1 (an element pandas' hash_object_array rejects with\n"              \
     "TypeError) or 2 (an element left to pandas); out is unspecified unless 0."},          \
    {"_pandas_mix", lsh_pandas_mix, METH_VARARGS,                                            \
     "_pandas_mix(values, out)\n--\n\n"                                                      \
     "For libsiphash.pandas: pandas' 64-bit finalizer of each 8-byte item of values,\n"      \
     "into out (which may be values)."},                                                     \
    {"_pandas_combine", lsh_pandas_combine, METH_VARARGS,                                    \
     "_pandas_combine(arrays, out)\n--\n\n"                                                  \
     "For libsiphash.pandas: pandas' combine_hash_arrays over a tuple of uint64 arrays\n"    \
     "into out, which may be the first of them."},

#endif
