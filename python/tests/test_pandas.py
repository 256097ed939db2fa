# SPDX-License-Identifier: MIT
"""libsiphash.pandas against the installed pandas: the same values (or the
same exception) for every shape of input, generated randomly (the seed is
printed; SIPHASH_TEST_SEED=N replays a run), and the fast path taken where
it should be.  Skipped without pandas."""

import decimal
import os
import random
import sys
import threading

import pytest

pd = pytest.importorskip("pandas")
np = pytest.importorskip("numpy")
import pandas.util  # noqa: E402

import libsiphash._libsiphash as C  # noqa: E402
import libsiphash.pandas as LP  # noqa: E402

SEED = int(os.environ.get("SIPHASH_TEST_SEED", random.randrange(1 << 30)))
print(f"test_pandas: SIPHASH_TEST_SEED={SEED}")

pytestmark = pytest.mark.skipif(not LP.FAST_PATH, reason=f"pandas {pd.__version__} is "
                                "not the version libsiphash.pandas mirrors (calls pandas')")

KEY = "0123456789123456"


def outcome(fn, *args, **kw):
    try:
        return "ok", fn(*args, **kw)
    except Exception as e:  # compared by type and message
        return "raised", (type(e), str(e))


def assert_same(fn_name, *args, **kw):
    """Ours and pandas' agree: same values, dtype, index, or same exception."""
    theirs = outcome(getattr(pandas.util, fn_name), *args, **kw)
    ours = outcome(getattr(LP, fn_name), *args, **kw)
    assert ours[0] == theirs[0], f"{fn_name}: pandas {theirs}, libsiphash {ours}"
    if ours[0] == "raised":
        assert ours[1] == theirs[1]
        return None
    a, b = ours[1], theirs[1]
    assert type(a) is type(b)
    if isinstance(b, pd.Series):
        pd.testing.assert_series_equal(a, b, check_exact=True)
    else:
        assert a.dtype == b.dtype == np.uint64 and a.shape == b.shape
        bad = np.flatnonzero(a != b)
        assert len(bad) == 0, f"{fn_name}: {len(bad)} differ, first at {bad[0]}"
    return a


# ---------------------------------------------------------------- generators

ASCII = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@._-+ \t\x00\x7f"
LATIN1 = "éàüßøÿ\xa0\xff"
BMP = "€中文日本語한국어\u0800\uffff\ud7ff\ue000"
ASTRAL = "\U0001F600\U0001F4A9\U00010000\U0010FFFF"


def rand_str(rng, alphabet_mix, long=True):
    r = rng.random()
    n = rng.choice([0, 1, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 64]) if r < 0.95 or not long \
        else rng.randrange(100, 3000)
    alphabet = ASCII + "".join(rng.choice(alphabet_mix) for _ in range(3)) if alphabet_mix \
        else ASCII
    return "".join(rng.choice(alphabet) for _ in range(n))


def fast_value(rng, long=True):
    """An element the C walk hashes itself."""
    r = rng.random()
    if r < 0.55:
        return rand_str(rng, None, long)
    if r < 0.8:
        return rand_str(rng, [LATIN1, BMP, ASTRAL][rng.randrange(3)], long)
    if r < 0.9:
        return rand_str(rng, None, long).encode()
    return rng.choice([None, float("nan"), np.nan])


def odd_value(rng):
    """Elements pandas treats in other ways: mixed objects (str(x) after
    hash_object_array's TypeError), the other nulls, subclasses, tuples."""
    return rng.choice([
        1, -7, 2**70, 1.5, -0.0, float("inf"), True, False, 3 + 4j, complex("nan"),
        pd.NA, pd.NaT, np.datetime64("NaT"), np.timedelta64("NaT"), np.float32("nan"),
        np.float64("nan"), np.float64(2.5), np.int64(3), np.str_("np-str"), np.bytes_(b"nb"),
        decimal.Decimal("NaN"), decimal.Decimal("1.10"), ("a", 1), ("t",), (1, [2]),
        pd.Timestamp("2020-01-01"), pd.Timestamp("2020-01-01", tz="UTC"),
        pd.Timedelta("1s"), frozenset({1}), object, "x\x00\x00", b"b\x00",
    ])


def object_array(rng, n, odd_rate, dup_rate=0.3):
    vals = []
    for _ in range(n):
        if vals and rng.random() < dup_rate:
            vals.append(rng.choice(vals))
        elif rng.random() < odd_rate:
            vals.append(odd_value(rng))
        else:
            # no long strings where pandas makes a fixed-width str array
            vals.append(fast_value(rng, long=odd_rate == 0))
    a = np.empty(n, dtype=object)
    a[:] = vals
    return a


def sizes(rng):
    # around the C walk's chunk (2048) and its GIL threshold, and small ones
    return [0, 1, 2, rng.randrange(3, 100), rng.randrange(100, 2047), 2048, 2049,
            rng.randrange(4000, 9000)]


