# SPDX-License-Identifier: MIT
"""pandas, NumPy and Dask stay optional: without them `import libsiphash`
works, and libsiphash.pandas / libsiphash.dask raise an ImportError that
says what to install.  Run in a child interpreter in which those imports
are blocked, so it holds whether or not they are installed here."""

import subprocess
import sys
import textwrap

CHILD = textwrap.dedent("""
    import sys

    class Block:
        # refuses numpy, pandas, dask (and their submodules) as if absent
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in ("numpy", "pandas", "dask", "distributed"):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Block())
    import libsiphash
    assert libsiphash.siphash(b"abc", bytes(16)) > 0
    assert not any(m.partition(".")[0] in ("numpy", "pandas", "dask") for m in sys.modules)
    for mod, what in (("libsiphash.pandas", "python3-pandas"),
                      ("libsiphash.dask", "python3-dask")):
        try:
            __import__(mod)
        except ImportError as e:
            assert what in str(e) and "install" in str(e), str(e)
            print(mod, "->", e)
        else:
            raise AssertionError(mod + " imported without its dependencies")
    print("optional: ok")
""")


def test_core_imports_without_pandas_and_the_extras_say_what_to_install():
    r = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "optional: ok" in r.stdout
