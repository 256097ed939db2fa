# SPDX-License-Identifier: MIT
"""generate_key() and generate_half_key() raise OSError whenever the
operating system's random source fails, including the ways only a buggy
sandbox or interposer fails (getrandom() returning -1 with errno 0, more
bytes than asked, or 0): never a key of leftover memory.  getrandom() is
replaced by the LD_PRELOAD module the CLI tests use
(tests/cli/randfail_shim.c), compiled here, in a child interpreter."""

import errno
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

SHIM_SOURCE = Path(__file__).resolve().parents[2] / "tests" / "cli" / "randfail_shim.c"

# The interpreter asks for random bytes itself while starting (hash
# randomisation): the failure is switched on only once it runs this.
CHILD = """
import os, sys
import libsiphash as L
os.environ["RANDFAIL_MODE"] = sys.argv[1]
for f in (L.generate_key, L.generate_half_key):
    try:
        k = f()
    except OSError as e:
        print("OSError", e.errno)
    else:
        print("key", k.hex())
"""


@pytest.fixture(scope="module")
def shim(tmp_path_factory):
    if not sys.platform.startswith("linux"):
        pytest.skip("getrandom() is the key source on Linux only")
    if not SHIM_SOURCE.exists():
        pytest.skip(f"{SHIM_SOURCE} not present")
    cc = shlex.split(sysconfig.get_config_var("CC") or "cc")
    if not shutil.which(cc[0]):
        pytest.skip(f"no C compiler ({cc[0]}) to build the getrandom shim")
    out = tmp_path_factory.mktemp("shim") / "randfail.so"
    subprocess.run(cc + ["-shared", "-fPIC", "-O1", "-o", str(out), str(SHIM_SOURCE)],
                   check=True)
    return out


def run_child(shim, mode, log):
    env = dict(os.environ, LD_PRELOAD=str(shim), RANDFAIL_LOG=str(log), PYTHONHASHSEED="0")
    env.pop("RANDFAIL_MODE", None)
    r = subprocess.run([sys.executable, "-c", CHILD, mode], env=env, capture_output=True,
                       text=True, cwd=log.parent, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.split("\n")[:2]


@pytest.mark.parametrize("mode,err", [("errno0", errno.EIO), ("toomany", errno.EIO),
                                      ("zero", errno.EIO), ("eperm", errno.EPERM)])
def test_generate_key_raises(shim, tmp_path, mode, err):
    log = tmp_path / "calls"
    assert run_child(shim, mode, log) == [f"OSError {err}"] * 2
    assert "getrandom" in log.read_text().split()  # the shim was used


def test_generate_key_through_the_shim_unchanged(shim, tmp_path):
    lines = run_child(shim, "", tmp_path / "calls")
    assert [ln.split()[0] for ln in lines] == ["key", "key"]
    assert [len(ln.split()[1]) for ln in lines] == [32, 16]
