# SPDX-License-Identifier: MIT
"""libsiphash.dask: register() makes Dask's shuffles hash through
libsiphash.pandas with exactly the same partitions, in this process and in
the workers of a distributed.LocalCluster; unregister() restores Dask's own
functions.  Skipped without Dask's dataframe support."""

import os
import random
import subprocess
import sys
import textwrap

import pytest

dd = pytest.importorskip("dask.dataframe")
pd = pytest.importorskip("pandas")
np = pytest.importorskip("numpy")
import dask  # noqa: E402
from dask.dataframe.dispatch import hash_object_dispatch  # noqa: E402

import libsiphash.dask as LD  # noqa: E402

SEED = int(os.environ.get("SIPHASH_TEST_SEED", random.randrange(1 << 30)))
print(f"test_dask: SIPHASH_TEST_SEED={SEED}")


def frame(seed, n):
    """A string key with duplicates, non-ASCII and nulls, and a payload."""
    rng = random.Random(seed)
    words = ["alpha", "beta", "gamma", "delta", "é", "中文", "\U0001F600", ""]
    keys = []
    for i in range(n):
        r = rng.random()
        if r < 0.02:
            keys.append(None)
        elif r < 0.3 and keys:
            keys.append(rng.choice(keys))
        else:
            keys.append(f"{rng.choice(words)}.{rng.randrange(10**6)}@{rng.choice(words)}.org")
    return pd.DataFrame({"key": keys, "x": np.arange(n), "y": np.arange(n) * 0.5})


def partitions(ddf, scheduler="sync"):
    return list(dask.compute(*ddf.to_delayed(), scheduler=scheduler))


def assert_same_partitions(a, b):
    assert len(a) == len(b)
    for pa, pb in zip(a, b):
        pd.testing.assert_frame_equal(pa, pb, check_exact=True)


@pytest.fixture
def unregistered():
    LD.unregister()
    yield
    LD.unregister()


@pytest.fixture
def calls(monkeypatch):
    """Counts the frames libsiphash.dask hashes."""
    seen = []
    real = LD.hash_pandas_object

    def counting(obj, **kw):
        seen.append(len(obj))
        return real(obj, **kw)

    monkeypatch.setattr(LD, "hash_pandas_object", counting)
    return seen


def test_register_and_unregister_restore_dasks_functions(unregistered):
    # a subclass lookup Dask has cached before register(): replaced, then restored
    hash_object_dispatch.dispatch(pd.RangeIndex)
    before = dict(hash_object_dispatch._lookup)
    theirs = hash_object_dispatch.dispatch(pd.DataFrame)
    assert theirs is not LD.hash_object_pandas and not LD.is_registered()

    class MySeries(pd.Series):
        pass

    def mine(obj, **kw):
        return "mine"

    hash_object_dispatch.register(MySeries, mine)
    before[MySeries] = mine
    LD.register()
    LD.register()  # idempotent
    assert LD.is_registered()
    for t in (pd.DataFrame, pd.Series, pd.Index, pd.RangeIndex, pd.DatetimeIndex):
        assert hash_object_dispatch.dispatch(t) is LD.hash_object_pandas
    assert hash_object_dispatch.dispatch(MySeries) is mine  # others' entries stay
    LD.unregister()
    LD.unregister()
    assert not LD.is_registered()
    after = dict(hash_object_dispatch._lookup)
    assert after.keys() == before.keys()  # DatetimeIndex, cached while registered, is gone
    assert all(after[k] is before[k] for k in before)
    del hash_object_dispatch._lookup[MySeries]


def test_registered_dispatch_gives_pandas_values(unregistered, calls):
    df = frame(SEED, 3000)
    want = [hash_object_dispatch(df, index=False), hash_object_dispatch(df["key"]),
            hash_object_dispatch(df.set_index("key").index)]
    LD.register()
    got = [hash_object_dispatch(df, index=False), hash_object_dispatch(df["key"]),
           hash_object_dispatch(df.set_index("key").index)]
    assert calls == [3000, 3000, 3000]
    for g, w in zip(got, want):
        pd.testing.assert_series_equal(g, w, check_exact=True)


@pytest.mark.parametrize("npartitions", [1, 6])
def test_shuffle_and_merge_partitions_identical_synchronous(unregistered, calls, npartitions):
    df = frame(SEED + 1, 20_000)
    other = frame(SEED + 2, 5_000)

    def work():
        a = dd.from_pandas(df, npartitions=npartitions)
        b = dd.from_pandas(other, npartitions=3)
        return (partitions(a.shuffle("key", shuffle="tasks")),
                partitions(a.shuffle("key", shuffle="disk")),
                partitions(dd.merge(a, b, on="key", shuffle="tasks")))

    want = work()
    assert calls == []
    LD.register()
    got = work()
    assert len(calls) >= npartitions
    for g, w in zip(got, want):
        assert_same_partitions(g, w)


CLUSTER_CHILD = textwrap.dedent("""
    import sys
    import dask, dask.dataframe as dd, pandas as pd
    from distributed import Client, LocalCluster
    import libsiphash.dask as LD

    sys.path.insert(0, sys.argv[1])
    from test_dask import frame

    def registered_here():
        # imported here: a global would be pickled as a copy of the client's
        from dask.dataframe.dispatch import hash_object_dispatch
        import libsiphash.dask
        return hash_object_dispatch.dispatch(pd.DataFrame) is \
            libsiphash.dask.hash_object_pandas

    def main():
        ddf = dd.from_pandas(frame(int(sys.argv[2]), 30_000), npartitions=6)
        shuffled = ddf.shuffle("key", shuffle="tasks")
        want = dask.compute(*shuffled.to_delayed(), scheduler="sync")
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, \\
                Client(cluster, timeout="60s") as client:
            def workers_registered():
                got = client.run(LD.is_registered)
                assert len(got) == 2, got
                return set(got.values())

            def check():
                futures = client.compute(shuffled.to_delayed())
                got = client.gather(futures)
                for a, b in zip(got, want):
                    pd.testing.assert_frame_equal(a, b, check_exact=True)
                # the tasks themselves ran with ours
                return client.submit(registered_here, pure=False).result(timeout=60)

            assert workers_registered() == {False}
            assert check() is False
            client.register_worker_plugin(LD.WorkerPlugin())
            assert workers_registered() == {True}
            assert check() is True
            client.unregister_worker_plugin(LD.WorkerPlugin.name)
            assert workers_registered() == {False}
            client.run(LD.register)
            assert workers_registered() == {True}
            assert check() is True
        print("cluster: partitions identical")

    if __name__ == "__main__":
        main()
""")


def test_shuffle_partitions_identical_on_a_local_cluster(tmp_path):
    pytest.importorskip("distributed")
    script = tmp_path / "cluster_child.py"
    script.write_text(CLUSTER_CHILD)
    try:
        r = subprocess.run([sys.executable, str(script), os.path.dirname(__file__), str(SEED)],
                           capture_output=True, text=True, timeout=240, cwd=tmp_path)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"the LocalCluster run took over 240 s: {e.stderr}")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "partitions identical" in r.stdout


def test_unregistered_dask_never_calls_us(unregistered, calls):
    dd.from_pandas(frame(SEED, 1000), npartitions=2).shuffle("key").compute(scheduler="sync")
    assert calls == []
