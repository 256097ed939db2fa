# SPDX-License-Identifier: MIT
"""Shared fixtures: the repository's known-answer files (tests/vectors/)."""

from pathlib import Path

import pytest

VECTORS = Path(__file__).resolve().parents[2] / "tests" / "vectors"

# The vector files' conventions (tests/vectors/README.md): message i is the
# bytes 00 01 .. (i-1); the keys are 00 .. 0f and 00 .. 07.
KEY = bytes(range(16))
HALF_KEY = bytes(range(8))
MESSAGES = [bytes(range(i)) for i in range(64)]


def read_vectors(name):
    path = VECTORS / name
    if not path.exists():
        pytest.skip(f"{path} not present")
    lines = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
    assert len(lines) == 64, f"{name}: {len(lines)} lines"
    return lines


def le(hexbytes):
    """The little-endian integer of a reference byte string in hex."""
    return int.from_bytes(bytes.fromhex(hexbytes), "little")
