# SPDX-License-Identifier: MIT
"""Dask's hashing of pandas objects through libsiphash.pandas.

    import libsiphash.dask
    libsiphash.dask.register()     # this process
    client.register_worker_plugin(libsiphash.dask.WorkerPlugin())  # every worker

Dask picks each row's output partition of a hash shuffle (shuffle on
columns, hash joins in merge, groupby and drop_duplicates with split_out...)
with
dask.dataframe.dispatch.hash_object_dispatch, which for pandas objects is
pandas.util.hash_pandas_object.  register() points it at
libsiphash.pandas.hash_pandas_object, which returns the same values, so
partitions are exactly the same, only computed faster; unregister() puts
Dask's own function back.  Both act on the process they run in: with
dask.distributed, register in the workers (WorkerPlugin, or
client.run(libsiphash.dask.register)).
"""

from __future__ import annotations

import threading

try:
    import dask.dataframe.backends  # noqa: F401  (registers Dask's pandas functions)
    from dask.dataframe.dispatch import hash_object_dispatch
except ImportError as e:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        f"libsiphash.dask needs Dask's dataframe support ({e}); install it: "
        "apt-get install python3-dask python3-pandas (Debian/Ubuntu) or "
        "pip install 'dask[dataframe]'"
    ) from e

import pandas as pd

from .pandas import hash_pandas_object

__all__ = ["register", "unregister", "is_registered", "WorkerPlugin"]

_PANDAS_TYPES = (pd.DataFrame, pd.Series, pd.Index)
_ABSENT = object()
_lock = threading.Lock()
_saved: dict | None = None  # the entries register() replaced, to put back


def hash_object_pandas(obj, index=True, encoding="utf8", hash_key=None, categorize=True):
    """What hash_object_dispatch runs for pandas objects once registered:
    Dask's function of the same name, on libsiphash.pandas."""
    return hash_pandas_object(obj, index=index, encoding=encoding, hash_key=hash_key,
                              categorize=categorize)


def register():
    """Make Dask hash pandas DataFrame, Series and Index objects (and their
    subclasses) with libsiphash.pandas.hash_pandas_object in this process.
    Idempotent.  Entries another library registered for subclasses are left
    alone."""
    global _saved
    with _lock:
        if _saved is not None:
            return
        lookup = hash_object_dispatch._lookup
        saved = {}
        # Dispatch caches a subclass's lookup under the subclass (RangeIndex,
        # DatetimeIndex...): those copies of Dask's function are replaced too.
        theirs = {lookup[t] for t in _PANDAS_TYPES if t in lookup}
        for t, f in list(lookup.items()):
            if (isinstance(t, type) and issubclass(t, _PANDAS_TYPES)
                    and (t in _PANDAS_TYPES or f in theirs)):
                saved[t] = f
                lookup[t] = hash_object_pandas
        for t in _PANDAS_TYPES:
            if t not in saved:
                saved[t] = _ABSENT
                lookup[t] = hash_object_pandas
        _saved = saved


def unregister():
    """Put back what register() replaced: Dask's own functions, exactly.
    Entries registered by others since are left alone.  Idempotent."""
    global _saved
    with _lock:
        if _saved is None:
            return
        lookup = hash_object_dispatch._lookup
        for t, f in list(lookup.items()):
            if f is not hash_object_pandas:
                continue
            old = _saved.get(t, _ABSENT)
            if old is _ABSENT:
                del lookup[t]  # a subclass lookup cached while registered
            else:
                lookup[t] = old
        _saved = None


def is_registered():
    """Whether hash_object_dispatch sends pandas DataFrames here."""
    return hash_object_dispatch.dispatch(pd.DataFrame) is hash_object_pandas


class WorkerPlugin:
    """A dask.distributed worker plugin that calls register() in every worker,
    present and future, and unregister() when removed:

        client.register_worker_plugin(libsiphash.dask.WorkerPlugin())

    Each worker must have libsiphash installed."""

    name = "libsiphash-hash-pandas"

    def setup(self, worker=None):
        register()

    def teardown(self, worker=None):
        unregister()
