# SPDX-License-Identifier: MIT
"""pandas' hash functions on libsiphash's batch engine, with the same results.

    from libsiphash.pandas import hash_array, hash_pandas_object

    hash_pandas_object(df, index=False)   # == pandas.util.hash_pandas_object(df, index=False)
    hash_array(values, categorize=False)  # == pandas.util.hash_array(values, categorize=False)

Both take pandas' arguments and return pandas' values, bit for bit, for the
installed pandas.  pandas hashes each string of an object column with
SipHash-2-4 one at a time; here an object array of str and bytes is walked
once in C, its strings hashed in SIMD batches with the GIL released, and the
finalizer applied in the same pass.  What is not reproduced exactly is
computed by pandas itself (pandas.core.util.hashing), so no input gets a
different answer: see docs/pandas.md for what takes the fast path.

This module mirrors pandas.core.util.hashing of pandas 1.5; with any other
pandas version installed, both functions call pandas' own (FAST_PATH is
False).
"""

from __future__ import annotations

import codecs

try:
    import numpy as np
    import pandas as pd
    from pandas.core.util import hashing as _ph
except ImportError as e:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        f"libsiphash.pandas needs pandas and NumPy ({e}); install them: "
        "apt-get install python3-pandas (Debian/Ubuntu) or pip install pandas"
    ) from e

from pandas._libs import lib as _lib
from pandas.core.dtypes.common import is_categorical_dtype as _is_categorical_dtype
from pandas.core.dtypes.generic import (
    ABCDataFrame as _ABCDataFrame,
    ABCExtensionArray as _ABCExtensionArray,
    ABCIndex as _ABCIndex,
    ABCMultiIndex as _ABCMultiIndex,
    ABCSeries as _ABCSeries,
)

from . import _libsiphash as _C

__all__ = ["hash_array", "hash_pandas_object", "FAST_PATH"]

# The pandas versions whose hashing this module reproduces (and is tested
# against).  pandas changed values for some dtypes in later versions.
FAST_PATH = pd.__version__.split(".")[:2] == ["1", "5"]

_default_hash_key = _ph._default_hash_key

# The walk's verdicts (pandas_hash.c).
_DONE, _MIXED = 0, 1

# Nulls that pandas' factorize drops (categorize=True) by identity, besides
# None and float NaN, which the C walk knows.
_NULLS = (pd.NA, pd.NaT)
# Elements that hash_object_array takes but the C walk leaves to pandas:
# str and bytes subclasses (their own encode), tuples, NumPy floats and
# complex numbers (NaN is hashed as str(x)).
_DELEGATE_TYPES = (str, bytes, tuple, float, complex, np.floating, np.complexfloating)

_key_cache: dict = {}


def _utf8_key(hash_key, encoding):
    """The 16-byte key pandas would use, when the fast path can: encoding is
    UTF-8 under any of its names and hash_key a str encoding to 16 bytes.
    Otherwise None, and pandas handles the call (raising what it raises)."""
    if type(hash_key) is not str or type(encoding) is not str:
        return None  # a subclass could encode differently
    try:
        return _key_cache[(hash_key, encoding)]
    except KeyError:
        pass
    k = None
    try:
        if codecs.lookup(encoding).name == "utf-8":
            b = hash_key.encode("utf-8")
            k = b if len(b) == 16 else None
    except (LookupError, UnicodeError):
        k = None
    if len(_key_cache) < 64:
        _key_cache[(hash_key, encoding)] = k
    return k


def _mix(u):
    """pandas' finalizer over a 1-d array of 8-byte items, into a new uint64
    array."""
    out = np.empty(len(u), dtype=np.uint64)
    _C._pandas_mix(np.ascontiguousarray(u), out)
    return out


def _hash_objects(vals, key, categorize):
    out = np.empty(len(vals), dtype=np.uint64)
    return out, _C._pandas_hash_objects(vals, key, out, categorize, _NULLS, _DELEGATE_TYPES)


def _hash_object_ndarray(vals, encoding, hash_key, categorize):
    """The object branch of pandas' _hash_ndarray, or None for pandas."""
    key = _utf8_key(hash_key, encoding)
    if key is None or vals.ndim != 1 or len(vals) == 0:
        return None
    # With categorize=True, pandas factorizes, hashes the categories and maps
    # the codes back: for str/bytes values that is the hash of each value,
    # and nulls get the all-ones marker, which the walk reproduces without
    # the factorization.
    out, status = _hash_objects(vals, key, categorize)
    if status == _DONE:
        return out
    if status == _MIXED and not categorize:
        # hash_object_array raised TypeError: pandas hashes str() of every
        # element instead, through NumPy's str conversion.
        out, status = _hash_objects(vals.astype(str).astype(object), key, False)
        if status == _DONE:
            return out
    return None


def _hash_ndarray(vals, encoding="utf8", hash_key=_default_hash_key, categorize=True):
    """pandas' _hash_ndarray (see hash_array)."""
    # ndarray subclasses (np.ma.MaskedArray...) have their own arithmetic
    if type(vals) is not np.ndarray or vals.ndim != 1:
        return _ph._hash_ndarray(vals, encoding, hash_key, categorize)
    dtype = vals.dtype
    if np.issubdtype(dtype, np.complex128):
        return hash_array(np.real(vals)) + 23 * hash_array(np.imag(vals))
    elif dtype == bool:
        u = vals.astype("u8")
        _C._pandas_mix(u, u)
        return u
    elif issubclass(dtype.type, (np.datetime64, np.timedelta64)):
        return _mix(vals.view("i8"))
    elif issubclass(dtype.type, np.number) and dtype.itemsize <= 8:
        if dtype.itemsize == 8:
            return _mix(vals.view("u8"))
        u = vals.view(f"u{dtype.itemsize}").astype("u8")
        _C._pandas_mix(u, u)
        return u
    elif dtype == object:
        h = _hash_object_ndarray(vals, encoding, hash_key, categorize)
        if h is not None:
            return h
    return _ph._hash_ndarray(vals, encoding, hash_key, categorize)


