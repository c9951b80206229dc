"""Readers and writers of the file formats puzzle solvers exchange."""

from __future__ import annotations

from os import PathLike, fspath

from cpuzzler.errors import InputFormatError


def read_text(path: str | PathLike[str]) -> tuple[str, str]:
    """The file's name and its text; a clear error when it cannot be read as UTF-8. A
    byte-order mark (which some editors write first) is not part of the text."""
    name = fspath(path)
    try:
        with open(name, encoding="utf-8-sig") as f:
            return name, f.read()
    except OSError as e:
        raise InputFormatError(f"cannot read: {e.strerror or e}", path=name) from None
    except UnicodeDecodeError:
        raise InputFormatError("not a UTF-8 text file", path=name) from None
