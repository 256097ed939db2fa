/* SPDX-License-Identifier: MIT */
/*
 * pandas_hash.c — pandas' hashing of object arrays on the batch engine.
 *
 * pandas (pandas/_libs/hashing.pyx, hash_object_array) encodes every str of
 * an object array into a new bytes object, hashes each with SipHash-2-4 one
 * at a time, and pandas/core/util/hashing.py then applies a splitmix64-style
 * finalizer over the whole array.  Here one pass over the array gathers a
 * chunk of pointers and lengths (the UTF-8 of an ASCII str is its own data;
 * other str are encoded into a reused scratch buffer, never into new
 * objects), hashes the chunk with siphash_batchv while its strings are still
 * in cache, and finalizes it.
 *
 * Only what is reproduced exactly is handled; on anything else the walk stops
 * and says so, and libsiphash/pandas.py hands the whole call to pandas:
 * exact str (UTF-8 without lone surrogates) and exact bytes; None and
 * float NaN (hashed as "None" and "nan" as pandas does, or, for pandas'
 * categorize=True path, which drops nulls before hashing, the all-ones
 * marker pandas puts there); with categorize=True also the null singletons
 * the caller names (pd.NA, pd.NaT).  With categorize=True the result equals
 * pandas' factorize-then-hash because a str or bytes value hashes the same
 * wherever it occurs, except where pandas' factorization merges distinct
 * strings (an all-str array containing a NUL character): left to pandas.
 */
#include "pandas_hash.h"

#include <math.h>
#include <string.h>

/* What a walk ended with (returned to Python). */
enum {
    PH_DONE = 0,      /* out holds pandas' result */
    PH_MIXED = 1,     /* an element hash_object_array rejects with TypeError */
    PH_DELEGATE = 2,  /* an element (or array) left to pandas */
};

/* Items gathered before a siphash_batchv call: their strings' cache lines
 * (about 150 KiB for e-mail addresses) stay in L2 until hashed.  128 to 4096
 * run equally fast (Zen 5); the larger size releases the GIL less often. */
#define PH_CHUNK 2048
/* How many items ahead the walk prefetches the objects it will read. */
#define PH_PREFETCH 12
/* From this length on (bytes, or code points of a str), a string object met
 * again is not hashed again: pandas' default path hashes each distinct value
 * once, and long values repeated (the same object many times) would
 * otherwise cost more here than there.  Shorter strings hash faster than a
 * lookup. */
#define PH_LONG 256

#if defined(__GNUC__) || defined(__clang__)
#define PH_PREFETCH_AT(p) __builtin_prefetch((p), 0, 3)
#else
#define PH_PREFETCH_AT(p) ((void)(p))
#endif

/* pandas' finalizer (_hash_ndarray), as numpy computes it on uint64. */
static inline uint64_t ph_mix(uint64_t x)
{
    x ^= x >> 30;
    x *= UINT64_C(0xBF58476D1CE4E5B9);
    x ^= x >> 27;
    x *= UINT64_C(0x94D049BB133111EB);
    x ^= x >> 31;
    return x;
}

/* One chunk of the walk.  Messages encoded into the arena are recorded as
 * offsets and turned into pointers once the chunk is gathered (the arena may
 * move while it grows). */
typedef struct {
    const void *msgs[PH_CHUNK];
    size_t lens[PH_CHUNK];
    PyObject *pinned[PH_CHUNK];
    uint16_t arena_at[PH_CHUNK];
    size_t arena_off[PH_CHUNK];
    uint16_t nulls[PH_CHUNK];
    uint16_t copy_at[PH_CHUNK];   /* these items repeat an earlier object: */
    Py_ssize_t copy_from[PH_CHUNK]; /* the index of its first occurrence */
    int npinned, narena, nnulls, ncopies;
    uint8_t *arena;
    size_t arena_cap, arena_used;
} ph_chunk;

/* The long string objects met so far (open addressing on the pointer) and
 * where each first occurred.  Each holds a reference until the walk ends, so
 * that no other object can take its address while the GIL is released. */