def _hash_categorical(cat, encoding, hash_key):
    """pandas' _hash_categorical with this module's hash_array."""
    values = np.asarray(cat.categories._values)
    hashed = hash_array(values, encoding, hash_key, categorize=False)
    mask = cat.isna()
    if len(hashed):
        result = hashed.take(cat.codes)
    else:
        result = np.zeros(len(mask), dtype="uint64")
    if mask.any():
        result[mask] = _lib.u8max
    return result


def _combine_hash_arrays(arrays, num_items):
    """pandas' combine_hash_arrays over a list of arrays, in one C pass when
    they are 1-d uint64 arrays of one length (as hash_array returns).  The
    arrays are this module's own results, so the first one, when it owns its
    memory, takes the result (no new array to fault in)."""
    if (arrays and len(arrays) == num_items
            and all(isinstance(a, np.ndarray) and a.dtype == np.uint64 and a.ndim == 1
                    and len(a) == len(arrays[0]) for a in arrays)):
        first = arrays[0]
        if (first.base is None and first.flags.c_contiguous and first.flags.writeable
                and not any(np.may_share_memory(first, a) for a in arrays[1:])):
            out = first
        else:
            out = np.empty(len(first), dtype=np.uint64)
        _C._pandas_combine(tuple(np.ascontiguousarray(a) for a in arrays), out)
        return out
    return _ph.combine_hash_arrays(iter(arrays), num_items)


def _hash_tuples(vals, encoding="utf8", hash_key=_default_hash_key):
    """pandas' hash_tuples (MultiIndex) with this module's hash functions."""
    if not pd.api.types.is_list_like(vals):
        raise TypeError("must be convertible to a list-of-tuples")
    mi = vals if isinstance(vals, _ABCMultiIndex) else pd.MultiIndex.from_tuples(vals)
    cat_vals = [
        pd.Categorical(mi.codes[level], mi.levels[level], ordered=False, fastpath=True)
        for level in range(mi.nlevels)
    ]
    hashes = [_hash_categorical(cat, encoding=encoding, hash_key=hash_key) for cat in cat_vals]
    return _combine_hash_arrays(hashes, len(cat_vals))


def hash_array(vals, encoding="utf8", hash_key=_default_hash_key, categorize=True):
    """pandas.util.hash_array(vals, encoding, hash_key, categorize), on the
    batch engine: a uint64 array of deterministic hashes, equal to pandas'.

    vals: a 1-d ndarray or ExtensionArray.  encoding: for str values and the
    key.  hash_key: a str encoding to 16 bytes.  categorize: factorize object
    arrays first (pandas' default); it changes only the values of nulls,
    which get 2**64-1 instead of the hash of str(null)."""
    if not FAST_PATH:
        return _ph.hash_array(vals, encoding, hash_key, categorize)
    if not hasattr(vals, "dtype"):
        raise TypeError("must pass a ndarray-like")
    dtype = vals.dtype
    if _is_categorical_dtype(dtype):
        return _hash_categorical(vals, encoding, hash_key)
    elif isinstance(vals, _ABCExtensionArray):
        vals, _ = vals._values_for_factorize()
    elif not isinstance(vals, np.ndarray):
        return _ph.hash_array(vals, encoding, hash_key, categorize)  # pandas' TypeError
    return _hash_ndarray(vals, encoding, hash_key, categorize)


def hash_pandas_object(obj, index=True, encoding="utf8", hash_key=_default_hash_key,
                       categorize=True):
    """pandas.util.hash_pandas_object(obj, index, encoding, hash_key,
    categorize), on the batch engine: a uint64 Series of row hashes of an
    Index, Series or DataFrame, equal to pandas'.

    index: include the index in each row's hash (Series, DataFrame).  The
    other arguments are hash_array's; hash_key None means pandas' default."""
    if not FAST_PATH:
        return _ph.hash_pandas_object(obj, index, encoding, hash_key, categorize)
    if hash_key is None:
        hash_key = _default_hash_key

    def index_hash():
        return hash_pandas_object(obj.index, index=False, encoding=encoding,
                                  hash_key=hash_key, categorize=categorize)._values

    if isinstance(obj, _ABCMultiIndex):
        return pd.Series(_hash_tuples(obj, encoding, hash_key), dtype="uint64", copy=False)
    elif isinstance(obj, _ABCIndex):
        h = hash_array(obj._values, encoding, hash_key, categorize).astype("uint64", copy=False)
        return pd.Series(h, index=obj, dtype="uint64", copy=False)
    elif isinstance(obj, _ABCSeries):
        h = hash_array(obj._values, encoding, hash_key, categorize).astype("uint64", copy=False)
        if index:
            h = _combine_hash_arrays([h, index_hash()], 2)
        return pd.Series(h, index=obj.index, dtype="uint64", copy=False)
    elif isinstance(obj, _ABCDataFrame):
        hashes = [hash_array(series._values, encoding, hash_key, categorize)
                  for _, series in obj.items()]
        if index:
            hashes.append(index_hash())
        h = _combine_hash_arrays(hashes, len(hashes))
        return pd.Series(h, index=obj.index, dtype="uint64", copy=False)
    return _ph.hash_pandas_object(obj, index, encoding, hash_key, categorize)  # its TypeError

