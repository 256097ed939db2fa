/* SPDX-License-Identifier: MIT */
/*
 * hashobj.c — hashlib-style objects over the streaming API: update(),
 * digest(), hexdigest(), intdigest(), copy(), name, digest_size,
 * block_size.  One type serves SipHash-2-4/1-3 and HalfSipHash-2-4/1-3.
 *
 * Like hashlib, a large update() runs with the GIL released; from the first
 * such update on, the object carries a lock that every method takes, so
 * threads sharing one object still see whole updates.
 */
#include "common.h"

#include "pythread.h"

typedef struct {
    PyObject_HEAD
    union {
        siphash_ctx_t s;
        halfsiphash_ctx_t h;
    } ctx;
    const char *name;
    unsigned char half; /* HalfSipHash (32-bit words) */
    unsigned char digest_size;
    PyThread_type_lock lock; /* NULL until the first GIL-free update */
} SipHashObject;

/* Takes the object's lock if it has one; waits for it without the GIL so
 * the thread holding it can finish. */
static void obj_enter(SipHashObject *o)
{
    if (o->lock != NULL && !PyThread_acquire_lock(o->lock, 0)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(o->lock, 1);
        Py_END_ALLOW_THREADS
    }
}

static void obj_leave(SipHashObject *o)
{
    if (o->lock != NULL)
        PyThread_release_lock(o->lock);
}

static void obj_update(SipHashObject *o, const lsh_data *d)
{
    if (o->half)
        halfsiphash_ctx_update(&o->ctx.h, d->buf, (size_t)d->len);
    else
        siphash_ctx_update(&o->ctx.s, d->buf, (size_t)d->len);
}

static PyObject *update_impl(SipHashObject *o, PyObject *data)
{
    lsh_data d;

    if (lsh_data_get(data, &d) < 0)
        return NULL;
    if (d.len >= LSH_GIL_MINSIZE && o->lock == NULL)
        o->lock = PyThread_allocate_lock(); /* on failure: keep the GIL */
    if (d.len >= LSH_GIL_MINSIZE && o->lock != NULL) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(o->lock, 1);
        obj_update(o, &d);
        PyThread_release_lock(o->lock);
        Py_END_ALLOW_THREADS
    } else {
        obj_enter(o);
        obj_update(o, &d);
        obj_leave(o);
    }
    lsh_data_release(&d);
    Py_RETURN_NONE;
}

static PyObject *obj_update_meth(PyObject *self, PyObject *data)
{
    return update_impl((SipHashObject *)self, data);
}

/* Finalises a copy of the state: the object itself can go on absorbing. */
static void obj_digest(SipHashObject *o, uint8_t out[16])
{
    obj_enter(o);
    if (o->half) {
        halfsiphash_ctx_t c = o->ctx.h;
        obj_leave(o);
        halfsiphash_ctx_final(&c, out); /* also wipes c */
    } else {
        siphash_ctx_t c = o->ctx.s;
        obj_leave(o);
        siphash_ctx_final(&c, out);
    }
}

static PyObject *obj_digest_meth(PyObject *self, PyObject *unused)
{
    SipHashObject *o = (SipHashObject *)self;
    uint8_t out[16];
    (void)unused;
    obj_digest(o, out);
    return PyBytes_FromStringAndSize((const char *)out, o->digest_size);
}

static PyObject *obj_hexdigest_meth(PyObject *self, PyObject *unused)
{
    static const char hex[] = "0123456789abcdef";
    SipHashObject *o = (SipHashObject *)self;
    uint8_t out[16];
    char s[32];
    int i;
    (void)unused;
    obj_digest(o, out);
    for (i = 0; i < o->digest_size; i++) {
        s[2 * i] = hex[out[i] >> 4];
        s[2 * i + 1] = hex[out[i] & 15];
    }
    return PyUnicode_FromStringAndSize(s, 2 * o->digest_size);
}

static uint64_t le64(const uint8_t *b, int n)
{
    uint64_t x = 0;
    while (n-- > 0)
        x = x << 8 | b[n];
    return x;
}

/* The little-endian reading of the digest: for 4- and 8-byte digests the
 * integer the C functions return (siphash24_64(), halfsiphash24_32(), ...). */
static PyObject *obj_intdigest_meth(PyObject *self, PyObject *unused)
{
    SipHashObject *o = (SipHashObject *)self;
    PyObject *lo, *hi, *n64, *sh, *r;
    uint8_t out[16];
    (void)unused;
    obj_digest(o, out);
    if (o->digest_size <= 8)
        return PyLong_FromUnsignedLongLong(le64(out, o->digest_size));
    lo = PyLong_FromUnsignedLongLong(le64(out, 8));
    hi = PyLong_FromUnsignedLongLong(le64(out + 8, 8));
    n64 = PyLong_FromLong(64);
    sh = (lo && hi && n64) ? PyNumber_Lshift(hi, n64) : NULL;
    r = sh ? PyNumber_Or(sh, lo) : NULL;
    Py_XDECREF(lo);
    Py_XDECREF(hi);
    Py_XDECREF(n64);
    Py_XDECREF(sh);
    return r;
}

static SipHashObject *obj_alloc(void)
{
    SipHashObject *o = PyObject_New(SipHashObject, &lsh_SipHashType);
    if (o != NULL)
        o->lock = NULL;
    return o;
}

static PyObject *obj_copy_meth(PyObject *self, PyObject *unused)
{
    SipHashObject *o = (SipHashObject *)self, *c = obj_alloc();
    (void)unused;
    if (c == NULL)
        return NULL;
    c->name = o->name;
    c->half = o->half;
    c->digest_size = o->digest_size;
    obj_enter(o);
    c->ctx = o->ctx;
    obj_leave(o);
    return (PyObject *)c;
}

