#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI step for the Python binding (python/): builds the package from this
# checkout into a fresh virtual environment of Debian's system python3
# (--system-site-packages for Debian's setuptools, wheel, pytest, NumPy,
# pandas, Dask and distributed;
# --no-build-isolation --no-index: nothing is fetched), with the warnings of
# our own C as errors, then runs its pytest suite (with Debian's pandas, Dask
# and distributed: libsiphash.pandas against pandas, Dask shuffles on a
# two-process LocalCluster) and smoke runs of python/bench.py --quick and
# python/bench_pandas.py --quick (the ratios print; CI does not judge them).
# Packages: .ci/packages-python.txt.  Bounded: about two minutes.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ci_packages python

py=/usr/bin/python3  # the system Python, not one first on PATH (pyenv)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/siphash-python.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export PYTHONDONTWRITEBYTECODE=1 PIP_DISABLE_PIP_VERSION_CHECK=1

run "$py" -m venv --system-site-packages "$tmp/venv"
LIBSIPHASH_BUILD_BASE="$tmp/build" CFLAGS="-Wall -Wextra -Wpedantic -Werror" \
    run "$tmp/venv/bin/pip" install -q --no-build-isolation --no-index "$SIPHASH_ROOT/python"
rm -rf "$SIPHASH_ROOT/python/libsiphash.egg-info"

# From outside the source tree: python/libsiphash/ there has no extension
# and would hide the installed package.
cd "$tmp"
run "$tmp/venv/bin/python" -c 'import libsiphash as L; print("libsiphash", L.__version__, "batch path", L.batch_impl())'
rc=0
run timeout 600 "$tmp/venv/bin/python" -m pytest -p no:cacheprovider -rfEs "$SIPHASH_ROOT/python/tests" |
    tee "$tmp/pytest.log" || rc=$?
# For scripts/test.sh's summary: what failed, by name, and what pytest
# skipped (pandas, Dask, NumPy when not installed), by reason.
sed -n 's/^\(FAILED\|ERROR\) \([^ ]*\/\)\{0,1\}\([^/ ]*\)\( - .*\)\{0,1\}$/\1: \3/p' "$tmp/pytest.log" |
    while IFS= read -r line; do ci_note "$line"; done
sed -n 's/^SKIPPED \[\([0-9]*\)\] \([^:]*\/\)\{0,1\}\([^/:]*\):[0-9]*: /\1 in \3: /p' "$tmp/pytest.log" |
    while IFS= read -r line; do ci_note "skipped: $line"; done
[[ $rc -eq 0 ]] || exit "$rc"
# The quick suite leaves out the benchmarks' smoke runs (nothing there is
# judged: CI shows that they run).
ci_quick && exit 0
run timeout 300 "$tmp/venv/bin/python" "$SIPHASH_ROOT/python/bench.py" --quick
run timeout 300 "$tmp/venv/bin/python" "$SIPHASH_ROOT/python/bench_pandas.py" --quick