# ---------------------------------------------------------------- object arrays

@pytest.mark.parametrize("categorize", [True, False])
def test_fast_arrays_match_and_stay_on_the_fast_path(categorize, monkeypatch):
    rng = random.Random(SEED)
    arrays = [object_array(rng, n, 0.0) for n in sizes(rng)]
    want = [pandas.util.hash_array(a, categorize=categorize) for a in arrays]

    def no_pandas(*a, **k):
        raise AssertionError("left to pandas")

    monkeypatch.setattr(LP._ph, "_hash_ndarray", no_pandas)
    for a, w in zip(arrays, want):
        if len(a) == 0 or (categorize and all(x is None or x != x for x in a)) or \
                (categorize and all(type(x) is str for x in a) and any("\0" in x for x in a)):
            continue  # left to pandas by design (see test_walk_verdicts)
        got = LP.hash_array(a, categorize=categorize)
        assert got.dtype == np.uint64 and (got == w).all()


@pytest.mark.parametrize("categorize", [True, False])
def test_random_mixed_arrays(categorize):
    rng = random.Random(SEED + 1)
    for odd_rate in (0.0, 0.001, 0.05, 0.5, 1.0):
        for n in sizes(rng):
            a = object_array(rng, n, odd_rate)
            assert_same("hash_array", a, categorize=categorize)


def test_nulls_categorize_true_and_false_differ_as_in_pandas():
    a = np.array(["x", None, np.nan, pd.NA, pd.NaT, "y", b"z"], dtype=object)
    t = assert_same("hash_array", a, categorize=True)
    f = assert_same("hash_array", a, categorize=False)
    assert (t[1:5] == np.uint64(2**64 - 1)).all()
    assert (f[1:5] != np.uint64(2**64 - 1)).all() and (t[[0, 5, 6]] == f[[0, 5, 6]]).all()