static void obj_dealloc(PyObject *self)
{
    SipHashObject *o = (SipHashObject *)self;
    /* The state is the key mixed with the message: recoverable, so wiped. */
    siphash_wipe(&o->ctx, sizeof o->ctx);
    if (o->lock != NULL)
        PyThread_free_lock(o->lock);
    PyObject_Free(self);
}

static PyObject *get_name(PyObject *self, void *c)
{
    (void)c;
    return PyUnicode_FromString(((SipHashObject *)self)->name);
}

static PyObject *get_digest_size(PyObject *self, void *c)
{
    (void)c;
    return PyLong_FromLong(((SipHashObject *)self)->digest_size);
}

static PyObject *get_block_size(PyObject *self, void *c)
{
    (void)c;
    return PyLong_FromLong(((SipHashObject *)self)->half ? 4 : 8);
}

static PyMethodDef obj_methods[] = {
    {"update", obj_update_meth, METH_O,
     "update(data, /)\n--\n\nHash more bytes (any bytes-like object); the digest is that of\n"
     "everything passed so far, concatenated."},
    {"digest", obj_digest_meth, METH_NOARGS,
     "digest()\n--\n\nThe digest as bytes, in the reference implementation's byte order\n"
     "(as libsodium, OpenSSL and siphashsum give it).  The object stays usable."},
    {"hexdigest", obj_hexdigest_meth, METH_NOARGS,
     "hexdigest()\n--\n\nThe digest as a string of lowercase hex digits."},
    {"intdigest", obj_intdigest_meth, METH_NOARGS,
     "intdigest()\n--\n\nThe digest read as a little-endian unsigned integer: for 4- and 8-byte\n"
     "digests the value the C API returns (siphash24_64() and friends)."},
    {"copy", obj_copy_meth, METH_NOARGS,
     "copy()\n--\n\nAn independent copy of the object in its current state."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef obj_getset[] = {
    {"name", get_name, NULL, "The algorithm's name, e.g. 'siphash24'.", NULL},
    {"digest_size", get_digest_size, NULL, "Size of the digest in bytes.", NULL},
    {"block_size", get_block_size, NULL,
     "Size of the words the algorithm absorbs, in bytes (8, or 4 for HalfSipHash).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject lsh_SipHashType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "libsiphash.SipHash",
    .tp_basicsize = sizeof(SipHashObject),
    .tp_dealloc = obj_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A keyed SipHash or HalfSipHash computation in progress, with the\n"
              "interface of hashlib's objects.  Made by siphash24(), siphash13(),\n"
              "halfsiphash24() or halfsiphash13().",
    .tp_methods = obj_methods,
    .tp_getset = obj_getset,
};

int lsh_hashobj_init(PyObject *module)
{
    if (PyType_Ready(&lsh_SipHashType) < 0)
        return -1;
    Py_INCREF(&lsh_SipHashType);
    if (PyModule_AddObject(module, "SipHash", (PyObject *)&lsh_SipHashType) < 0) {
        Py_DECREF(&lsh_SipHashType);
        return -1;
    }
    return 0;
}

/* The constructors: (data=b"", *, key, digest_size=default). */
static PyObject *obj_new(const char *name, int half, unsigned c, unsigned d, int small,
                         PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"data", "key", "digest_size", NULL};
    PyObject *data = NULL, *key = NULL;
    Py_ssize_t digest_size = half ? 4 : 8;
    SipHashObject *o;
    char fmt[32];

    PyOS_snprintf(fmt, sizeof fmt, "|O$On:%s", name);
    if (!PyArg_ParseTupleAndKeywords(args, kw, fmt, kwlist, &data, &key, &digest_size))
        return NULL;
    if (key == NULL) {
        PyErr_Format(PyExc_TypeError, "%s() missing required keyword argument 'key'", name);
        return NULL;
    }
    if (digest_size != small && digest_size != 2 * small) {
        PyErr_Format(PyExc_ValueError, "digest_size must be %d or %d, not %zd", small,
                     2 * small, digest_size);
        return NULL;
    }
    if ((o = obj_alloc()) == NULL)
        return NULL;
    o->name = name;
    o->half = (unsigned char)half;
    o->digest_size = (unsigned char)digest_size;
    if (half) {
        halfsiphash_key_t k;
        if (lsh_halfsiphash_key(key, &k) < 0)
            goto fail;
        halfsiphash_ctx_init(&o->ctx.h, &k, c, d, (size_t)digest_size);
        siphash_wipe(&k, sizeof k);
    } else {
        siphash_key_t k;
        if (lsh_siphash_key(key, &k) < 0)
            goto fail;
        siphash_ctx_init(&o->ctx.s, &k, c, d, (size_t)digest_size);
        siphash_wipe(&k, sizeof k);
    }
    if (data != NULL) {
        PyObject *r = update_impl(o, data);
        if (r == NULL)
            goto fail;
        Py_DECREF(r);
    }
    return (PyObject *)o;
fail:
    /* ctx may be uninitialised: make it defined before dealloc wipes it. */
    memset(&o->ctx, 0, sizeof o->ctx);
    Py_DECREF(o);
    return NULL;
}

PyObject *lsh_new_siphash24(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    return obj_new("siphash24", 0, 2, 4, 8, args, kw);
}

PyObject *lsh_new_siphash13(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    return obj_new("siphash13", 0, 1, 3, 8, args, kw);
}

PyObject *lsh_new_halfsiphash24(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    return obj_new("halfsiphash24", 1, 2, 4, 4, args, kw);
}

PyObject *lsh_new_halfsiphash13(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    return obj_new("halfsiphash13", 1, 1, 3, 4, args, kw);
}