typedef struct {
    PyObject **keys;
    Py_ssize_t *first;
    size_t cap, used;
} ph_seen;

static size_t seen_slot(const ph_seen *s, PyObject *o)
{
    size_t i = (size_t)(((uintptr_t)o >> 4) * UINT64_C(0x9E3779B97F4A7C15) >> 20) & (s->cap - 1);
    while (s->keys[i] != NULL && s->keys[i] != o)
        i = (i + 1) & (s->cap - 1);
    return i;
}

/* The index where o first occurred, or -1 after recording it at idx; -2
 * with MemoryError set. */
static Py_ssize_t seen_check(ph_seen *s, PyObject *o, Py_ssize_t idx)
{
    size_t i;
    if (2 * (s->used + 1) > s->cap) {
        ph_seen g = {NULL, NULL, s->cap ? 2 * s->cap : 256, 0};
        g.keys = PyMem_Calloc(g.cap, sizeof *g.keys);
        g.first = PyMem_Malloc(g.cap * sizeof *g.first);
        if (g.keys == NULL || g.first == NULL) {
            PyMem_Free(g.keys);
            PyMem_Free(g.first);
            PyErr_NoMemory();
            return -2;
        }
        for (i = 0; i < s->cap; i++) {
            if (s->keys[i] != NULL) {
                size_t k = seen_slot(&g, s->keys[i]);
                g.keys[k] = s->keys[i];
                g.first[k] = s->first[i];
            }
        }
        g.used = s->used;
        PyMem_Free(s->keys);
        PyMem_Free(s->first);
        *s = g;
    }
    i = seen_slot(s, o);
    if (s->keys[i] == o)
        return s->first[i];
    Py_INCREF(o);
    s->keys[i] = o;
    s->first[i] = idx;
    s->used++;
    return -1;
}

static void seen_free(ph_seen *s)
{
    for (size_t i = 0; i < s->cap; i++)
        Py_XDECREF(s->keys[i]);
    PyMem_Free(s->keys);
    PyMem_Free(s->first);
}

/* The UTF-8 of a non-ASCII str of one storage kind: what str.encode("utf-8")
 * gives, or -1 at a lone surrogate (where encode raises). */
#define PH_ENCODE_KIND(T)                                                                    \
    static Py_ssize_t encode_##T(const T *s, Py_ssize_t len, uint8_t *d)                     \
    {                                                                                        \
        uint8_t *p = d;                                                                      \
        for (Py_ssize_t i = 0; i < len; i++) {                                               \
            Py_UCS4 c = s[i];                                                                \
            if (c < 0x80) {                                                                  \
                *p++ = (uint8_t)c;                                                           \
            } else if (c < 0x800) {                                                          \
                *p++ = (uint8_t)(0xC0 | c >> 6);                                             \
                *p++ = (uint8_t)(0x80 | (c & 0x3F));                                         \
            } else if (c < 0x10000) {                                                        \
                if (c >= 0xD800 && c <= 0xDFFF)                                              \
                    return -1;                                                               \
                *p++ = (uint8_t)(0xE0 | c >> 12);                                            \
                *p++ = (uint8_t)(0x80 | (c >> 6 & 0x3F));                                    \
                *p++ = (uint8_t)(0x80 | (c & 0x3F));                                         \
            } else {                                                                         \
                *p++ = (uint8_t)(0xF0 | c >> 18);                                            \
                *p++ = (uint8_t)(0x80 | (c >> 12 & 0x3F));                                   \
                *p++ = (uint8_t)(0x80 | (c >> 6 & 0x3F));                                    \
                *p++ = (uint8_t)(0x80 | (c & 0x3F));                                         \
            }                                                                                \
        }                                                                                    \
        return p - d;                                                                        \
    }
PH_ENCODE_KIND(Py_UCS1)
PH_ENCODE_KIND(Py_UCS2)
PH_ENCODE_KIND(Py_UCS4)

/* Encodes the non-ASCII str o as message j of the chunk.  Returns 0, 1 for a
 * string left to pandas (a lone surrogate: pandas raises
 * UnicodeEncodeError), or -1 with MemoryError set. */
