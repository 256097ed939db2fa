/* SPDX-License-Identifier: MIT */
/*
 * module.c — the extension module libsiphash._libsiphash: its method
 * table with the docstrings users see through help().
 */
#include "common.h"
#include "pandas_hash.h"

#define ONESHOT_DOC(name, what, keylen)                                                      \
    name "(data, key)\n--\n\n" what " of data (any bytes-like object) with a " keylen         \
         "-byte key, as an int: the little-endian reading of the reference output bytes,\n"  \
         "which is what the C function of the same name returns."

static PyMethodDef methods[] = {
    {"siphash", (PyCFunction)(void (*)(void))lsh_siphash, METH_FASTCALL | METH_KEYWORDS,
     ONESHOT_DOC("siphash", "SipHash-2-4 (64-bit, Linux's siphash())", "16")},
    {"siphash13_64", (PyCFunction)(void (*)(void))lsh_siphash13_64, METH_FASTCALL | METH_KEYWORDS,
     ONESHOT_DOC("siphash13_64", "SipHash-1-3 (64-bit)", "16")},
    {"siphash12_64", (PyCFunction)(void (*)(void))lsh_siphash12_64, METH_FASTCALL | METH_KEYWORDS,
     ONESHOT_DOC("siphash12_64", "SipHash-1-2 (64-bit, Redis/Valkey's table hash; no PRF claim)",
                 "16")},
    {"siphash12_nocase_64", (PyCFunction)(void (*)(void))lsh_siphash12_nocase_64,
     METH_FASTCALL | METH_KEYWORDS,
     ONESHOT_DOC("siphash12_nocase_64",
                 "SipHash-1-2 over the ASCII-lowercased bytes (only A-Z folded; Redis's\n"
                 "siphash_nocase())", "16")},
    {"halfsiphash24_32", (PyCFunction)(void (*)(void))lsh_halfsiphash24_32,
     METH_FASTCALL | METH_KEYWORDS, ONESHOT_DOC("halfsiphash24_32", "HalfSipHash-2-4 (32-bit)", "8")},
    {"halfsiphash13_32", (PyCFunction)(void (*)(void))lsh_halfsiphash13_32,
     METH_FASTCALL | METH_KEYWORDS, ONESHOT_DOC("halfsiphash13_32", "HalfSipHash-1-3 (32-bit)", "8")},
    {"siphash24", (PyCFunction)(void (*)(void))lsh_new_siphash24, METH_VARARGS | METH_KEYWORDS,
     "siphash24(data=b'', *, key, digest_size=8)\n--\n\n"
     "A SipHash-2-4 object (hashlib interface) with a 16-byte key; digest_size 8 or 16."},
    {"siphash13", (PyCFunction)(void (*)(void))lsh_new_siphash13, METH_VARARGS | METH_KEYWORDS,
     "siphash13(data=b'', *, key, digest_size=8)\n--\n\n"
     "A SipHash-1-3 object (hashlib interface) with a 16-byte key; digest_size 8 or 16."},
    {"halfsiphash24", (PyCFunction)(void (*)(void))lsh_new_halfsiphash24,
     METH_VARARGS | METH_KEYWORDS,
     "halfsiphash24(data=b'', *, key, digest_size=4)\n--\n\n"
     "A HalfSipHash-2-4 object (hashlib interface) with an 8-byte key; digest_size 4 or 8."},
    {"halfsiphash13", (PyCFunction)(void (*)(void))lsh_new_halfsiphash13,
     METH_VARARGS | METH_KEYWORDS,
     "halfsiphash13(data=b'', *, key, digest_size=4)\n--\n\n"
     "A HalfSipHash-1-3 object (hashlib interface) with an 8-byte key; digest_size 4 or 8."},
    {"generate_key", lsh_generate_key, METH_NOARGS,
     "generate_key()\n--\n\n16 random bytes from the operating system (getrandom): a SipHash key.\n"
     "Raises OSError if the OS cannot provide them; never falls back to a weak source."},
    {"generate_half_key", lsh_generate_half_key, METH_NOARGS,
     "generate_half_key()\n--\n\n8 random bytes from the operating system: a HalfSipHash key."},
    {"batch", (PyCFunction)(void (*)(void))lsh_batch, METH_VARARGS | METH_KEYWORDS,
     "batch(buffer, record_size, key, *, rounds='2-4', out=None)\n--\n\n"
     "Hashes every record_size-byte record of a C-contiguous buffer (bytes,\n"
     "bytearray, memoryview, array, NumPy arrays...) with SipHash-2-4 or, with\n"
     "rounds='1-3', SipHash-1-3 (or '1-2', SipHash-1-2, where built in), across\n"
     "SIMD lanes with the GIL released.\n"
     "Returns array('Q') with one 64-bit result per record (equal to siphash() /\n"
     "siphash13_64() of that record), or fills out and returns it: a writable\n"
     "buffer of n native 64-bit unsigned integers (array('Q'), NumPy uint64) or\n"
     "of 8*n bytes (bytearray; native byte order); any other item format is a\n"
     "TypeError.  out may overlap the buffer (results are then computed aside\n"
     "and copied).  The buffer's length must be a multiple of record_size (in\n"
     "bytes, whatever its item type)."},
    {"batch_u64", (PyCFunction)(void (*)(void))lsh_batch_u64, METH_VARARGS | METH_KEYWORDS,
     "batch_u64(buffer, key, *, rounds='2-4', out=None)\n--\n\n"
     "Hashes each native 64-bit integer of a buffer (array('Q'), NumPy uint64 or\n"
     "int64 arrays) as Linux's siphash_1u64() does: the result equals siphash() of\n"
     "the integer's 8 little-endian bytes.  Returns array('Q') (or fills out, as\n"
     "batch() does; out may be the input itself, or overlap it)."},
    {"batchv", (PyCFunction)(void (*)(void))lsh_batchv, METH_VARARGS | METH_KEYWORDS,
     "batchv(messages, key, *, rounds='2-4', nocase=False)\n--\n\n"
     "Hashes each message of an iterable of bytes-like objects of any lengths;\n"
     "returns array('Q') of the 64-bit results, in order.  nocase=True (with\n"
     "rounds='1-2') hashes the ASCII-lowercased messages, as siphash12_nocase_64()."},
    {"batch_impl", lsh_batch_impl, METH_NOARGS,
     "batch_impl()\n--\n\nThe SIMD path the batch functions use: 'avx512', 'avx2', 'neon' or\n"
     "'portable' (SIPHASH_IMPL in the environment, read at the first batch call,\n"
     "forces a slower one)."},
    {"_c_batch_seconds", (PyCFunction)(void (*)(void))lsh_c_batch_seconds,
     METH_VARARGS | METH_KEYWORDS,
     "_c_batch_seconds(buffer, record_size, key, repeats=1, *, rounds='2-4')\n--\n\n"
     "For bench.py: seconds taken by each of repeats calls of the C library's\n"
     "batch function over buffer, timed in C."},
    LSH_PANDAS_METHODS
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "libsiphash._libsiphash",
    .m_doc = "The C extension behind the libsiphash package.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__libsiphash(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (lsh_array_init() < 0 || lsh_hashobj_init(m) < 0 ||
        PyModule_AddStringConstant(m, "c_library_version", siphash_version()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
