# SPDX-License-Identifier: MIT
"""The README's Python examples run as printed (they are executed here)."""

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def python_blocks():
    if not README.exists():
        return []
    text = README.read_text()
    m = re.search(r"^## Python\b.*?(?=^## |\Z)", text, re.S | re.M)
    return re.findall(r"```python\n(.*?)```", m.group(0), re.S) if m else []


BLOCKS = python_blocks()


@pytest.mark.parametrize("code", BLOCKS or [None], ids=lambda c: "example" if c else "none")
def test_readme_example_runs(code, capsys):
    if code is None:
        pytest.skip("README.md has no Python section with examples yet")
    if "numpy" in code:
        pytest.importorskip("numpy")
    exec(compile(code, str(README), "exec"), {"__name__": "readme_example"})


def test_stubs_match_the_module():
    import ast

    import libsiphash as L
    stub = Path(L.__file__).with_suffix(".pyi")
    tree = ast.parse(stub.read_text())
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    names |= {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)}
    assert set(L.__all__) <= names
    optional = {"siphash12_64", "siphash12_nocase_64"}  # only with a 1.1+ library
    assert {n for n in names if hasattr(L, n)} | optional >= names
