# SPDX-License-Identifier: MIT
"""Builds the extension libsiphash._libsiphash with the C library inside.

The library's sources come from the repository this directory lives in:
the one-file amalgamation written at build time by scripts/amalgamate.sh
(the SIMD batch paths carry per-function target attributes there, so one
compiler call needs no special flags), or, where that script is missing or
LIBSIPHASH_FROM_SOURCES=1, the src/*.c files themselves with each
instruction-set file compiled with only its own -m flag, as CMake does.
"""

import os
import platform
import re
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
EXT_SOURCES = sorted(str(p.relative_to(HERE)) for p in (HERE / "ext").glob("*.c"))

# Instruction-set files of src/ (batch_<isa>.c or any name containing the
# ISA): their compiler flags, and the definition telling the dispatcher the
# path exists.  Kept in step with src/CMakeLists.txt.
X86 = platform.machine().lower() in ("x86_64", "amd64", "i386", "i686", "x86")
ARM64 = platform.machine().lower() in ("aarch64", "arm64")
ISAS = [  # (name fragment, flags, definition, usable on this machine)
    ("avx512", ["-mavx512f"], "SIPHASH_BATCH_HAVE_AVX512", X86),
    ("avx2", ["-mavx2"], "SIPHASH_BATCH_HAVE_AVX2", X86),
    ("neon", [], "SIPHASH_BATCH_HAVE_NEON", ARM64),
]


def library_version():
    """The package carries the library inside: it has the library's version."""
    h = (ROOT / "include" / "siphash.h").read_text()
    parts = [re.search(r"#define SIPHASH_VERSION_%s\s+(\d+)" % p, h).group(1)
             for p in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(parts)


def isa_of(path):
    for isa in ISAS:
        if isa[0] in path.stem:
            return isa
    return None


class BuildExt(build_ext):
    def build_extension(self, ext):
        amalgamate = ROOT / "scripts" / "amalgamate.sh"
        if amalgamate.exists() and os.environ.get("LIBSIPHASH_FROM_SOURCES") != "1":
            self.use_amalgamation(ext, amalgamate)
        else:
            self.use_sources(ext)
        # The library is compiled in, not linked from a DLL (Windows).
        ext.define_macros.append(("SIPHASH_STATIC", "1"))
        if sys.platform.startswith("linux"):
            # Export only the module's init function: the library's own
            # symbols stay private to the extension and cannot clash with a
            # libsiphash.so loaded into the same process.
            script = Path(self.build_temp).resolve() / "exports.map"
            script.parent.mkdir(parents=True, exist_ok=True)
            script.write_text("{ global: PyInit__libsiphash; local: *; };\n")
            ext.extra_link_args.append(f"-Wl,--version-script={script}")
        super().build_extension(ext)

    def use_amalgamation(self, ext, script):
        out = Path(self.build_temp).resolve() / "amalgamation"
        out.mkdir(parents=True, exist_ok=True)
        print(f"libsiphash: amalgamating the C library into {out}", flush=True)
        subprocess.run(["bash", str(script), str(out)], check=True)
        ext.sources.append(str(out / "siphash.c"))
        ext.include_dirs.insert(0, str(out))

    def use_sources(self, ext):
        src = ROOT / "src"
        print(f"libsiphash: compiling the C library from {src}", flush=True)
        for path in sorted(src.glob("*.c")):
            isa = isa_of(path)
            if isa is None:
                ext.sources.append(str(path))
                continue
            name, flags, define, usable = isa
            if not usable or sys.platform == "win32":
                continue
            # The ISA file alone gets the -m flag: nothing else in the
            # extension may assume the CPU has it.
            ext.define_macros.append((define, "1"))
            ext.extra_objects += self.compiler.compile(
                [str(path)],
                output_dir=self.build_temp,
                include_dirs=[str(ROOT / "include"), str(src)],
                extra_postargs=ext.extra_compile_args + flags,
            )
        ext.include_dirs += [str(ROOT / "include"), str(src)]


# pip builds in the source tree; LIBSIPHASH_BUILD_BASE moves the build
# directory elsewhere (CI builds in a temporary directory).
options = {}
if os.environ.get("LIBSIPHASH_BUILD_BASE"):
    options["build"] = {"build_base": os.environ["LIBSIPHASH_BUILD_BASE"]}

setup(
    version=library_version(),
    options=options,
    ext_modules=[
        Extension(
            "libsiphash._libsiphash",
            sources=EXT_SOURCES,
            extra_compile_args=["-std=c11", "-O2", "-fvisibility=hidden"],
        )
    ],
    cmdclass={"build_ext": BuildExt},
)