static int add_encoded(ph_chunk *c, int j, PyObject *o)
{
    Py_ssize_t len, got;
    size_t need;
    int kind;
    const void *data;

#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(o) < 0)
        return -1;
#endif
    len = PyUnicode_GET_LENGTH(o);
    kind = PyUnicode_KIND(o);
    data = PyUnicode_DATA(o);
    /* Bytes per code point at most: 2 for Latin-1, 3 for the BMP, 4 above. */
    if ((size_t)len > (SIZE_MAX - c->arena_used) / 4)
        goto nomem;
    need = c->arena_used + (size_t)len * (kind == PyUnicode_1BYTE_KIND ? 2 : kind == PyUnicode_2BYTE_KIND ? 3 : 4);
    if (need > c->arena_cap || c->arena == NULL) {
        size_t cap = c->arena_cap ? c->arena_cap : 4096;
        uint8_t *a;
        while (cap < need)
            cap = cap > SIZE_MAX / 2 ? need : cap * 2;
        if ((a = PyMem_Realloc(c->arena, cap)) == NULL)
            goto nomem;
        c->arena = a;
        c->arena_cap = cap;
    }
    if (kind == PyUnicode_1BYTE_KIND)
        got = encode_Py_UCS1(data, len, c->arena + c->arena_used);
    else if (kind == PyUnicode_2BYTE_KIND)
        got = encode_Py_UCS2(data, len, c->arena + c->arena_used);
    else
        got = encode_Py_UCS4(data, len, c->arena + c->arena_used);
    if (got < 0)
        return 1;
    c->arena_at[c->narena] = (uint16_t)j;
    c->arena_off[c->narena++] = c->arena_used;
    c->lens[j] = (size_t)got;
    c->msgs[j] = NULL;
    c->arena_used += (size_t)got;
    return 0;
nomem:
    PyErr_NoMemory();
    return -1;
}

/* What pandas does with an element that is not an exact str or bytes, None
 * or a float NaN.  Returns 0 for a null of the categorize=True path (its
 * slot set), PH_MIXED, PH_DELEGATE, or -1 with an exception set. */
static int classify(ph_chunk *c, int j, PyObject *o, int categorize, PyObject *nulls,
                    PyObject *delegate_types)
{
    int r;
    if (categorize) {
        /* pandas factorizes first; its nulls never reach the hash.  Any
         * other object may compare equal to another of a different type
         * (1 == 1.0 == True) or make pandas infer a numeric dtype for the
         * categories: pandas' own code decides. */
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(nulls); k++) {
            if (o == PyTuple_GET_ITEM(nulls, k)) {
                c->msgs[j] = "";
                c->lens[j] = 0;
                c->nulls[c->nnulls++] = (uint16_t)j;
                return 0;
            }
        }
        return PH_DELEGATE;
    }
    /* hash_object_array takes bytes, str, None, float/complex NaN (as
     * str(x)) and hashable tuples (as str(x)); anything else is the
     * TypeError after which pandas hashes str(x) of every element.  A float
     * that is not NaN is such an element; subclasses of str and bytes, NumPy
     * floats and complex numbers, and tuples go to pandas. */
    if (PyFloat_CheckExact(o))
        return PH_MIXED;
    if ((r = PyObject_IsInstance(o, delegate_types)) < 0)
        return -1;
    return r ? PH_DELEGATE : PH_MIXED;
}

/* Hashes the chunk gathered at out[c0..c0+m-1]: SipHash-2-4, pandas'
 * finalizer, nulls of the categorize=True path set to all ones, repeats
 * copied from their first occurrence (earlier, so already final). */
static void hash_chunk(ph_chunk *c, int m, const siphash_key_t *key, uint64_t *out,
                       Py_ssize_t c0)
{
    int j;
    siphash_batchv(c->msgs, c->lens, (size_t)m, key, out + c0);
    for (j = 0; j < m; j++)
        out[c0 + j] = ph_mix(out[c0 + j]);
    for (j = 0; j < c->nnulls; j++)
        out[c0 + c->nulls[j]] = UINT64_MAX;
    for (j = 0; j < c->ncopies; j++)
        out[c0 + c->copy_at[j]] = out[c->copy_from[j]];
}

