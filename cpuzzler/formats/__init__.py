"""Readers and writers of the file formats puzzle solvers exchange.

A file that describes a puzzle becomes its model, so ``puzzle_file`` and ``xmpuzzle``
(BurrTools' puzzle files) import the models, grids and constraints and ``solutions``
the text records of ``render``; the exact cover reaches ``dlx`` only through
``exact_cover.JOBS`` (``ExactCover.from_dlx``), and the models take the plain helpers of
this package's ``__init__`` (reading text, checking a file) and nothing else."""

from __future__ import annotations

import os
from os import PathLike, fspath

from cpuzzler.errors import InputFormatError


def regular_file(path: str | PathLike[str]) -> str:
    """The path's name, where it is no device, pipe or folder: reading one could go on
    without end (``/dev/zero``) or wait forever (``/dev/full``, a pipe nobody writes).

    >>> regular_file("/dev/zero")
    Traceback (most recent call last):
      ...
    cpuzzler.errors.InputFormatError: /dev/zero: not a regular file (a device or other special file)
    """
    name = fspath(path)
    if os.path.exists(name) and not os.path.isfile(name):
        what = "a folder" if os.path.isdir(name) else "a device or other special file"
        raise InputFormatError(f"not a regular file ({what})", path=name)
    return name


def read_text(path: str | PathLike[str]) -> tuple[str, str]:
    """The file's name and its text; a clear error when it cannot be read as UTF-8 or is
    no regular file. A byte-order mark (which some editors write first) is not part of
    the text."""
    name = regular_file(path)
    try:
        with open(name, encoding="utf-8-sig") as f:
            return name, f.read()
    except OSError as e:
        raise InputFormatError(f"cannot read: {e.strerror or e}", path=name) from None
    except UnicodeDecodeError:
        raise InputFormatError("not a UTF-8 text file", path=name) from None
