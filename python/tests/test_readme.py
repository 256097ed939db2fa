# SPDX-License-Identifier: MIT
"""The Python examples of the READMEs run as printed (they are executed here).

Every ```python block of the top-level README's "Python" section and of
python/README.md is run in a fresh namespace.  A block that needs an
optional package is skipped, saying which, only when that package cannot be
imported: NumPy for the NumPy examples, libsiphash.pandas (and
libsiphash.dask) for the pandas and Dask one.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    (ROOT / "README.md", r"^## Python\b.*?(?=^## |\Z)"),
    (ROOT / "python" / "README.md", None),
]


def python_blocks():
    blocks = []
    for path, section in SOURCES:
        if not path.exists():
            continue
        text = path.read_text()
        if section:
            m = re.search(section, text, re.S | re.M)
            text = m.group(0) if m else ""
        for i, code in enumerate(re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)):
            blocks.append(pytest.param(path, code, id=f"{path.relative_to(ROOT)}-{i + 1}"))
    return blocks


BLOCKS = python_blocks()


def test_readmes_have_examples():
    # Both files hold examples: finding none means the extraction broke.
    found = {p.values[0] for p in BLOCKS}
    for path, _ in SOURCES:
        assert path in found, f"no ```python example found in {path}"


@pytest.mark.parametrize("path,code", BLOCKS)
def test_readme_example_runs(path, code):
    for module in ("numpy", "libsiphash.pandas", "libsiphash.dask"):
        if re.search(rf"^\s*(import|from) {re.escape(module)}\b", code, re.M):
            pytest.importorskip(module, reason=f"{module} cannot be imported")
    exec(compile(code, str(path), "exec"), {"__name__": "readme_example"})


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