static int get_out(PyObject *oobj, Py_ssize_t n, Py_buffer *ov, const char *fname)
{
    if (PyObject_GetBuffer(oobj, ov, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (ov->len != n * 8 || ((uintptr_t)ov->buf & 7) != 0) {
        PyErr_Format(PyExc_ValueError,
                     "%s(): out must be an 8-byte aligned writable buffer of %zd bytes, got %zd "
                     "bytes", fname, n * 8, ov->len);
        PyBuffer_Release(ov);
        return -1;
    }
    return 0;
}

PyObject *lsh_pandas_hash_objects(PyObject *self, PyObject *args)
{
    PyObject *values, *kobj, *oobj, *nulls, *delegate_types;
    int categorize, status = PH_DONE, any_value = 0, only_str = 1, str_nul = 0;
    siphash_key_t key;
    Py_buffer v, ov;
    ph_chunk *c = NULL;
    ph_seen seen = {NULL, NULL, 0, 0};
    Py_ssize_t n, c0;
    uint64_t *out;
    (void)self;

    if (!PyArg_ParseTuple(args, "OOOpO!O:_pandas_hash_objects", &values, &kobj, &oobj,
                          &categorize, &PyTuple_Type, &nulls, &delegate_types))
        return NULL;
    if (lsh_siphash_key(kobj, &key) < 0)
        return NULL;
    if (PyObject_GetBuffer(values, &v, PyBUF_STRIDES | PyBUF_FORMAT) < 0)
        return NULL;
    if (v.ndim != 1 || v.itemsize != (Py_ssize_t)sizeof(PyObject *) || v.format == NULL ||
        strcmp(v.format, "O") != 0) {
        PyErr_Format(PyExc_TypeError,
                     "_pandas_hash_objects() needs a 1-d object array, got format '%s' with %d "
                     "dimensions", v.format ? v.format : "B", v.ndim);
        PyBuffer_Release(&v);
        return NULL;
    }
    n = v.shape[0];
    if (get_out(oobj, n, &ov, "_pandas_hash_objects") < 0) {
        PyBuffer_Release(&v);
        return NULL;
    }
    out = ov.buf;
    if ((c = PyMem_Malloc(sizeof *c)) == NULL) {
        PyErr_NoMemory();
        status = -1;
        goto done;
    }
    c->arena = NULL;
    c->arena_cap = 0;

#define PH_ITEM(i) (*(PyObject *const *)(const void *)((const char *)v.buf + (i) * v.strides[0]))
    for (c0 = 0; c0 < n; c0 += PH_CHUNK) {
        int m = n - c0 < PH_CHUNK ? (int)(n - c0) : PH_CHUNK, j, k;
        c->npinned = c->narena = c->nnulls = c->ncopies = 0;
        c->arena_used = 0;
        for (j = 0; j < m; j++) {
            PyObject *o;
            PyTypeObject *t;
            if (c0 + j + PH_PREFETCH < n) {
                const char *ahead = (const char *)PH_ITEM(c0 + j + PH_PREFETCH);
                PH_PREFETCH_AT(ahead);
                PH_PREFETCH_AT(ahead + 64);
            }
            o = PH_ITEM(c0 + j);
            t = Py_TYPE(o);
            if ((t == &PyBytes_Type && PyBytes_GET_SIZE(o) >= PH_LONG) ||
                (t == &PyUnicode_Type && PyUnicode_IS_COMPACT(o) &&
                 PyUnicode_GET_LENGTH(o) >= PH_LONG)) {
                Py_ssize_t first = seen_check(&seen, o, c0 + j);
                if (first == -2) {
                    status = -1;
                    goto done;
                }
                if (first >= 0) {
                    c->msgs[j] = "";
                    c->lens[j] = 0;
                    c->copy_at[c->ncopies] = (uint16_t)j;
                    c->copy_from[c->ncopies++] = first;
                    continue;
                }
            }
            if (t == &PyUnicode_Type) {
                if (PyUnicode_IS_COMPACT_ASCII(o)) {
                    c->msgs[j] = PyUnicode_1BYTE_DATA(o);
                    c->lens[j] = (size_t)PyUnicode_GET_LENGTH(o);
                    c->pinned[c->npinned++] = o;
                    if (categorize && !str_nul)
                        str_nul = memchr(c->msgs[j], 0, c->lens[j]) != NULL;
                } else if ((status = add_encoded(c, j, o)) != 0) {
                    status = status < 0 ? -1 : PH_DELEGATE;
                    goto done;
                } else if (categorize && !str_nul) {
                    str_nul = memchr(c->arena + c->arena_off[c->narena - 1], 0, c->lens[j]) != NULL;
                }
                any_value = 1;
            } else if (t == &PyBytes_Type) {
                c->msgs[j] = PyBytes_AS_STRING(o);
                c->lens[j] = (size_t)PyBytes_GET_SIZE(o);
                c->pinned[c->npinned++] = o;
                any_value = 1;
                only_str = 0;
            } else if (o == Py_None || (t == &PyFloat_Type && isnan(PyFloat_AS_DOUBLE(o)))) {
                /* str(None) and str(nan), as pandas hashes them */
                c->msgs[j] = o == Py_None ? "None" : "nan";
                c->lens[j] = o == Py_None ? 4 : 3;
                if (categorize)
                    c->nulls[c->nnulls++] = (uint16_t)j;
                only_str = 0;
            } else if ((status = classify(c, j, o, categorize, nulls, delegate_types)) != 0) {
                goto done;
            } else {
                only_str = 0;
            }
        }
        for (k = 0; k < c->narena; k++)
            c->msgs[c->arena_at[k]] = c->arena + c->arena_off[k];
        if (n >= PH_CHUNK) {
            /* The strings stay alive while the GIL is released even if
             * another thread replaces them in the array. */
            for (k = 0; k < c->npinned; k++)
                Py_INCREF(c->pinned[k]);
            Py_BEGIN_ALLOW_THREADS
            hash_chunk(c, m, &key, out, c0);
            Py_END_ALLOW_THREADS
            for (k = 0; k < c->npinned; k++)
                Py_DECREF(c->pinned[k]);
        } else {
            hash_chunk(c, m, &key, out, c0);
        }
    }
#undef PH_ITEM
    /* With categorize=True and no value but nulls, pandas' categories are
     * empty and its own path decides (it still checks the key). */
    if (categorize && !any_value)
        status = PH_DELEGATE;
    /* An array of nothing but str is factorized by pandas through C strings:
     * two strings equal up to a NUL character are one category there. */
    if (categorize && only_str && str_nul)
        status = PH_DELEGATE;
done:
    seen_free(&seen);
    if (c != NULL)
        PyMem_Free(c->arena);
    PyMem_Free(c);
    PyBuffer_Release(&ov);
    PyBuffer_Release(&v);
    return status < 0 ? NULL : PyLong_FromLong(status);
}

/* The input of _pandas_mix/_pandas_combine: a C-contiguous buffer of n
 * 8-byte items (any 8-byte format: NumPy's uint64 and int64 views). */
static int get_u64_input(PyObject *obj, Py_buffer *v, Py_ssize_t n, const char *fname)
{
    if (PyObject_GetBuffer(obj, v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return -1;
    if (v->itemsize != 8 || (n >= 0 && v->len != n * 8)) {
        PyErr_Format(PyExc_ValueError,
                     "%s(): needs a buffer of 8-byte items%s, got %zd bytes of %zd-byte items",
                     fname, n >= 0 ? " as long as out" : "", v->len, v->itemsize);
        PyBuffer_Release(v);
        return -1;
    }
    return 0;
}

static void mix_run(const uint8_t *in, uint64_t *out, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t x;
        memcpy(&x, in + 8 * i, 8);
        out[i] = ph_mix(x);
    }
}

PyObject *lsh_pandas_mix(PyObject *self, PyObject *args)
{
    PyObject *vobj, *oobj;
    Py_buffer v, ov;
    Py_ssize_t n;
    (void)self;

    if (!PyArg_ParseTuple(args, "OO:_pandas_mix", &vobj, &oobj))
        return NULL;
    if (get_u64_input(vobj, &v, -1, "_pandas_mix") < 0)
        return NULL;
    n = v.len / 8;
    if (get_out(oobj, n, &ov, "_pandas_mix") < 0) {
        PyBuffer_Release(&v);
        return NULL;
    }
    if (n >= 4096) {
        Py_BEGIN_ALLOW_THREADS
        mix_run(v.buf, ov.buf, n);
        Py_END_ALLOW_THREADS
    } else {
        mix_run(v.buf, ov.buf, n);
    }
    PyBuffer_Release(&ov);
    PyBuffer_Release(&v);
    Py_RETURN_NONE;
}

/* combine_hash_arrays (CPython's old tuple hash over the columns), done a
 * block of rows at a time so that out stays in L1 across the columns.  out
 * may be the first column (each row's item is read before it is written). */
static void combine_run(Py_buffer *cols, Py_ssize_t k, Py_ssize_t n, uint64_t *out)
{
    enum { BLOCK = 1024 };
    for (Py_ssize_t r0 = 0; r0 < n; r0 += BLOCK) {
        Py_ssize_t m = n - r0 < BLOCK ? n - r0 : BLOCK, i, r;
        uint64_t mult = 1000003;
        for (i = 0; i < k; i++) {
            const uint8_t *a = (const uint8_t *)cols[i].buf + 8 * r0;
            uint64_t inverse_i = (uint64_t)(k - i);
            for (r = 0; r < m; r++) {
                uint64_t x, h = i == 0 ? 0x345678 : out[r0 + r];
                memcpy(&x, a + 8 * r, 8);
                out[r0 + r] = (h ^ x) * mult;
            }
            mult += 82520 + inverse_i + inverse_i;
        }
        for (r = 0; r < m; r++)
            out[r0 + r] = (k == 0 ? 0x345678 : out[r0 + r]) + 97531;
    }
}

PyObject *lsh_pandas_combine(PyObject *self, PyObject *args)
{
    PyObject *arrays, *oobj;
    Py_buffer *cols, ov;
    Py_ssize_t k, n, i, got = 0;
    int ok = 0;
    (void)self;

    if (!PyArg_ParseTuple(args, "O!O:_pandas_combine", &PyTuple_Type, &arrays, &oobj))
        return NULL;
    k = PyTuple_GET_SIZE(arrays);
    if (PyObject_GetBuffer(oobj, &ov, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    n = ov.len / 8;
    if (ov.len % 8 != 0 || ((uintptr_t)ov.buf & 7) != 0) {
        PyErr_Format(PyExc_ValueError,
                     "_pandas_combine(): out must be an 8-byte aligned writable buffer of 8-byte "
                     "items, got %zd bytes", ov.len);
        PyBuffer_Release(&ov);
        return NULL;
    }
    if ((cols = PyMem_Malloc((size_t)(k ? k : 1) * sizeof *cols)) == NULL) {
        PyErr_NoMemory();
        PyBuffer_Release(&ov);
        return NULL;
    }
    for (got = 0; got < k; got++)
        if (get_u64_input(PyTuple_GET_ITEM(arrays, got), &cols[got], n, "_pandas_combine") < 0)
            goto done;
    if (n >= 4096) {
        Py_BEGIN_ALLOW_THREADS
        combine_run(cols, k, n, ov.buf);
        Py_END_ALLOW_THREADS
    } else {
        combine_run(cols, k, n, ov.buf);
    }
    ok = 1;
done:
    for (i = 0; i < got; i++)
        PyBuffer_Release(&cols[i]);
    PyMem_Free(cols);
    PyBuffer_Release(&ov);
    if (!ok)
        return NULL;
    Py_RETURN_NONE;
}
