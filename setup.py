"""Builds the native code; everything else is in pyproject.toml.

The engine is one extension module, ``cpuzzler.engines._dlx``, built from the C files in
``cpuzzler/engines/csrc`` (one per algorithm; ``xc.h`` says which is which).  Symbols are
hidden, so the compiler may inline across a file's functions; only the module's entry
point is exported. The sliding search of ``cpuzzler.assembly`` is a module of its own,
``cpuzzler.assembly._slide``, from ``cpuzzler/assembly/csrc/slide.c``.
"""

from pathlib import Path

from setuptools import Extension, setup

CSRC = Path("cpuzzler/engines/csrc")
FLAGS = ["-O3", "-std=c99", "-Wall", "-Wextra", "-Wno-unused-parameter", "-fvisibility=hidden"]

setup(
    ext_modules=[
        Extension(
            "cpuzzler.engines._dlx",
            sources=sorted(str(path) for path in CSRC.glob("*.c")),
            depends=[str(CSRC / "xc.h"), str(CSRC / "bindings.h")],
            extra_compile_args=FLAGS,
        ),
        Extension("cpuzzler.assembly._slide", sources=["cpuzzler/assembly/csrc/slide.c"],
                  extra_compile_args=FLAGS),
    ]
)