def test_each_null_alone_and_all_nulls():
    for v in [None, np.nan, pd.NA, pd.NaT, np.float64("nan"), np.datetime64("NaT")]:
        for n in (1, 3000):
            a = np.empty(n, dtype=object)
            a[:] = [v] * n
            for c in (True, False):
                assert_same("hash_array", a, categorize=c)
                a2 = a.copy()
                a2[n // 2] = "value"
                assert_same("hash_array", a2, categorize=c)


def test_strings_of_every_storage_kind_and_length():
    rng = random.Random(SEED + 2)
    vals = []
    for alphabet in (ASCII, LATIN1, BMP, ASTRAL, ASCII + ASTRAL):
        for n in list(range(0, 40)) + [255, 256, 1000, 100_000]:
            vals.append("".join(rng.choice(alphabet) for _ in range(n)))
    a = np.array(vals, dtype=object)
    for c in (True, False):
        assert_same("hash_array", a, categorize=c)


def test_surrogates_raise_unicode_encode_error_as_pandas():
    for bad in ["\ud800", "a\udfff", "\U0001F600\ud83d"]:
        a = np.array(["ok"] * 3000 + [bad] + ["later"], dtype=object)
        for c in (True, False):
            kind, (etype, _) = outcome(LP.hash_array, a, categorize=c)
            assert kind == "raised" and etype is UnicodeEncodeError
            assert_same("hash_array", a, categorize=c)
    # with surrogatepass-style encodings pandas hashes them: so do we
    a = np.array(["\ud800", "x"], dtype=object)
    assert_same("hash_array", a, encoding="utf-16", categorize=False)


def test_keys_and_encodings():
    rng = random.Random(SEED + 3)
    a = object_array(rng, 3000, 0.01)
    class Key(str):
        def encode(self, *a):
            return b"fedcba9876543210"

    for key in [KEY, "fedcba9876543210", "é" * 8, "short", "0123456789abcdefg", "",
                b"0123456789123456", None, 12, Key(KEY)]:
        for c in (True, False):
            assert_same("hash_array", a, hash_key=key, categorize=c)
            assert_same("hash_pandas_object", pd.Series(a), hash_key=key, categorize=c)
    for enc in ["utf8", "UTF-8", "utf_8", "U8", "latin1", "ascii", "utf-16", "utf-8-sig",
                "no-such-codec", None]:
        for c in (True, False):
            assert_same("hash_array", a, encoding=enc, categorize=c)
    plain = np.array(["abc", "é", "x" * 20], dtype=object)
    assert_same("hash_array", plain, encoding="latin1", categorize=False)
    # the key is only checked where pandas hashes strings
    assert_same("hash_array", np.arange(5), hash_key="short")


def test_non_contiguous_and_read_only_and_2d():
    rng = random.Random(SEED + 4)
    a = object_array(rng, 6001, 0.0)
    assert_same("hash_array", a[::3], categorize=False)
    assert_same("hash_array", a[::-1], categorize=True)
    ro = a.copy()
    ro.flags.writeable = False
    assert_same("hash_array", ro, categorize=False)
    assert_same("hash_array", a[:6000].reshape(2, 3000), categorize=False)
    assert_same("hash_array", np.arange(12).reshape(3, 4))
    m = np.ma.masked_array(np.arange(10), mask=[i % 3 == 0 for i in range(10)])
    assert_same("hash_array", m)
    assert_same("hash_array", np.ma.masked_array(a[:10], mask=[True] * 5 + [False] * 5),
                categorize=False)


# ---------------------------------------------------------------- other dtypes

def typed_arrays(rng, n):
    ints = np.array([rng.randrange(-2**63, 2**63) for _ in range(n)], dtype=np.int64)
    out = [ints.astype(t) for t in (np.int8, np.int16, np.int32, np.int64, np.uint8,
                                    np.uint16, np.uint32, np.uint64)]
    f = np.array([rng.choice([0.0, -0.0, 1.5, np.nan, np.inf, rng.random()]) for _ in range(n)])
    z = np.empty(n, dtype=np.complex128)
    z.real, z.imag = f, f[::-1]
    out += [f, f.astype(np.float32), f.astype(np.float16), z,
            (f + 1j).astype(np.complex64), ints > 0, ints.view("M8[ns]"),
            ints.view("m8[ns]"), ints.astype("M8[s]"), ints.astype(">i8"),
            np.array([str(x) for x in ints[:n]], dtype="U"),
            np.array([str(x).encode() for x in ints[:n]], dtype="S"),
            f.astype(np.longdouble)]
    s = [rng.choice(["a", "bb", None, "é"]) for _ in range(n)]
    out += [pd.Categorical(s), pd.Categorical(s, categories=["bb", "a", "é", "zz"], ordered=True),
            pd.array(s, dtype="string"), pd.array([rng.choice([1, None]) for _ in range(n)],
                                                  dtype="Int64"),
            pd.array([rng.choice([True, None]) for _ in range(n)], dtype="boolean"),
            pd.array(f, dtype="Float64"),
            pd.DatetimeIndex(ints.view("M8[ns]")).tz_localize("UTC").array,
            pd.period_range("2000", periods=n, freq="D").array,
            pd.arrays.IntervalArray.from_breaks(np.arange(n + 1)),
            pd.arrays.SparseArray(f)]
    return out


@pytest.mark.parametrize("categorize", [True, False])
def test_numeric_datetime_categorical_and_extension_arrays(categorize):
    rng = random.Random(SEED + 5)
    for n in (0, 1, 17, 5000):
        for a in typed_arrays(rng, n):
            assert_same("hash_array", a, categorize=categorize)


def test_not_arrays():
    for bad in [[1, 2], "abc", 5, pd.Series([1, 2]), pd.Index(["a"])]:
        assert_same("hash_array", bad)
    for bad in [[1, 2], np.arange(3), "abc", None]:
        assert_same("hash_pandas_object", bad)


# ---------------------------------------------------------------- pandas objects

def frames(rng, n):
    s = object_array(rng, n, 0.0)
    mixed = object_array(rng, n, 0.2)
    ints = np.array([rng.randrange(-10**9, 10**9) for _ in range(n)])
    cols = {"s": s, "i": ints, "m": mixed, "f": ints / 7, "c": pd.Categorical(s[::-1]),
            "t": pd.to_datetime(ints, unit="s"), "b": ints % 2 == 0}
    out = [pd.DataFrame({"s": s, "i": ints}), pd.DataFrame(cols), pd.DataFrame(index=range(n)),
           pd.DataFrame({"s": s}, index=pd.Index(mixed)),
           pd.DataFrame({"i": ints}, index=pd.MultiIndex.from_arrays([s, ints]))]
    if n:
        out.append(pd.DataFrame({"s": s}, index=pd.date_range("2000", periods=n, tz="UTC")))
    return out


@pytest.mark.parametrize("categorize", [True, False])
def test_frames_series_indexes(categorize):
    rng = random.Random(SEED + 6)
    for n in (0, 1, 50, 3000):
        for df in frames(rng, n):
            for index in (True, False):
                assert_same("hash_pandas_object", df, index=index, categorize=categorize)
                for _, col in df.items():
                    assert_same("hash_pandas_object", col, index=index, categorize=categorize)
            assert_same("hash_pandas_object", df.index, categorize=categorize)
            assert_same("hash_pandas_object", df.columns, categorize=categorize)


def test_multiindex_and_defaults():
    rng = random.Random(SEED + 7)
    s = object_array(rng, 500, 0.0)
    mi = pd.MultiIndex.from_arrays([s, np.arange(500), pd.Categorical(s)])
    assert_same("hash_pandas_object", mi)
    assert_same("hash_pandas_object", mi, hash_key="fedcba9876543210")
    assert_same("hash_pandas_object", pd.MultiIndex.from_tuples([("a", 1), ("b", None)]))
    df = pd.DataFrame({"s": s})
    assert_same("hash_pandas_object", df)
    assert_same("hash_pandas_object", df, hash_key=None)


def test_signatures_match_pandas():
    import inspect
    for name in ("hash_array", "hash_pandas_object"):
        ours = inspect.signature(getattr(LP, name)).parameters.values()
        theirs = inspect.signature(getattr(pandas.util, name)).parameters.values()
        assert [(p.name, p.kind, p.default) for p in ours] == \
            [(p.name, p.kind, p.default) for p in theirs]


# ---------------------------------------------------------------- the C walk

def test_walk_verdicts():
    key = KEY.encode()

    def walk(vals, categorize):
        a = np.empty(len(vals), dtype=object)
        a[:] = vals
        out = np.empty(len(a), dtype=np.uint64)
        return C._pandas_hash_objects(a, key, out, categorize, LP._NULLS, LP._DELEGATE_TYPES)

    assert walk(["a", b"b", None, float("nan"), "é"], False) == 0
    assert walk(["a", pd.NA, pd.NaT], True) == 0
    assert walk(["a", 1], False) == 1                      # pandas: TypeError, then str()
    assert walk(["a", 1.5], False) == 1
    assert walk(["a", pd.NA], False) == 1
    assert walk(["a", ("t",)], False) == 2                 # pandas' own code
    assert walk(["a", np.str_("s")], False) == 2
    assert walk(["a", 1], True) == 2
    assert walk(["a", "\ud800"], False) == 2
    assert walk([None, np.nan], True) == 2                 # no value: pandas decides
    # pandas factorizes an all-str array through C strings, cut at a NUL
    assert walk(["a", "a\0b"], True) == 2
    assert walk(["a", "é\0"], True) == 2
    assert walk(["a", "a\0b", None], True) == 0
    assert walk(["a", "a\0b", b"a"], True) == 0
    assert walk(["a", "a\0b"], False) == 0
    with pytest.raises(ValueError):
        C._pandas_hash_objects(np.empty(3, dtype=object), key, np.empty(2, dtype=np.uint64),
                               False, (), ())
    with pytest.raises(TypeError):
        C._pandas_hash_objects(np.zeros(3), key, np.empty(3, dtype=np.uint64), False, (), ())


@pytest.mark.parametrize("categorize", [True, False])
def test_long_strings_repeated(categorize):
    """Long strings met again as the same object reuse the first result; equal
    strings that are other objects, and bytes, are hashed again."""
    rng = random.Random(SEED + 10)
    pool = [rand_str(rng, [None, BMP][i % 2]) + "x" * rng.choice([200, 256, 300, 5000])
            for i in range(40)]
    pool += [p.encode() for p in pool[:10]] + [(p + "!")[:-1] for p in pool[:10]]
    for n in (10, 2047, 2048, 7000):
        a = np.empty(n, dtype=object)
        a[:] = [rng.choice(pool) if rng.random() < 0.8 else fast_value(rng) for _ in range(n)]
        assert_same("hash_array", a, categorize=categorize)


def test_strings_replaced_by_another_thread_while_hashing():
    """The walk releases the GIL while it hashes a chunk: strings another
    thread drops from the array meanwhile must stay alive (each result is the
    hash of the old or the new string, never of freed memory)."""
    rng = random.Random(SEED + 8)
    n = 20_000
    # some long enough for the walk's table of repeated objects
    old = np.array([rand_str(rng, None) + "-old" * rng.choice([1, 100]) for _ in range(n)],
                   dtype=object)
    new = np.array([rand_str(rng, None) + "-new" * rng.choice([1, 100]) for _ in range(n)],
                   dtype=object)
    h_old = LP.hash_array(old, categorize=False)
    h_new = LP.hash_array(new, categorize=False)
    stop = threading.Event()

    def mutate():
        r = random.Random(SEED + 9)
        while not stop.is_set():
            i = r.randrange(n)
            src = new[i] if r.random() < 0.5 else old[i]
            target[i] = (src + "x")[:-1]  # a fresh object: the one replaced is freed

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)  # hand the GIL back soon after each chunk
    try:
        for _ in range(3):
            target = old.copy()
            t = threading.Thread(target=mutate)
            t.start()
            try:
                got = [LP.hash_array(target, categorize=False) for _ in range(4)]
            finally:
                stop.set()
                t.join()
            stop.clear()
            assert (target != old).any()  # the other thread did run
            for g in got:
                assert ((g == h_old) | (g == h_new)).all()
    finally:
        sys.setswitchinterval(interval)
